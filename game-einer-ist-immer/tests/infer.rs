//! The inferring expert: the hand's record rebuilds the hands at the first lead in every world the seat can
//! imagine, weighs the true world above the others when the players play as its model does,
//! and the expert still chooses only on what its seat knows.

use cards_core::rng::rng_from_seed;
use cards_core::search::{Infer, InferOptions, Inferring, IsmctsOptions};
use cards_core::{Bot, Decision, Game, GameConfig, GameEvent, GameState, Search, Seat};
use game_einer_ist_immer::{Cards, Config, EinerIstImmer, HandRecord, State};

type G = EinerIstImmer;

const PLAYERS: usize = 5;

/// The events of one action as one seat saw them.
type Seen = Vec<<G as Game>::Event>;

/// A match of five, dealt from `seed`, played by heuristic bots: the whole first hand when
/// `second` (the second hand starts with an exchange, E8), then `actions` actions of the hand
/// in progress. The hands as its first trick was led, the state reached and the record seat 0
/// kept (from the events as seat 0 saw them) and every action's events.
fn played_in(
    second: bool,
    seed: u64,
    actions: usize,
) -> (Vec<Cards>, State, HandRecord, Vec<Seen>) {
    let mut config = Config::for_players(PLAYERS).unwrap();
    config.hands = if second { 2 } else { 1 };
    let mut state = G::new(&config, seed).unwrap();
    let mut dealt = Vec::new();
    let mut record = HandRecord::default();
    let mut seen = Vec::new();
    let mut heuristic = G::heuristic_bot();
    let mut rng = rng_from_seed(seed);
    let mut n = 0;
    while n < actions {
        let Some(seat) = G::to_move(&state) else {
            break;
        };
        if state.hand_number() == config.hands {
            n += 1;
            if record.actions().is_empty() {
                dealt = Seat::all(PLAYERS).map(|s| state.hand_of(s)).collect();
            }
        }
        let legal = G::legal_actions(&state);
        let i = heuristic.choose(&Decision::<G>::new(&state, seat, &legal), &mut rng);
        let events = G::apply(&mut state, &legal[i]).unwrap();
        let mine: Vec<_> = events.iter().filter_map(|e| e.redact(Seat(0))).collect();
        G::note(&mut record, &mine);
        seen.push(events);
    }
    (dealt, state, record, seen)
}

fn played(seed: u64, actions: usize) -> (Vec<Cards>, State, HandRecord, Vec<Seen>) {
    played_in(false, seed, actions)
}

fn options(worlds: u32) -> InferOptions {
    InferOptions {
        worlds,
        disagree: 0.3,
        search: IsmctsOptions {
            iterations: 60,
            seed: Some(5),
            ..G::search_defaults()
        },
    }
}

#[test]
fn the_record_rebuilds_the_hands_at_the_first_lead_and_replays_to_the_state_reached() {
    let mut replayed = 0;
    for seed in 0..8 {
        let (dealt, state, record, _) = played_in(seed % 2 == 1, seed, 25);
        if G::to_move(&state).is_none() {
            // The deal is over: nobody decides on its record.
            continue;
        }
        replayed += 1;
        assert!(record.actions().len() >= 20, "seed {seed}");
        // On the true state the rebuilt hands are the hands at the first lead.
        let mut start = G::replay_start(&state, &record).expect("the true world replays");
        let hands: Vec<Cards> = Seat::all(PLAYERS).map(|s| start.hand_of(s)).collect();
        assert_eq!(hands, dealt, "seed {seed}");
        for (seat, action) in record.actions() {
            assert_eq!(G::to_move(&start), Some(*seat), "seed {seed}");
            G::apply(&mut start, action).unwrap();
        }
        for s in Seat::all(PLAYERS) {
            assert_eq!(start.hand_of(s), state.hand_of(s), "seed {seed}, {s}");
        }
    }
    assert!(replayed >= 4, "{replayed} deals replayed");
}

#[test]
fn every_world_replays_and_the_true_one_weighs_most_when_the_players_play_as_the_model() {
    let (mut below_one, mut worlds) = (0, 0);
    for seed in 0..6 {
        let (_, state, record, seen) = played(seed, 30);
        let Some(seat) = G::to_move(&state) else {
            continue;
        };
        let mut bot = Inferring::<G>::new(options(20));
        for events in &seen {
            let mine: Vec<_> = events.iter().filter_map(|e| e.redact(seat)).collect();
            bot.observe(seat, &mine);
        }
        if seat == Seat(0) {
            assert_eq!(bot.record(), &record);
        }
        assert_eq!(bot.record().actions(), record.actions());
        // Every seat played the heuristic: in the true world the model agrees throughout.
        assert!(
            (bot.weight(&state, seat) - 1.0).abs() < 1e-12,
            "seed {seed}"
        );
        let mut rng = rng_from_seed(seed);
        for _ in 0..20 {
            let world = state.determinize(seat, &mut rng);
            let w = bot.weight(&world, seat);
            assert!(w > 0.0, "seed {seed}: a world the seat can imagine replays");
            worlds += 1;
            below_one += usize::from(w < 1.0);
        }
    }
    assert!(worlds >= 40, "{worlds} worlds");
    assert!(
        below_one * 2 > worlds,
        "{below_one} of {worlds} worlds weigh less"
    );
}

#[test]
fn the_expert_chooses_the_same_on_states_its_seat_cannot_tell_apart() {
    let mut decisions = 0;
    for seed in 0..12 {
        let (_, state, _, seen) = played(seed, 14 + seed as usize);
        let Some(seat) = G::to_move(&state) else {
            continue;
        };
        let legal = G::legal_actions(&state);
        if legal.len() < 2 {
            continue;
        }
        let other = state.determinize(seat, &mut rng_from_seed(seed + 100));
        assert_eq!(G::legal_actions(&other), legal);
        let pick = |s: &State| {
            let mut bot = Inferring::<G>::new(options(30));
            for events in &seen {
                let mine: Vec<_> = events.iter().filter_map(|e| e.redact(seat)).collect();
                bot.observe(seat, &mine);
            }
            bot.choose(&Decision::<G>::new(s, seat, &legal), &mut rng_from_seed(3))
        };
        assert_eq!(pick(&state), pick(&other), "seed {seed}");
        decisions += 1;
    }
    assert!(decisions >= 6, "{decisions} decisions");
}

#[test]
fn the_expert_keeps_the_record_and_searches_with_it() {
    let config = Config::for_players(PLAYERS).unwrap().single_deal();
    let mut state = G::new(&config, 11).unwrap();
    let mut expert = <G as cards_core::Catalog>::expert_bot(Some(1));
    assert!(expert.observes(), "the expert keeps the hand's record");
    let mut rng = rng_from_seed(2);
    let mut decisions = 0;
    // Seat 0's first two decisions with a choice, after the others have played.
    while let Some(seat) = G::to_move(&state) {
        let legal = G::legal_actions(&state);
        let i = if seat == Seat(0) && legal.len() > 1 {
            if decisions == 2 {
                break;
            }
            decisions += 1;
            expert.choose(&Decision::<G>::new(&state, seat, &legal), &mut rng)
        } else {
            0
        };
        assert!(i < legal.len());
        let events = G::apply(&mut state, &legal[i]).unwrap();
        let mine: Vec<_> = events.iter().filter_map(|e| e.redact(Seat(0))).collect();
        expert.observe(Seat(0), &mine);
    }
    assert_eq!(decisions, 2);
    assert_eq!(
        expert.iterations(),
        2 * u64::from(G::expert_options().iterations)
    );
}
