//! The size of the legal-action list on the worst hands we could construct, the proof of
//! [`MAX_LEGAL_ACTIONS`] for hands of any size, and the bound on the number of actions of a
//! match.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use cards_core::Game;
use cards_core::GameConfig;
use cards_core::bot::{Bot, RandomBot};
use cards_core::rng::{below, rng_from_seed, shuffle};
use game_contract_rummy::{
    Action, Card, Config, ContractRummy, Heuristic, MAX_LEGAL_ACTIONS, MeldSpec, Position,
    RoundInfo, Shape, State, pack,
};

/// The documented maximum list size for a hand of the dealt size (13 cards, round 11).
pub const MAX_LIST_13: usize = 6000;

fn list_len(round: u8, hand: &[Card]) -> Option<usize> {
    let text: Vec<String> = hand.iter().map(ToString::to_string).collect();
    let pos = Position {
        round,
        dealer: 1,
        to_move: 0,
        hands: vec![text.join(" "), String::new()],
        melds: vec![],
        stock: None,
        totals: vec![],
    };
    let config = Config {
        players: 2,
        first_round: round,
        rounds: 1,
        ..Config::default()
    };
    let s = State::from_position(&config, &pos).ok()?;
    Some(ContractRummy::legal_actions(&s).len())
}

/// A one-round configuration of round `round`, with every new-meld size allowed in that
/// round when `all_sizes` (rulings C5 as data), else the default sizes.
fn round_config(round: u8, all_sizes: bool) -> Config {
    let mut config = Config {
        players: 2,
        first_round: round,
        rounds: 1,
        ..Config::default()
    };
    if all_sizes {
        config.meld_sizes[usize::from(round) - 1] = (3..=round + 2).collect();
    }
    config
}

/// The state of round `round` in which seat 0, to move, holds the first `n` cards of `pack`,
/// seat 1 the rest, and the stock is empty; nobody has a meld.
fn holding(config: &Config, round: u8, pack: &[Card], n: usize) -> State {
    let text = |cards: &[Card]| {
        let t: Vec<String> = cards.iter().map(ToString::to_string).collect();
        t.join(" ")
    };
    let pos = Position {
        round,
        dealer: 1,
        to_move: 0,
        hands: vec![text(&pack[..n]), text(&pack[n..])],
        melds: vec![],
        stock: Some(String::new()),
        totals: vec![],
    };
    State::from_position(config, &pos).unwrap()
}

/// What tells listed new melds apart: shape, natural cards, and how many wilds of each class
/// (jokers and Aces; the wild rank) it uses. Which card of a class is taken is fixed by
/// `WildOrder`, so the key names the action.
type MeldKey = (Shape, Vec<Card>, usize, usize);

fn meld_key(spec: &MeldSpec, info: RoundInfo) -> MeldKey {
    let high = spec
        .cards()
        .iter()
        .filter(|&&c| RoundInfo::is_high_wild(c))
        .count();
    let rank = spec
        .cards()
        .iter()
        .filter(|&&c| info.is_wild(c) && !RoundInfo::is_high_wild(c))
        .count();
    let naturals = spec
        .cards()
        .iter()
        .copied()
        .filter(|&c| !info.is_wild(c))
        .collect();
    (spec.shape(), naturals, high, rank)
}

fn new_meld_keys(state: &State) -> BTreeSet<MeldKey> {
    ContractRummy::legal_actions(state)
        .iter()
        .filter_map(|a| match a {
            Action::Meld(spec) => Some(meld_key(spec, *state.round_info())),
            _ => None,
        })
        .collect()
}

fn parse(text: &str) -> Vec<Card> {
    game_contract_rummy::parse_cards(text).unwrap()
}

/// Hill-climbs over 13-card hands of round 11 for the longest list.
fn search(seed: u64, steps: usize) -> (usize, Vec<Card>) {
    let mut rng = rng_from_seed(seed);
    let all = pack(4);
    let mut hand: Vec<Card> = parse("Jk Jk Jk Jk Ac Ad Ah As Kc Kd 7h 7s 7c");
    let mut best = list_len(11, &hand).unwrap_or(0);
    for _ in 0..steps {
        let mut h = hand.clone();
        let i = below(&mut rng, 13) as usize;
        h[i] = all[below(&mut rng, all.len() as u64) as usize];
        if let Some(n) = list_len(11, &h) {
            if n >= best {
                best = n;
                hand = h;
            }
        }
    }
    (best, hand)
}

