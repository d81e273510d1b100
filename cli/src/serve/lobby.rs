//! The lobby: what games there are, their player counts, variant options and bot kinds, and the
//! making of a new table from a request.

use std::collections::BTreeMap;

use cards_core::Game;
use serde::{Deserialize, Serialize};

use super::ApiError;
use super::table::{GameTable, SeatKind, Table};

/// One variant option of a game, as the lobby shows it.
#[derive(Clone, Debug, Serialize)]
pub struct OptionInfo {
    /// The configuration field, e.g. `hands`.
    pub key: String,
    /// Its default, as written on the command line.
    pub default: String,
    /// The values it takes, when they are a short list of names.
    pub choices: Vec<String>,
    /// What it takes, in words (`a number`, `true, false`).
    pub takes: String,
}

/// One game, as the lobby shows it.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    /// The command-line name.
    pub name: &'static str,
    /// The title.
    pub title: &'static str,
    /// One line of description.
    pub description: &'static str,
    /// The fewest players.
    pub min_players: usize,
    /// The most players.
    pub max_players: usize,
    /// The default number of players.
    pub default_players: usize,
    /// The variant options.
    pub options: Vec<OptionInfo>,
    /// The game's own bot kinds, offered beside [`BOT_CHOICES`].
    pub bots: Vec<&'static str>,
}

/// The bot kinds the lobby offers for every game, beside each game's own (any spec
/// `kind[:key=value,...]` within the server's caps, [`super::caps::CAPS`], is accepted).
pub const BOT_CHOICES: [&str; 4] = ["heuristic", "random", "ismcts:ms=300", "ismcts:ms=1000"];

/// Every game of the registry, for the lobby.
pub fn games() -> Vec<GameInfo> {
    crate::registry::registry()
        .iter()
        .map(|g| GameInfo {
            name: g.name(),
            title: g.title(),
            description: g.description(),
            min_players: *g.players().start(),
            max_players: *g.players().end(),
            default_players: g.default_players(),
            options: option_infos(g.options()),
            bots: g
                .bots()
                .into_iter()
                .map(|(kind, _)| kind)
                .filter(|kind| !cards_core::bot::BOT_KINDS.contains(kind))
                .collect(),
        })
        .collect()
}

/// The lobby's form of a game's variant options.
fn option_infos(variants: Vec<crate::options::Variant>) -> Vec<OptionInfo> {
    variants
        .into_iter()
        .map(|v| OptionInfo {
            choices: v.choices(),
            key: v.key,
            default: v.default,
            takes: v.takes,
        })
        .collect()
}

/// A request to open a table.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTable {
    /// The game's command-line name.
    pub game: String,
    /// Players (the number of seats when left out).
    #[serde(default)]
    pub players: Option<usize>,
    /// One entry per seat: `person`, or a bot spec.
    pub seats: Vec<String>,
    /// Variant options, key to value as on the command line.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// The match seed as decimal text; drawn by the server (secret until the match ends, with
    /// a commitment shown from the first deal) when empty or left out. A seed given here makes
    /// a practice table: its opener knows the deal.
    #[serde(default)]
    pub seed: Option<String>,
    /// Play a single deal instead of a whole match.
    #[serde(default)]
    pub single_deal: bool,
    /// Milliseconds between bot moves (at most `MAX_PACE_MS`).
    #[serde(default)]
    pub pace_ms: Option<u64>,
    /// The memory the table's bots may take, set by the server (never read from a request).
    #[serde(skip)]
    pub budget: Option<Budget>,
}

/// The memory a new table's bots may take: the server's per-table budget, and what is left of
/// its whole budget.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// The per-table budget in bytes (`--table-memory-mb`).
    pub table: u64,
    /// What the open tables leave of the server's budget, in bytes (`--memory-mb`).
    pub left: u64,
}

