//! One test per rule and ruling (A1 to A10, G2 to G4), refused cases included.

use cards_core::GameConfig;
use cards_core::GameEvent;
use cards_core::GameState;
use cards_core::rng::rng_from_seed;
use cards_core::{Game, Seat};
use game_grosse_kleine_a::{
    ACard, Action, ActionError, Cards, Config, ConfigError, Event, FirstA, GrosseKleineA, JOKER,
    JOKERS_ONLY_RANK, ParseActionError, Play, Position, RoundKind, SetupError, State, Take,
    hand_penalty, pile_penalty,
};

type G = GrosseKleineA;

fn cards(text: &str) -> Cards {
    text.parse().unwrap()
}

fn act(text: &str) -> Action {
    text.parse().unwrap()
}

fn config(players: u8) -> Config {
    Config {
        players,
        hands: 1,
        ..Config::default()
    }
}

/// A position at the start of `round`, `received` the rounds at whose end the A cards were
/// received.
fn position(hands: &[&str], leader: u8, round: u16, received: [u16; 2]) -> State {
    let players = hands.len() as u8;
    let p = Position::later(
        hands.iter().map(|h| cards(h)).collect(),
        Seat(leader),
        round,
        received,
    );
    State::from_position(&config(players), &p, 0).unwrap()
}

/// A fresh deal of four: seat 0 leads.
fn fresh(hands: [&str; 4]) -> State {
    let p = Position::deal(hands.iter().map(|h| cards(h)).collect(), Seat(0));
    State::from_position(&config(4), &p, 0).unwrap()
}

const FOUR: [&str; 4] = [
    "1 2 3 4 5 5 6 7 8 9 10 11 J",
    "1 2 3 4 6 6 7 8 9 10 11 12 13",
    "2 3 4 5 6 7 8 8 9 10 11 12 13",
    "1 2 3 4 5 7 9 10 11 12 13 13 J",
];

fn play(state: &mut State, actions: &[&str]) -> Vec<Event> {
    let mut all = Vec::new();
    for a in actions {
        let events = G::apply(state, &act(a)).unwrap_or_else(|e| panic!("{a}: {e}"));
        all.extend(events);
    }
    all
}

