//! Refusals no other test reached: stated setups the constructors refuse (B1, B6, B10, G4),
//! notation that does not parse, a hand read back with more cards than the pack, and an
//! exposure every specific check lets through but the rules do not offer (B4). Each asserts the
//! exact typed error (or message) and, for actions, that the state is unchanged (G2).

mod common;

use cards_core::GameConfig;
use cards_core::card::{FrenchCard, Suit};
use cards_core::game::Game;
use cards_core::seat::Seat;
use common::{act, cards, from_pack, is_legal};
use game_big_a::{
    Action, ActionError, BigA, Config, ConfigError, Hand, ParseActionError, Phase, PlaySetup,
    SetupError, State, full_pack,
};

fn config() -> Config {
    Config::default().single_deal()
}

/// A stated position at card play: S0 declarer with S1 its hidden partner, hearts, S0 leading,
/// nobody out.
fn setup() -> PlaySetup {
    PlaySetup {
        hands: ["Ah 5c", "Ah 6c", "7c", "8c", "9c"].map(cards),
        declarer: Seat(0),
        suit: Suit::Hearts,
        partner: Some(Seat(1)),
        exposed: false,
        leader: Seat(0),
        out: vec![],
    }
}

#[test]
fn b1_a_stacked_pack_that_is_not_the_108_cards_is_refused() {
    let pack = full_pack();
    // One card short.
    let short = &pack[1..];
    assert_eq!(
        State::from_pack(&config(), 3, Seat(0), short).unwrap_err(),
        SetupError::Pack
    );
    // 108 cards, but a third Ace of hearts in place of a Two of clubs.
    let ah: FrenchCard = "Ah".parse().unwrap();
    let mut third = pack.clone();
    let i = third.iter().position(|c| c.to_string() == "2c").unwrap();
    third[i] = ah;
    assert_eq!(third.len(), 108);
    assert_eq!(
        State::from_pack(&config(), 3, Seat(0), &third).unwrap_err(),
        SetupError::Pack
    );
    // The whole pack, but a first drawer who is not at the table (B2).
    assert_eq!(
        State::from_pack(&config(), 3, Seat(5), &pack).unwrap_err(),
        SetupError::Pack
    );
    assert_eq!(
        SetupError::Pack.to_string(),
        "a stacked pack holds each of the 54 faces exactly twice, 108 cards (B1)"
    );
    // The same pack and seat are accepted: the refusals are the pack's and the seat's.
    assert!(State::from_pack(&config(), 3, Seat(0), &pack).is_ok());
}

#[test]
fn b2_a_stated_setup_with_a_refused_configuration_is_refused() {
    let bad = Config {
        players: 4,
        ..config()
    };
    let e = ConfigError::Players { players: 4 };
    assert_eq!(
        State::from_pack(&bad, 3, Seat(0), &full_pack()).unwrap_err(),
        SetupError::Config(e.clone())
    );
    assert_eq!(
        State::from_play(&bad, 3, &setup()).unwrap_err(),
        SetupError::Config(e.clone())
    );
    assert_eq!(
        SetupError::Config(e).to_string(),
        "big a needs exactly 5 players, not 4 (B2)"
    );
}

#[test]
fn g4_a_stated_position_with_a_third_copy_of_a_card_is_refused() {
    let mut s = setup();
    // A third Ace of hearts (the two Big Aces are already with S0 and S1).
    s.hands[2] = cards("7c Ah");
    let e = State::from_play(&config(), 3, &s).unwrap_err();
    let ah: FrenchCard = "Ah".parse().unwrap();
    assert_eq!(e, SetupError::TooMany { card: ah, count: 3 });
    assert_eq!(
        e.to_string(),
        "Ah appears 3 times; the double pack has two (G4)"
    );
    // Two copies are the pack's: the same position without the third is accepted.
    s.hands[2] = cards("7c");
    assert!(State::from_play(&config(), 3, &s).is_ok());
}

#[test]
fn b10_the_seats_out_are_exactly_those_without_cards() {
    // S3 holds no card but is not out.
    let mut s = setup();
    s.hands[3].clear();
    let e = State::from_play(&config(), 3, &s).unwrap_err();
    assert_eq!(e, SetupError::Out { seat: Seat(3) });
    assert_eq!(
        e.to_string(),
        "S3: the seats out are exactly those without cards (B10)"
    );
    // S4 is out but still holds a card.
    let mut s = setup();
    s.out = vec![Seat(4)];
    assert_eq!(
        State::from_play(&config(), 3, &s).unwrap_err(),
        SetupError::Out { seat: Seat(4) }
    );
    // Out and empty-handed agree: accepted.
    s.hands[4].clear();
    assert!(State::from_play(&config(), 3, &s).is_ok());
}

