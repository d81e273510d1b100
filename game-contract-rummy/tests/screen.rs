//! The shared screen layout (`Game::screen`, issue 13 item 3): built from one seat's view, it
//! shows the round, the table, every seat's public facts and that seat's own cards only.

use cards_core::Catalog;
use cards_core::Game;
use cards_core::GameConfig;
use cards_core::seat::Seat;
use game_contract_rummy::{Config, ContractRummy, Position, State};

fn state() -> State {
    let config = Config {
        players: 3,
        ..Config::default()
    };
    let pos = Position {
        round: 4,
        dealer: 2,
        to_move: 0,
        hands: vec![
            "3c 8d 9h 4s 6s Jk".to_owned(),
            "5h".to_owned(),
            "2c 2d 7h 8h 9h Kd".to_owned(),
        ],
        melds: vec![(1, "Qc Qd Ah=Q".to_owned())],
        stock: None,
        totals: vec![12, 0, 30],
    };
    State::from_position(&config, &pos).unwrap()
}

#[test]
fn the_screen_shows_the_round_the_table_the_seats_and_only_the_viewers_hand() {
    let s = state();
    let view = ContractRummy::view(&s, Seat(0));
    let screen = view.screen();
    assert_eq!(
        screen.to_string(),
        "3 to 13, round 4 of 11 (6 cards, 6s wild) | you are S0\n\
         Table:\n  \
           wild: Aces, jokers and 6s; new melds of 3 or 6 cards\n  \
           stock: 92 cards (no discard pile)\n  \
           meld 1 (S1): Qc Qd Ah=Q\n  \
           S0 draws or puts cards down\n\
         Seats:\n  \
           S0 (you)  6 cards, total 12 points, went out 0x  <- to move\n  \
           S1        1 card, total 0 points, went out 0x\n  \
           S2        6 cards, total 30 points, went out 0x, dealer\n\
         Your hand (6 cards): 3c 8d 9h 4s 6s Jk\n"
    );
    assert_eq!(screen.hand.len(), 6, "one card per entry");
    // The view's Display is the same screen, which the CLI shows.
    assert_eq!(view.to_string(), screen.to_string());
    // Another seat sees its own hand and nothing of S0's.
    let other = ContractRummy::view(&s, Seat(2)).screen().to_string();
    assert!(
        other.contains("Your hand (6 cards): 2c 2d Kd 7h 8h 9h"),
        "{other}"
    );
    assert!(!other.contains("Jk"), "{other}");
    assert!(other.contains("S2 (you)"), "{other}");
}

#[test]
fn a_final_turn_and_a_shortened_match_are_said_on_the_screen() {
    let mut s = state();
    // S0 and S1 draw; S2 is to move.
    for text in ["draw", "draw"] {
        let a = ContractRummy::parse_action(&s, text).unwrap();
        ContractRummy::apply(&mut s, &a).unwrap();
    }
    let screen = ContractRummy::view(&s, Seat(2)).to_string();
    assert!(screen.contains("S2 draws or puts cards down"), "{screen}");
    let single = Config::default().single_deal();
    let fresh = ContractRummy::new(&single, 3).unwrap();
    let seat = ContractRummy::to_move(&fresh).unwrap();
    let text = ContractRummy::view(&fresh, seat).to_string();
    // The heading and the table line agree: round 1 of the rule book, the match's only deal.
    assert!(
        text.starts_with("3 to 13, round 1, deal 1 of 1 in this match (3 cards, 3s wild)"),
        "{text}"
    );
    assert!(!text.contains("of 11"), "{text}");
    assert!(text.contains("this match plays round 1 only"), "{text}");
    let later = Config {
        first_round: 7,
        rounds: 5,
        ..Config::default()
    };
    let fresh = ContractRummy::new(&later, 3).unwrap();
    let seat = ContractRummy::to_move(&fresh).unwrap();
    let text = ContractRummy::view(&fresh, seat).to_string();
    assert!(
        text.starts_with("3 to 13, round 7, deal 1 of 5 in this match (9 cards, 9s wild)"),
        "{text}"
    );
    assert!(text.contains("this match plays rounds 7 to 11"), "{text}");
    // First round 7 with the default 11 rounds is refused, saying what fits.
    let err = ContractRummy::new(
        &Config {
            first_round: 7,
            ..Config::default()
        },
        3,
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("at most 5 rounds are left (set rounds too)"),
        "{err}"
    );
    assert!(text.contains("melds: none"), "{text}");
}

#[test]
fn the_player_who_went_out_is_marked_and_the_others_have_a_final_turn() {
    let config = Config {
        players: 2,
        rounds: 1,
        ..Config::default()
    };
    let pos = Position {
        round: 1,
        dealer: 1,
        to_move: 0,
        hands: vec!["5h 6h 7h".to_owned(), "Ac 10d Jk".to_owned()],
        ..Position::default()
    };
    let mut s = State::from_position(&config, &pos).unwrap();
    let a = ContractRummy::parse_action(&s, "5h 6h 7h").unwrap();
    ContractRummy::apply(&mut s, &a).unwrap();
    let text = ContractRummy::view(&s, Seat(1)).to_string();
    assert!(
        text.contains("S1 has a final turn: put cards down only"),
        "{text}"
    );
    assert!(
        text.contains("S0        0 cards, total 0 points, went out 1x, went out this round"),
        "{text}"
    );
    assert!(text.contains("S1 (you)  3 cards"), "{text}");
}
