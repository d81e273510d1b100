//! The lobby: what games there are, their player counts, variant options and bot kinds, and the
//! making of a new table from a request.

use cards_core::text::Message;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ApiError;
use super::table::{GameTable, SeatKind, Table};
use cards_core::Catalog;
use cards_core::GameConfig;

/// One variant option of a game, as the lobby shows it: its key, label, explanation, default,
/// the kind of control it takes and its bounds ([`crate::options::Variant`]).
pub type OptionInfo = crate::options::Variant;

/// One level of bot the lobby offers for a game, with the exact spec it seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BotLevel {
    /// `easy`, `medium`, `hard` or `expert`.
    pub level: &'static str,
    /// The spec it seats (within the server's caps).
    pub spec: String,
    /// What it is, in a few words.
    pub what: String,
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
    /// The game's own bot kinds, from the one table (beside the generic ones,
    /// [`generic_kinds`]), with their keys.
    pub bots: Vec<KindInfo>,
    /// The bots offered by level, weakest first.
    pub levels: Vec<BotLevel>,
    /// What the game's cards look like: every card text its screens may show under any
    /// configuration, with its face ([`Catalog::card_faces`]), for the page to draw them.
    pub faces: Vec<cards_core::CardFace>,
    /// Whether the page may show card names in the narration as cards ([`Catalog::INLINE_CARDS`]),
    /// matched by the texts of `faces`.
    pub inline_cards: bool,
    /// The prefix of the game's own keys in the message catalogue
    /// ([`crate::i18n::key_prefix`]): the page names its actions by `PREFIX-action-WORD`.
    pub words: Option<&'static str>,
}

/// The faces of the game named `name` and whether its narration shows cards inline (none and
/// `false` for a name no game has).
fn faces_of(name: &str) -> (Vec<cards_core::CardFace>, bool) {
    struct Faces(Vec<cards_core::CardFace>, bool);
    impl cards_games::Visit for Faces {
        fn visit<G: Catalog>(&mut self) {
            self.0 = G::card_faces();
            self.1 = G::INLINE_CARDS;
        }
    }
    let mut faces = Faces(Vec::new(), false);
    cards_games::visit_named(name, &mut faces);
    (faces.0, faces.1)
}

/// One key of a bot kind, as the lobby lists it (from the one table, [`cards_core::BotKey`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KeyInfo {
    /// The key.
    pub key: &'static str,
    /// What it takes, in words.
    pub takes: String,
    /// What it sets.
    pub about: &'static str,
}

/// One bot kind, as the lobby lists it (from the one table, [`cards_core::BotKind`]); any spec
/// `kind[:key=value,...]` within the server's caps ([`super::caps::cap_infos`]) is accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KindInfo {
    /// The kind.
    pub name: &'static str,
    /// What it is.
    pub about: &'static str,
    /// Its keys.
    pub keys: Vec<KeyInfo>,
}

impl KindInfo {
    /// The entry of a kind of the table.
    pub fn of(kind: &cards_core::BotKind) -> KindInfo {
        KindInfo {
            name: kind.name,
            about: kind.about,
            keys: kind
                .keys
                .iter()
                .map(|k| KeyInfo {
                    key: k.key,
                    takes: k.takes.words(),
                    about: k.about,
                })
                .collect(),
        }
    }
}

/// The bot kinds every game offers ([`cards_core::spec::GENERIC_KINDS`]), as the lobby lists
/// them.
pub fn generic_kinds() -> Vec<KindInfo> {
    cards_core::spec::GENERIC_KINDS
        .iter()
        .map(KindInfo::of)
        .collect()
}

/// The bot levels of a game whose own bot kinds are `own`: the ladder
/// ([`crate::bots::ladder`]), easy (random), medium (the heuristic), hard (the game's own
/// instant bot, or `ismcts:iters=200`) and expert (the game's `expert`), each the spec
/// `docs/strength.md` measures against the level below.
pub fn bot_levels(own: &[cards_core::BotKind]) -> Vec<BotLevel> {
    crate::bots::ladder(own)
        .into_iter()
        .map(|l| BotLevel {
            level: l.level,
            spec: l.spec,
            what: l.what,
        })
        .collect()
}