#[test]
fn b6_the_partner_may_not_be_the_declarer() {
    let mut s = setup();
    s.partner = Some(Seat(0));
    let e = State::from_play(&config(), 3, &s).unwrap_err();
    assert_eq!(e, SetupError::Teams("the partner is not the declarer"));
    assert_eq!(
        e.to_string(),
        "inconsistent teams or leader: the partner is not the declarer (B6)"
    );
}

#[test]
fn b6_the_stated_leader_must_hold_cards() {
    let mut s = setup();
    s.hands[2].clear();
    s.out = vec![Seat(2)];
    s.leader = Seat(2);
    assert_eq!(
        State::from_play(&config(), 3, &s).unwrap_err(),
        SetupError::Teams("the leader must hold cards")
    );
}

#[test]
fn b4_notation_an_exposure_names_aces_only() {
    for text in ["expose Kh", "expose 2c 2c", "expose hA"] {
        assert_eq!(
            text.parse::<Action>(),
            Err(ParseActionError {
                text: text.to_owned(),
                reason: "expected expose Ah or expose Ah Ah",
            })
        );
    }
    assert_eq!(
        "expose Kh".parse::<Action>().unwrap_err().to_string(),
        "cannot read \"expose Kh\" as an action: expected expose Ah or expose Ah Ah"
    );
}

#[test]
fn g4_a_hand_read_back_with_more_cards_than_the_pack_is_refused() {
    let many: Vec<String> = std::iter::repeat_n("5c".to_owned(), 201).collect();
    let e = serde_json::from_value::<Hand>(serde_json::json!(many)).unwrap_err();
    assert_eq!(e.to_string(), "too many cards");
    // Through a whole state: the hand is refused before the state is checked.
    let s = from_pack(&[]);
    let mut v = serde_json::to_value(&s).unwrap();
    v["hands"][2] = serde_json::json!(many);
    let e = serde_json::from_value::<State>(v).unwrap_err();
    assert_eq!(e.to_string(), "too many cards");
    // Two hundred cards read as a hand (the state's census then refuses them, G4).
    let hand: Hand = serde_json::from_value(serde_json::json!(many[..200])).unwrap();
    assert_eq!(hand.len(), 200);
}

/// B4 (the seed: "If a player who has exposed an Ace and has not yet been overcalled obtains
/// the second identical Ace, they can expose the second Ace"): the declarer exposes the second
/// copy of its own Ace as one Ace (`expose Ac`). Written as a pair, it is not the overcall (a
/// pair of another suit, or of any suit by another player), so it passes every specific check
/// but is no legal action: refused as not legal now, the state unchanged.
#[test]
fn b4_the_declarer_exposes_its_second_copy_as_one_ace_not_as_a_pair() {
    // S0 draws Ac first and the other Ac at its second draw (position 5).
    let mut s = from_pack(&[(0, "Ac"), (5, "Ac")]);
    act(&mut s, "expose Ac");
    while BigA::to_move(&s) != Some(Seat(0)) {
        act(&mut s, "pass");
    }
    assert_eq!(s.phase(), Phase::Draw);
    assert_eq!(s.hand(Seat(0)).count("Ac".parse().unwrap()), 2);
    let pair = Action::Expose {
        suit: Suit::Clubs,
        pair: true,
    };
    let before = s.clone();
    let e = BigA::check(&s, &pair).unwrap_err();
    assert_eq!(
        e,
        ActionError::Illegal {
            action: "expose Ac Ac".to_owned()
        }
    );
    assert_eq!(e.to_string(), "expose Ac Ac is not legal now (B4-B10)");
    assert_eq!(BigA::apply(&mut s, &pair).unwrap_err(), e);
    assert_eq!(s, before, "a refusal leaves the state unchanged");
    assert!(!is_legal(&s, "expose Ac Ac"));
    assert!(is_legal(&s, "expose Ac"));
    let ev = act(&mut s, "expose Ac");
    assert_eq!(
        ev[0].to_string(),
        "S0 exposes Ac (the second copy): declarer alone, protected"
    );
    assert_eq!(s.declarer(), Some(Seat(0)));
    // Protected: nobody may expose any more.
    act(&mut s, "pass");
    assert_eq!(BigA::legal_actions(&s), [Action::Pass]);
}
