//! [`Check::ActionCards`]: the cards each legal action uses are in the mover's hand and are
//! the ones it takes; and [`action_cards_match_notation`], which game crates' tests run.

use super::{At, Check, Failure, fail};
use crate::catalog::Catalog;
use crate::game::GameConfig;
use crate::game::GameView;
use crate::rng::{below, rng_from_seed};
use crate::seat::Seat;
use crate::text::Screen;

/// Whether every card of `part` is in `whole`, counted.
fn within(part: &[String], whole: &[String]) -> bool {
    let mut left: Vec<&String> = whole.iter().collect();
    part.iter()
        .all(|c| match left.iter().position(|x| *x == c) {
            Some(i) => {
                left.swap_remove(i);
                true
            }
            None => false,
        })
}

/// The cards of `before` not in `after`, counted.
fn removed(before: &[String], after: &[String]) -> Vec<String> {
    let mut left: Vec<&String> = after.iter().collect();
    let mut out = Vec::new();
    for c in before {
        match left.iter().position(|x| *x == c) {
            Some(i) => {
                left.swap_remove(i);
            }
            None => out.push(c.clone()),
        }
    }
    out
}

/// [`Check::ActionCards`] at one state: every listed action's cards are in the mover's screen
/// hand, and (at a deep-checked state) applied, it takes no other card from it. Returns the
/// mover's screen.
pub(super) fn check_action_cards<G: Catalog>(
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    deep: bool,
    at: &At,
) -> Result<Screen, Failure> {
    let screen = G::view(state, seat).screen();
    for a in legal {
        let cards = G::action_cards(state, a);
        if !within(&cards, &screen.hand) {
            return fail(
                Check::ActionCards,
                format!(
                    "{at}: {a} uses {cards:?}, not all in {seat}'s hand {:?}",
                    screen.hand
                ),
            );
        }
        if deep {
            let mut next = state.clone();
            let mut events = Vec::new();
            G::apply_unchecked(&mut next, a, &mut events);
            cards_taken_within::<G>(state, seat, &screen, a, &next, at)?;
        }
    }
    Ok(screen)
}

/// What `action` does to `seat`'s screen hand, taking `state` to `next`, agrees with the cards
/// it says it uses: an action that uses none does not shorten the hand, and one whose hand
/// gets shorter by exactly its number of cards takes exactly those cards (others, such as an
/// exposure, which keeps its card, or a capture, which takes cards in, are not compared). Not
/// checked when the action ends the match or a deal.
pub(super) fn cards_taken_within<G: Catalog>(
    state: &G::State,
    seat: Seat,
    screen: &Screen,
    action: &G::Action,
    next: &G::State,
    at: &At,
) -> Result<(), Failure> {
    if G::to_move(next).is_none() || G::scores(next) != G::scores(state) {
        return Ok(());
    }
    let after = G::view(next, seat).screen();
    if after.heading != screen.heading {
        return Ok(());
    }
    let cards = G::action_cards(state, action);
    let (before, now) = (screen.hand.len(), after.hand.len());
    if cards.is_empty() && now < before {
        let gone = removed(&screen.hand, &after.hand);
        return fail(
            Check::ActionCards,
            format!("{at}: {action} takes {gone:?} from {seat}'s hand but says it uses no card"),
        );
    }
    if !cards.is_empty() && now + cards.len() == before {
        let gone = removed(&screen.hand, &after.hand);
        if gone.len() != cards.len() || !within(&gone, &cards) {
            return fail(
                Check::ActionCards,
                format!(
                    "{at}: {action} takes {gone:?} from {seat}'s hand but says it uses {cards:?}"
                ),
            );
        }
    }
    Ok(())
}

/// Plays `deals` random single deals of `G`'s default rules (deal `d` from seed `d`) and, at
/// every decision, checks each legal action's cards ([`crate::Catalog::action_cards`]) two ways: each is
/// in the mover's screen hand (counted), and their keys ([`crate::Catalog::card_key`], passed through
/// `key`) are, sorted, the cards `named` reads from the action's notation. A game crate's test
/// gives `named`, the reading of its own notation. Returns how many legal actions used cards
/// and how many used none.
///
/// # Panics
/// At the first action whose cards are not held or not the ones its notation names (it is a
/// test helper), or when the default rules or a legal action are refused.
pub fn action_cards_match_notation<G: Catalog>(
    deals: u64,
    named: impl Fn(&str) -> Vec<String>,
    key: impl Fn(String) -> String,
) -> (usize, usize) {
    let config = G::Config::default().single_deal();
    let (mut with_cards, mut without) = (0, 0);
    for seed in 0..deals {
        let mut state = G::new(&config, seed).expect("the default rules are valid");
        let mut rng = rng_from_seed(seed);
        while let Some(seat) = G::to_move(&state) {
            let hand = G::view(&state, seat).screen().hand;
            let legal = G::legal_actions(&state);
            for a in &legal {
                let cards = G::action_cards(&state, a);
                let mut left = hand.clone();
                for c in &cards {
                    let i = left.iter().position(|x| x == c);
                    let i = i.unwrap_or_else(|| panic!("{a} uses {c}, not in {hand:?}"));
                    left.remove(i);
                }
                let mut keys: Vec<String> =
                    cards.iter().map(|c| key(G::card_key(&state, c))).collect();
                keys.sort();
                let mut names = named(&a.to_string());
                names.sort();
                assert_eq!(keys, names, "{a} uses {cards:?}");
                if cards.is_empty() {
                    without += 1;
                } else {
                    with_cards += 1;
                }
            }
            let i = below(&mut rng, legal.len() as u64) as usize;
            G::apply(&mut state, &legal[i]).expect("a legal action applies");
        }
    }
    (with_cards, without)
}