/// Every game of the registry, for the lobby.
pub fn games() -> Vec<GameInfo> {
    crate::registry::registry()
        .iter()
        .map(|g| {
            let own = g.own_bots();
            let (faces, inline_cards) = faces_of(g.name());
            GameInfo {
                name: g.name(),
                title: g.title(),
                description: g.description(),
                min_players: *g.players().start(),
                max_players: *g.players().end(),
                default_players: g.default_players(),
                options: g.options(),
                bots: own.iter().map(KindInfo::of).collect(),
                levels: bot_levels(own),
                faces,
                inline_cards,
                words: crate::i18n::key_prefix(g.name()),
            }
        })
        .collect()
}

/// A request to open a table. It is read from any JSON value, and what is wrong with it is said
/// in words (never in terms of the fields' types): see [`NewTable::from_json`].
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(try_from = "serde_json::Value")]
pub struct NewTable {
    /// The game's command-line name.
    pub game: String,
    /// Players (the number of seats when left out).
    pub players: Option<usize>,
    /// One entry per seat: `person`, or a bot spec.
    pub seats: Vec<String>,
    /// Variant options, key to value as on the command line (a number, `true`/`false` or a list
    /// may also be given as JSON).
    pub options: BTreeMap<String, String>,
    /// The match seed as decimal text; drawn by the server (secret until the match ends, with
    /// a commitment shown from the first deal) when empty or left out. A seed given here makes
    /// a practice table: its opener knows the deal.
    pub seed: Option<String>,
    /// Play a single deal instead of a whole match.
    pub single_deal: bool,
    /// Milliseconds between bot moves (at most `MAX_PACE_MS`).
    pub pace_ms: Option<u64>,
    /// The memory the table's bots may take, set by the server (never read from a request).
    pub budget: Option<Budget>,
    /// Whether `exec:` bots may be seated (`cards serve --allow-exec`), set by the server
    /// (never read from a request).
    pub allow_exec: bool,
}

/// The key of [`NewTable::options`] under which the server (never a request: it is removed
/// from every request) passes what rebuilds a stored table, a [`Restore`] as JSON, through the
/// games' registry.
pub const RESTORE_KEY: &str = "\u{1}restore";

/// What rebuilds a stored table: its configuration and its changes.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Restore {
    /// The configuration in the game's serde form.
    pub config: serde_json::Value,
    /// The stored changes, in order.
    pub entries: Vec<super::store::Entry>,
    /// Rebuild it to be reviewed: its seats as stored, but no bot made
    /// ([`GameTable::inert`]).
    #[serde(default)]
    pub review: bool,
}

/// The fields of a [`NewTable`] request.
const REQUEST_FIELDS: [&str; 7] = [
    "game",
    "players",
    "seats",
    "options",
    "seed",
    "single_deal",
    "pace_ms",
];

