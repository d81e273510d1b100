//! The worked examples: stated positions replayed and narrated (`cards example einer-ist-immer`).
//!
//! The seed text has no worked deal of its own (its two exchange sketches are not in the text),
//! so these examples state concrete hands for what the issue and the rulings describe. Each
//! function returns the narrated transcript; the tests in `tests/examples.rs` pin them and
//! assert the facts they show.

use std::fmt::Write;

use cards_core::bot::play_out;
use cards_core::rng::rng_from_seed;
use cards_core::{Bot, Example, Game, GameConfig, PerSeat, Seat};

use crate::EinerIstImmer;
use crate::action::Action;
use crate::cards::Cards;
use crate::error::SetupError;
use crate::event::Event;
use crate::rules::Config;
use crate::state::{Deal, Position, State};

/// Parses a list of hands in card notation; a bad card becomes an empty hand (the setup then
/// refuses the counts).
pub fn hands(texts: &[&str]) -> Vec<Cards> {
    texts
        .iter()
        .map(|t| t.parse().unwrap_or_default())
        .collect()
}

/// Completes a deal: the seats given `None` receive the rest of the pack, card by card in turn
/// (low cards first), the Ass of a later hand taking the extra jokers' worth.
///
/// # Errors
/// When the given hands hold more than the pack, or the deal is then refused by
/// [`State::from_deal_with_exchange`]'s checks.
pub fn fill_deal(
    config: &Config,
    hand: u32,
    previous_ranking: &[Seat],
    dealer: Seat,
    given: &[Option<Cards>],
) -> Result<Deal, SetupError> {
    let n = config.players;
    let mut rest = config.pack();
    if hand == 1 {
        let j = rest.jokers();
        rest.take(crate::cards::JOKER, j);
    }
    let mut out: Vec<Cards> = Vec::with_capacity(n);
    for g in given.iter().take(n) {
        let c = g.unwrap_or_default();
        if !rest.take_all(&c) {
            return Err(SetupError::TooMany {
                card: "?",
                count: c.len(),
                pack: rest.len(),
            });
        }
        out.push(c);
    }
    let ass = previous_ranking.last().copied();
    let open: Vec<usize> = (0..given.len().min(n))
        .filter(|&i| given.get(i).is_some_and(Option::is_none))
        .collect();
    let want = |i: usize| {
        let base = usize::from(crate::rules::HAND_SIZE);
        if Some(Seat(i as u8)) == ass {
            base + usize::from(config.jokers())
        } else {
            base
        }
    };
    let mut k = 0;
    for card in rest.cards().collect::<Vec<_>>() {
        for _ in 0..open.len() {
            let i = open[k % open.len()];
            k += 1;
            if out[i].len() < want(i) {
                out[i].add(card, 1);
                break;
            }
        }
    }
    Ok(Deal {
        hand,
        previous_ranking: previous_ranking.to_vec(),
        dealer,
        hands: out,
    })
}

fn seats(ids: &[u8]) -> Vec<Seat> {
    ids.iter().map(|&i| Seat(i)).collect()
}

fn push_events(t: &mut String, events: &[Event]) {
    for e in events {
        let _ = writeln!(t, "{e}");
    }
}

fn push_hands(t: &mut String, state: &State, label: &str) {
    let _ = writeln!(t, "{label}:");
    for s in Seat::all(state.config.players) {
        let h = state.hand_of(s);
        let _ = writeln!(t, "  {s} ({:>2}): {h}", h.len());
    }
}

/// Plays scripted actions, narrating; a refused action is narrated as a refusal and stops.
fn play_script(t: &mut String, state: &mut State, script: &[&str]) {
    for text in script {
        let action: Action = match text.parse() {
            Ok(a) => a,
            Err(e) => {
                let _ = writeln!(t, "error: {e}");
                return;
            }
        };
        match EinerIstImmer::apply(state, &action) {
            Ok(events) => push_events(t, &events),
            Err(e) => {
                let _ = writeln!(t, "error: {action} refused: {e}");
                return;
            }
        }
    }
}