fn legal(state: &State) -> Vec<String> {
    G::legal_actions(state)
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn the_pack_has_eight_of_each_number_four_jokers_and_the_two_a_cards() {
    let pack = Config::default().pack();
    assert_eq!(pack.len(), 110);
    for n in 1..=13 {
        assert_eq!(pack.iter().filter(|c| **c == n.to_string()).count(), 8);
    }
    assert_eq!(pack.iter().filter(|c| *c == "J").count(), 4);
    assert_eq!(pack.iter().filter(|c| *c == "a").count(), 1);
    assert_eq!(pack.iter().filter(|c| *c == "A").count(), 1);
}

#[test]
fn the_a_cards_are_never_dealt_and_lie_in_the_middle() {
    let state = G::new(&Config::default(), 3).unwrap();
    for s in Seat::all(4) {
        assert_eq!(state.hand_of(s).count(game_grosse_kleine_a::LITTLE_A), 0);
        assert_eq!(state.hand_of(s).count(game_grosse_kleine_a::BIG_A), 0);
    }
    assert_eq!(state.a_holder(ACard::Little), None);
    let err = State::from_position(
        &config(4),
        &Position::deal(
            vec![
                cards("1 2 3 4 5 6 7 8 9 10 11 12 A"),
                cards(FOUR[1]),
                cards(FOUR[2]),
                cards(FOUR[3]),
            ],
            Seat(0),
        ),
        0,
    );
    assert_eq!(err, Err(SetupError::ACardDealt { seat: Seat(0) }));
}

#[test]
fn three_to_eight_players_get_thirteen_cards_and_nine_get_twelve() {
    for players in 3..=9u8 {
        let state = G::new(&config(players), 1).unwrap();
        let want = if players == 9 { 12 } else { 13 };
        for s in Seat::all(players.into()) {
            assert_eq!(state.hand_of(s).len(), want, "{players} players");
        }
    }
}

#[test]
fn two_or_ten_players_are_refused_with_the_range() {
    let e = <G as Game>::Config::for_players(2).unwrap_err();
    assert_eq!(e, ConfigError::Players { players: 2 });
    assert_eq!(
        e.to_string(),
        "2 players: the game is for 3 to 9 players (A2)"
    );
    assert!(<G as Game>::Config::for_players(10).is_err());
    assert!(G::new(&config(10), 0).is_err());
    let zero_hands = Config {
        hands: 0,
        ..Config::default()
    };
    assert_eq!(
        G::new(&zero_hands, 0).unwrap_err(),
        ConfigError::Hands { hands: 0 }
    );
}

#[test]
fn a_stated_deal_must_have_the_right_counts_and_no_card_too_often() {
    let short = Position::deal(
        vec![cards("1 2"), cards(FOUR[1]), cards(FOUR[2]), cards(FOUR[3])],
        Seat(0),
    );
    assert!(matches!(
        State::from_position(&config(4), &short, 0),
        Err(SetupError::Count {
            seat: Seat(0),
            expected: 13,
            got: 2
        })
    ));
    let nine_ones = Position::deal(
        vec![
            cards("1 1 1 1 1 1 1 1 2 3 4 5 6"),
            cards("1 2 3 4 6 6 7 8 9 10 11 12 13"),
            cards(FOUR[2]),
            cards(FOUR[3]),
        ],
        Seat(0),
    );
    assert!(matches!(
        State::from_position(&config(4), &nine_ones, 0),
        Err(SetupError::TooMany { .. })
    ));
}

#[test]
fn the_first_leader_sits_left_of_the_dealer_and_later_the_most_penalised_leads() {
    // A3: replay random two-hand matches and check who leads hand 2.
    for seed in 0..20 {
        let config = Config {
            hands: 2,
            ..Config::default()
        };
        let mut state = G::new(&config, seed).unwrap();
        let first = G::to_move(&state).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut penalties = None;
        while G::to_move(&state).is_some() {
            let legal = G::legal_actions(&state);
            let i = cards_core::rng::below(&mut rng, legal.len() as u64) as usize;
            for e in G::apply(&mut state, &legal[i]).unwrap() {
                match e {
                    Event::HandEnded { penalties: p, .. } if penalties.is_none() => {
                        penalties = Some(p);
                    }
                    Event::HandStarted { leader, .. } => {
                        let p: Vec<u16> = penalties.unwrap().to_vec();
                        let most = *p.iter().max().unwrap();
                        let want = first
                            .cycle_from(4, cards_core::Direction::Clockwise)
                            .find(|s| p[s.index()] == most)
                            .unwrap();
                        assert_eq!(leader, want, "seed {seed}");
                        assert_eq!(G::to_move(&state), Some(leader));
                    }
                    _ => {}
                }
            }
        }
    }
}

#[test]
fn a_lead_is_cards_of_one_rank_with_any_number_of_jokers_or_jokers_only() {
    let state = position(&["5 5 J J A", "1 2", "3 4", "6 7 a"], 0, 3, [1, 2]);
    assert_eq!(
        legal(&state),
        ["5", "5 J", "5 J J", "5 5", "5 5 J", "5 5 J J", "J", "J J"]
    );
}

#[test]
fn a_raise_is_the_same_number_of_cards_of_a_higher_rank() {
    let mut state = position(
        &["5 5 9 A", "6 6 J 4 4", "9 9 9 3", "2 J 8 a"],
        0,
        3,
        [1, 2],
    );
    play(&mut state, &["5 5"]);
    assert_eq!(legal(&state), ["pass", "6 J", "6 6"]);
    // Jokers only need two jokers: Bernd holds one.
    assert!(!legal(&state).contains(&"J J".to_owned()));
}

#[test]
fn raising_with_a_different_count_is_refused() {
    let mut state = position(&["5 5 9 A", "6 6 6 4", "9 9 9 3", "2 J 8 a"], 0, 3, [1, 2]);
    play(&mut state, &["5 5"]);
    let before = state.clone();
    let e = G::apply(&mut state, &act("6 6 6")).unwrap_err();
    assert_eq!(e, ActionError::WrongCount { needed: 2, got: 3 });
    assert_eq!(
        e.to_string(),
        "a raise must have exactly 2 cards, as many as the lead (A4)"
    );
    assert_eq!(state, before, "a refusal leaves the state unchanged (G2)");
}

#[test]
fn raising_with_an_equal_rank_is_refused() {
    let mut state = position(&["5 5 9 A", "5 5 6 6", "9 9 9 3", "2 J 8 a"], 0, 3, [1, 2]);
    play(&mut state, &["5 5"]);
    let e = G::check(&state, &act("5 5")).unwrap_err();
    assert_eq!(e, ActionError::NotHigher { top: 5 });
    assert_eq!(
        e.to_string(),
        "a raise must be of a higher rank than 5 (A4)"
    );
    assert!(G::check(&state, &act("4 4")).is_err());
    assert!(G::check(&state, &act("6 6")).is_ok());
}

#[test]
fn a_lone_joker_ranks_fourteen_and_cannot_be_beaten() {
    let mut state = position(&["J 2 A", "13 J 3", "12 4", "11 5 a"], 0, 3, [1, 2]);
    play(&mut state, &["J"]);
    assert_eq!(
        state.round_kind(),
        RoundKind::Normal {
            k: 1,
            rank: 14,
            winner: Seat(0)
        }
    );
    assert_eq!(legal(&state), ["pass"]);
    assert_eq!(
        G::check(&state, &act("J")),
        Err(ActionError::NotHigher { top: 14 })
    );
}

#[test]
fn each_player_has_exactly_one_turn_so_nobody_raises_twice_in_a_round() {
    let mut state = position(&["5 9 2 A", "6 10 3", "7 11 4", "8 12 1 a"], 0, 3, [1, 2]);
    let mut turns = vec![G::to_move(&state).unwrap()];
    for a in ["5", "6", "7", "8"] {
        play(&mut state, &[a]);
        turns.push(G::to_move(&state).unwrap());
    }
    // After the lap the round is over: Doris (8) won and leads; Bernd never moved again.
    assert_eq!(turns, [Seat(0), Seat(1), Seat(2), Seat(3), Seat(3)]);
    assert_eq!(state.round(), 4);
    assert_eq!(state.round_kind(), RoundKind::Open);
}

#[test]
fn passing_is_always_allowed_in_a_normal_round_and_the_leader_wins_when_nobody_raises() {
    let mut state = position(&["5 9", "6 10 A", "7 11", "8 12 a"], 1, 3, [1, 2]);
    play(&mut state, &["6"]);
    for _ in 0..3 {
        assert!(legal(&state).contains(&"pass".to_owned()));
        play(&mut state, &["pass"]);
    }
    assert_eq!(G::to_move(&state), Some(Seat(1)));
    assert_eq!(state.round(), 4);
}

#[test]
fn the_leader_must_lead_while_holding_a_card_that_may_be_led() {
    let state = fresh(FOUR);
    assert_eq!(G::check(&state, &Action::Pass), Err(ActionError::MustLead));
}

#[test]
fn round_one_winner_takes_the_little_a_and_round_two_winner_the_big_a() {
    let mut state = fresh(FOUR);
    let events = play(&mut state, &["5 5", "6 6", "pass", "13 13"]);
    assert!(events.contains(&Event::TookA {
        seat: Seat(3),
        card: ACard::Little
    }));
    assert_eq!(state.a_holder(ACard::Little), Some(Seat(3)));
    let events = play(&mut state, &["1", "2", "12", "pass"]);
    assert!(events.contains(&Event::TookA {
        seat: Seat(1),
        card: ACard::Big
    }));
    assert_eq!(state.a_holder(ACard::Big), Some(Seat(1)));
}

#[test]
fn the_big_a_first_variant_hands_out_the_big_a_after_round_one() {
    let p = Position::deal(FOUR.iter().map(|h| cards(h)).collect(), Seat(0));
    let config = Config {
        first_a: FirstA::BigAFirst,
        ..config(4)
    };
    let mut state = State::from_position(&config, &p, 0).unwrap();
    play(&mut state, &["5 5", "6 6", "pass", "13 13"]);
    assert_eq!(state.a_holder(ACard::Big), Some(Seat(3)));
    play(&mut state, &["1", "2", "12", "pass"]);
    assert_eq!(state.a_holder(ACard::Little), Some(Seat(1)));
}

#[test]
fn an_a_card_may_not_be_led_in_the_round_after_it_was_taken() {
    let mut state = fresh(FOUR);
    play(&mut state, &["5 5", "6 6", "pass", "13 13"]);
    // Round 2: Doris received the little a at the end of round 1.
    assert!(!legal(&state).contains(&"a".to_owned()));
    let e = G::check(&state, &act("a")).unwrap_err();
    assert_eq!(
        e,
        ActionError::AJustTaken {
            card: ACard::Little
        }
    );
    assert_eq!(
        e.to_string(),
        "the little a may not be led in the round after it was taken (A6)"
    );
    play(&mut state, &["1", "pass", "pass", "pass"]);
    // Round 3: now she may.
    assert!(legal(&state).contains(&"a".to_owned()));
}

#[test]
fn leading_an_a_card_with_other_cards_is_refused() {
    assert_eq!("A 5".parse::<Action>(), Err(ParseActionError::AWithOthers));
    assert_eq!("a J".parse::<Action>(), Err(ParseActionError::AWithOthers));
    assert_eq!(
        ParseActionError::AWithOthers.to_string(),
        "an A card may only be played alone, as a single card (A6)"
    );
}

#[test]
fn an_a_card_may_only_be_led_never_played_to_a_round() {
    let mut state = position(&["5 9", "6 10 A", "7 11 a", "8 12"], 0, 4, [1, 2]);
    play(&mut state, &["5"]);
    assert_eq!(G::check(&state, &act("A")), Err(ActionError::AOnlyLed));
    assert!(!legal(&state).contains(&"A".to_owned()));
}

#[test]
fn in_an_a_round_the_led_a_ranks_zero_jokers_one_and_ties_go_to_the_first() {
    let mut state = position(&["a 9", "J 10", "1 11", "1 12 A"], 0, 4, [1, 2]);
    play(&mut state, &["a", "J"]);
    assert_eq!(
        state.round_kind(),
        RoundKind::ARound {
            card: ACard::Little,
            rank: 1,
            winner: Seat(1)
        }
    );
    let events = play(&mut state, &["1", "1"]);
    // Bernd's joker (rank 1) came first among the 1s: he takes the trick to his pile.
    assert_eq!(
        events.last(),
        Some(&Event::RoundWon {
            seat: Seat(1),
            round: 4,
            take: Take::PenaltyPile {
                cards: cards("1 1 J a"),
                points: 3
            }
        })
    );
    assert_eq!(state.pile_of(Seat(1)), cards("1 1 J a"));
    assert_eq!(G::to_move(&state), Some(Seat(1)), "the taker leads next");
}

#[test]
fn nobody_may_pass_in_an_a_round_while_holding_a_card_that_may_be_played() {
    let mut state = position(&["a 9", "13 10", "1 11", "1 12 A"], 0, 4, [1, 2]);
    play(&mut state, &["a"]);
    assert_eq!(legal(&state), ["10", "13"]);
    let e = G::check(&state, &Action::Pass).unwrap_err();
    assert_eq!(e, ActionError::MustPlayInARound);
    assert_eq!(
        e.to_string(),
        "no passing in an A round while holding a card that may be played (A7)"
    );
    assert_eq!(
        G::check(&state, &act("10 10")),
        Err(ActionError::OneCardInARound)
    );
}

#[test]
fn the_other_a_card_may_not_be_played_in_an_a_round() {
    let mut state = position(&["a 9", "A 10", "1 11", "1 12"], 0, 5, [1, 2]);
    play(&mut state, &["a"]);
    let e = G::check(&state, &act("A")).unwrap_err();
    assert_eq!(e, ActionError::OtherAInARound);
    assert_eq!(
        e.to_string(),
        "the other A card may not be played in an A round (A7)"
    );
    assert_eq!(legal(&state), ["10"]);
}

#[test]
fn a_player_whose_hand_is_only_the_other_a_card_passes_in_an_a_round() {
    let mut state = position(&["a 9", "A", "1 11", "1 12"], 0, 5, [1, 2]);
    play(&mut state, &["a"]);
    assert_eq!(G::to_move(&state), Some(Seat(1)));
    assert_eq!(legal(&state), ["pass"]);
    let events = play(&mut state, &["pass", "11", "1"]);
    assert_eq!(
        events.last(),
        Some(&Event::RoundWon {
            seat: Seat(2),
            round: 5,
            take: Take::PenaltyPile {
                cards: cards("1 11 a"),
                points: 12
            }
        })
    );
}

#[test]
fn the_big_a_trick_goes_into_the_takers_hand_and_is_known_to_all() {
    let mut state = position(&["A 9", "3 10", "J 11", "2 12 a"], 0, 4, [1, 2]);
    play(&mut state, &["A", "3", "J", "2"]);
    assert_eq!(state.hand_of(Seat(1)), cards("2 3 10 J A"));
    assert_eq!(state.a_holder(ACard::Big), Some(Seat(1)));
    let view = G::view(&state, Seat(0));
    assert_eq!(view.known[1], cards("2 3 J"));
    // Bernd took it at the end of round 4: he may not lead it in round 5.
    assert_eq!(G::to_move(&state), Some(Seat(1)));
    assert!(!legal(&state).contains(&"A".to_owned()));
}

#[test]
fn a_leader_holding_only_a_cards_that_may_not_be_led_passes_the_lead() {
    // Seat 0 won round 2 with its last cards and took the Big A at its end: it holds nothing
    // else and may not lead it in round 3 (A6).
    let mut state = position(&["A", "3 10 a", "J 11", "2 12"], 0, 3, [1, 2]);
    assert_eq!(legal(&state), ["pass"]);
    let events = play(&mut state, &["pass"]);
    assert_eq!(
        events,
        [Event::LeadPassed {
            seat: Seat(0),
            round: 3
        }]
    );
    assert_eq!(G::to_move(&state), Some(Seat(1)));
    assert_eq!(G::check(&state, &Action::Pass), Err(ActionError::MustLead));
    // Bernd leads; seat 0 has had its turn, so the round ends after Doris.
    play(&mut state, &["3", "11", "12"]);
    assert_eq!(state.round(), 4);
    assert_eq!(G::to_move(&state), Some(Seat(3)));
    assert!(G::view(&state, Seat(0)).table.is_empty());
}

#[test]
fn the_hand_ends_when_a_player_has_no_cards_and_penalties_are_counted() {
    // Seat 0 holds one 9 and goes out; the others keep jokers and A cards.
    let mut state = position(&["9", "3 J", "A 11", "2 a 12"], 0, 4, [1, 2]);
    let events = play(&mut state, &["9", "pass", "pass", "pass"]);
    assert!(matches!(
        events.last(),
        Some(Event::MatchEnded { winners, .. }) if winners == &[Seat(0)]
    ));
    let ended = events
        .iter()
        .find_map(|e| match e {
            Event::HandEnded { penalties, .. } => Some(*penalties),
            _ => None,
        })
        .unwrap();
    // Joker 14 in hand, Big A 20, little a 15.
    assert_eq!(ended, [0, 3 + 14, 20 + 11, 2 + 15 + 12]);
    assert!(G::to_move(&state).is_none());
    assert_eq!(G::scores(&state).0, [0.0, -17.0, -31.0, -29.0]);
}

#[test]
fn penalty_values_are_rank_joker_fourteen_little_a_fifteen_big_a_twenty_pile_joker_one() {
    use game_grosse_kleine_a::{BIG_A, JOKER, LITTLE_A};
    assert_eq!(hand_penalty(7), 7);
    assert_eq!(hand_penalty(JOKER), 14);
    assert_eq!(hand_penalty(LITTLE_A), 15);
    assert_eq!(hand_penalty(BIG_A), 20);
    assert_eq!(pile_penalty(7), 7);
    assert_eq!(pile_penalty(JOKER), 1);
    assert_eq!(pile_penalty(LITTLE_A), 0);
    assert_eq!(cards("4 4 2 a").pile_penalty(), 10);
}

#[test]
fn a_match_lasts_the_configured_hands_and_the_lowest_total_wins_with_ties_sharing() {
    let config = Config {
        hands: 3,
        ..Config::default()
    };
    let mut state = G::new(&config, 11).unwrap();
    let mut rng = rng_from_seed(5);
    let mut hands_ended = 0;
    let mut last = None;
    while G::to_move(&state).is_some() {
        let legal = G::legal_actions(&state);
        let i = cards_core::rng::below(&mut rng, legal.len() as u64) as usize;
        for e in G::apply(&mut state, &legal[i]).unwrap() {
            if matches!(e, Event::HandEnded { .. }) {
                hands_ended += 1;
            }
            last = Some(e);
        }
    }
    assert_eq!(hands_ended, 3);
    let Some(Event::MatchEnded { totals, winners }) = last else {
        panic!("no match end")
    };
    let best = *totals.iter().min().unwrap();
    let want: Vec<Seat> = Seat::all(4).filter(|s| totals[s.index()] == best).collect();
    assert_eq!(winners, want);
    assert_eq!(state.results().len(), 3);
    let sum: Vec<u32> = (0..4)
        .map(|i| state.results().iter().map(|r| u32::from(r[i])).sum())
        .collect();
    assert_eq!(sum, totals);
}

#[test]
fn a_view_shows_only_the_seats_own_cards() {
    let state = fresh(FOUR);
    let view = G::view(&state, Seat(2));
    assert_eq!(view.hand, cards(FOUR[2]));
    assert_eq!(view.hand_sizes, [13, 13, 13, 13]);
    let text = serde_json::to_string(&view).unwrap();
    assert!(!text.contains(FOUR[0]));
    let shown = view.to_string();
    assert!(shown.contains("| you are S2\n"));
    assert!(shown.contains("Your hand (13 cards): 2 3 4 5 6 7 8 8 9 10 11 12 13"));
    assert_eq!(view.screen().hand.len(), 13);
    assert!(!shown.contains(FOUR[1]));
}

#[test]
fn determinize_keeps_what_the_seat_knows_and_conserves_the_cards() {
    let mut state = position(&["A 9 5", "3 10 1", "J 11 4", "2 12 6 a"], 0, 4, [1, 2]);
    play(&mut state, &["A", "3", "J", "2"]);
    let mut rng = rng_from_seed(9);
    for _ in 0..20 {
        let d = state.determinize(Seat(2), &mut rng);
        assert_eq!(G::view(&d, Seat(2)), G::view(&state, Seat(2)));
        // Bernd's known cards from the Big A trick stay in his hand.
        assert!(d.hand_of(Seat(1)).contains_all(&cards("2 3 J A")));
        // A fresh match seed: the real one would re-deal the true hands.
        let seed = |s: &State| serde_json::to_value(s).unwrap()["seed"].clone();
        assert!(seed(&state).is_u64());
        assert_ne!(seed(&d), seed(&state));
        let mut a = d.census();
        let mut b = d.config().pack();
        a.sort();
        b.sort();
        assert_eq!(a, b);
    }
}

#[test]
fn max_actions_bounds_random_matches() {
    for players in [3u8, 4, 9] {
        let config = Config {
            players,
            hands: 2,
            ..Config::default()
        };
        let limit = config.max_actions();
        for seed in 0..20 {
            let mut state = G::new(&config, seed).unwrap();
            let mut rng = rng_from_seed(seed);
            let mut bots = cards_core::PerSeat::from_fn(players.into(), |_| {
                Box::new(cards_core::RandomBot) as Box<dyn cards_core::Bot<G>>
            });
            let n = cards_core::bot::play_out(&mut state, &mut bots, &mut rng, None).unwrap();
            assert!(n <= limit);
        }
    }
}

#[test]
fn actions_and_cards_serialize_as_their_notation() {
    for text in ["pass", "5 5", "7 J", "J", "J J", "a", "A"] {
        let a = act(text);
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), a);
    }
    assert!(serde_json::from_str::<Action>("\"5 6\"").is_err());
    let c = cards("1 13 J a A");
    assert_eq!(serde_json::to_string(&c).unwrap(), "\"1 13 J a A\"");
    let config = Config::default();
    let json = serde_json::to_string(&config).unwrap();
    assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), config);
    assert_eq!(
        serde_json::from_str::<Config>("{}").unwrap(),
        Config::default()
    );
}

