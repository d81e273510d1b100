//! Einer ist immer der ...: a President game with ranks, seating and card exchange.
//!
//! (Crate docs: see below; being written.)
//!
//! ```
//! use cards_core::Game;
//! use game_einer_ist_immer::{Config, EinerIstImmer};
//!
//! let config = EinerIstImmer::single_deal(&Config::default());
//! let mut state = EinerIstImmer::new(&config, 7).unwrap();
//! while EinerIstImmer::to_move(&state).is_some() {
//!     let legal = EinerIstImmer::legal_actions(&state);
//!     EinerIstImmer::apply(&mut state, &legal[legal.len() - 1]).unwrap();
//! }
//! assert_eq!(state.rankings().len(), 1);
//! ```

mod action;
mod bots;
mod cards;
mod event;
mod game;
mod rules;
mod state;
mod view;
pub mod worked;

pub use action::{Action, ParseActionError, Play};
pub use bots::Heuristic;
pub use cards::{ACE, Cards, JOKER, KING, ParseCardsError, RANKS, TWO};
pub use event::{Event, LeadReason};
pub use game::{ActionError, EinerIstImmer};
pub use rules::{
    Config, ConfigError, HAND_SIZE, MAX_HANDS, MAX_PLAYERS, MIN_PLAYERS, Titles, exchange_count,
    hand_value, highest_naturals, lowest_naturals, pack,
};
pub use state::{Deal, Exchange, Position, SetupError, State, Turn};
pub use view::{ExchangeView, View};

/// The rules summary and rulings, as `cards rules einer-ist-immer` prints them.
pub const RULES: &str = "rules";
