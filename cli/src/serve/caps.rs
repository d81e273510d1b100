//! What bots `cards serve` seats: one cap per bot kind and option, so that no request can ask
//! for a decision without a time limit or a search larger than the server means to hold; and
//! the memory a bot's search may take, estimated from its spec.

use cards_core::BotSpec;
use serde::Serialize;

use super::ApiError;
use cards_core::Catalog;

/// The most milliseconds a search bot may think per decision.
pub const MAX_BOT_MS: u64 = 5000;
/// The think time a search bot is given when its spec names none (as `cards play` gives).
pub const DEFAULT_BOT_MS: u64 = crate::bots::PLAY_MS;
/// The most ISMCTS iterations per decision (they bound the search tree).
pub const MAX_ITERS: u64 = 100_000;

/// What values one bot option may take on this server.
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
    /// Any value the bot itself accepts, described: it changes how a bot plays, not what its
    /// decisions cost.
    AsTheBotTakes(&'static str),
}

impl Allowed {
    /// The cap in a player's words.
    pub fn words(&self) -> String {
        match *self {
            Allowed::Whole {
                min: 0,
                max: u64::MAX,
            } => "any whole number".to_owned(),
            Allowed::Whole { min, max } => format!("a whole number from {min} to {max}"),
            Allowed::WholeOrNone { min, max } => {
                format!("a whole number from {min} to {max}, or none")
            }
            Allowed::Number { min, max } => format!("a number from {min} to {max}"),
            Allowed::AsTheBotTakes(what) => what.to_owned(),
        }
    }

    /// Whether `value` lies within the cap (values the bot itself refuses are left to it).
    fn admits(&self, value: &str) -> bool {
        match *self {
            Allowed::Whole { min, max } => {
                value.parse::<u64>().is_ok_and(|v| (min..=max).contains(&v))
            }
            Allowed::WholeOrNone { min, max } => {
                value == "none" || value.parse::<u64>().is_ok_and(|v| (min..=max).contains(&v))
            }
            Allowed::Number { min, max } => value
                .parse::<f64>()
                .is_ok_and(|v| v.is_finite() && v >= min && v <= max),
            Allowed::AsTheBotTakes(_) => true,
        }
    }
}

