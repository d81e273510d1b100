//! The cards each action uses ([`cards_core::Catalog::action_cards`]), as a page matches a selection of cards
//! against them: over random single deals, at every decision, every legal action's cards are
//! in the mover's screen hand and, by their keys ([`cards_core::Catalog::card_key`]), are the cards its
//! notation names.

use game_einer_ist_immer::EinerIstImmer as G;

/// The cards (as keys) that an action's notation names, read from its text.
fn named(text: &str) -> Vec<String> {
    // `3xK`, `2x9+1jk`, `2jk`; `pass`.
    if text == "pass" {
        return Vec::new();
    }
    let mut out = Vec::new();
    for part in text.split('+') {
        if let Some(n) = part.strip_suffix("jk") {
            out.extend(std::iter::repeat_n("JK".to_owned(), n.parse().unwrap()));
        } else {
            let (n, rank) = part.split_once('x').unwrap();
            out.extend(std::iter::repeat_n(rank.to_owned(), n.parse().unwrap()));
        }
    }
    out
}

#[test]
fn every_legal_action_uses_the_cards_its_notation_names() {
    let (with_cards, without) =
        cards_core::testing::action_cards_match_notation::<G>(20, named, |k| k);
    assert!(
        with_cards > 100 && without > 0,
        "{with_cards} with cards, {without} without"
    );
}
