//! The size of the legal-action list on the worst hands we could construct, and the bound on
//! the number of actions of a match.

use cards_core::Game;
use cards_core::rng::{below, rng_from_seed};
use game_contract_rummy::{Card, Config, ContractRummy, Position, State, pack};

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
        let bound = ContractRummy::max_actions(&c);
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
