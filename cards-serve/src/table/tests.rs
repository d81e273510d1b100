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
    table.moved += 1;
    assert!(!table.end_drive(thought), "stale: not applied");
    assert!(table.bots.iter().all(Option::is_some), "the bot is back");
    table.moved -= 1;
    assert!(table.drive(), "and plays on");
}

#[test]
fn a_name_chosen_while_a_bot_thinks_leaves_its_move_good() {
    let (mut table, pending) = thinking("heuristic");
    let thought = pending.think();
    table.set_name(Seat(2), "Ann").unwrap();
    let version = table.version();
    assert!(table.end_drive(thought), "the move is taken");
    assert_eq!(table.version(), version + 1);
}

#[test]
fn a_seat_the_host_changes_while_its_bot_thinks_keeps_the_hosts_choice() {
    let (mut table, pending) = thinking("heuristic");
    let seat = <game_cego::Cego as cards_core::Game>::to_move(&table.state).unwrap();
    let thought = pending.think();
    table.set_seat(seat, SeatKind::Person, None).unwrap();
    assert!(!table.end_drive(thought), "its bot's move is not taken");
    let i = usize::from(seat.0);
    assert!(
        table.bots[i].is_none(),
        "the bot that thought is not put back"
    );
    assert_eq!(table.seats[i], SeatKind::Person);
    let others = (0..4).filter(|&j| j != i);
    assert!(
        others.into_iter().all(|j| table.bots[j].is_some()),
        "the others are"
    );
    assert!(!table.wants_drive(), "the person is to move");
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
            // Each draw is told once: a run's draws in its summary (`S1 draws a card ×21`,
            // `S0 draws 7♠, 9♥`), not also line by line; a lone move has its own line.
            let told: usize = lines
                .iter()
                .flat_map(|l| l.split("; "))
                .map(|part| {
                    let part = part.rsplit(": ").next().unwrap_or(part);
                    let Some((_, drawn)) = part.split_once(" draws ") else {
                        return 0;
                    };
                    if let Some((_, n)) = drawn.split_once('×') {
                        n.trim_end_matches('.').parse::<usize>().unwrap_or(1)
                    } else {
                        drawn.split(", ").count()
                    }
                })
                .sum();
            assert!(
                told <= 108,
                "seed {seed} S{seat}: {told} draws told from a pack of 108: {lines:?}"
            );
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
        // Every line a seat is sent, a run's summary too, is a catalogue message, and the
        // summary reads in German as the terminal tells it.
        let state = table.seat_state(Seat(0), 0);
        assert!(
            state.narration_messages.iter().all(Option::is_some),
            "seed {seed}: lines told in English only: {:?}",
            state
                .narration
                .iter()
                .zip(&state.narration_messages)
                .filter(|(_, m)| m.is_none())
                .collect::<Vec<_>>()
        );
        let de = crate::i18n::Catalogue::get(crate::i18n::Lang::De);
        let summary = state
            .narration_messages
            .iter()
            .flatten()
            .find(|m| m.key == "play-run")
            .expect("a run's summary");
        assert!(
            de.format(summary).starts_with("das Ziehen, "),
            "{}",
            de.format(summary)
        );
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

#[test]
fn an_exec_bot_that_heard_a_dropped_run_is_started_anew() {
    let dir = std::env::temp_dir().join(format!("cards-table-restart-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (script, log) = (dir.join("bot.py"), dir.join("told.txt"));
    std::fs::write(
        &script,
        r#"
import json, sys
log = open(sys.argv[1], "a")
for line in sys.stdin:
    m = json.loads(line)
    log.write(m["type"] + "\n")
    log.flush()
    if m["type"] == "decide":
        print(json.dumps({"index": 0}), flush=True)
"#,
    )
    .unwrap();
    let spec = format!(
        "exec:ms=20000 python3 {} {}",
        script.display(),
        log.display()
    );
    let exec = cards_core::BotSpec::parse::<game_big_a::BigA>(&spec).unwrap();
    let mut seats = vec![SeatKind::Bot(cards_core::BotSpec::Random); 5];
    seats[0] = SeatKind::Bot(exec);
    let config = <game_big_a::BigA as cards_core::Game>::Config::default();
    let mut table =
        GameTable::<game_big_a::BigA>::new(&config, crate::fair::DealSecret::chosen(3), seats)
            .unwrap();
    // The first run of the draw that moves, heard by the program as it was worked out; the host
    // changes another seat meanwhile, so the run is dropped.
    let Drive::Think(pending) = table.begin_drive() else {
        panic!("a bot is to move")
    };
    let thought = pending.think();
    let run = thought.downcast_ref::<Thought<game_big_a::BigA>>().unwrap();
    assert!(run.told && !run.moves.is_empty(), "a run that moved");
    table
        .set_seat(Seat(1), SeatKind::Bot(cards_core::BotSpec::Heuristic), None)
        .unwrap();
    assert!(!table.end_drive(thought), "dropped");
    // A new program is started in its seat: a second `start` in the log.
    let starts = || {
        let told = std::fs::read_to_string(&log).unwrap_or_default();
        told.lines().filter(|l| *l == "start").count()
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    while starts() < 2 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(starts(), 2, "{}", std::fs::read_to_string(&log).unwrap());
    assert!(table.bots[0].is_some(), "the new program is seated");
    assert!(table.drive(), "and the table plays on");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_tables_state_is_counted_as_it_grows() {
    let (mut table, pending) = thinking("random");
    let start = table.state_bytes();
    assert!(start >= super::table_impl::TABLE_BYTES);
    assert_eq!(
        table.memory(),
        GameTable::<game_cego::Cego>::bot_memory(&table.seats) + start,
        "a table's memory is its bots' and its state's"
    );
    assert!(table.end_drive(pending.think()));
    let mut last = table.state_bytes();
    assert!(last > start, "one move grows it");
    let mut moves = 0;
    while !table.is_over() && moves < 100_000 {
        match table.begin_drive() {
            Drive::Think(t) => {
                table.end_drive(t.think());
            }
            Drive::Idle => break,
        }
        let now = table.state_bytes();
        assert_eq!(
            now,
            table.grown(None),
            "counting the new lines is counting them all"
        );
        assert!(now >= last, "it never shrinks while the match goes on");
        last = now;
        moves += 1;
    }
    assert!(table.is_over(), "a match of bots ends");
    // A whole Cego match measured 0.6-1.3 MB of resident memory a table: the estimate is of
    // that order.
    assert!(
        (300 << 10..8 << 20).contains(&last),
        "{} KB at a match's end",
        last >> 10
    );
}

/// Issue 47: the end-of-deal dialog showed the table before the deal's last move, so the last
/// trick lacked its last card (Cego: "trick 11: S1 Q♥, S0 2♦, S3 J♣" with S2's Q♦ only in the
/// narration). The engines deal the next hand in the move that ends one; the ended deal's
/// layout lays that move's card in front of its player.
#[test]
fn the_ended_deals_table_holds_the_last_trick_with_its_last_card() {
    for seed in 0..3 {
        let config = <game_cego::Cego as cards_core::Game>::Config::default();
        let mut seats = vec![SeatKind::Bot(cards_core::BotSpec::Heuristic); 4];
        seats[0] = SeatKind::Person;
        let mut table = GameTable::<game_cego::Cego>::new(
            &config,
            crate::fair::DealSecret::chosen(seed),
            seats,
        )
        .unwrap();
        let mut moves = 0;
        while !table.waiting {
            moves += 1;
            assert!(moves < 2000, "seed {seed}: the first deal ends");
            if table.wants_drive() {
                assert!(table.drive());
            } else {
                let first = table.legal[0].to_string();
                table.act(Seat(0), &first, None).unwrap();
            }
        }
        let ended = table
            .seat_state(Seat(0), 0)
            .ended_deal
            .expect("a deal ended");
        // The deal's last move is a card of the last trick: the trick is whole, one card from
        // each of the four seats, and its last card is the one the narration names last.
        let trick = &ended.layout.trick;
        let seats: std::collections::BTreeSet<u8> = trick.iter().map(|l| l.seat.0).collect();
        assert_eq!(trick.len(), 4, "seed {seed}: {trick:?}");
        assert_eq!(seats.len(), 4, "seed {seed}: {trick:?}");
        let last = trick.last().unwrap();
        let card = &last.cards[0];
        assert!(
            ended
                .narration
                .iter()
                .any(|l| l.contains(&format!("{} plays {card}", last.seat))),
            "seed {seed}: {} {card} is in the narration {:?}",
            last.seat,
            ended.narration
        );
        // The screen from before the move shows the trick without it.
        let line = ended.screen.table.iter().find(|l| l.starts_with("trick "));
        assert!(
            line.is_none_or(|l| !l.contains(&format!("{} {card}", last.seat))),
            "seed {seed}: {line:?}"
        );
    }
}

/// A Grosse/kleine A table of one deal: a person in S0 (and in S2 when `two`), heuristic bots
/// in the rest, from `secret`.
fn practice(
    secret: crate::fair::DealSecret,
    two: bool,
) -> GameTable<game_grosse_kleine_a::GrosseKleineA> {
    use cards_core::GameConfig as _;
    let config =
        <game_grosse_kleine_a::GrosseKleineA as cards_core::Game>::Config::default().single_deal();
    let mut seats = vec![SeatKind::Bot(cards_core::BotSpec::Heuristic); 4];
    seats[0] = SeatKind::Person;
    if two {
        seats[2] = SeatKind::Person;
    }
    GameTable::new(&config, secret, seats).unwrap()
}

/// Drives the table until a person must choose; that seat (none once the match is over).
fn person_next<G: Catalog>(table: &mut GameTable<G>) -> Option<Seat> {
    for _ in 0..10_000 {
        if !table.drive() {
            break;
        }
    }
    let seat = G::to_move(&table.state)?;
    assert!(table.person_at(seat) && table.legal.len() > 1);
    Some(seat)
}

/// [`person_next`], the match going on.
fn to_person<G: Catalog>(table: &mut GameTable<G>) -> Seat {
    person_next(table).expect("the deal goes on")
}

fn state_json<G: Catalog>(table: &GameTable<G>) -> serde_json::Value {
    serde_json::to_value(&table.state).unwrap()
}

#[test]
fn a_person_takes_back_their_move_and_the_bots_after_it_and_a_restore_does_the_same() {
    let mut table = practice(crate::fair::DealSecret::chosen(42), false);
    assert_eq!(to_person(&mut table), Seat(0));
    let before = state_json(&table);
    let legal = table.legal.clone();
    let actions = table.log.actions.len();
    assert_eq!(
        table.seat_state(Seat(0), 0).takeback,
        None,
        "nothing chosen yet"
    );
    let chosen = table.legal[0].to_string();
    table.act(Seat(0), &chosen, None).unwrap();
    to_person(&mut table);
    let moved = table.log.actions.len() - actions;
    assert!(moved > 1, "the bots moved after the person: {moved}");
    assert_eq!(
        table.seat_state(Seat(0), 0).takeback.as_deref(),
        Some(chosen.as_str())
    );
    let version = table.version;
    table.take_back(Seat(0)).unwrap();
    assert_eq!(
        state_json(&table),
        before,
        "the table is as before the move"
    );
    assert_eq!(table.legal, legal);
    assert_eq!(table.log.actions.len(), actions, "the log is as before");
    assert_eq!(table.version, version + 1);
    let told = format!("S0 takes back {chosen} and the");
    assert!(
        table
            .narration
            .iter()
            .chain([&table.public])
            .all(|l| l.last().is_some_and(|l| l.starts_with(&told)))
    );
    // Once: the move before it stands.
    let again = table.take_back(Seat(0)).unwrap_err();
    assert_eq!(again.status, axum::http::StatusCode::CONFLICT);
    assert!(again.message.starts_with("nothing to take back"), "{again}");
    assert_eq!(table.seat_state(Seat(0), 0).takeback, None);
    // The stored changes rebuild the same table (as a restart does), and it plays on.
    let mut rebuilt = practice(crate::fair::DealSecret::chosen(42), false);
    rebuilt.restore(&table.journal).unwrap();
    assert_eq!(state_json(&rebuilt), before);
    assert_eq!(rebuilt.version, table.version);
    assert_eq!(rebuilt.narration, table.narration);
    assert_eq!(rebuilt.public, table.public);
    assert_eq!(rebuilt.log.actions, table.log.actions);
    let other = legal[legal.len() - 1].to_string();
    rebuilt.act(Seat(0), &other, None).unwrap();
}

#[test]
fn a_takeback_is_refused_at_a_fair_table_for_another_persons_move_and_while_a_bot_thinks() {
    // A fair table: every move stands.
    let mut fair = practice(crate::fair::DealSecret::draw().unwrap(), false);
    to_person(&mut fair);
    let a = fair.legal[0].to_string();
    fair.act(Seat(0), &a, None).unwrap();
    assert_eq!(fair.seat_state(Seat(0), 0).takeback, None);
    let before = state_json(&fair);
    let e = fair.take_back(Seat(0)).unwrap_err();
    assert_eq!(e.status, axum::http::StatusCode::FORBIDDEN);
    assert!(e.message.contains("practice tables only"), "{e}");
    assert_eq!(state_json(&fair), before, "unchanged");

    // Two people: once the other has moved, the first's move stands; a bot's seat has none.
    let mut table = practice(crate::fair::DealSecret::chosen(42), true);
    let mut last = None;
    for _ in 0..40 {
        let seat = to_person(&mut table);
        if last.is_some_and(|l| l != seat) {
            break;
        }
        let a = table.legal[0].to_string();
        table.act(seat, &a, None).unwrap();
        last = Some(seat);
    }
    let first = last.expect("a person moved");
    let second = Seat(2 - first.0);
    let a = table.legal[0].to_string();
    table.act(second, &a, None).unwrap();
    let before = (state_json(&table), table.version);
    let e = table.take_back(first).unwrap_err();
    assert_eq!(e.status, axum::http::StatusCode::CONFLICT);
    assert!(e.message.contains("has moved since your last move"), "{e}");
    assert_eq!(
        table.take_back(Seat(1)).unwrap_err().status,
        axum::http::StatusCode::FORBIDDEN
    );
    assert_eq!((state_json(&table), table.version), before, "unchanged");

    // A bot out thinking: the takeback waits for its move.
    if table.wants_drive() {
        let Drive::Think(thinking) = table.begin_drive() else {
            panic!("a bot is to move");
        };
        let e = table.take_back(second).unwrap_err();
        assert_eq!(e.status, axum::http::StatusCode::CONFLICT);
        assert!(e.message.contains("a bot is deciding"), "{e}");
        table.end_drive(thinking.think());
        table.take_back(second).unwrap();
    }
}

#[test]
fn a_scored_deal_is_not_taken_back_and_a_match_with_takebacks_replays_and_is_reviewed() {
    let mut table = practice(crate::fair::DealSecret::chosen(42), false);
    let mut moves = 0;
    while let Some(seat) = person_next(&mut table) {
        let a = table.legal[0].to_string();
        table.act(seat, &a, None).unwrap();
        moves += 1;
        assert_eq!(table.state_bytes(), table.grown(None));
        if moves % 3 == 1 {
            // Every third move taken back, and another chosen.
            table.take_back(seat).unwrap();
            assert_eq!(table.state_bytes(), table.grown(None), "taken back");
            person_next(&mut table);
            assert_eq!(table.state_bytes(), table.grown(None));
            let b = table.legal[table.legal.len() - 1].to_string();
            table.act(seat, &b, None).unwrap();
        }
    }
    assert!(table.is_over(), "a single deal ends the match");
    let e = table.take_back(Seat(0)).unwrap_err();
    assert_eq!(e.status, axum::http::StatusCode::CONFLICT, "{e}");
    // The log holds the moves that stand: it replays, and the review steps through them, as
    // the stored table rebuilt for review does.
    let log = table.log().unwrap();
    crate::log::replay::<game_grosse_kleine_a::GrosseKleineA>(&log, &mut std::io::sink()).unwrap();
    let steps = log.actions.len();
    let last = table.review(steps).unwrap();
    let config = serde_json::from_value(log.config.clone()).unwrap();
    let mut seats = vec![SeatKind::Bot(cards_core::BotSpec::Heuristic); 4];
    seats[0] = SeatKind::Person;
    let mut inert = GameTable::<game_grosse_kleine_a::GrosseKleineA>::inert(
        &config,
        crate::fair::DealSecret::chosen(42),
        seats,
    )
    .unwrap();
    inert.restore(&table.journal).unwrap();
    assert_eq!(inert.review(steps).unwrap().scores, last.scores);
    assert_eq!(
        inert.review(1).unwrap().action,
        table.review(1).unwrap().action
    );
}