#[test]
fn a_play_of_cards_not_in_hand_is_refused() {
    let state = fresh(FOUR);
    assert_eq!(
        G::check(&state, &act("12")),
        Err(ActionError::NotHeld { action: act("12") })
    );
    assert_eq!(
        G::check(&state, &act("J J")),
        Err(ActionError::NotHeld { action: act("J J") })
    );
    assert_eq!(
        G::check(&state, &act("a")),
        Err(ActionError::NotHeld { action: act("a") })
    );
}

#[test]
fn no_action_is_accepted_once_the_match_is_over() {
    let mut state = position(&["9", "3 J", "A 11", "2 a 12"], 0, 4, [1, 2]);
    play(&mut state, &["9", "pass", "pass", "pass"]);
    assert_eq!(G::to_move(&state), None);
    assert_eq!(G::check(&state, &Action::Pass), Err(ActionError::MatchOver));
    assert!(G::legal_actions(&state).is_empty());
}

#[test]
fn other_seats_dealt_cards_are_redacted_from_the_event_log() {
    let e = Event::Dealt {
        seat: Seat(1),
        cards: Some(cards(FOUR[1])),
        count: 13,
    };
    assert_eq!(
        e.redact(Seat(0)),
        Some(Event::Dealt {
            seat: Seat(1),
            cards: None,
            count: 13
        })
    );
    assert_eq!(e.redact(Seat(1)), Some(e.clone()));
    assert_eq!(
        e.redact(Seat(0)).unwrap().to_string(),
        "S1 is dealt 13 cards"
    );
}

