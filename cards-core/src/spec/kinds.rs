//! The table of bot kinds: what kinds there are, the keys each takes and the values a key
//! takes ([`Takes`]), read into typed values ([`BotValue`], [`Setting`]).

use std::fmt;

use crate::search::{Rollout, Widening};

/// What values a key of a bot kind takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Takes {
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
    /// A finite number of at least `min`.
    Number {
        /// The least.
        min: f64,
    },
    /// `1` or `0` (also `true`/`false`, `yes`/`no`; written back as `1` or `0`).
    Flag,
    /// A rollout policy: `random`, `heuristic` or `mixedP` ([`Rollout`]).
    Rollout,
    /// Progressive widening `K/ALPHA` ([`Widening`]), or `none`.
    Widen,
    /// What an `exec:` bot does on a fault: `random`, the only fallback.
    Fallback,
}

/// Writes a bound that is a type's limit (no rule of the bot) as no bound.
fn unbounded(max: u64) -> bool {
    max == u64::MAX || max == u64::from(u32::MAX)
}

impl Takes {
    /// What it takes, in a player's words, e.g. `a whole number >= 1`.
    pub fn words(&self) -> String {
        match *self {
            Takes::Whole { min: 0, max } if max == u64::MAX => "any whole number".to_owned(),
            Takes::Whole { min, max } if unbounded(max) => format!("a whole number >= {min}"),
            Takes::Whole { min, max } => format!("a whole number from {min} to {max}"),
            Takes::WholeOrNone { min, max } => {
                let whole = Takes::Whole { min, max }.words();
                format!("{whole}, or none")
            }
            Takes::Number { min } => format!("a number >= {min}"),
            Takes::Flag => "1 or 0".to_owned(),
            Takes::Rollout => "random, heuristic or mixedP (P from 0 to 100)".to_owned(),
            Takes::Widen => "K/ALPHA with K > 0 and 0 < ALPHA < 1, or none".to_owned(),
            Takes::Fallback => {
                "random (there is no rule for forfeiting a match in any game here)".to_owned()
            }
        }
    }

    /// Reads a value, or `None` when it is not one this takes.
    pub fn read(&self, text: &str) -> Option<BotValue> {
        let whole = |min: u64, max: u64| {
            text.parse::<u64>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .map(BotValue::Whole)
        };
        match *self {
            Takes::Whole { min, max } => whole(min, max),
            Takes::WholeOrNone { .. } | Takes::Widen if text == "none" => Some(BotValue::None),
            Takes::WholeOrNone { min, max } => whole(min, max),
            Takes::Number { min } => text
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= min)
                .map(BotValue::Number),
            Takes::Flag => match text {
                "1" | "true" | "yes" => Some(BotValue::Flag(true)),
                "0" | "false" | "no" => Some(BotValue::Flag(false)),
                _ => None,
            },
            Takes::Rollout => text.parse().ok().map(BotValue::Rollout),
            Takes::Widen => {
                let (k, a) = text.split_once('/')?;
                let (k, alpha) = (k.parse::<f64>().ok()?, a.parse::<f64>().ok()?);
                (k > 0.0 && k.is_finite() && alpha > 0.0 && alpha < 1.0)
                    .then_some(BotValue::Widen(Widening { k, alpha }))
            }
            Takes::Fallback => (text == "random").then_some(BotValue::Fallback),
        }
    }
}

/// One key a bot kind takes: its name, what values it takes, what it does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BotKey {
    /// The key, e.g. `iters`.
    pub key: &'static str,
    /// The values it takes.
    pub takes: Takes,
    /// What it sets, with its default, in a few words.
    pub about: &'static str,
}

/// One bot kind: its name, what it is, the keys it takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BotKind {
    /// The kind, e.g. `ismcts`.
    pub name: &'static str,
    /// What it is, in a line.
    pub about: &'static str,
    /// The keys it takes, in the order a help text lists them.
    pub keys: &'static [BotKey],
}

impl BotKind {
    /// The key named `key`, if it takes one.
    pub fn key(&self, key: &str) -> Option<&'static BotKey> {
        self.keys.iter().find(|k| k.key == key)
    }

    /// The keys it takes, comma-separated, or `no options`.
    pub fn keys_text(&self) -> String {
        if self.keys.is_empty() {
            return "no options".to_owned();
        }
        let keys: Vec<&str> = self.keys.iter().map(|k| k.key).collect();
        keys.join(", ")
    }

    /// Whether it takes a time budget (`ms`), which needs a clock.
    pub fn takes_ms(&self) -> bool {
        self.key(MS.key).is_some()
    }
}

/// `iters`: ISMCTS iterations per decision.
pub const ITERS: BotKey = BotKey {
    key: "iters",
    takes: Takes::Whole {
        min: 1,
        max: u32::MAX as u64,
    },
    about: "ISMCTS iterations per decision (the game's default, mostly 1000; a cap when ms is given)",
};

