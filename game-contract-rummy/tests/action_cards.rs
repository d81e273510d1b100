//! The cards each action uses ([`cards_core::Catalog::action_cards`]), as a page matches a selection of cards
//! against them: over random single deals, at every decision, every legal action's cards are
//! in the mover's screen hand and, by their keys ([`cards_core::Catalog::card_key`]), are the cards its
//! notation names.

use game_contract_rummy::ContractRummy as G;

/// The cards (as keys) that an action's notation names, read from its text.
fn named(text: &str) -> Vec<String> {
    // `7h 8h Jk=9h`, `add 2 Jk low`; `draw`, `pass`, `done`.
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.first() {
        Some(&("draw" | "pass" | "done")) => Vec::new(),
        Some(&"add") => vec![words[2].to_owned()],
        _ => words
            .iter()
            .map(|w| w.split('=').next().unwrap().to_owned())
            .collect(),
    }
}

#[test]
fn every_legal_action_uses_the_cards_its_notation_names() {
    let (with_cards, without) =
        cards_core::testing::action_cards_match_notation::<G>(4, named, |k| k);
    assert!(
        with_cards > 100 && without > 0,
        "{with_cards} with cards, {without} without"
    );
}