/// A whole number from a JSON number or decimal text.
fn whole(value: &serde_json::Value) -> Option<u64> {
    match value {
        serde_json::Value::Number(n) => n.as_u64(),
        serde_json::Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

impl NewTable {
    /// Reads a request from JSON.
    ///
    /// # Errors
    /// What is wrong with it, in words: not an object, a field it does not have, or a field
    /// whose value is not of the kind it takes (naming the kind: a list of seats, a whole
    /// number...).
    pub fn from_json(value: serde_json::Value) -> Result<NewTable, Message> {
        use serde_json::Value;
        let m = Message::new;
        let Value::Object(map) = value else {
            return Err(m("serve-error-request-object"));
        };
        let mut request = NewTable::default();
        for (key, value) in map {
            match (key.as_str(), value) {
                (k, Value::Null) if REQUEST_FIELDS[1..].contains(&k) && k != "seats" => {}
                ("game", Value::String(name)) => request.game = name,
                ("game", _) => return Err(m("serve-error-request-game")),
                ("players", v) => {
                    request.players = Some(
                        whole(&v)
                            .and_then(|n| usize::try_from(n).ok())
                            .ok_or_else(|| m("serve-error-request-players"))?,
                    );
                }
                ("seats", Value::Array(seats)) => {
                    request.seats = seats
                        .into_iter()
                        .map(|s| match s {
                            Value::String(s) => Ok(s),
                            _ => Err(m("serve-error-request-seat")),
                        })
                        .collect::<Result<_, _>>()?;
                }
                ("seats", _) => {
                    return Err(m("serve-error-request-seats"));
                }
                ("options", Value::Object(options)) => {
                    for (k, v) in options {
                        let text = match v {
                            Value::String(s) => s,
                            Value::Null | Value::Object(_) => {
                                return Err(m("serve-error-request-option").text("key", k));
                            }
                            other => other.to_string(),
                        };
                        request.options.insert(k, text);
                    }
                }
                ("options", _) => {
                    return Err(m("serve-error-request-options"));
                }
                ("seed", Value::String(s)) => request.seed = Some(s),
                ("seed", Value::Number(n)) => request.seed = Some(n.to_string()),
                ("seed", _) => {
                    return Err(m("serve-error-request-seed").text("most", u64::MAX));
                }
                ("single_deal", Value::Bool(b)) => request.single_deal = b,
                ("single_deal", _) => return Err(m("serve-error-request-single-deal")),
                ("pace_ms", v) => {
                    request.pace_ms =
                        Some(whole(&v).ok_or_else(|| {
                            m("serve-error-request-pace").text("most", MAX_PACE_MS)
                        })?);
                }
                (other, _) => {
                    return Err(m("serve-error-request-field")
                        .text("field", format!("{other:?}"))
                        .text("fields", REQUEST_FIELDS.join(", ")));
                }
            }
        }
        if request.game.is_empty() {
            return Err(m("serve-error-request-game"));
        }
        Ok(request)
    }
}

impl TryFrom<serde_json::Value> for NewTable {
    type Error = String;

    fn try_from(value: serde_json::Value) -> Result<Self, String> {
        NewTable::from_json(value)
            .map_err(|m| crate::i18n::Catalogue::get(crate::i18n::Lang::En).format(&m))
    }
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
            return Err(ApiError::bad(
                Message::new("serve-error-table-memory")
                    .text("need", mb(bytes))
                    .text("most", mb(self.table)),
            ));
        }
        if bytes > self.left {
            return Err(ApiError::unavailable(
                Message::new("serve-error-server-memory")
                    .text("need", mb(bytes))
                    .text("left", mb(self.left)),
            ));
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

/// A bot's spec for a seat, read once against the kinds the server seats
/// ([`super::caps::own_kinds`]) and checked against the server's caps (an `exec:` program only
/// with `--allow-exec`, and as it is).
///
/// # Errors
/// A spec the table refuses, or one beyond the caps, said in words.
pub fn seat_spec(s: &str, allow_exec: bool) -> Result<cards_core::BotSpec, ApiError> {
    let spec = cards_core::BotSpec::parse_with(s, super::caps::own_kinds()).map_err(|e| {
        ApiError::bad(Message::new("serve-error-seat-spec").arg("reason", super::untold(e)))
    })?;
    // A program runs as it is: the caps are for the engine's bots.
    if allow_exec && matches!(spec, cards_core::BotSpec::Exec(_)) {
        return Ok(spec);
    }
    super::caps::capped(&spec)
}

/// The seats of a request, checked.
fn seat_kinds(seats: &[String], allow_exec: bool) -> Result<Vec<SeatKind>, ApiError> {
    if seats.len() > MAX_SEATS {
        return Err(ApiError::bad(
            Message::new("serve-error-max-seats")
                .text("given", seats.len())
                .text("most", MAX_SEATS),
        ));
    }
    let kinds: Vec<SeatKind> = seats
        .iter()
        .map(|s| {
            let s = s.trim();
            if s == "person" {
                return Ok(SeatKind::Person);
            }
            seat_spec(s, allow_exec).map(SeatKind::Bot)
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(kinds)
}

/// The rules of a request: the player count (the number of seats when it names none), the
/// rule options, a single deal.
///
/// # Errors
/// A player count the game refuses, or rules it refuses (`These rules cannot be played: `
/// and the reason, which the lobby shows beside its rule controls).
pub fn rules_for<G: Catalog>(request: &NewTable) -> Result<G::Config, ApiError> {
    // Without a player count, the seats list says how many play.
    let players = request.players.unwrap_or(request.seats.len());
    let config = G::Config::for_players(players)
        .map_err(|e| ApiError::bad(G::config_refusal(&e).unwrap_or_else(|| super::untold(&e))))?;
    let options: Vec<(&str, &str)> = request
        .options
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let config = crate::options::set::<G>(&config, &options).map_err(|e| {
        ApiError::bad(Message::new("serve-error-rules").arg("reason", super::untold(&e)))
    })?;
    Ok(if request.single_deal {
        config.single_deal()
    } else {
        config
    })
}

/// Opens a table of `G` from a request, with its seed (and commitment) decided.
///
/// # Errors
/// A bad option, seat or player count, a bot beyond the server's caps, or bots that would take
/// more memory than the request's budget allows.
pub fn open_table<G: Catalog>(
    request: &NewTable,
    secret: crate::fair::DealSecret,
) -> Result<Box<dyn Table>, ApiError> {
    if let Some(restore) = request.options.get(RESTORE_KEY) {
        let restore: Restore = serde_json::from_str(restore).map_err(|e| {
            ApiError::bad(Message::new("serve-error-stored-table").arg("reason", super::untold(e)))
        })?;
        return restore_table::<G>(request, &restore, secret);
    }
    let config = rules_for::<G>(request)?;
    let seats = seat_kinds(&request.seats, request.allow_exec)?;
    // Checked before any bot is made (a bot's memory is taken when it is made).
    if let Some(budget) = request.budget {
        budget.check(GameTable::<G>::bot_memory(&seats))?;
    }
    Ok(Box::new(GameTable::<G>::new(&config, secret, seats)?))
}

/// Rebuilds a stored table of `G` from its configuration and changes.
fn restore_table<G: Catalog>(
    request: &NewTable,
    restore: &Restore,
    secret: crate::fair::DealSecret,
) -> Result<Box<dyn Table>, ApiError> {
    let config: G::Config = serde_json::from_value(restore.config.clone()).map_err(|e| {
        ApiError::bad(Message::new("serve-error-stored-rules").arg("reason", super::untold(e)))
    })?;
    let mut table = if restore.review {
        // No bot is made: any spec the store holds is read, none is run.
        let seats = request
            .seats
            .iter()
            .map(|s| match s.as_str() {
                "person" => Ok(SeatKind::Person),
                s => cards_core::BotSpec::parse_with(s, super::caps::own_kinds())
                    .map(SeatKind::Bot)
                    .map_err(|e| {
                        ApiError::bad(
                            Message::new("serve-error-stored-seat").arg("reason", super::untold(e)),
                        )
                    }),
            })
            .collect::<Result<_, _>>()?;
        GameTable::<G>::inert(&config, secret, seats)?
    } else {
        GameTable::<G>::new(
            &config,
            secret,
            seat_kinds(&request.seats, request.allow_exec)?,
        )?
    };
    table.restore(&restore.entries)?;
    Ok(Box::new(table))
}

/// Rebuilds a stored table from its record and its first changes, as it was after them.
///
/// # Errors
/// A record or change the engines refuse (a damaged store), or a bot this server does not
/// seat (an `exec:` bot without `--allow-exec`).
pub fn rebuild(
    record: &super::store::TableRecord,
    entries: &[super::store::Entry],
    allow_exec: bool,
) -> Result<Box<dyn Table>, ApiError> {
    rebuild_as(record, entries, allow_exec, false)
}

/// Rebuilds a stored table to be reviewed: every stored change replayed with the seats as they
/// were (bots included, host's changes too), but no bot made ([`GameTable::inert`]).
///
/// # Errors
/// A record or change the engines refuse (a damaged store).
pub fn rebuild_for_review(
    record: &super::store::TableRecord,
    entries: &[super::store::Entry],
) -> Result<Box<dyn Table>, ApiError> {
    rebuild_as(record, entries, false, true)
}

fn rebuild_as(
    record: &super::store::TableRecord,
    entries: &[super::store::Entry],
    allow_exec: bool,
    review: bool,
) -> Result<Box<dyn Table>, ApiError> {
    let restore = Restore {
        config: record.config.clone(),
        entries: entries.to_vec(),
        review,
    };
    let restore = serde_json::to_string(&restore).map_err(|e| ApiError::internal(&e))?;
    let request = NewTable {
        game: record.game.clone(),
        seats: record
            .seats
            .iter()
            .map(|kind| match kind {
                SeatKind::Person => "person".to_owned(),
                SeatKind::Bot(spec) => spec.to_string(),
            })
            .collect(),
        allow_exec,
        options: BTreeMap::from([(RESTORE_KEY.to_owned(), restore)]),
        ..NewTable::default()
    };
    let secret = crate::fair::DealSecret {
        seed: record.seed,
        salt: record.salt.clone(),
    };
    open_named_table(&request, secret)
}

/// Takes an unfinished game's log out of a table request (`"log"`), checks the whole log as
/// `cards replay` checks it, and makes the request one that rebuilds the table after the log's
/// actions: the log's game, rules and seed replace the request's. Any [`RESTORE_KEY`] a request
/// sends among its options is dropped.
///
/// # Errors
/// Not a log, a log of an unknown game, one that does not replay, or one whose match is over.
pub fn with_log(
    mut value: serde_json::Value,
) -> Result<(NewTable, Option<crate::fair::DealSecret>), ApiError> {
    let log = value.as_object_mut().and_then(|m| m.remove("log"));
    if let (Some(log), Some(map)) = (&log, value.as_object_mut()) {
        if let Some(serde_json::Value::String(game)) = log.get("game") {
            map.entry("game").or_insert_with(|| game.clone().into());
        }
    }
    let mut request = NewTable::from_json(value).map_err(ApiError::unprocessable)?;
    request.options.remove(RESTORE_KEY);
    let Some(log) = log else {
        return Ok((request, None));
    };
    let log: crate::log::GameLog = serde_json::from_value(log).map_err(|e| {
        ApiError::unprocessable(
            Message::new("serve-error-log-not-log").arg("reason", super::untold(e)),
        )
    })?;
    let entry = crate::registry::find(&log.game).map_err(|e| ApiError::bad(e.message()))?;
    entry.replay(&log, &mut std::io::sink()).map_err(|e| {
        ApiError::unprocessable(Message::new("serve-error-log").arg("reason", e.message()))
    })?;
    if !log.unfinished {
        return Err(ApiError::unprocessable(Message::new(
            "serve-error-log-over",
        )));
    }
    request.game.clone_from(&log.game);
    let restore = Restore {
        config: log.config.clone(),
        entries: vec![super::store::Entry::Log {
            actions: log.actions.clone(),
        }],
        review: false,
    };
    let restore = serde_json::to_string(&restore).map_err(|e| ApiError::internal(&e))?;
    request.options = BTreeMap::from([(RESTORE_KEY.to_owned(), restore)]);
    Ok((
        request,
        Some(crate::fair::DealSecret {
            seed: log.seed,
            salt: log.salt,
        }),
    ))
}

/// Opens a table of the game the request names (the one list of games, `cards_games`).
///
/// # Errors
/// An unknown game, a bad option, seat or player count.
pub fn open_named_table(
    request: &NewTable,
    secret: crate::fair::DealSecret,
) -> Result<Box<dyn Table>, ApiError> {
    struct Open<'a> {
        request: &'a NewTable,
        secret: Option<crate::fair::DealSecret>,
        table: Option<Result<Box<dyn Table>, ApiError>>,
    }
    impl cards_games::Visit for Open<'_> {
        fn visit<G: Catalog>(&mut self) {
            if let Some(secret) = self.secret.take() {
                self.table = Some(open_table::<G>(self.request, secret));
            }
        }
    }
    let mut open = Open {
        request,
        secret: Some(secret),
        table: None,
    };
    cards_games::visit_named(&request.game, &mut open);
    open.table.unwrap_or_else(|| {
        Err(ApiError::bad(
            Message::new("cli-error-unknown-game")
                .text("name", format!("{:?}", request.game))
                .text("known", cards_games::NAMES.join(", ")),
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::games;

    #[test]
    fn options_keep_their_choices_labels_and_bounds() {
        let grosse = games()
            .into_iter()
            .find(|g| g.name == "grosse-kleine-a")
            .unwrap();
        let first = grosse.options.iter().find(|o| o.key == "first_a").unwrap();
        assert_eq!(first.default, "LittleAFirst");
        let values: Vec<&str> = first.choices.iter().map(|c| c.value.as_str()).collect();
        assert_eq!(values, ["LittleAFirst", "BigAFirst"]);
        assert_eq!(first.label, "A card of round 1");
        let hands = grosse.options.iter().find(|o| o.key == "hands").unwrap();
        assert_eq!(
            (hands.default.as_str(), hands.takes.as_str()),
            ("5", "a whole number from 1 to 1000")
        );
        assert_eq!((hands.min, hands.max), (Some(1), Some(1000)));
        assert!(hands.choices.is_empty());
    }

    #[test]
    fn bots_are_offered_by_level_as_the_ladder_measures_them() {
        let levels = |name: &str| -> Vec<String> {
            games()
                .into_iter()
                .find(|g| g.name == name)
                .unwrap()
                .levels
                .iter()
                .map(|l| format!("{}={}", l.level, l.spec))
                .collect()
        };
        assert_eq!(
            levels("cego"),
            [
                "easy=random",
                "medium=heuristic",
                "hard=ismcts:iters=200",
                "expert=expert"
            ]
        );
        assert_eq!(levels("contract-rummy")[1], "medium=heuristic");
        assert_eq!(levels("contract-rummy")[2], "hard=planner");
        assert_eq!(levels("big-a")[1], "medium=heuristic");
        // Every level's spec is seated within the caps, as it stands but for the server's time
        // cap on a kind that takes one (far beyond what 200 iterations take).
        for g in games() {
            for l in &g.levels {
                let spec =
                    cards_core::BotSpec::parse_with(&l.spec, super::super::caps::own_kinds())
                        .unwrap();
                assert_eq!(
                    super::super::caps::capped(&spec).unwrap(),
                    spec.with_default_ms(super::super::caps::DEFAULT_BOT_MS),
                    "{}",
                    l.spec
                );
            }
        }
    }

    #[test]
    fn a_request_s_mistakes_are_said_in_words() {
        use super::NewTable;
        use serde_json::json;
        let types = regex_free_type_names;
        for (request, says) in [
            (json!([1, 2]), "an object"),
            (json!({"game": 3}), "name a game"),
            (
                json!({"game": "cego", "players": "four"}),
                "number of players",
            ),
            (json!({"game": "cego", "players": -1}), "number of players"),
            (
                json!({"game": "cego", "seats": "person"}),
                "one entry per seat",
            ),
            (json!({"game": "cego", "seats": [1]}), "each seat"),
            (json!({"game": "cego", "options": [1]}), "rule options"),
            (
                json!({"game": "cego", "options": {"deals": null}}),
                "give deals a value",
            ),
            (json!({"game": "cego", "seed": true}), "seed"),
            (
                json!({"game": "cego", "single_deal": "yes"}),
                "true or false",
            ),
            (json!({"game": "cego", "pace_ms": 1.5}), "milliseconds"),
            (
                json!({"game": "cego", "colour": "red"}),
                "no field \"colour\"",
            ),
        ] {
            let e = serde_json::from_value::<NewTable>(request.clone())
                .unwrap_err()
                .to_string();
            assert!(e.contains(says), "{request}: {e}");
            assert!(!types(&e), "{request}: {e}");
        }
        let ok: NewTable = serde_json::from_value(json!({
            "game": "cego", "players": "4", "seats": ["person"], "options": {"deals": 3, "count": "pairs"},
            "seed": 7, "single_deal": true, "pace_ms": null
        }))
        .unwrap();
        assert_eq!(ok.players, Some(4));
        assert_eq!(ok.options["deals"], "3");
        assert_eq!(ok.seed.as_deref(), Some("7"));
    }

    /// Whether a message names a Rust type or speaks serde's language.
    fn regex_free_type_names(message: &str) -> bool {
        let words: Vec<&str> = message
            .split(|c: char| !c.is_ascii_alphanumeric())
            .collect();
        let typed = words.iter().any(|w| {
            let w = w.as_bytes();
            (w.first() == Some(&b'u') || w.first() == Some(&b'i'))
                && matches!(&w[1..], b"8" | b"16" | b"32" | b"64" | b"128" | b"size")
        });
        typed
            || message.contains("f64")
            || message.contains("invalid type")
            || message.contains("struct ")
            || message.contains("enum ")
    }

    #[test]
    fn every_registered_game_is_offered() {
        let names: Vec<_> = games().iter().map(|g| g.name).collect();
        assert_eq!(names.len(), crate::registry::registry().len());
    }
}