fn exchange_example(players: usize, given: &[Option<&str>]) -> String {
    let mut t = String::new();
    let Ok(config) = Config::for_players(players) else {
        return "error: bad configuration".to_owned();
    };
    let ranking: Vec<Seat> = Seat::all(players).collect();
    let cards: Vec<Option<Cards>> = given
        .iter()
        .map(|g| g.and_then(|s| s.parse().ok()))
        .collect();
    let deal = match fill_deal(&config, 2, &ranking, Seat(0), &cards) {
        Ok(d) => d,
        Err(e) => return format!("error: {e}"),
    };
    let _ = write!(t, "hand 1 ranking:");
    for (p, s) in ranking.iter().enumerate() {
        let _ = write!(t, " {s} {}", config.titles.title(p, players));
        let _ = write!(t, "{}", if p + 1 < players { "," } else { "\n" });
    }
    match State::from_deal_with_exchange(&config, 1, &deal) {
        Ok((state, events)) => {
            push_events(&mut t, &events);
            push_hands(&mut t, &state, "hands after the exchange");
        }
        Err(e) => {
            let _ = writeln!(t, "error: {e}");
        }
    }
    t
}

/// Five players: Boss and Ass swap 2 cards, President and Worker 1, the middle rank none (E8).
/// The Ass holds both jokers and keeps them, giving King and Ace.
pub fn exchange_5() -> String {
    exchange_example(
        5,
        &[
            Some("2 3 5 6 7 8 9 10 J Q K A A"),
            Some("2 2 4 6 6 7 9 10 J Q Q K K"),
            Some("2 2 3 4 5 5 6 8 9 10 Q K A"),
            Some("3 3 4 5 6 7 8 8 9 10 J J A"),
            Some("3 4 4 5 7 7 8 9 10 J Q K A JK JK"),
        ],
    )
}

/// Six players: the pairs swap 3, 2 and 1 cards (E8); the Boss holds two jokers and gives its
/// three lowest naturals, the Ass gives its three Aces.
pub fn exchange_6() -> String {
    exchange_example(
        6,
        &[
            Some("3 3 3 5 8 9 10 J Q K A JK JK"),
            None,
            None,
            None,
            None,
            Some("2 4 5 6 7 8 9 10 J Q K K A A A JK"),
        ],
    )
}

/// Hand 1, five players, S3 already out: S2 wins a trick with its last cards and the next
/// player clockwise holding cards leads, skipping S3 (E6).
pub fn winner_out_hand_1() -> String {
    let mut t = String::new();
    let Ok(config) = Config::for_players(5) else {
        return "error: bad configuration".to_owned();
    };
    let pos = Position {
        hand: 1,
        previous_ranking: Vec::new(),
        hands: hands(&["4 4 8", "6 6 J", "Q Q", "-", "3 7 7 A"]),
        finished: seats(&[3]),
        leader: Seat(0),
    };
    match State::from_mid_hand_position(&config, 1, &pos) {
        Ok(mut state) => {
            t.push_str("hand 1, S3 is out (Boss)\n");
            push_hands(&mut t, &state, "hands");
            play_script(&mut t, &mut state, &["2x4", "2x6", "2xQ", "pass"]);
        }
        Err(e) => {
            let _ = writeln!(t, "error: {e}");
        }
    }
    t
}

/// Hand 2, five players ranked S0 (Boss) to S4 (Ass) in hand 1; S1 is out. S2 wins a trick with
/// its last cards; its direct superior S1 is out too, so its direct subordinate S3 leads (E6).
pub fn winner_out_later_hand() -> String {
    let mut t = String::new();
    let Ok(config) = Config::for_players(5) else {
        return "error: bad configuration".to_owned();
    };
    let pos = Position {
        hand: 2,
        previous_ranking: seats(&[0, 1, 2, 3, 4]),
        hands: hands(&["5 5 9", "-", "10 10", "4 8 8 K", "3 6 6 JK"]),
        finished: seats(&[1]),
        leader: Seat(0),
    };
    match State::from_mid_hand_position(&config, 1, &pos) {
        Ok(mut state) => {
            t.push_str("hand 2; hand 1 ranked S0 Boss, S1 President, S2 Vice President, S3 Worker, S4 Ass; S1 is out\n");
            push_hands(&mut t, &state, "hands");
            play_script(&mut t, &mut state, &["2x5", "2x10", "pass", "pass"]);
        }
        Err(e) => {
            let _ = writeln!(t, "error: {e}");
        }
    }
    t
}

