//! One notion of a legal meld (rulings C3, C4, issue 15): over many states met in play, every
//! variant of a listed meld (other wilds of the hand in its place, other shapes for the same
//! cards) is accepted by `check` exactly when it is listed, and each split of a meld's wilds
//! into jokers/Aces and wild-rank cards is listed once.

use cards_core::rng::{GameRng, below, derive_seed, rng_from_seed};
use cards_core::seat::Seat;
use cards_core::{Bot, Decision, Game};
use game_contract_rummy::{
    Action, Card, Config, ContractRummy, Heuristic, MeldSpec, Position, RoundInfo, Shape, State,
};

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::card::{Rank, Suit};

/// The seed of the whole match in which the conformance run of issue 15 found `check`
/// accepting the unlisted meld `Ad=5s Ah=6s Jk=7s` (step 1353).
const ISSUE_15_SEED: u64 = 12_133_279_004_543_813_465;

/// The hand's wilds as (card, copies), jokers and Aces first.
fn wilds_of(state: &State, seat: Seat) -> Vec<(Card, u8)> {
    let info = state.round_info();
    let hand = state.hand(seat);
    let mut v: Vec<(Card, u8)> = hand
        .iter()
        .filter(|&c| info.is_wild(c))
        .map(|c| (c, hand.count(c)))
        .collect();
    v.dedup();
    v
}

/// Every choice of `k` cards (as a multiset) from `wilds`, each written after `prefix`.
fn choices(wilds: &[(Card, u8)], k: usize, prefix: &mut Vec<Card>, out: &mut Vec<Vec<Card>>) {
    if k == 0 {
        out.push(prefix.clone());
        return;
    }
    let Some((&(card, copies), rest)) = wilds.split_first() else {
        return;
    };
    for take in (0..=usize::from(copies).min(k)).rev() {
        prefix.extend(std::iter::repeat_n(card, take));
        choices(rest, k - take, prefix, out);
        prefix.truncate(prefix.len() - take);
    }
}

/// The shapes the same cards could be written in: for a run, the neighbouring windows of its
/// suit; for a meld of wilds only, every set and every run.
fn shapes(spec: &MeldSpec, info: RoundInfo) -> Vec<Shape> {
    let all_wild = spec.cards().iter().all(|&c| info.is_wild(c));
    if all_wild {
        let mut v: Vec<Shape> = Rank::ALL.iter().map(|&r| Shape::Set(r)).collect();
        for suit in Suit::ALL {
            v.extend((1..=12).map(|lo| Shape::Run { suit, lo }));
        }
        return v;
    }
    match spec.shape() {
        Shape::Set(_) => vec![spec.shape()],
        Shape::Run { suit, lo } => (lo.saturating_sub(2).max(1)..=(lo + 2).min(12))
            .map(|lo| Shape::Run { suit, lo })
            .collect(),
    }
}

/// Checks the state: returns how many variants were compared.
fn check_variants(state: &State, max_groups: usize, rng: &mut GameRng) -> usize {
    let Some(seat) = ContractRummy::to_move(state) else {
        return 0;
    };
    let info = *state.round_info();
    let legal = ContractRummy::legal_actions(state);
    let listed: Vec<&MeldSpec> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Meld(m) => Some(m),
            _ => None,
        })
        .collect();
    if listed.is_empty() {
        return 0;
    }
    let wilds = wilds_of(state, seat);
    // Groups: a shape and the natural cards; the wilds vary.
    let mut groups: Vec<(Shape, Vec<Card>, usize)> = Vec::new();
    for m in &listed {
        let naturals: Vec<Card> = m
            .cards()
            .iter()
            .copied()
            .filter(|&c| !info.is_wild(c))
            .collect();
        for shape in shapes(m, info) {
            let g = (shape, naturals.clone(), m.len());
            if !groups.contains(&g) {
                groups.push(g);
            }
        }
    }
    while groups.len() > max_groups {
        let i = below(rng, groups.len() as u64) as usize;
        groups.swap_remove(i);
    }
    let mut compared = 0;
    for (shape, naturals, len) in groups {
        let mut variants = Vec::new();
        choices(
            &wilds,
            len - naturals.len(),
            &mut naturals.clone(),
            &mut variants,
        );
        // (high wilds, wild-rank cards) -> accepted variants.
        let mut accepted: Vec<(usize, usize, usize)> = Vec::new();
        for cards in variants {
            let Some(spec) = MeldSpec::new(shape, &cards) else {
                continue;
            };
            let action = Action::Meld(spec);
            let ok = ContractRummy::check(state, &action).is_ok();
            let is_listed = legal.binary_search(&action).is_ok();
            assert_eq!(
                ok,
                is_listed,
                "{action} ({shape:?}) with hand {:?} in round {}: check says {:?}, listed {is_listed}",
                state.hand(seat).iter().collect::<Vec<_>>(),
                info.round,
                ContractRummy::check(state, &action),
            );
            compared += 1;
            if ok {
                let high = cards
                    .iter()
                    .filter(|&&c| RoundInfo::is_high_wild(c))
                    .count();
                let rank = cards.iter().filter(|&&c| info.is_wild(c)).count() - high;
                match accepted.iter_mut().find(|e| (e.0, e.1) == (high, rank)) {
                    Some(e) => e.2 += 1,
                    None => accepted.push((high, rank, 1)),
                }
            }
        }
        for (high, rank, n) in accepted {
            assert_eq!(
                n, 1,
                "{n} variants of {shape:?} with {naturals:?}, {high} high wilds and {rank} \
                 wild-rank cards are accepted; equivalent wilds have one fixed order (C3)"
            );
        }
    }
    compared
}

