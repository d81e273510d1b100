//! What bots `cards serve` seats: every kind of the one table of kinds
//! ([`cards_core::spec::GENERIC_KINDS`] and each game's own) but `exec:` programs, with the
//! server's limits on the keys that set what a decision costs, so that no request can ask for
//! a decision without a time limit or a search larger than the server means to hold; and the
//! memory a bot's search may take, estimated from its spec.

use cards_core::text::Message;
use std::sync::OnceLock;

use cards_core::spec::{GENERIC_KINDS, ITERS, MS};
use cards_core::{BotKind, BotSpec, BotValue};
use serde::Serialize;

use super::ApiError;
use cards_core::Catalog;

/// The most milliseconds a search bot may think per decision.
pub const MAX_BOT_MS: u64 = 5000;
/// The think time a search bot is given when its spec names none (as `cards play` gives).
pub const DEFAULT_BOT_MS: u64 = crate::bots::PLAY_MS;
/// The most ISMCTS iterations per decision (they bound the search tree).
pub const MAX_ITERS: u64 = 100_000;

/// What values one bot key may take on this server, beyond what the bot itself takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Allowed {
    /// A whole number from `min` to `max`.
    Whole {
        /// The least.
        min: u64,
        /// The most.
        max: u64,
    },
    /// A whole number from `min` to `max`, or `none`.
    WholeOrNone {
        /// The least.
        min: u64,
        /// The most.
        max: u64,
    },
    /// A number from `min` to `max`.
    Number {
        /// The least.
        min: f64,
        /// The most.
        max: f64,
    },
}

impl Allowed {
    /// The cap in a player's words, as a catalogue message.
    pub fn message(&self) -> Message {
        let (key, min, max) = match *self {
            Allowed::Whole { min, max } => {
                ("serve-allowed-whole", min.to_string(), max.to_string())
            }
            Allowed::WholeOrNone { min, max } => (
                "serve-allowed-whole-or-none",
                min.to_string(),
                max.to_string(),
            ),
            Allowed::Number { min, max } => {
                ("serve-allowed-number", min.to_string(), max.to_string())
            }
        };
        Message::new(key).text("min", min).text("max", max)
    }

    /// What it allows, in English words.
    pub fn words(&self) -> String {
        match *self {
            Allowed::Whole { min, max } => format!("a whole number from {min} to {max}"),
            Allowed::WholeOrNone { min, max } => {
                format!("a whole number from {min} to {max}, or none")
            }
            Allowed::Number { min, max } => format!("a number from {min} to {max}"),
        }
    }

    /// Whether `value` (as its key's table read it) lies within the cap.
    fn admits(&self, value: BotValue) -> bool {
        match (*self, value) {
            (
                Allowed::Whole { min, max } | Allowed::WholeOrNone { min, max },
                BotValue::Whole(v),
            ) => (min..=max).contains(&v),
            (Allowed::WholeOrNone { .. }, BotValue::None) => true,
            (Allowed::Number { min, max }, BotValue::Number(v)) => v >= min && v <= max,
            _ => false,
        }
    }
}

/// One limit of the server: a kind of the table, one of its keys, what the server allows.
pub type Limit = (&'static str, &'static str, Allowed);

const MS_CAP: Allowed = Allowed::Whole {
    min: 1,
    max: MAX_BOT_MS,
};
const ITERS_CAP: Allowed = Allowed::Whole {
    min: 1,
    max: MAX_ITERS,
};

