//! Cego: the tarock game of Baden, with its auction, contracts and payments.
//!
//! See the crate-level documentation in [`docs`] (the rules in prose, the rulings applied).

mod action;
mod auction;
mod bots;
mod cards;
mod determinize;
pub mod docs;
mod error;
pub mod examples;
mod game;
mod play;
mod rules;
mod scoring;
mod state;
mod view;

pub use action::{Action, ParseActionError};
pub use bots::Heuristic;
pub use cards::{Card, Cards, Counting, Kind, half_points, parse_cards, points_in_threes};
pub use error::{ActionError, SetupError};
pub use game::{Cego, MAX_ACTIONS_PER_DEAL};
pub use rules::{Config, ConfigError, Contract, NoTrockDiscard, ParseContractError, Stakes};
pub use scoring::{
    Finished, Score, counter_amount, raeuber_payments, round_five, score, soloist_payments,
    special_stake,
};
pub use state::{
    Auction, CegoTrocks, Deal, FIRST_DEALER, Phase, Position, Stage, State, Trick, TrickRecord,
};
pub use view::{Event, TableTrick, View};
