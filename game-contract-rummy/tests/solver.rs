//! The meld solver against the brute-force reference, and on worst-case hands.

use cards_core::rng::{below, rng_from_seed, shuffle};
use game_contract_rummy::{
    Card, Hand, RoundInfo, is_meld, pack, parse_cards, plan, solve, solve_brute_force,
};

fn hand(text: &str) -> Hand {
    parse_cards(text).unwrap().into_iter().collect()
}

#[test]
fn solver_agrees_with_brute_force_on_thousands_of_random_small_hands() {
    let mut rng = rng_from_seed(99);
    let mut cards = pack(4);
    for i in 0..4000u64 {
        shuffle(&mut rng, &mut cards);
        let round = 1 + (i % 11) as u8;
        let size = 3 + below(&mut rng, 5) as usize; // 3 to 7 cards
        let h: Hand = cards[..size].iter().copied().collect();
        let info = RoundInfo::new(round);
        assert_eq!(
            solve(&h, info),
            solve_brute_force(&h, info),
            "round {round}: {h}"
        );
    }
}

#[test]
fn solver_agrees_with_brute_force_on_every_three_card_hand_of_a_small_pack() {
    // Every multiset of 3 cards from hearts 2-7, spades 2-3, an Ace and a joker, in rounds 1-4.
    let small = parse_cards("2h 3h 4h 5h 6h 7h 2s 3s As Jk").unwrap();
    for round in 1..=4 {
        let info = RoundInfo::new(round);
        for a in 0..small.len() {
            for b in a..small.len() {
                for c in b..small.len() {
                    let h: Hand = [small[a], small[b], small[c]].into_iter().collect();
                    assert_eq!(solve(&h, info), solve_brute_force(&h, info), "{h}");
                }
            }
        }
    }
}

#[test]
fn solver_agrees_with_brute_force_on_wild_heavy_hands() {
    let mut rng = rng_from_seed(5);
    let wild: Vec<Card> = parse_cards("Jk Jk As Ah 6c 6d").unwrap();
    let mut cards = pack(0);
    for i in 0..1500u64 {
        shuffle(&mut rng, &mut cards);
        let nw = 1 + below(&mut rng, 4) as usize;
        let nn = 2 + below(&mut rng, 4) as usize;
        let h: Hand = cards[..nn]
            .iter()
            .copied()
            .chain(wild[..nw].iter().copied())
            .collect();
        let round = [4u8, 5, 6, 7][(i % 4) as usize];
        let info = RoundInfo::new(round);
        assert_eq!(
            solve(&h, info),
            solve_brute_force(&h, info),
            "round {round}: {h}"
        );
    }
}

#[test]
fn plan_melds_are_valid_and_leave_the_optimum() {
    let info = RoundInfo::new(11);
    let h = hand("2h 3h 5h 7c 7d 9s 10s Js Jk Jk As Kd Kh");
    let (sol, plans) = plan(&h, info);
    assert!(sol.can_go_out);
    let mut used = 0;
    for p in &plans {
        used += p.naturals.len() + p.wilds;
        assert!(info.allows(p.naturals.len() + p.wilds));
    }
    assert_eq!(used, 13);
    assert!(is_meld(&parse_cards("7c 7d Jk").unwrap(), info));
}

#[test]
fn a_thirteen_card_hand_with_many_wilds_is_solved_quickly() {
    let info = RoundInfo::new(11);
    let h = hand("2h 4h 6h 8h 2c 5c 9d Jk Jk As Ad Kc Ks");
    let start = std::time::Instant::now();
    let sol = solve(&h, info);
    assert!(sol.can_go_out);
    assert!(start.elapsed().as_secs() < 5);
}