#[test]
fn a_winner_who_plays_out_in_round_one_takes_the_little_a_and_the_hand_goes_on() {
    // A5 as amended: taking the A card comes before the check for the end of the hand. Nine
    // players, twelve cards each: seat 0 holds eight 7s and the four jokers and plays them all.
    let mut rest = Vec::new();
    for r in (1..=13).filter(|&r| r != 7) {
        for _ in 0..8 {
            rest.push(r.to_string());
        }
    }
    let mut hands = vec![cards("7 7 7 7 7 7 7 7 J J J J")];
    hands.extend(rest.chunks(12).map(|c| cards(&c.join(" "))));
    let config = Config {
        players: 9,
        hands: 1,
        ..Config::default()
    };
    let mut state = State::from_position(&config, &Position::deal(hands, Seat(0)), 0).unwrap();
    let mut events = play(&mut state, &["7 7 7 7 7 7 7 7 J J J J"]);
    for _ in 1..9 {
        assert_eq!(legal(&state), ["pass"]);
        events.extend(play(&mut state, &["pass"]));
    }
    assert!(events.contains(&Event::TookA {
        seat: Seat(0),
        card: ACard::Little
    }));
    assert!(
        G::to_move(&state).is_some(),
        "seat 0 holds a card again: the hand goes on"
    );
    assert_eq!(state.a_holder(ACard::Little), Some(Seat(0)));
    // Its only card may not be led in the round after it was received (A6): the lead passes
    // (A8), and seat 0 passes.
    assert_eq!(G::to_move(&state), Some(Seat(0)));
    assert_eq!(legal(&state), ["pass"]);
    play(&mut state, &["pass"]);
    assert_eq!(G::to_move(&state), Some(Seat(1)));
}

