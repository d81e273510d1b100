//! 3 to 13: a progressive contract rummy over eleven rounds with rotating wilds.

mod action;
mod bots;
mod cards;
mod error;
mod event;
pub mod examples;
mod legal;
mod meld;
mod rules;
mod solver;
mod state;
mod view;

pub use action::{Action, End, ParseActionError};
pub use bots::{Heuristic, canonicalize};
pub use cards::{Card, FACES, Hand, pack, parse_cards};
pub use error::ActionError;
pub use event::Event;
pub use meld::{MAX_MELD, MAX_NEW, Meld, MeldSpec, ParseMeldError, Shape, StandIn, WildOrder};
pub use rules::{Config, ConfigError, ROUNDS, RoundInfo, card_points, default_meld_sizes};
pub use solver::{Plan, Solution, is_meld, plan, solve, solve_brute_force};
pub use state::{ContractRummy, Phase, Position, State};
pub use view::View;