/// `ms`: a time budget per decision, which needs a clock.
pub const MS: BotKey = BotKey {
    key: "ms",
    takes: Takes::Whole {
        min: 1,
        max: u64::MAX,
    },
    about: "a time budget per decision in milliseconds (none by default)",
};

/// `seed`: a seed of the bot's own.
pub const SEED: BotKey = BotKey {
    key: "seed",
    takes: Takes::Whole {
        min: 0,
        max: u64::MAX,
    },
    about: "a seed of the bot's own (by default it draws from the table's generator)",
};

/// The keys of `ismcts`, in their order.
pub const ISMCTS_KEYS: [BotKey; 7] = [
    ITERS,
    MS,
    BotKey {
        key: "c",
        takes: Takes::Number { min: 0.0 },
        about: "the UCB1 exploration constant (the game's default, mostly 0.7)",
    },
    BotKey {
        key: "rollout",
        takes: Takes::Rollout,
        about: "how a rollout plays: at random, by the heuristic, or mixed with P% heuristic steps",
    },
    BotKey {
        key: "cutoff",
        takes: Takes::WholeOrNone {
            min: 0,
            max: u32::MAX as u64,
        },
        about: "rollout actions before the game's estimate ends it (0: the estimate at once; none: to the end)",
    },
    BotKey {
        key: "widen",
        takes: Takes::Widen,
        about: "progressive widening: at most ceil(K (visits + 1)^ALPHA) children a node",
    },
    SEED,
];

/// The bot kinds every game offers: `random`, `heuristic`, `ismcts`, `expert`.
pub const GENERIC_KINDS: [BotKind; 4] = [
    BotKind {
        name: "random",
        about: "uniformly among the legal actions",
        keys: &[],
    },
    BotKind {
        name: "heuristic",
        about: "the game's one-ply heuristic, at once",
        keys: &[],
    },
    BotKind {
        name: "ismcts",
        about: "information-set Monte Carlo tree search from the game's search defaults",
        keys: &ISMCTS_KEYS,
    },
    BotKind {
        name: "expert",
        about: "the game's strongest bot, at a fixed budget of about 100 ms a move",
        keys: &[SEED],
    },
];

/// `exec:COMMAND LINE`: a program of your own over the bot protocol (`docs/protocol.md`), run
/// by the `cards` command. Its keys come first in the command line (`exec:ms=500 python3
/// bot.py`) or after it in a list (`exec:python3 bot.py,ms=500`).
pub const EXEC_KIND: BotKind = BotKind {
    name: "exec",
    about: "a program of your own over the bot protocol: exec:COMMAND LINE (the rest of the spec, kept whole)",
    keys: &[
        BotKey {
            key: "ms",
            takes: Takes::Whole {
                min: 1,
                max: u64::MAX,
            },
            about: "the time the program has to answer a decision (1000 by default)",
        },
        BotKey {
            key: "on_error",
            takes: Takes::Fallback,
            about: "what a fault plays instead: a random legal action (the default)",
        },
    ],
};

/// The names of the kinds every game offers ([`GENERIC_KINDS`]).
pub const BOT_KINDS: [&str; 4] = ["random", "heuristic", "ismcts", "expert"];

/// A value of a key, read as its [`Takes`] says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BotValue {
    /// A whole number.
    Whole(u64),
    /// `none`.
    None,
    /// A number.
    Number(f64),
    /// A switch.
    Flag(bool),
    /// A rollout policy.
    Rollout(Rollout),
    /// Progressive widening.
    Widen(Widening),
    /// `random`, the fallback of an `exec:` bot's fault.
    Fallback,
}

impl BotValue {
    /// The whole number, if it is one.
    pub fn whole(&self) -> Option<u64> {
        match *self {
            BotValue::Whole(n) => Some(n),
            _ => None,
        }
    }

    /// The switch, if it is one.
    pub fn flag(&self) -> Option<bool> {
        match *self {
            BotValue::Flag(b) => Some(b),
            _ => None,
        }
    }
}

impl fmt::Display for BotValue {
    /// The canonical text: numbers as Rust writes them, switches as `1` and `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotValue::Whole(n) => write!(f, "{n}"),
            BotValue::None => f.write_str("none"),
            BotValue::Number(x) => write!(f, "{x}"),
            BotValue::Flag(b) => f.write_str(if *b { "1" } else { "0" }),
            BotValue::Rollout(r) => write!(f, "{r}"),
            BotValue::Widen(w) => write!(f, "{}/{}", w.k, w.alpha),
            BotValue::Fallback => f.write_str("random"),
        }
    }
}

/// One `key=value` of a spec, read against its kind's table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Setting {
    /// The key (one of its kind's [`BotKind::keys`]).
    pub key: &'static str,
    /// The value.
    pub value: BotValue,
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.key, self.value)
    }
}
