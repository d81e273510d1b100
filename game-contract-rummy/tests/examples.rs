//! The rule text's worked examples, replayed from stated positions, with snapshots of the
//! narrated transcripts and plain asserts of each documented fact.

use cards_core::Catalog;
use cards_core::Game;
use cards_core::Search;
use cards_core::seat::Seat;
use game_contract_rummy::examples::{
    NINE_CARD_ADD, NINE_CARD_SET, SCORING, example_config, narrate, nine_card_add_position,
    nine_card_set_position, round_table, scoring_position,
};
use game_contract_rummy::{ContractRummy, RoundInfo, Shape, State, card_points, parse_cards};

fn transcript(name: &str) -> String {
    ContractRummy::examples()
        .into_iter()
        .find(|e| e.name == name)
        .map(|e| e.transcript)
        .unwrap()
}

#[test]
fn nine_card_round_finished_with_another_set_of_three() {
    insta::assert_snapshot!(transcript("nine-card-set"));
    let mut s = State::from_position(&example_config(3), &nine_card_set_position()).unwrap();
    assert_eq!(s.round_info().hand, 9);
    let mut out = String::new();
    narrate(&mut s, &NINE_CARD_SET[..1], &mut out).unwrap();
    // The new set of three is allowed in the nine-card round (sizes 3 to 6, or 9) and S0 is out.
    assert!(s.hand(Seat(0)).is_empty());
    assert_eq!(s.melds().len(), 3);
    assert_eq!(
        s.melds()[2].shape(),
        Shape::Set(cards_core::card::Rank::Queen)
    );
    narrate(&mut s, &NINE_CARD_SET[1..], &mut out).unwrap();
    assert!(ContractRummy::to_move(&s).is_none());
    assert_eq!(s.totals().0[0], 0);
    assert_eq!(s.tallies().0, vec![1, 0, 0]);
}

#[test]
fn nine_card_round_finished_by_adding_one_card_to_the_set_and_two_to_the_run() {
    insta::assert_snapshot!(transcript("nine-card-add"));
    let mut s = State::from_position(&example_config(3), &nine_card_add_position()).unwrap();
    let mut out = String::new();
    narrate(&mut s, &NINE_CARD_ADD[..3], &mut out).unwrap();
    assert_eq!(s.melds()[0].len(), 4, "a four of a kind");
    assert_eq!(s.melds()[1].len(), 5, "a five-card run");
    assert_eq!(s.melds()[1].to_string(), "3h 4h 5h 6h 7h");
    assert!(s.hand(Seat(0)).is_empty());
}

#[test]
fn the_round_table_lists_cards_wilds_and_meld_sizes_for_all_eleven_rounds() {
    insta::assert_snapshot!(round_table());
    assert_eq!(round_table(), transcript("round-table"));
    let r4 = RoundInfo::new(4);
    assert_eq!((r4.hand, r4.wild), (6, 6));
    assert_eq!(r4.allowed_sizes().collect::<Vec<_>>(), [3, 6]);
    let r10 = RoundInfo::new(10);
    assert_eq!(
        r10.allowed_sizes().collect::<Vec<_>>(),
        [3, 4, 5, 6, 7, 8, 9, 12]
    );
    let r11 = RoundInfo::new(11);
    assert_eq!(r11.wild_rank(), cards_core::card::Rank::King);
    assert_eq!(
        r11.allowed_sizes().collect::<Vec<_>>(),
        [3, 4, 5, 6, 7, 8, 9, 10, 13]
    );
}

#[test]
fn a_left_over_hand_scores_face_values_tens_and_twenty_fives() {
    insta::assert_snapshot!(transcript("scoring"));
    let left = parse_cards("4c 7d Qh Kc As Jk 9h").unwrap();
    let points: Vec<u32> = left.iter().map(|&c| card_points(c)).collect();
    assert_eq!(points, [4, 7, 10, 10, 25, 25, 9]);
    let mut s = State::from_position(&example_config(2), &scoring_position()).unwrap();
    let mut out = String::new();
    narrate(&mut s, &SCORING, &mut out).unwrap();
    assert_eq!(s.totals().0, vec![0, 90]);
}

#[test]
fn golden_playthrough_of_a_seeded_round_between_heuristic_bots() {
    use cards_core::bot::play_out;
    use cards_core::rng::rng_from_seed;
    use cards_core::seat::PerSeat;
    use std::fmt::Write as _;
    let config = game_contract_rummy::Config {
        players: 3,
        first_round: 4,
        rounds: 1,
        ..game_contract_rummy::Config::default()
    };
    let mut s = ContractRummy::new(&config, 2026).unwrap();
    let mut text = format!("{}\n", ContractRummy::view(&s, Seat(0)));
    let mut bots: PerSeat<Box<dyn cards_core::Bot<ContractRummy>>> =
        PerSeat::from_fn(3, |_| ContractRummy::heuristic_bot());
    let mut events = Vec::new();
    play_out::<ContractRummy, _>(&mut s, &mut bots, &mut rng_from_seed(1), Some(&mut events))
        .unwrap();
    for e in &events {
        writeln!(text, "{e}").unwrap();
    }
    writeln!(text, "{}", ContractRummy::view(&s, Seat(0))).unwrap();
    insta::assert_snapshot!(text);
}
