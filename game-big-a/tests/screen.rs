//! The opening narration, the shared screen layout and the View's Display.

mod common;

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::card::FrenchCard;
use cards_core::game::Game;
use cards_core::seat::Seat;
use cards_core::text::Screen;
use common::{act, position};
use game_big_a::{Action, BigA, Config, Event, State, full_pack};

#[test]
fn the_opening_of_a_fresh_match_is_the_start_of_its_first_hand() {
    let config = Config::default();
    let state = BigA::new(&config, 11).unwrap();
    let opening = BigA::opening(&state);
    let first = state.hand(BigA::to_move(&state).unwrap()).iter().next();
    assert_eq!(opening.len(), 2, "{opening:?}");
    assert_eq!(
        opening[0].to_string(),
        format!("hand 1: {} draws first", BigA::to_move(&state).unwrap())
    );
    assert!(matches!(
        opening[0],
        Event::DealStarted {
            hand: 1,
            attempt: 0,
            ..
        }
    ));
    match &opening[1] {
        Event::Drew { seat, card } => {
            assert_eq!(Some(*seat), BigA::to_move(&state));
            assert_eq!(*card, first);
        }
        e => panic!("expected the first draw, got {e}"),
    }
    // The same events a later hand's start emits.
    let mut s = state.clone();
    let mut later = Vec::new();
    while s.hands_played() == 0 {
        let first_legal = BigA::legal_actions(&s)[0];
        let events = BigA::apply(&mut s, &first_legal).unwrap();
        if s.hands_played() == 1 {
            later = events;
        }
    }
    let start = later
        .iter()
        .position(|e| matches!(e, Event::DealStarted { .. }))
        .expect("the next hand starts");
    assert!(matches!(later[start], Event::DealStarted { hand: 2, .. }));
    assert!(matches!(later[start + 1], Event::Drew { .. }));
}

#[test]
fn a_state_that_is_not_fresh_has_no_opening() {
    let mut state = BigA::new(&Config::default(), 11).unwrap();
    BigA::apply(&mut state, &Action::Pass).unwrap();
    assert!(BigA::opening(&state).is_empty());
    let other = position(["5c", "6c", "7c", "8c", "Ah Ah"], 4, None, 4);
    assert!(BigA::opening(&other).is_empty());
}

#[test]
fn the_screen_shows_the_table_seats_and_own_hand_as_the_seat_knows_them() {
    let mut s = position(
        [
            "Ah Ac Ad 9c",
            "8c 8d Kd",
            "Ah 5c 5d 6c 6d Kc",
            "4c 4d Qc",
            "7c 7d 7h Jc",
        ],
        0,
        Some(2),
        0,
    );
    act(&mut s, "A A");
    act(&mut s, "7 7 7");
    act(&mut s, "pass");
    let partner = BigA::view(&s, Seat(2)).screen();
    assert_eq!(partner.heading, "Big A, hand 1 of 1");
    assert_eq!(partner.viewer, Seat(2));
    assert_eq!(partner.to_move, Some(Seat(2)));
    assert!(partner.table.contains(&"phase: card play".to_string()));
    assert!(
        partner
            .table
            .contains(&"Big Aces: Ah; declarer S0, partner S2".to_string()),
        "{:?}",
        partner.table
    );
    assert!(
        partner
            .table
            .contains(&"pile: 7 7 7 played by S4, 1 pass since".to_string())
    );
    assert_eq!(partner.seats[4], ["1 card", "total +0"]);
    assert_eq!(partner.seats[0], ["2 cards", "total +0", "declarer"]);
    assert_eq!(partner.seats[2], ["6 cards", "total +0", "partner"]);
    assert_eq!(partner.hand, ["5c", "5d", "6c", "6d", "Kc", "Ah*"]);
    assert!(
        partner
            .private
            .contains(&"you are on the Big Ace team".to_string())
    );
    // An opponent does not know the partner, nor that seat's role.
    let opponent = BigA::view(&s, Seat(1)).screen();
    assert!(
        opponent
            .table
            .contains(&"Big Aces: Ah; declarer S0, partner unknown".to_string())
    );
    assert_eq!(opponent.seats[2], ["6 cards", "total +0"]);
    assert_eq!(opponent.seats[1], ["3 cards", "total +0", "opponent"]);
    assert_eq!(opponent.hand, ["8c", "8d", "Kd"]);
    assert!(
        opponent
            .private
            .contains(&"you are an opponent".to_string())
    );
}

#[test]
fn the_view_displays_its_screen() {
    let state = BigA::new(&Config::default(), 3).unwrap();
    for seat in [Seat(0), Seat(3)] {
        let view = BigA::view(&state, seat);
        let screen: Screen = view.screen();
        assert_eq!(view.to_string(), screen.to_string());
        assert!(
            screen
                .to_string()
                .starts_with("Big A, hand 1 of 5 | you are ")
        );
        assert!(
            screen
                .table
                .iter()
                .any(|l| l.starts_with("stock: 107 cards left")),
            "{:?}",
            screen.table
        );
        assert!(
            screen
                .table
                .contains(&"Big Aces: not decided yet".to_string())
        );
    }
}

