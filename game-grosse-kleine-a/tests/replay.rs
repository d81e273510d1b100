//! Validation replays the round in progress through the engine from its start, rebuilt from the
//! hands and the round's acts (for a finished match, from the last round's start, its trick and
//! A card taken back): a state that differs from the replay where no named check looks is
//! refused with the first field that differs.

use cards_core::rng::{below, rng_from_seed};
use cards_core::{Game, Seat};
use game_grosse_kleine_a::{Action, Cards, Config, GrosseKleineA, RoundKind, State};
use serde_json::{Value, json};

type G = GrosseKleineA;

/// Random single deals played to the end, one per seed.
fn finished_deals() -> impl Iterator<Item = State> {
    let config = Config {
        hands: 1,
        ..Config::default()
    };
    (0..).map(move |seed| {
        let mut state = G::new(&config, seed).unwrap();
        let mut rng = rng_from_seed(seed);
        while G::to_move(&state).is_some() {
            let legal = G::legal_actions(&state);
            let i = below(&mut rng, legal.len() as u64) as usize;
            G::apply(&mut state, &legal[i]).unwrap();
        }
        state
    })
}

fn cards(value: &Value) -> Cards {
    value.as_str().unwrap().parse().unwrap()
}

#[test]
fn a_last_trick_that_did_not_go_out_of_play_is_refused_by_the_replay() {
    // A finished deal whose last round was a normal one, and a rank of its trick of which
    // every card out of play came from that trick.
    let (state, rank) = finished_deals()
        .take(200)
        .filter(|s| matches!(s.round_kind(), RoundKind::Normal { .. }))
        .find_map(|s| {
            let v = serde_json::to_value(&s).unwrap();
            let out = cards(&v["deal"]["out"]);
            let mut trick = Cards::EMPTY;
            for act in v["deal"]["acts"].as_array().unwrap() {
                if let Action::Play(p) = act.as_str().unwrap().parse().unwrap() {
                    trick.add(p.rank(), p.naturals());
                }
            }
            let rank = (1..=13).find(|&r| trick.count(r) > 0 && out.count(r) == trick.count(r))?;
            Some((s, rank))
        })
        .expect("such a deal among the first 200 seeds");
    // One card of the trick moved into the hand of a player who still holds cards.
    let mut v = serde_json::to_value(&state).unwrap();
    let seat = Seat::all(4)
        .find(|&s| !state.hand_of(s).is_empty())
        .unwrap();
    let mut out = cards(&v["deal"]["out"]);
    out.take(rank, 1);
    let mut hand = state.hand_of(seat);
    hand.add(rank, 1);
    v["deal"]["out"] = json!(out.to_string());
    v["deal"]["hands"][seat.index()] = json!(hand.to_string());
    let message = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert_eq!(
        message,
        format!(
            "the round's acts, replayed from its start, give another state, first at `out: \
             Cards({out})`"
        )
    );
}