/// The server's limits on the keys that set what a decision costs (a policy over the one table
/// of kinds: each names a kind and a key of it, see the tests). A key without a limit takes
/// what its bot takes ([`cards_core::Takes::words`]): it changes how a bot plays, not what
/// its decisions cost.
pub const LIMITS: [Limit; 10] = [
    ("ismcts", ITERS.key, ITERS_CAP),
    ("ismcts", MS.key, MS_CAP),
    (
        "ismcts",
        "c",
        Allowed::Number {
            min: 0.0,
            max: 100.0,
        },
    ),
    (
        "ismcts",
        "cutoff",
        Allowed::WholeOrNone { min: 0, max: 1000 },
    ),
    ("pimc", "worlds", Allowed::Whole { min: 1, max: 100 }),
    ("pimc", "bids", Allowed::Whole { min: 1, max: 100 }),
    (
        "pimc",
        "nodes",
        Allowed::Whole {
            min: 1,
            max: 2_000_000,
        },
    ),
    ("pimc", "table", Allowed::Whole { min: 10, max: 20 }),
    ("pimc", ITERS.key, ITERS_CAP),
    ("pimc", MS.key, MS_CAP),
];

/// The server's limit of `kind`'s `key`, if it has one.
pub fn limit(kind: &str, key: &str) -> Option<Allowed> {
    LIMITS
        .iter()
        .find(|(k, name, _)| *k == kind && *name == key)
        .map(|(_, _, allowed)| *allowed)
}

/// The own bot kinds of every game of the registry, once each by name: with
/// [`GENERIC_KINDS`], the kinds a seat's spec is read against before its game is known (the
/// table of the game refuses another game's kind, [`cards_core::make_bot`]).
pub fn own_kinds() -> &'static [BotKind] {
    static KINDS: OnceLock<Vec<BotKind>> = OnceLock::new();
    KINDS.get_or_init(|| {
        let mut kinds: Vec<BotKind> = Vec::new();
        for g in crate::registry::registry() {
            for kind in g.own_bots() {
                if !kinds.iter().any(|k| k.name == kind.name) {
                    kinds.push(*kind);
                }
            }
        }
        kinds
    })
}

/// Every kind the server seats: [`GENERIC_KINDS`], then [`own_kinds`].
pub fn seated_kinds() -> impl Iterator<Item = &'static BotKind> {
    GENERIC_KINDS.iter().chain(own_kinds())
}

/// One bot key and what it may be on this server, as `/api/games` lists it.
#[derive(Clone, Debug, Serialize)]
pub struct CapInfo {
    /// The bot kind.
    pub kind: &'static str,
    /// The key (empty for a kind that takes none).
    pub key: &'static str,
    /// What it may be, in words: the server's limit, or what the bot takes.
    pub allowed: String,
}

/// The kinds and keys as `/api/games` lists them, from the one table: one entry per kind and
/// key (a kind without keys has one entry with an empty key).
pub fn cap_infos() -> Vec<CapInfo> {
    let mut infos = Vec::new();
    for kind in seated_kinds() {
        if kind.keys.is_empty() {
            infos.push(CapInfo {
                kind: kind.name,
                key: "",
                allowed: "takes no options".to_owned(),
            });
        }
        for key in kind.keys {
            infos.push(CapInfo {
                kind: kind.name,
                key: key.key,
                allowed: limit(kind.name, key.key).map_or_else(|| key.takes.words(), |a| a.words()),
            });
        }
    }
    infos
}

/// The caps in words, one line per kind, for `cards serve --help` and the README.
pub fn caps_text() -> String {
    let mut text = String::new();
    let infos = cap_infos();
    for kind in seated_kinds() {
        text.push_str(kind.name);
        text.push_str(": ");
        if kind.keys.is_empty() {
            text.push_str("no options");
        }
        let parts: Vec<String> = infos
            .iter()
            .filter(|i| i.kind == kind.name && !i.key.is_empty())
            .map(|i| format!("{} {}", i.key, i.allowed))
            .collect();
        text.push_str(&parts.join("; "));
        text.push('\n');
    }
    text
}