/// The options of one bot kind and their caps.
pub type KindCaps = (&'static str, &'static [(&'static str, Allowed)]);

const ANY_SEED: Allowed = Allowed::Whole {
    min: 0,
    max: u64::MAX,
};
const MS: Allowed = Allowed::Whole {
    min: 1,
    max: MAX_BOT_MS,
};
const ITERS: Allowed = Allowed::Whole {
    min: 1,
    max: MAX_ITERS,
};
const TRICKS: Allowed = Allowed::Whole { min: 0, max: 13 };
const SWITCH: Allowed = Allowed::AsTheBotTakes("1 or 0");

/// Every bot kind the server seats, with every option it may be given and that option's cap. A
/// kind or option not listed is refused.
pub const CAPS: [KindCaps; 5] = [
    ("random", &[]),
    ("heuristic", &[]),
    ("planner", &[]),
    (
        "ismcts",
        &[
            ("iters", ITERS),
            ("ms", MS),
            (
                "c",
                Allowed::Number {
                    min: 0.0,
                    max: 100.0,
                },
            ),
            (
                "rollout",
                Allowed::AsTheBotTakes("random, heuristic, or mixedP with P from 0 to 100"),
            ),
            ("cutoff", Allowed::WholeOrNone { min: 0, max: 1000 }),
            (
                "widen",
                Allowed::AsTheBotTakes("K/ALPHA with K above 0 and ALPHA between 0 and 1, or none"),
            ),
            ("seed", ANY_SEED),
        ],
    ),
    (
        "pimc",
        &[
            ("worlds", Allowed::Whole { min: 1, max: 100 }),
            ("bids", Allowed::Whole { min: 1, max: 100 }),
            (
                "nodes",
                Allowed::Whole {
                    min: 1,
                    max: 2_000_000,
                },
            ),
            ("from", TRICKS),
            ("special", TRICKS),
            ("margin", SWITCH),
            ("auction", SWITCH),
            ("infer", SWITCH),
            ("iters", ITERS),
            ("ms", MS),
            ("seed", ANY_SEED),
            ("table", Allowed::Whole { min: 10, max: 20 }),
        ],
    ),
];

/// One bot option's cap, as `/api/games` lists it.
#[derive(Clone, Debug, Serialize)]
pub struct CapInfo {
    /// The bot kind.
    pub kind: &'static str,
    /// The option (empty for a kind that takes none).
    pub key: &'static str,
    /// What it may be, in words.
    pub allowed: String,
}

/// The caps as `/api/games` lists them: one entry per kind and option (a kind without options
/// has one entry with an empty key).
pub fn cap_infos() -> Vec<CapInfo> {
    let mut infos = Vec::new();
    for (kind, keys) in CAPS {
        if keys.is_empty() {
            infos.push(CapInfo {
                kind,
                key: "",
                allowed: "takes no options".to_owned(),
            });
        }
        for (key, allowed) in keys {
            infos.push(CapInfo {
                kind,
                key,
                allowed: allowed.words(),
            });
        }
    }
    infos
}

/// The caps in words, one line per kind, for `cards serve --help` and the README.
pub fn caps_text() -> String {
    let mut text = String::new();
    for (kind, keys) in CAPS {
        text.push_str(kind);
        text.push_str(": ");
        if keys.is_empty() {
            text.push_str("no options");
        }
        let parts: Vec<String> = keys
            .iter()
            .map(|(key, allowed)| format!("{key} {}", allowed.words()))
            .collect();
        text.push_str(&parts.join("; "));
        text.push('\n');
    }
    text
}

/// A seat's bot spec checked against the caps, with `ms` added (the default
/// [`DEFAULT_BOT_MS`]) to a kind that takes it.
///
/// # Errors
/// A kind or option with no cap, or a value beyond its cap, said in a player's words.
pub fn capped(spec: &BotSpec) -> Result<BotSpec, ApiError> {
    if spec.kind == "exec" {
        return Err(ApiError::bad(format!(
            "bot {spec}: this server does not run bot programs (start it with --allow-exec to \
             seat exec: bots)"
        )));
    }
    let Some((_, keys)) = CAPS.iter().find(|(kind, _)| *kind == spec.kind) else {
        let known: Vec<&str> = CAPS.iter().map(|(kind, _)| *kind).collect();
        return Err(ApiError::bad(format!(
            "bot {spec}: this server seats only the bot kinds {} (the kinds a game offers \
             among them)",
            known.join(", ")
        )));
    };
    for (key, value) in &spec.params {
        let Some((_, allowed)) = keys.iter().find(|(k, _)| k == key) else {
            let takes = if keys.is_empty() {
                format!("{} takes no options on this server", spec.kind)
            } else {
                let names: Vec<&str> = keys.iter().map(|(k, _)| *k).collect();
                format!(
                    "{} takes only {} on this server",
                    spec.kind,
                    names.join(", ")
                )
            };
            return Err(ApiError::bad(format!("bot {spec}: {key}={value}? {takes}")));
        };
        if !allowed.admits(value) {
            return Err(ApiError::bad(format!(
                "bot {spec}: {key}={value} is more than this server allows: {key} may be {} \
                 (at most this much thinking per move)",
                allowed.words()
            )));
        }
    }
    let mut spec = spec.clone();
    if keys.iter().any(|(k, _)| *k == "ms") && spec.param("ms").is_none() {
        spec.params
            .push(("ms".to_owned(), DEFAULT_BOT_MS.to_string()));
    }
    Ok(spec)
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
        .param("iters")
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or_else(|| u64::from(G::search_defaults().iterations));
    (iters + 1).saturating_mul(node_bytes::<G>())
}

/// The bytes of the exact solver's table of a `pimc` spec, as game-cego counts them
/// ([`game_cego::PimcOptions::table_bytes`]); for a spec it refuses, the largest table.
fn solver_table_bytes(spec: &BotSpec) -> u64 {
    let bytes = game_cego::PimcOptions::from_spec(spec).map_or_else(
        |_| game_cego::solver::Solver::table_bytes(*game_cego::PIMC_TABLE_BITS.end()),
        |options| options.table_bytes(),
    );
    u64::try_from(bytes).unwrap_or(u64::MAX)
}

/// An upper bound of the memory a bot of `G` with this (capped) spec takes while it searches.
pub fn bot_bytes<G: Catalog>(spec: &BotSpec) -> u64 {
    let search = match spec.kind.as_str() {
        "ismcts" => tree_bytes::<G>(spec),
        "pimc" => solver_table_bytes(spec).saturating_add(tree_bytes::<G>(spec)),
        _ => 0,
    };
    BOT_BASE_BYTES.saturating_add(search)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> BotSpec {
        text.parse().unwrap()
    }

    #[test]
    fn every_key_the_search_bots_take_has_a_cap() {
        for (kind, keys) in CAPS {
            for (key, allowed) in keys {
                let value = match allowed {
                    Allowed::Whole { min, .. } | Allowed::WholeOrNone { min, .. } => {
                        (*min).max(1).to_string()
                    }
                    _ if *key == "rollout" => "random".to_owned(),
                    _ if *key == "widen" => "2/0.5".to_owned(),
                    _ => "1".to_owned(),
                };
                let text = format!("{kind}:{key}={value}");
                assert!(capped(&spec(&text)).is_ok(), "{text}");
            }
        }
        // Every option ISMCTS and PIMC take has a cap (PIMC's `table` too, once it takes it).
        let ismcts: Vec<&str> = CAPS[3].1.iter().map(|(k, _)| *k).collect();
        assert_eq!(
            ismcts,
            ["iters", "ms", "c", "rollout", "cutoff", "widen", "seed"]
        );
        let pimc: Vec<&str> = CAPS[4].1.iter().map(|(k, _)| *k).collect();
        assert_eq!(
            pimc,
            [
                "worlds", "bids", "nodes", "from", "special", "margin", "auction", "infer",
                "iters", "ms", "seed", "table"
            ]
        );
        for (text, says) in [
            (
                "pimc:bids=10000",
                "bids may be a whole number from 1 to 100",
            ),
            ("ismcts:iters=4294967295,ms=5000", "iters may be"),
            ("ismcts:ms=5001", "from 1 to 5000"),
            ("pimc:nodes=99999999", "nodes may be"),
            ("pimc:table=24", "table may be"),
            ("ismcts:depth=3", "ismcts takes only"),
            ("heuristic:ms=3", "heuristic takes no options"),
            ("wizard", "seats only the bot kinds"),
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
        assert_eq!(capped(&spec("ismcts")).unwrap().param("ms"), Some("1000"));
        assert_eq!(
            capped(&spec("pimc:worlds=4")).unwrap().param("ms"),
            Some("1000")
        );
        assert_eq!(
            capped(&spec("ismcts:ms=20")).unwrap().param("ms"),
            Some("20")
        );
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