#[test]
fn a_hand_that_ends_in_round_two_leaves_the_big_a_with_its_winner_who_pays_twenty() {
    // A5 as amended: seat 2 won round 1, took the little a and leads round 2; seat 0 plays
    // out in round 2, seat 1 wins the round and takes the Big A before the hand ends, so it
    // pays the Big A's 20 (A9).
    let mut state = position(&["5", "6 9", "2 3 a", "4 4"], 2, 2, [1, 0]);
    let events = play(&mut state, &["2", "4", "5", "6"]);
    assert!(events.contains(&Event::TookA {
        seat: Seat(1),
        card: ACard::Big
    }));
    assert!(G::to_move(&state).is_none());
    let penalties = events
        .iter()
        .find_map(|e| match e {
            Event::HandEnded { penalties, .. } => Some(*penalties),
            _ => None,
        })
        .unwrap();
    assert_eq!(penalties, [0, 9 + 20, 3 + 15, 4]);
    assert_eq!(G::scores(&state).0, [0.0, -29.0, -18.0, -4.0]);
    // The finished hand, the Big A in a hand at the end of round 2, reads back.
    let text = serde_json::to_string(&state).unwrap();
    assert_eq!(serde_json::from_str::<State>(&text).unwrap(), state);
}

#[test]
fn a_stated_position_needs_one_hand_per_player_a2() {
    let three = Position::deal(
        vec![cards(FOUR[0]), cards(FOUR[1]), cards(FOUR[2])],
        Seat(0),
    );
    let e = State::from_position(&config(4), &three, 0).unwrap_err();
    assert_eq!(e, SetupError::Seats { players: 4, got: 3 });
    assert_eq!(e.to_string(), "3 hands given for 4 players");
    let five = Position::deal(
        vec![
            cards(FOUR[0]),
            cards(FOUR[1]),
            cards(FOUR[2]),
            cards(FOUR[3]),
            cards(FOUR[0]),
        ],
        Seat(0),
    );
    assert_eq!(
        State::from_position(&config(4), &five, 0),
        Err(SetupError::Seats { players: 4, got: 5 })
    );
}

