//! Every game says what its cards look like ([`cards_core::Catalog::card_faces`]), so that the
//! page of `cards serve` draws them without knowing the game: every card of every pack, at
//! every table size, and every hand card a screen shows in played deals, has a face; faces are
//! one per card text and well formed; and a view's text given its screen
//! ([`cards_core::GameView::screen_text`], which the page's state uses) is the view's own. One
//! module of tests per game of the one list.

use std::collections::BTreeSet;

use cards_core::face::{CardFace, FaceKind};
use cards_core::{Catalog, GameConfig, GameView, Seat};

/// The card texts of `G`'s faces, checked to be distinct and well formed.
fn texts<G: Catalog>() -> BTreeSet<String> {
    let faces = G::card_faces();
    assert!(!faces.is_empty(), "{}: no card faces", G::NAME);
    let mut seen = BTreeSet::new();
    for f in &faces {
        assert!(
            seen.insert(f.card.clone()),
            "{}: two faces of {}",
            G::NAME,
            f.card
        );
        for (what, text) in [
            ("card", &f.card),
            ("corner", &f.corner),
            ("centre", &f.centre),
            ("chip", &f.chip),
        ] {
            assert!(
                !text.trim().is_empty() && (what != "card" || !text.contains(char::is_whitespace)),
                "{}: {}'s {what} {text:?} is empty (or a card text with a space)",
                G::NAME,
                f.card
            );
        }
        if let Some(suit) = f.suit {
            assert!(
                f.card.trim_end_matches('*').ends_with(suit.letter()),
                "{}: {} is not written with its suit {suit:?}",
                G::NAME,
                f.card
            );
        }
    }
    seen
}

fn every_card_of_every_pack_has_a_face<G: Catalog>() {
    let faces = texts::<G>();
    for players in G::PLAYERS {
        let config = G::Config::for_players(players).expect("a table size the game allows");
        for card in config.pack() {
            assert!(
                faces.contains(&card),
                "{} at {players}: {card} of the pack has no face",
                G::NAME
            );
        }
    }
}

/// Random single deals at every table size (a small generator picks the actions): every card
/// of every seat's screen hand, at every step, has a face.
fn every_hand_card_shown_in_played_deals_has_a_face<G: Catalog>() {
    let faces = texts::<G>();
    let mut pick: u64 = 0x9e37_79b9_7f4a_7c15;
    for players in G::PLAYERS {
        let config = G::Config::for_players(players).unwrap().single_deal();
        for seed in 0..3 {
            let mut state = G::new(&config, seed).expect("a valid configuration");
            let mut shown = 0;
            for _ in 0..config.max_actions() {
                for s in 0..players as u8 {
                    let view = G::view(&state, Seat(s));
                    let screen = view.screen();
                    assert_eq!(
                        view.screen_text(&screen),
                        view.to_string(),
                        "{} at {players}, seed {seed}: seat {s}'s text given its screen is not its view's",
                        G::NAME
                    );
                    for card in screen.hand {
                        assert!(
                            faces.contains(&card),
                            "{} at {players}, seed {seed}: seat {s}'s hand shows {card}, which has no face",
                            G::NAME
                        );
                        shown += 1;
                    }
                }
                if G::to_move(&state).is_none() {
                    break;
                }
                let legal = G::legal_actions(&state);
                pick = pick
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let action = &legal[(pick >> 33) as usize % legal.len()];
                G::apply(&mut state, action).expect("a legal action is accepted");
            }
            assert!(shown > 0, "{}: no hand card was shown", G::NAME);
        }
    }
}

macro_rules! faces {
    ({} $($m:ident: $g:ty;)*) => {$(
        mod $m {
            #[test]
            fn every_card_of_every_pack_has_a_face() {
                super::every_card_of_every_pack_has_a_face::<$g>();
            }

            #[test]
            fn every_hand_card_shown_in_played_deals_has_a_face() {
                super::every_hand_card_shown_in_played_deals_has_a_face::<$g>();
            }
        }
    )*};
}

cards_games::for_each_game!(faces);

#[test]
fn the_french_default_is_the_pack_with_both_jokers() {
    let pack = cards_core::face::french_faces();
    assert_eq!(pack.len(), 54);
    let jokers: Vec<&CardFace> = pack.iter().filter(|f| f.suit.is_none()).collect();
    assert_eq!(jokers.len(), 2);
    assert!(
        jokers
            .iter()
            .any(|f| f.card == "RJ" && f.kind == FaceKind::RedJoker)
    );
    assert!(
        jokers
            .iter()
            .any(|f| f.card == "BJ" && f.kind == FaceKind::BlackJoker)
    );
    let ten = pack.iter().find(|f| f.card == "10s").expect("10s");
    assert_eq!(
        (ten.corner.as_str(), ten.centre.as_str(), ten.chip.as_str()),
        ("10", "♠", "10♠")
    );
}

#[test]
fn faces_serialize_as_the_page_reads_them() {
    let face = cards_core::face::CardFace::suited("R", cards_core::card::Suit::Hearts);
    let json = serde_json::to_value(&face).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "card": "Rh", "corner": "R", "centre": "♥", "suit": "h", "kind": "plain",
            "note": "", "chip": "R♥"
        })
    );
    let big = serde_json::to_value(FaceKind::BlackJoker).unwrap();
    assert_eq!(big, "black-joker");
}