#[test]
fn the_legal_list_stays_under_the_documented_bound_on_worst_case_hands() {
    let worst = [
        "Jk Jk Jk Jk Ac Ad Ah As Ac Ad Ah As Kc",
        "Jk Jk Jk Jk Ac Ad Ah As Kc Kd Kh Ks Kc",
        "7c 7c 7d 7d 7h 7h 7s 7s Jk Jk Jk Jk Ac",
        "2h 3h 4h 5h 6h 7h 8h 9h 10h Jk Jk Ac Kc",
        "2h 4h 6h 8h 10h Qh Jk Jk Jk Jk Ac Kc Kd",
        // Found by `long_search_for_the_longest_list`.
        "10c 6c 5c 8c As 9c Jk Kh Kc Jc Jk Ks 7c",
        "Jk Ad 9s 4s 10s Kc Ks Jk 5s 6s 8s 7s Kc",
    ];
    for h in worst {
        let n = list_len(11, &parse(h)).unwrap();
        println!("{n:5} {h}");
        assert!(n <= MAX_LIST_13, "{n} actions for {h}");
    }
}

#[test]
fn max_actions_bounds_a_match_of_draws() {
    for players in [2, 7] {
        let c = Config {
            players,
            ..Config::default()
        };
        let bound = c.max_actions();
        let mut s = ContractRummy::new(&c, 9).unwrap();
        let mut n = 0;
        while ContractRummy::to_move(&s).is_some() {
            let legal = ContractRummy::legal_actions(&s);
            // Prefer single-card additions and dones: the slowest way through a round.
            let a = legal
                .iter()
                .rev()
                .find(|a| a.to_string().starts_with("add"))
                .or_else(|| legal.iter().find(|a| a.to_string() == "draw"))
                .copied()
                .unwrap_or(legal[0]);
            ContractRummy::apply(&mut s, &a).unwrap();
            n += 1;
        }
        assert!(n <= bound, "{n} > {bound}");
    }
}

#[test]
#[ignore = "long search; run in release with --nocapture"]
fn long_search_for_the_longest_list() {
    for seed in 2..5 {
        let (n, h) = search(seed, 3000);
        let text: Vec<String> = h.iter().map(ToString::to_string).collect();
        println!("{n:5} {} (seed {seed})", text.join(" "));
    }
}

/// The whole pack as one hand is the worst hand: with the monotonicity below, no hand lists
/// more new melds. The table is pinned, and [`MAX_LEGAL_ACTIONS`] is derived from its worst row.
#[test]
fn the_whole_pack_in_one_hand_bounds_every_list() {
    let whole = pack(4);
    let mut table = String::from("round  default sizes  every size 3..=h\n");
    let mut worst = 0;
    for round in 1..=11u8 {
        let mut row = [0usize; 2];
        for (i, all_sizes) in [false, true].into_iter().enumerate() {
            let config = round_config(round, all_sizes);
            let state = holding(&config, round, &whole, whole.len());
            let legal = ContractRummy::legal_actions(&state);
            // Only new melds (and `pass`/`done`/`draw`, of which there is none here: the
            // stock is empty and there is something to put down).
            assert!(legal.iter().all(|a| matches!(a, Action::Meld(_))));
            assert_eq!(
                legal.len(),
                new_meld_keys(&state).len(),
                "keys name actions"
            );
            row[i] = legal.len();
            worst = worst.max(legal.len());
        }
        writeln!(table, "{round:5}  {:13}  {:16}", row[0], row[1]).unwrap();
    }
    insta::assert_snapshot!(table);
    // New melds, at most 6 additions to each of at most 36 own melds, and one control action.
    assert_eq!(MAX_LEGAL_ACTIONS, worst + 6 * 36 + 1);
}