/// A seat's bot spec (read against the table, so its kind and keys are known) checked against
/// the server's limits, with `ms` added (the default [`DEFAULT_BOT_MS`]) to a kind that takes
/// it.
///
/// # Errors
/// An `exec:` program, or a value beyond its limit, said in a player's words.
pub fn capped(spec: &BotSpec) -> Result<BotSpec, ApiError> {
    if let BotSpec::Exec(_) = spec {
        return Err(ApiError::bad(
            Message::new("serve-error-no-exec").text("spec", spec),
        ));
    }
    for s in spec.settings() {
        if let Some(allowed) = limit(spec.kind(), s.key) {
            if !allowed.admits(s.value) {
                return Err(ApiError::bad(
                    Message::new("serve-error-bot-cap")
                        .text("spec", spec)
                        .text("setting", s)
                        .text("key", s.key)
                        .arg("allowed", allowed.message()),
                ));
            }
        }
    }
    Ok(spec.with_default_ms(DEFAULT_BOT_MS))
}

/// Memory a bot keeps besides its search: buffers, a determinized state, its name.
const BOT_BASE_BYTES: u64 = 1 << 20;

/// An upper bound of the bytes one node of an ISMCTS tree of `G` takes: the node (its action,
/// statistics and child list) twice over, since the node vector grows by doubling, and its
/// entry in its parent's child list with the list's own allocation.
fn node_bytes<G: Catalog>() -> u64 {
    2 * (std::mem::size_of::<G::Action>() as u64 + 64) + 64
}

/// An upper bound of the ISMCTS tree of a spec: one node per iteration and the root.
fn tree_bytes<G: Catalog>(spec: &BotSpec) -> u64 {
    let iters = spec
        .get(ITERS.key)
        .and_then(|v| v.whole())
        .unwrap_or_else(|| u64::from(G::search_defaults().iterations));
    (iters + 1).saturating_mul(node_bytes::<G>())
}

/// The bytes of the exact solver's table of a `pimc` spec, as game-cego counts them
/// ([`game_cego::PimcOptions::table_bytes`]).
fn solver_table_bytes(spec: &BotSpec) -> u64 {
    let bytes = match spec {
        BotSpec::Own(own) => game_cego::PimcOptions::from_spec(own).table_bytes(),
        _ => 0,
    };
    u64::try_from(bytes).unwrap_or(u64::MAX)
}

/// An upper bound of the memory a bot of `G` with this (capped) spec takes while it searches.
pub fn bot_bytes<G: Catalog>(spec: &BotSpec) -> u64 {
    let search = match spec.kind() {
        "ismcts" => tree_bytes::<G>(spec),
        game_cego::PIMC_KIND => solver_table_bytes(spec).saturating_add(tree_bytes::<G>(spec)),
        "expert" => expert_bytes::<G>(),
        _ => 0,
    };
    BOT_BASE_BYTES.saturating_add(search)
}