#[test]
fn a_declarer_alone_is_shown_alone_once_both_big_aces_are_known() {
    let s = position(["Ah Ah 5c", "6c", "7c", "8c", "9c"], 0, None, 0);
    let own = BigA::view(&s, Seat(0)).screen();
    assert!(
        own.table
            .contains(&"Big Aces: Ah; declarer S0, declarer alone".to_string()),
        "{:?}",
        own.table
    );
    let other = BigA::view(&s, Seat(1)).screen();
    assert!(
        other
            .table
            .contains(&"Big Aces: Ah; declarer S0, partner unknown".to_string())
    );
}

/// A redeal (B12) is on the screen: the heading names it, so a player sees why the hands
/// are gone, and the harness's check of the cards an action takes (skipped where the heading
/// changes, as at a new deal) does not read the redealing pass as taking the drawer's cards
/// (seen in a soak of 3,000 deals before the heading named it).
#[test]
fn a_redeal_is_named_in_the_heading() {
    let config = Config::default().single_deal();
    // Both heart Aces among the five cards nobody sees: if nobody exposes, the hand is redealt.
    let ah: FrenchCard = "Ah".parse().unwrap();
    let mut pack: Vec<FrenchCard> = full_pack().into_iter().filter(|&c| c != ah).collect();
    pack.extend([ah, ah]);
    let mut s = State::from_pack(&config, 3, Seat(0), &pack).unwrap();
    loop {
        let seat = BigA::to_move(&s).expect("the draw goes on");
        assert_eq!(BigA::view(&s, seat).screen().heading, "Big A, hand 1 of 1");
        let events = BigA::apply(&mut s, &Action::Pass).unwrap();
        if events.iter().any(|e| matches!(e, Event::Redeal { .. })) {
            let view = BigA::view(&s, seat);
            assert_eq!(view.redeal, 1);
            assert_eq!(view.screen().heading, "Big A, hand 1 of 1, redeal 1");
            return;
        }
    }
}

/// The card faces a page draws: every card a seat's screen lists in its hand, through a whole
/// seeded deal, is among them, and the four Aces that can be Big Aces (written `Ac*` once
/// decided, B5) have a face of their own, marked Big Ace.
#[test]
fn every_card_a_screen_lists_has_a_face_and_big_aces_are_marked() {
    use cards_core::face::FaceKind;
    let faces = BigA::card_faces();
    let names: std::collections::HashSet<&str> = faces.iter().map(|f| f.card.as_str()).collect();
    for suit in ["c", "d", "h", "s"] {
        let big = faces
            .iter()
            .find(|f| f.card == format!("A{suit}*"))
            .unwrap_or_else(|| panic!("a face for A{suit}*"));
        assert_eq!(big.kind, FaceKind::Big);
        assert_eq!(big.note, "Big Ace");
    }
    let mut s = BigA::new(&Config::default().single_deal(), 11).unwrap();
    let mut big_seen = false;
    while BigA::to_move(&s).is_some() {
        for seat in Seat::all(5) {
            for card in BigA::view(&s, seat).screen().hand {
                assert!(names.contains(card.as_str()), "{card}");
                big_seen |= card.ends_with('*');
            }
        }
        let a = BigA::legal_actions(&s)[0];
        BigA::apply(&mut s, &a).unwrap();
    }
    assert!(big_seen, "a Big Ace was listed as one");
}

/// The rule options players read (`cards rules`, the lobby): one for every field of the
/// configuration but the player count (B2, fixed), in its order; the hands' range is the one
/// the configuration accepts (B11), and each choice of the first drawer later (B3) is a value
/// the configuration reads.
#[test]
fn the_rule_options_are_the_configurations_fields_with_their_accepted_values() {
    use game_big_a::{ConfigError, FirstDrawer};
    let words = BigA::words();
    let keys: Vec<&str> = words.options.iter().map(|o| o.key).collect();
    let config = serde_json::to_value(Config::default()).unwrap();
    let fields: Vec<&str> = config
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .filter(|&k| k != "players")
        .collect();
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, fields);
    assert_eq!(keys, ["hands", "first_drawer", "extra_bombs"]);
    let hands = &words.options[0];
    let (least, most) = hands.range.unwrap();
    let with = |hands: i64| {
        Config {
            hands: usize::try_from(hands).unwrap(),
            ..Config::default()
        }
        .validate()
    };
    assert_eq!(with(least), Ok(()));
    assert_eq!(with(most), Ok(()));
    assert_eq!(with(least - 1), Err(ConfigError::Hands { hands: 0 }));
    assert_eq!(
        with(most + 1),
        Err(ConfigError::Hands {
            hands: usize::try_from(most + 1).unwrap()
        })
    );
    let choices: Vec<FirstDrawer> = words.options[1]
        .choices
        .iter()
        .map(|(name, _)| serde_json::from_value(serde_json::json!(name)).unwrap())
        .collect();
    assert_eq!(
        choices,
        [
            FirstDrawer::FirstOut,
            FirstDrawer::Declarer,
            FirstDrawer::Rotate
        ]
    );
    assert!(!words.scores.is_empty());
}