/// A new meld listed for a hand is still listed when cards join the hand, so the list's
/// length only grows with the hand.
#[test]
fn listed_new_melds_only_grow_with_the_hand() {
    let mut rng = rng_from_seed(2026);
    let mut whole = pack(4);
    for trial in 0..120 {
        shuffle(&mut rng, &mut whole);
        let round = 1 + below(&mut rng, 11) as u8;
        let config = round_config(round, trial % 2 == 0);
        let small = 3 + below(&mut rng, 30) as usize;
        let big = small + 1 + below(&mut rng, 12) as usize;
        let before = new_meld_keys(&holding(&config, round, &whole, small));
        let after = new_meld_keys(&holding(&config, round, &whole, big));
        let lost: Vec<_> = before.difference(&after).collect();
        assert!(
            lost.is_empty(),
            "round {round}: adding {:?} to {:?} loses {lost:?}",
            &whole[small..big],
            &whole[..small]
        );
    }
}

/// Through random and heuristic play at every table size: additions are at most 6 per own
/// meld, and no list exceeds [`MAX_LEGAL_ACTIONS`].
#[test]
fn additions_stay_within_six_per_meld_in_play() {
    for players in 2..=7usize {
        for seed in 0..4u64 {
            let config = Config {
                players,
                first_round: 8 + (seed as u8 % 4),
                rounds: 1,
                ..Config::default()
            };
            let mut s = ContractRummy::new(&config, seed).unwrap();
            let mut rng = rng_from_seed(seed);
            let mut random = RandomBot;
            let mut heuristic = Heuristic;
            while let Some(seat) = ContractRummy::to_move(&s) {
                let legal = ContractRummy::legal_actions(&s);
                assert!(legal.len() <= MAX_LEGAL_ACTIONS);
                let mut per_meld = [0usize; 64];
                for a in &legal {
                    if let Action::Add { meld, .. } = a {
                        per_meld[usize::from(*meld)] += 1;
                    }
                }
                assert!(per_meld.iter().all(|&n| n <= 6), "{per_meld:?}");
                let d = cards_core::bot::Decision::<ContractRummy>::new(&s, seat, &legal);
                let i = if seat.0 % 2 == 0 {
                    random.choose(&d, &mut rng)
                } else {
                    heuristic.choose(&d, &mut rng)
                };
                ContractRummy::apply(&mut s, &legal[i]).unwrap();
            }
        }
    }
}

/// The list lengths met in play: whole matches of four random bots, and of four heuristic bots
/// (run in release with `--ignored --nocapture`; the figures are quoted in the crate docs).
#[test]
#[ignore = "statistics; run in release with --nocapture"]
fn list_lengths_met_in_play() {
    for heuristic in [false, true] {
        let config = Config::default();
        let mut lengths = Vec::new();
        let mut biggest_hand = 0;
        for seed in 0..200u64 {
            let mut s = ContractRummy::new(&config, seed).unwrap();
            let mut rng = rng_from_seed(seed);
            while let Some(seat) = ContractRummy::to_move(&s) {
                let legal = ContractRummy::legal_actions(&s);
                lengths.push(legal.len());
                biggest_hand = biggest_hand.max(ContractRummy::view(&s, seat).hand.len());
                let d = cards_core::bot::Decision::<ContractRummy>::new(&s, seat, &legal);
                let i = if heuristic {
                    Heuristic.choose(&d, &mut rng)
                } else {
                    RandomBot.choose(&d, &mut rng)
                };
                ContractRummy::apply(&mut s, &legal[i]).unwrap();
            }
        }
        lengths.sort_unstable();
        let at = |q: f64| lengths[((lengths.len() - 1) as f64 * q) as usize];
        let mean = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
        println!(
            "{}: {} decisions, mean {mean:.1}, median {}, 99% {}, 99.9% {}, max {}; biggest hand {biggest_hand}",
            if heuristic { "heuristic" } else { "random" },
            lengths.len(),
            at(0.5),
            at(0.99),
            at(0.999),
            lengths[lengths.len() - 1],
        );
    }
}