/// The bytes an `expert` of `G` takes to search: its ISMCTS tree at the game's expert
/// iterations ([`cards_core::Search::expert_options`]) and the worlds an inferring expert
/// keeps ([`Catalog::expert_worlds`], each a state), and for Cego (whose expert is PIMC)
/// PIMC's default solver table beside it.
fn expert_bytes<G: Catalog>() -> u64 {
    let iters = u64::from(G::expert_options().iterations);
    let worlds =
        u64::from(G::expert_worlds()).saturating_mul(std::mem::size_of::<G::State>() as u64);
    let tree = (iters + 1)
        .saturating_mul(node_bytes::<G>())
        .saturating_add(worlds);
    if G::NAME == game_cego::Cego::NAME {
        let table =
            u64::try_from(game_cego::PimcOptions::default().table_bytes()).unwrap_or(u64::MAX);
        table.saturating_add(tree)
    } else {
        tree
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> BotSpec {
        BotSpec::parse_with(text, own_kinds()).unwrap()
    }

    #[test]
    fn an_expert_is_counted_with_its_search() {
        type Gka = game_grosse_kleine_a::GrosseKleineA;
        // The expert searches more than hard (`ismcts:iters=200`), and is counted so.
        let expert = spec("expert");
        let hard = spec("ismcts:iters=200");
        assert!(
            bot_bytes::<game_grosse_kleine_a::GrosseKleineA>(&expert)
                > bot_bytes::<game_grosse_kleine_a::GrosseKleineA>(&hard)
        );
        assert!(bot_bytes::<game_big_a::BigA>(&expert) > bot_bytes::<game_big_a::BigA>(&hard));
        // An inferring expert's worlds are counted beside its tree.
        let tree = (u64::from(<Gka as cards_core::Search>::expert_options().iterations) + 1)
            * node_bytes::<Gka>();
        assert!(
            bot_bytes::<Gka>(&expert)
                >= BOT_BASE_BYTES
                    + tree
                    + 1000 * std::mem::size_of::<game_grosse_kleine_a::State>() as u64
        );
        // Cego's expert is PIMC: its solver table is counted too.
        assert!(
            bot_bytes::<game_cego::Cego>(&expert)
                >= bot_bytes::<game_cego::Cego>(&spec("pimc")) / 2,
        );
    }

    #[test]
    fn every_limit_names_a_kind_and_key_of_the_table_and_admits_its_least_value() {
        for (kind, key, allowed) in LIMITS {
            let entry = seated_kinds().find(|k| k.name == kind);
            assert!(
                entry.is_some_and(|k| k.key(key).is_some()),
                "{kind}:{key} is not in the table"
            );
            let value = match allowed {
                Allowed::Whole { min, .. } | Allowed::WholeOrNone { min, .. } => min.max(1),
                Allowed::Number { .. } => 1,
            };
            let text = format!("{kind}:{key}={value}");
            assert!(capped(&spec(&text)).is_ok(), "{text}");
        }
        // Every kind and key of the table is listed, with the limit or what the bot takes.
        let infos = cap_infos();
        for kind in seated_kinds() {
            assert!(infos.iter().any(|i| i.kind == kind.name), "{}", kind.name);
            for key in kind.keys {
                assert!(
                    infos
                        .iter()
                        .any(|i| i.kind == kind.name && i.key == key.key),
                    "{}:{}",
                    kind.name,
                    key.key
                );
            }
        }
        for (text, says) in [
            (
                "pimc:bids=10000",
                "bids may be a whole number from 1 to 100",
            ),
            ("ismcts:iters=4294967295,ms=5000", "iters may be"),
            ("ismcts:ms=5001", "from 1 to 5000"),
            ("pimc:nodes=99999999", "nodes may be"),
            ("pimc:table=21", "table may be"),
            ("exec:python3 bot.py", "does not run bot programs"),
            ("ismcts:c=1e9", "c may be a number from 0 to 100"),
            ("ismcts:cutoff=99999", "or none"),
        ] {
            let e = capped(&spec(text)).unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn search_kinds_always_get_a_time_limit() {
        assert_eq!(capped(&spec("ismcts")).unwrap().millis(), Some(1000));
        assert_eq!(capped(&spec("pimc:worlds=4")).unwrap().millis(), Some(1000));
        assert_eq!(capped(&spec("ismcts:ms=20")).unwrap().millis(), Some(20));
        assert_eq!(capped(&spec("heuristic")).unwrap(), spec("heuristic"));
        assert_eq!(capped(&spec("planner")).unwrap(), spec("planner"));
    }

    #[test]
    fn the_estimate_grows_with_the_search() {
        let small = bot_bytes::<game_cego::Cego>(&spec("ismcts:iters=10"));
        let big = bot_bytes::<game_cego::Cego>(&spec("ismcts:iters=100000"));
        assert!(big > small + 10_000_000, "{small} {big}");
        let pimc = bot_bytes::<game_cego::Cego>(&spec("pimc"));
        assert!(pimc > 16 << 20, "the solver table: {pimc}");
        let bigger = bot_bytes::<game_cego::Cego>(&spec("pimc:table=20"));
        assert!(bigger > pimc + (40 << 20), "{pimc} {bigger}");
        assert!(bot_bytes::<game_cego::Cego>(&spec("heuristic")) < 2 << 20);
    }
}
