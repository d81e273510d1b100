//! Big A (打大A): a five-player climbing game with bombs and hidden partners.

mod action;
mod bots;
mod event;
mod examples;
mod game;
mod hand;
mod play;
mod rules;
mod scoring;
mod state;
mod text;
mod view;

pub use action::{Action, ParseActionError, Play};
pub use bots::HeuristicBot;
pub use event::{Event, ExposeKind, Exposure};
pub use game::{ActionError, BigA};
pub use hand::Hand;
pub use rules::{
    ACE, CHAIN, Combo, Config, ConfigError, Counts, FOUR, FirstDrawer, NoBeat, RANK_SYMBOLS, RANKS,
    beats, chain_pos, chain_rank, fours_combo, may_capture, rank_index, rank_of_index, run_shapes,
};
pub use scoring::{ALONE, EXPOSED, NORMAL, Row, deal_scores, team_row};
pub use state::{
    ASKED_DRAWS, MAX_REDEALS, PACK, PLAYERS, Phase, PlaySetup, SetupError, State, full_pack,
};
pub use view::{View, determinize};