#[test]
fn a_stated_position_is_led_by_a_seat_at_the_table_a3() {
    let p = Position::deal(FOUR.iter().map(|h| cards(h)).collect(), Seat(4));
    let e = State::from_position(&config(4), &p, 0).unwrap_err();
    assert_eq!(
        e,
        SetupError::Leader {
            leader: Seat(4),
            players: 4
        }
    );
    assert_eq!(e.to_string(), "leader S4 is not at a table of 4");
}

#[test]
fn a_stated_position_has_its_a_cards_received_before_its_round_a5() {
    let hands = || ["5 9 a", "6 10 A", "7 11", "8 12"].map(cards).to_vec();
    let refused = Err(SetupError::Inconsistent(
        "the A cards must be received before the round stated (A5)",
    ));
    // No round 0: play starts at round 1.
    let p = Position::later(hands(), Seat(0), 0, [0, 0]);
    assert_eq!(State::from_position(&config(4), &p, 0), refused);
    // The Big A received at the end of the round stated, or of a later one.
    let p = Position::later(hands(), Seat(0), 4, [1, 4]);
    assert_eq!(State::from_position(&config(4), &p, 0), refused);
    let p = Position::later(hands(), Seat(0), 4, [5, 2]);
    let e = State::from_position(&config(4), &p, 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "inconsistent position: the A cards must be received before the round stated (A5)"
    );
    // Received before: the same hands read.
    let p = Position::later(hands(), Seat(0), 4, [1, 2]);
    assert!(State::from_position(&config(4), &p, 0).is_ok());
}

