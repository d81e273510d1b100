//! The cards each action uses ([`cards_core::Catalog::action_cards`]), as a page matches a selection of cards
//! against them: over random single deals, at every decision, every legal action's cards are
//! in the mover's screen hand and, by their keys ([`cards_core::Catalog::card_key`]), are the cards its
//! notation names.

use game_cego::Cego as G;

/// The cards (as keys) that an action's notation names, read from its text.
fn named(text: &str) -> Vec<String> {
    // `Kc`, `T21`, `8s+7s`, `expose Gs`, `discard 7h`; `pass`, `hold`, contracts.
    let card = |w: &str| {
        w.starts_with('T')
            || w == "Gs"
            || (w.len() >= 2
                && w.ends_with(['c', 'd', 'h', 's'])
                && w[..w.len() - 1]
                    .chars()
                    .all(|c| c.is_ascii_digit() || "JRQK".contains(c)))
    };
    let rest = text
        .strip_prefix("expose ")
        .or_else(|| text.strip_prefix("discard "))
        .unwrap_or(text);
    let cards: Vec<String> = rest.split('+').map(str::to_owned).collect();
    if cards.iter().all(|c| card(c)) {
        cards
    } else {
        Vec::new()
    }
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