/// The end of hand 1 at a table of four, then hand 2: the re-seating (the Boss keeps its
/// chair, the Ass sits to its right), the Ass's deal of 13 each and 13 + 2 jokers to itself,
/// the exchange of 2 and 1 cards, and the Boss's lead (E5, E7, E8).
pub fn reseating() -> String {
    let mut t = String::new();
    let Ok(mut config) = Config::for_players(4) else {
        return "error: bad configuration".to_owned();
    };
    config.hands = 2;
    let pos = Position {
        hand: 1,
        previous_ranking: Vec::new(),
        hands: hands(&["9 J", "Q", "4 10", "-"]),
        finished: seats(&[3]),
        leader: Seat(0),
    };
    match State::from_mid_hand_position(&config, 4, &pos) {
        Ok(mut state) => {
            t.push_str("hand 1 at a table of four, S3 is out (Boss)\n");
            push_hands(&mut t, &state, "hands");
            play_script(&mut t, &mut state, &["1x9", "1xQ", "pass", "1x4", "1xJ"]);
            push_hands(&mut t, &state, "hands after the exchange");
        }
        Err(e) => {
            let _ = writeln!(t, "error: {e}");
        }
    }
    t
}

/// A complete hand 2 of a five-player match (seed 2026), hand 1 played by heuristic bots, then
/// hand 2 narrated in full: re-seating, deal, exchange, every trick, the ranking.
pub fn complete_hand_2() -> String {
    let mut t = String::new();
    let config = Config {
        hands: 2,
        ..Config::default()
    };
    let Ok(mut state) = State::new(&config, 2026) else {
        return "error: bad configuration".to_owned();
    };
    let mut bots: PerSeat<Box<dyn Bot<EinerIstImmer>>> = PerSeat::from_fn(config.players, |_| {
        Box::new(crate::bots::Heuristic) as Box<dyn Bot<EinerIstImmer>>
    });
    let mut rng = rng_from_seed(2026);
    let mut events = Vec::new();
    let mut legal = Vec::new();
    // Hand 1, silently.
    while state.hand == 1 {
        let Some(seat) = state.turn else { break };
        EinerIstImmer::legal_actions_into(&state, &mut legal);
        let d = cards_core::Decision::new(&state, seat, &legal);
        let i = bots[seat].choose(&d, &mut rng);
        let Some(a) = legal.get(i).copied() else {
            break;
        };
        events.clear();
        state.step(a, &mut events);
    }
    let start = events
        .iter()
        .position(|e| matches!(e, Event::HandEnded { .. }))
        .unwrap_or(0);
    push_events(&mut t, &events[start..]);
    let mut rest = Vec::new();
    match play_out(&mut state, &mut bots, &mut rng, Some(&mut rest)) {
        Ok(_) => push_events(&mut t, &rest),
        Err(e) => {
            let _ = writeln!(t, "error: {e}");
        }
    }
    let _ = write!(t, "match totals:");
    for (s, v) in state.totals().iter().enumerate() {
        let _ = write!(t, " S{s} {v:+.2}");
    }
    t.push('\n');
    t
}

/// Every worked example.
pub fn all() -> Vec<Example> {
    vec![
        Example {
            name: "exchange-5",
            title: "the exchange at five: Boss-Ass 2 cards, President-Worker 1, the middle none",
            transcript: exchange_5(),
        },
        Example {
            name: "exchange-6",
            title: "the exchange at six: 3, 2 and 1 cards",
            transcript: exchange_6(),
        },
        Example {
            name: "reseating",
            title: "end of hand 1, re-seating, the Ass's deal (13 + jokers), exchange, Boss leads",
            transcript: reseating(),
        },
        Example {
            name: "winner-out-hand-1",
            title: "hand 1: a trick's winner goes out, the next player clockwise leads",
            transcript: winner_out_hand_1(),
        },
        Example {
            name: "winner-out-later-hand",
            title: "hand 2: the winner and its superior are out, the direct subordinate leads",
            transcript: winner_out_later_hand(),
        },
        Example {
            name: "hand-2",
            title: "a complete hand 2 of five heuristic players, narrated",
            transcript: complete_hand_2(),
        },
    ]
}