/// Plays a match from `seed`, random and heuristic moves mixed, checking variants at every
/// state; returns the variants compared.
fn play_and_check(config: &Config, seed: u64, heuristic_share: u64, max_groups: usize) -> usize {
    let mut state = ContractRummy::new(config, seed).unwrap();
    let mut rng = rng_from_seed(derive_seed(seed, u64::MAX));
    let mut compared = 0;
    let limit = config.max_actions();
    for _ in 0..limit {
        compared += check_variants(&state, max_groups, &mut rng);
        let Some(seat) = ContractRummy::to_move(&state) else {
            break;
        };
        let legal = ContractRummy::legal_actions(&state);
        let i = if below(&mut rng, 100) < heuristic_share {
            Heuristic.choose(&Decision::new(&state, seat, &legal), &mut rng)
        } else {
            below(&mut rng, legal.len() as u64) as usize
        };
        ContractRummy::apply(&mut state, &legal[i]).unwrap();
    }
    assert!(ContractRummy::to_move(&state).is_none(), "the match ends");
    compared
}

#[test]
fn jokers_and_aces_held_twice_do_not_let_an_unlisted_choice_of_wilds_pass() {
    // Issue 15: with Jk Jk Ad Ah in hand, a run of three wilds takes the two jokers first;
    // `check` compared the wilds as sets and let Ad Ah Jk through.
    let pos = Position {
        round: 1,
        dealer: 1,
        to_move: 0,
        hands: vec!["Jk Jk Ad Ah 9c".to_owned(), "2d 3d 4d".to_owned()],
        ..Position::default()
    };
    let config = Config {
        players: 2,
        rounds: 1,
        ..Config::default()
    };
    let state = State::from_position(&config, &pos).unwrap();
    let legal = ContractRummy::legal_actions(&state);
    let unlisted: Action = "Ad=5s Ah=6s Jk=7s".parse().unwrap();
    assert!(!legal.contains(&unlisted));
    assert_eq!(
        ContractRummy::check(&state, &unlisted)
            .unwrap_err()
            .to_string(),
        "equivalent wilds are put down in a fixed order: use Jk here, not Ah (C3)"
    );
    let listed: Action = "Jk=5s Jk=6s Ad=7s".parse().unwrap();
    assert!(legal.contains(&listed));
    assert_eq!(ContractRummy::check(&state, &listed), Ok(()));
    // A typed choice is rewritten into the listed one.
    assert_eq!(
        ContractRummy::parse_action(&state, "Ad=5s Ah=6s Jk=7s").unwrap(),
        listed
    );
    assert!(check_variants(&state, usize::MAX, &mut rng_from_seed(1)) > 0);
}

#[test]
fn the_match_of_issue_15_lists_every_variant_check_accepts() {
    // The whole match of the failing conformance seed, random play as the harness drives it.
    let compared = play_and_check(&Config::default(), ISSUE_15_SEED, 0, 64);
    assert!(compared > 100, "{compared} variants compared");
}

#[test]
fn variants_of_listed_melds_are_accepted_exactly_when_listed() {
    let mut compared = 0;
    for seed in 0..60u64 {
        let round = 1 + (seed % 11) as u8;
        let config = Config {
            players: 2 + (seed % 6) as usize,
            jokers: (seed % 5) as u8,
            first_round: round,
            rounds: 1,
            ..Config::default()
        };
        // Heuristic moves keep wilds in hand, so hands hold several of each class.
        compared += play_and_check(&config, seed, 70, 24);
    }
    assert!(compared > 10_000, "{compared} variants compared");
}
