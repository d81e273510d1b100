//! The cards each action uses ([`cards_core::Catalog::action_cards`]), as a page matches a selection of cards
//! against them: over random single deals, at every decision, every legal action's cards are
//! in the mover's screen hand and, by their keys ([`cards_core::Catalog::card_key`]), are the cards its
//! notation names.

use game_big_a::BigA as G;

/// The cards (as keys) that an action's notation names, read from its text.
fn named(text: &str) -> Vec<String> {
    // `2 2`, `A A BA`, `RJ BJ`, `capture 4 4`, `expose Ah Ah` (the Aces by their cards); `pass`.
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.first() {
        Some(&"pass") => Vec::new(),
        Some(&("capture" | "expose")) => words[1..].iter().map(|w| (*w).to_owned()).collect(),
        _ => words.iter().map(|w| (*w).to_owned()).collect(),
    }
}

#[test]
fn every_legal_action_uses_the_cards_its_notation_names() {
    // An exposure names the Ace without the `*` the hand marks a Big Ace with.
    let (with_cards, without) =
        cards_core::testing::action_cards_match_notation::<G>(10, named, |k| {
            k.trim_end_matches('*').to_owned()
        });
    assert!(
        with_cards > 100 && without > 0,
        "{with_cards} with cards, {without} without"
    );
}
