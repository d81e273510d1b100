//! Tests of one table: bots stopped by a close, stale decisions, runs and their summaries.

use std::time::{Duration, Instant};

use super::*;

/// A Cego table of four bots of one spec, its first decision taken out to think.
fn thinking(spec: &str) -> (GameTable<game_cego::Cego>, Box<dyn Thinking>) {
    let config = <game_cego::Cego as cards_core::Game>::Config::default();
    let seats =
        vec![SeatKind::Bot(cards_core::BotSpec::parse::<game_cego::Cego>(spec).unwrap()); 4];
    let mut table =
        GameTable::<game_cego::Cego>::new(&config, crate::fair::DealSecret::chosen(8), seats)
            .unwrap();
    match table.begin_drive() {
        Drive::Think(t) => (table, t),
        Drive::Idle => panic!("a bot is to move"),
    }
}

#[test]
fn closing_a_table_stops_its_bots_thinking_within_100_ms() {
    for spec in [
        "ismcts:iters=100000,ms=5000",
        "pimc:worlds=100,bids=100,nodes=2000000,iters=100000,ms=5000",
    ] {
        let (mut table, pending) = thinking(spec);
        let stop = table.stop();
        let worker = std::thread::spawn(move || pending.think());
        std::thread::sleep(Duration::from_millis(300));
        assert!(!worker.is_finished(), "{spec}: still thinking");
        let closed = Instant::now();
        stop.close();
        let thought = worker.join().unwrap();
        let took = closed.elapsed();
        assert!(took < Duration::from_millis(100), "{spec}: {took:?}");
        // The bot comes back to its seat, and the move is still a legal one.
        let version = table.version();
        assert!(table.end_drive(thought));
        assert_eq!(table.version(), version + 1);
    }
}

#[test]
fn a_decision_for_a_table_that_moved_on_is_dropped_and_the_bot_kept() {
    let (mut table, pending) = thinking("heuristic");
    let thought = pending.think();
    table.version += 1;
    assert!(!table.end_drive(thought), "stale: not applied");
    assert!(table.bots.iter().all(Option::is_some), "the bot is back");
    table.version -= 1;
    assert!(table.drive(), "and plays on");
}
/// A Big A table: a person in S0, heuristic bots in the rest.
fn big_a(seed: u64) -> GameTable<game_big_a::BigA> {
    let config = <game_big_a::BigA as cards_core::Game>::Config::default();
    let mut seats = vec![SeatKind::Bot(cards_core::BotSpec::Heuristic); 5];
    seats[0] = SeatKind::Person;
    GameTable::<game_big_a::BigA>::new(&config, crate::fair::DealSecret::chosen(seed), seats)
        .unwrap()
}

#[test]
fn the_draw_is_taken_in_runs_summed_up_per_seat_without_another_seats_cards() {
    for seed in 0..6 {
        let mut table = big_a(seed);
        assert_eq!(cards_core::GameState::phase(&table.state), "draw");
        assert!(
            table.wants_drive() && !table.wants_pace(),
            "the draw is not paced"
        );
        let mut drives = 0;
        // Until play starts, every move by itself is a run; the person decides between.
        while cards_core::GameState::phase(&table.state) != "play" {
            if table.wants_drive() && !table.wants_pace() {
                assert!(table.drive(), "seed {seed}: the run moves");
                drives += 1;
            } else if table.wants_pace() {
                // A bot's choice after the draw (the partner's exposure) is paced.
                assert_ne!(cards_core::GameState::phase(&table.state), "draw");
                assert!(table.drive());
            } else {
                let state = table.seat_state(Seat(0), 0);
                assert!(state.your_turn && state.legal.len() > 1, "seed {seed}");
                let pass = state.legal.iter().find(|a| *a == "pass").unwrap().clone();
                table.act(Seat(0), &pass, None).unwrap();
            }
            assert!(drives < 200, "seed {seed}: the draw ends");
        }
        for seat in 0..5u8 {
            let lines = &table.narration[usize::from(seat)];
            let summaries: Vec<&String> = lines
                .iter()
                .filter(|l| l.contains("moves taken at once"))
                .collect();
            assert!(!summaries.is_empty(), "seed {seed} S{seat}: {lines:?}");
            assert!(summaries[0].starts_with("the draw, "), "{}", summaries[0]);
            if seed == 0 && seat == 1 {
                println!("S1's first summary: {}", summaries[0]);
            }
            for summary in &summaries {
                for other in (0..5u8).filter(|&o| o != seat) {
                    for (at, _) in summary.match_indices(&format!("S{other} draws ")) {
                        assert!(
                            summary[at..].starts_with(&format!("S{other} draws a card")),
                            "seed {seed}: S{seat} is told S{other}'s card: {summary}"
                        );
                    }
                }
            }
        }
        // The person's own forced draws are counted in its summary, not line by line.
        assert!(
            table.narration[0]
                .iter()
                .any(|l| l.contains("taken for you")),
            "seed {seed}"
        );
        assert!(!table.narration[0].iter().any(|l| l.contains("is taken.")));
    }
}

#[test]
fn a_summary_groups_lines_by_who_and_what() {
    let lines: Vec<String> = [
        "hand 1: S0 draws first",
        "S0 draws 7♠",
        "S1 draws a card",
        "S0 draws 9♥",
        "S1 draws a card",
        "S2 plays 7♠ 7♥",
        "S2 plays 8♠ 8♥",
        "S3 passes",
        "S3 passes",
        "S2 exposes A♥ and is declarer",
    ]
    .map(str::to_owned)
    .to_vec();
    assert_eq!(
        run_summary(&lines, 10, "draw", 2),
        "the draw, 10 moves taken at once (your only legal action was taken for you 2 \
         times): hand 1: S0 draws first; S0 draws 7♠, 9♥; S1 draws a card ×2; S2 plays \
         7♠ 7♥, 8♠ 8♥; S3 passes ×2; S2 exposes A♥ and is declarer."
    );
    assert_eq!(run_summary(&[], 3, "play", 0), "3 moves taken at once.");
}
