//! A toy game for cards-core's own tests: a race to 31 for two seats.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::bot::Bot;
use crate::game::{Game, GameConfig, GameEvent, GameState, GameView};
use crate::rng::GameRng;
use crate::search::Search;
use crate::seat::{PerSeat, Seat};

/// A race to 31 for two seats: each adds 1, 2 or 3 in turn, who reaches 31 wins.
#[derive(Debug)]
pub(crate) struct Race;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct RaceConfig;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct RaceState {
    pub(crate) config: RaceConfig,
    pub(crate) total: u32,
    pub(crate) to_move: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct RaceView(pub(crate) u32);

impl fmt::Display for RaceView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[derive(Debug, thiserror::Error)]
#[error("the race takes two players")]
pub(crate) struct RaceError;

impl GameConfig for RaceConfig {
    type Error = RaceError;
    fn for_players(players: usize) -> Result<Self, RaceError> {
        if players == 2 {
            Ok(RaceConfig)
        } else {
            Err(RaceError)
        }
    }
    fn players(&self) -> usize {
        2
    }
    fn single_deal(&self) -> Self {
        RaceConfig
    }
    fn pack(&self) -> Vec<String> {
        Vec::new()
    }
    fn max_actions(&self) -> usize {
        31
    }
}

impl GameState for RaceState {
    type Config = RaceConfig;
    fn config(&self) -> &RaceConfig {
        &self.config
    }
    fn census(&self) -> Vec<String> {
        Vec::new()
    }
    fn determinize(&self, _seat: Seat, _rng: &mut GameRng) -> RaceState {
        self.clone()
    }
    fn new_seeded(config: &RaceConfig, _seed: crate::rng::Seed) -> Result<RaceState, RaceError> {
        Race::new(config, 0)
    }
    /// The toy race has no deals to count (and no event ends one).
    fn deals_finished(&self) -> u32 {
        0
    }
}

impl GameView for RaceView {
    fn screen(&self) -> crate::text::Screen {
        crate::text::Screen {
            heading: "Race to 31".to_owned(),
            viewer: Seat(0),
            to_move: None,
            table: vec![self.to_string()],
            seats: Vec::new(),
            hand: Vec::new(),
            private: Vec::new(),
        }
    }
}

impl GameEvent for u32 {
    fn redact(&self, _seat: Seat) -> Option<u32> {
        Some(*self)
    }
    fn ends_deal(&self) -> bool {
        false
    }
}

impl Search for Race {
    fn heuristic_bot() -> Box<dyn Bot<Self>> {
        Box::new(crate::bot::RandomBot)
    }
}

impl Game for Race {
    type Config = RaceConfig;
    type State = RaceState;
    type Action = u32;
    type View = RaceView;
    type Event = u32;
    type ActionError = RaceError;
    fn new(config: &RaceConfig, _seed: u64) -> Result<RaceState, RaceError> {
        Ok(RaceState {
            config: config.clone(),
            total: 0,
            to_move: 0,
        })
    }
    fn to_move(state: &RaceState) -> Option<Seat> {
        (state.total < 31).then_some(Seat(state.to_move))
    }
    fn legal_actions_into(state: &RaceState, out: &mut Vec<u32>) {
        out.clear();
        if state.total < 31 {
            out.extend((1..=3).filter(|a| state.total + a <= 31));
        }
    }
    fn check(state: &RaceState, action: &u32) -> Result<(), RaceError> {
        if (1..=3).contains(action) && state.total + action <= 31 {
            Ok(())
        } else {
            Err(RaceError)
        }
    }
    fn apply_unchecked(state: &mut RaceState, action: &u32, events: &mut Vec<u32>) {
        state.total += action;
        events.push(*action);
        if state.total < 31 {
            state.to_move ^= 1;
        }
    }
    fn view(state: &RaceState, _seat: Seat) -> RaceView {
        RaceView(state.total)
    }
    fn scores(state: &RaceState) -> PerSeat<f64> {
        let mut s = PerSeat(vec![0.0; 2]);
        if state.total >= 31 {
            s.0[usize::from(state.to_move)] = 1.0;
        }
        s
    }
}