#[test]
fn every_player_holds_cards_at_the_start_of_a_later_round_a9() {
    let p = Position::later(
        vec![cards("5 9 a"), cards("6 10 A"), Cards::EMPTY, cards("8 12")],
        Seat(0),
        4,
        [1, 2],
    );
    let e = State::from_position(&config(4), &p, 0).unwrap_err();
    assert_eq!(
        e,
        SetupError::Inconsistent("every player holds cards at the start of a round (A9)")
    );
    assert_eq!(
        e.to_string(),
        "inconsistent position: every player holds cards at the start of a round (A9)"
    );
}

#[test]
fn a_play_is_number_cards_of_one_rank_and_jokers_never_an_a_card_nor_a_pass_a4_a6() {
    // The notation of a play (as in an event) refuses an A card led and a pass, which are
    // actions but no play of cards.
    assert_eq!("a".parse::<Play>(), Err(ParseActionError::AWithOthers));
    assert_eq!("A".parse::<Play>(), Err(ParseActionError::AWithOthers));
    assert_eq!(
        "pass".parse::<Play>(),
        Err(ParseActionError::BadCard("pass".to_owned()))
    );
    assert_eq!(
        ParseActionError::BadCard("pass".to_owned()).to_string(),
        "invalid card \"pass\" (expected 1 to 13, J, a, A or pass)"
    );
    assert_eq!("7 J".parse::<Play>(), Ok(Play::new(7, 1, 1).unwrap()));
    assert!(serde_json::from_str::<Play>("\"a\"").is_err());
    assert!(serde_json::from_str::<Play>("\"pass\"").is_err());
    assert_eq!(
        serde_json::from_str::<Play>("\"J J\"").unwrap(),
        Play::new(0, 0, 2).unwrap()
    );
}

#[test]
fn a_play_holds_at_most_the_packs_eight_of_a_number_and_four_jokers_a1_a4() {
    // Ranks 1 to 13; jokers only rank 14 whatever rank is named.
    assert_eq!(Play::new(0, 1, 0), None);
    assert_eq!(Play::new(14, 1, 0), None);
    assert_eq!(Play::new(5, 9, 0), None);
    assert_eq!(Play::new(5, 1, 5), None);
    assert_eq!(Play::new(5, 0, 0), None);
    let jokers = Play::new(3, 0, 2).unwrap();
    assert_eq!((jokers.rank(), jokers.len()), (JOKERS_ONLY_RANK, 2));
    let tens = Play::new(10, 2, 1).unwrap();
    assert_eq!(tens.to_string(), "10 10 J");
    assert_eq!(
        (
            tens.group().rank,
            tens.group().naturals,
            tens.group().jokers
        ),
        (10, 2, 1)
    );
    assert!(!tens.is_empty());
    assert_eq!(tens.single_slot(), None);
    assert_eq!(Play::new(10, 1, 0).unwrap().single_slot(), Some(10));
    assert_eq!(Play::new(10, 0, 1).unwrap().single_slot(), Some(JOKER));
    assert_eq!(ACard::Little.other(), ACard::Big);
    assert_eq!(ACard::Big.other(), ACard::Little);
}

