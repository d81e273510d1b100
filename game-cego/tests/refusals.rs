//! Refusals of the notation that no other test reaches: cards out of the pack (cego.md 1), a
//! card list naming a card twice (G4), and the names a contract is read under (cego.md 4).

use game_cego::{Card, Contract, Kind, ParseContractError, parse_cards};

#[test]
fn trocks_are_numbered_1_to_22_and_nothing_else_is_a_trock_1() {
    assert_eq!(Card::trock(1), Some(Card::T1));
    assert_eq!(Card::trock(21), Some(Card::T21));
    assert_eq!(Card::trock(22), Some(Card::GSTIESS));
    for n in [0, 23, 255] {
        assert_eq!(Card::trock(n), None, "{n}");
    }
}

#[test]
fn plain_cards_have_four_suits_of_eight_positions_1() {
    assert_eq!(Card::plain(0, 8), Some("Kc".parse().unwrap()));
    assert_eq!(Card::plain(3, 1), Some("4d".parse().unwrap()));
    assert_eq!(Card::plain(3, 1).map(Card::kind), Some(Kind::Plain(3, 1)));
    for (suit, position) in [(4, 1), (0, 0), (0, 9), (255, 255)] {
        assert_eq!(Card::plain(suit, position), None, "{suit} {position}");
    }
}

#[test]
fn a_card_list_naming_a_card_twice_is_refused_g4() {
    let e = parse_cards("Kc T21 kc").unwrap_err();
    assert_eq!(e.kind, "card list");
    assert_eq!(e.text, "Kc T21 kc");
    assert_eq!(e.expected, "each card once");
    assert_eq!(
        e.to_string(),
        "invalid card list \"Kc T21 kc\": each card once"
    );
    // The first unreadable card is the error of a list that has one.
    let e = parse_cards("Kc 5c Kc").unwrap_err();
    assert_eq!((e.kind, e.text.as_str()), ("card", "5c"));
    assert_eq!(parse_cards("Kc T21 Gs").unwrap().len(), 3);
    assert!(parse_cards("  ").unwrap().is_empty());
}

#[test]
fn cards_outside_the_pack_do_not_parse_1() {
    for bad in [
        "T0", "T22", "T", "Tx", "5c", "1c", "7h", "10d", "Kx", "K", "", "Gss",
    ] {
        let e = bad.parse::<Card>().unwrap_err();
        assert_eq!((e.kind, e.text.as_str()), ("card", bad), "{bad}");
    }
    // The Sküs, the Cavalier as C and lower case are read.
    assert_eq!("gs".parse::<Card>(), Ok(Card::GSTIESS));
    assert_eq!("Cc".parse::<Card>(), "Rc".parse::<Card>());
    assert_eq!("t21".parse::<Card>(), Ok(Card::T21));
}

#[test]
fn raeuber_is_read_with_or_without_its_umlaut_and_gegensolo_as_cego_4() {
    for text in ["raeuber", "räuber", "rauber", "RAEUBER", "Rauber"] {
        assert_eq!(text.parse::<Contract>(), Ok(Contract::Raeuber), "{text}");
    }
    assert_eq!("Gegensolo".parse::<Contract>(), Ok(Contract::Cego));
    assert_eq!(
        "robber".parse::<Contract>(),
        Err(ParseContractError("robber".to_owned()))
    );
    assert_eq!(
        ParseContractError("robber".to_owned()).to_string(),
        "unknown contract \"robber\""
    );
}
