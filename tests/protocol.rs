//! The bot protocol leaks nothing: at every decision of random playouts of every game, the
//! decision message sent to the seat to move equals the one built from a determinized state (the
//! unseen cards dealt again at random), so it depends only on what that seat may see; and the
//! match scores, which `deal_end` and `end` messages carry, are the same in that world too.

use cards_core::GameConfig;
use cards_core::GameEvent;
use cards_core::GameState;
use cards_core::rng::{below, rng_from_seed};
use cards_core::{Catalog, Decision, Seat};

fn decision_messages_hide_what_the_seat_may_not_see<G: Catalog>(playouts: u64) {
    // Single deals at every table size, then one whole match at the default size.
    let mut configs: Vec<(G::Config, u64)> = G::PLAYERS
        .map(|players| {
            (
                (G::Config::for_players(players).unwrap()).single_deal(),
                playouts,
            )
        })
        .collect();
    configs.push((G::Config::default(), 1));
    for (config, playouts) in configs {
        let players = config.players();
        for p in 0..playouts {
            let seed = 7000 + p + 100 * players as u64;
            let mut state = G::new(&config, seed).unwrap();
            let mut rng = rng_from_seed(seed ^ 0x5eed);
            let mut events = Vec::new();
            let mut steps = 0;
            while let Some(seat) = G::to_move(&state) {
                let legal = G::legal_actions(&state);
                let message = Decision::<G>::new(&state, seat, &legal).message(0, Vec::new(), 100);
                for _ in 0..2 {
                    let world = state.determinize(seat, &mut rng);
                    let world_legal = G::legal_actions(&world);
                    let other =
                        Decision::<G>::new(&world, seat, &world_legal).message(0, Vec::new(), 100);
                    assert_eq!(
                        G::scores(&world),
                        G::scores(&state),
                        "{}: seed {seed}, step {steps}: the scores a deal_end tells {seat} \
                         change with cards it cannot see",
                        G::NAME
                    );
                    assert_eq!(
                        message,
                        other,
                        "{}: seed {seed}, step {steps}: the message to {seat} changes with \
                         cards it cannot see",
                        G::NAME
                    );
                }
                let i = below(&mut rng, legal.len() as u64) as usize;
                events.clear();
                G::apply_unchecked(&mut state, &legal[i], &mut events);
                // A seat's events are redacted for it: redacting again changes nothing.
                for s in (0..players).map(|s| Seat(s as u8)) {
                    for e in events.iter().filter_map(|e| e.redact(s)) {
                        assert_eq!(e.redact(s).as_ref(), Some(&e), "{}", G::NAME);
                    }
                }
                steps += 1;
            }
            assert!(steps > 0);
        }
    }
}

#[test]
fn grosse_kleine_a() {
    decision_messages_hide_what_the_seat_may_not_see::<game_grosse_kleine_a::GrosseKleineA>(6);
}

#[test]
fn big_a() {
    decision_messages_hide_what_the_seat_may_not_see::<game_big_a::BigA>(6);
}

#[test]
fn einer_ist_immer() {
    decision_messages_hide_what_the_seat_may_not_see::<game_einer_ist_immer::EinerIstImmer>(6);
}

#[test]
fn contract_rummy() {
    decision_messages_hide_what_the_seat_may_not_see::<game_contract_rummy::ContractRummy>(3);
}

#[test]
fn cego() {
    decision_messages_hide_what_the_seat_may_not_see::<game_cego::Cego>(6);
}
