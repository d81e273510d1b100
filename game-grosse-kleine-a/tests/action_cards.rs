//! The cards each action uses ([`Game::action_cards`]), as a page matches a selection of cards
//! against them: over random single deals, at every decision, every legal action's cards are
//! in the mover's screen hand and, by their keys ([`Game::card_key`]), are the cards its
//! notation names.

use cards_core::Game;
use cards_core::rng::{below, rng_from_seed};
use game_grosse_kleine_a::GrosseKleineA as G;

/// The cards (as keys) that an action's notation names, read from its text.
fn named(text: &str) -> Vec<String> {
    // `5 5`, `7 J`, `J J`, `a`, `A`; `pass`.
    if text == "pass" {
        return Vec::new();
    }
    text.split_whitespace().map(str::to_owned).collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn every_legal_action_uses_the_cards_its_notation_names() {
    let config = G::single_deal(&<G as Game>::Config::default());
    let (mut with_cards, mut without) = (0, 0);
    for seed in 0..20 {
        let mut state = G::new(&config, seed).unwrap();
        let mut rng = rng_from_seed(seed);
        while let Some(seat) = G::to_move(&state) {
            let hand = G::screen(&G::view(&state, seat)).hand;
            let legal = G::legal_actions(&state);
            for a in &legal {
                let cards = G::action_cards(&state, a);
                let mut left = hand.clone();
                for c in &cards {
                    let i = left.iter().position(|x| x == c);
                    assert!(i.is_some(), "{a} uses {c}, not in {hand:?}");
                    left.remove(i.unwrap());
                }
                let keys: Vec<String> = cards.iter().map(|c| G::card_key(&state, c)).collect();
                assert_eq!(
                    sorted(keys),
                    sorted(named(&a.to_string())),
                    "{a} uses {cards:?}"
                );
                if cards.is_empty() {
                    without += 1;
                } else {
                    with_cards += 1;
                }
            }
            let i = below(&mut rng, legal.len() as u64) as usize;
            G::apply(&mut state, &legal[i]).unwrap();
        }
    }
    assert!(
        with_cards > 100 && without > 0,
        "{with_cards} with cards, {without} without"
    );
}