impl Budget {
    /// Refuses a table whose bots are estimated to take `bytes`.
    ///
    /// # Errors
    /// Over the per-table budget (400) or over what is left of the server's (503).
    pub fn check(&self, bytes: u64) -> Result<(), ApiError> {
        let mb = |b: u64| b.div_ceil(1 << 20);
        if bytes > self.table {
            return Err(ApiError::bad(format!(
                "these bots would take about {} MB to think, more than the {} MB a table may \
                 use on this server (--table-memory-mb): choose fewer or smaller search bots",
                mb(bytes),
                mb(self.table)
            )));
        }
        if bytes > self.left {
            return Err(ApiError::unavailable(format!(
                "these bots would take about {} MB to think, and the open tables leave only {} MB \
                 of this server's memory budget (--memory-mb): try smaller bots, or again when a \
                 table has closed",
                mb(bytes),
                mb(self.left)
            )));
        }
        Ok(())
    }
}

/// The slowest pace between bot moves.
pub const MAX_PACE_MS: u64 = 5000;
/// The pace between bot moves when a request names none.
pub const DEFAULT_PACE_MS: u64 = 900;
/// The most players at a table of any game (a bound on the request's seat list).
const MAX_SEATS: usize = 16;

/// The seats of a request, checked.
fn seat_kinds(seats: &[String]) -> Result<Vec<SeatKind>, ApiError> {
    if seats.len() > MAX_SEATS {
        return Err(ApiError::bad(format!(
            "{} seats: no game seats more than {MAX_SEATS}",
            seats.len()
        )));
    }
    let kinds: Vec<SeatKind> = seats
        .iter()
        .map(|s| {
            let s = s.trim();
            if s == "person" {
                return Ok(SeatKind::Person);
            }
            let spec: cards_core::bot::BotSpec =
                s.parse().map_err(|e: cards_core::bot::BotSpecError| {
                    ApiError::bad(format!("seat {s:?}: {e} (or `person`)"))
                })?;
            let spec = super::caps::capped(&spec)
                .map_err(|e| ApiError::bad(format!("seat {s:?}: {e}")))?;
            Ok(SeatKind::Bot(spec.to_string()))
        })
        .collect::<Result<_, ApiError>>()?;
    if !kinds.contains(&SeatKind::Person) {
        return Err(ApiError::bad(
            "no seat is a person: a table needs at least one".to_owned(),
        ));
    }
    Ok(kinds)
}

/// Opens a table of `G` from a request, with its seed (and commitment) decided.
///
/// # Errors
/// A bad option, seat or player count, a bot beyond the server's caps, or bots that would take
/// more memory than the request's budget allows.
pub fn open_table<G: Game>(
    request: &NewTable,
    secret: crate::fair::DealSecret,
) -> Result<Box<dyn Table>, ApiError> {
    let options: Vec<String> = request
        .options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    // Without a player count, the seats list says how many play.
    let players = request.players.or(Some(request.seats.len()));
    let config = crate::play::config_for::<G>(players, request.single_deal, &options)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    let seats = seat_kinds(&request.seats)?;
    // Checked before any bot is made (a bot's memory is taken when it is made).
    if let Some(budget) = request.budget {
        budget.check(GameTable::<G>::bot_memory(&seats))?;
    }
    Ok(Box::new(GameTable::<G>::new(&config, secret, seats)?))
}

/// Opens a table of the game the request names (through the registry).
///
/// # Errors
/// An unknown game, a bad option, seat or player count.
pub fn open_named_table(
    request: &NewTable,
    secret: crate::fair::DealSecret,
) -> Result<Box<dyn Table>, ApiError> {
    crate::registry::find(&request.game)
        .map_err(|e| ApiError::bad(e.to_string()))?
        .open_table(request, secret)
}

#[cfg(test)]
mod tests {
    use super::games;

    #[test]
    fn options_keep_their_choices() {
        let grosse = games()
            .into_iter()
            .find(|g| g.name == "grosse-kleine-a")
            .unwrap();
        let first = grosse.options.iter().find(|o| o.key == "first_a").unwrap();
        assert_eq!(first.default, "LittleAFirst");
        assert_eq!(first.choices, ["LittleAFirst", "BigAFirst"]);
        let hands = grosse.options.iter().find(|o| o.key == "hands").unwrap();
        assert_eq!(
            (hands.default.as_str(), hands.takes.as_str()),
            ("5", "a number")
        );
        assert!(hands.choices.is_empty());
    }

    #[test]
    fn every_registered_game_is_offered() {
        let names: Vec<_> = games().iter().map(|g| g.name).collect();
        assert_eq!(names.len(), crate::registry::registry().len());
    }
}