#[test]
fn the_opening_of_a_fresh_match_names_the_first_leader_and_deals_each_seat_a2_a3() {
    let mut state = G::new(&config(4), 5).unwrap();
    let leader = G::to_move(&state).unwrap();
    let opening = <G as cards_core::Catalog>::opening(&state);
    let mut want = vec![Event::HandStarted { hand: 1, leader }];
    want.extend(Seat::all(4).map(|seat| Event::Dealt {
        seat,
        cards: Some(state.hand_of(seat)),
        count: 13,
    }));
    assert_eq!(opening, want);
    assert_eq!(
        opening[0].to_string(),
        format!("hand 1: {leader} leads the first round")
    );
    assert_eq!(
        opening[1].to_string(),
        format!("S0 is dealt {}", state.hand_of(Seat(0)))
    );
    // Once play has begun, or for a stated position, there is no opening to narrate.
    let first = G::legal_actions(&state)[0];
    G::apply(&mut state, &first).unwrap();
    assert!(<G as cards_core::Catalog>::opening(&state).is_empty());
    assert!(<G as cards_core::Catalog>::opening(&fresh(FOUR)).is_empty());
}

#[test]
fn a_skipped_leaders_pass_is_narrated_with_its_rule_a8() {
    let e = Event::LeadPassed {
        seat: Seat(0),
        round: 3,
    };
    assert_eq!(
        e.to_string(),
        "round 3: S0 holds only A cards that may not be led yet and passes the lead (A8)"
    );
}

#[test]
fn illegal_actions_applied_unchecked_do_not_panic_and_leave_a_valid_state() {
    // `apply_unchecked` is for checked actions; given an A card outside a lead (A6) or any
    // action after the match (A10), it changes nothing rather than corrupt the state.
    let mut state = position(&["5 9", "6 10 A", "7 11 a", "8 12"], 0, 4, [1, 2]);
    play(&mut state, &["5"]);
    let before = state.clone();
    let mut events = Vec::new();
    G::apply_unchecked(&mut state, &act("A"), &mut events);
    assert!(events.is_empty());
    assert_eq!(state, before);
    assert_eq!(state.validate(), Ok(()));
    let mut over = position(&["9", "3 J", "A 11", "2 a 12"], 0, 4, [1, 2]);
    play(&mut over, &["9", "pass", "pass", "pass"]);
    assert!(over.is_over());
    let before = over.clone();
    G::apply_unchecked(&mut over, &act("3"), &mut events);
    assert!(events.is_empty());
    assert_eq!(over, before);
    assert_eq!(over.validate(), Ok(()));
}

#[test]
fn the_catalog_shows_every_card_of_the_pack_and_the_rule_options_a1_a5_a10() {
    use cards_core::Catalog;
    let faces = G::card_faces();
    let pack = Config::default().pack();
    for card in &pack {
        assert!(faces.iter().any(|f| f.card == *card), "{card} has no face");
    }
    assert_eq!(
        faces.len(),
        16,
        "1 to 13, the joker, the little a, the Big A"
    );
    assert_eq!(G::rules(), game_grosse_kleine_a::RULES);
    let keys: Vec<&str> = G::words().options.iter().map(|o| o.key).collect();
    assert_eq!(keys, ["hands", "first_a"]);
    let fields = serde_json::to_value(Config::default()).unwrap();
    for key in keys {
        assert!(fields.get(key).is_some(), "{key} is no configuration field");
    }
}

#[test]
fn the_screen_of_a_finished_match_says_it_is_over_a10() {
    let mut state = position(&["9", "3 J", "A 11", "2 a 12"], 0, 4, [1, 2]);
    let open = G::view(&state, Seat(1)).screen();
    assert!(!open.table.contains(&"the match is over".to_owned()));
    play(&mut state, &["9", "pass", "pass", "pass"]);
    let screen = G::view(&state, Seat(1)).screen();
    assert_eq!(screen.to_move, None);
    assert_eq!(
        screen.table.last().map(String::as_str),
        Some("the match is over")
    );
}

#[test]
fn two_players_out_in_one_round_share_the_win_a4_a9_a10() {
    // S0 leads its last card and S1 raises with its last card: both are out at the end of the
    // round, with no penalty, and share the win of a one-hand match.
    let mut state = position(&["9", "10", "5 a A"], 0, 4, [1, 2]);
    let events = play(&mut state, &["9", "10", "pass"]);
    assert!(state.is_over());
    assert_eq!(state.totals(), [0, 0, 40]);
    assert_eq!(state.winners(), [Seat(0), Seat(1)]);
    let Some(end @ Event::MatchEnded { winners, .. }) = events.last() else {
        panic!("no match end: {events:?}")
    };
    assert_eq!(winners, &[Seat(0), Seat(1)]);
    assert_eq!(
        end.to_string(),
        "the match ends; totals: S0 0, S1 0, S2 40; winners: S0, S1"
    );
}
