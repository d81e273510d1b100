//! Bot specs: `kind[:key=value,...]`, one syntax for every command (`--bots`, serve's seats,
//! the conformance harness), parsed once into a typed [`BotSpec`] and built into bots by
//! [`crate::catalog::make_bot`].
//!
//! One table says which kinds there are and which keys each takes: [`GENERIC_KINDS`] (every
//! game), [`EXEC_KIND`] (a program over the bot protocol, run by the `cards` command), and a
//! game's own kinds ([`crate::Catalog::game_bot_kinds`]), each a [`BotKind`] whose keys
//! ([`BotKey`]) say what values they take ([`Takes`]). Parsing checks kind, keys and values
//! against the table once; help texts and refusals are made from it.

use std::fmt;

use crate::search::{IsmctsOptions, Rollout, Widening};

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

/// The bot kinds every game offers: `random`, `heuristic`, `ismcts`.
pub const GENERIC_KINDS: [BotKind; 3] = [
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
pub const BOT_KINDS: [&str; 3] = ["random", "heuristic", "ismcts"];

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

/// One setting of an `ismcts` spec.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum IsmctsSetting {
    /// `iters`.
    Iters(u32),
    /// `ms`.
    Millis(u64),
    /// `c`.
    C(f64),
    /// `rollout`.
    Rollout(Rollout),
    /// `cutoff` (`None` for `none`).
    Cutoff(Option<u32>),
    /// `widen` (`None` for `none`).
    Widen(Option<Widening>),
    /// `seed`.
    Seed(u64),
}

impl IsmctsSetting {
    /// The setting of a key of [`ISMCTS_KEYS`] read against its table.
    fn from_setting(s: Setting) -> Option<IsmctsSetting> {
        Some(match (s.key, s.value) {
            ("iters", BotValue::Whole(n)) => IsmctsSetting::Iters(u32::try_from(n).ok()?),
            ("ms", BotValue::Whole(n)) => IsmctsSetting::Millis(n),
            ("c", BotValue::Number(c)) => IsmctsSetting::C(c),
            ("rollout", BotValue::Rollout(r)) => IsmctsSetting::Rollout(r),
            ("cutoff", BotValue::None) => IsmctsSetting::Cutoff(None),
            ("cutoff", BotValue::Whole(n)) => IsmctsSetting::Cutoff(Some(u32::try_from(n).ok()?)),
            ("widen", BotValue::None) => IsmctsSetting::Widen(None),
            ("widen", BotValue::Widen(w)) => IsmctsSetting::Widen(Some(w)),
            ("seed", BotValue::Whole(n)) => IsmctsSetting::Seed(n),
            _ => return None,
        })
    }

    /// The setting as a key and a value.
    pub fn setting(&self) -> Setting {
        let (key, value) = match *self {
            IsmctsSetting::Iters(n) => ("iters", BotValue::Whole(n.into())),
            IsmctsSetting::Millis(n) => ("ms", BotValue::Whole(n)),
            IsmctsSetting::C(c) => ("c", BotValue::Number(c)),
            IsmctsSetting::Rollout(r) => ("rollout", BotValue::Rollout(r)),
            IsmctsSetting::Cutoff(c) => (
                "cutoff",
                c.map_or(BotValue::None, |n| BotValue::Whole(n.into())),
            ),
            IsmctsSetting::Widen(w) => ("widen", w.map_or(BotValue::None, BotValue::Widen)),
            IsmctsSetting::Seed(n) => ("seed", BotValue::Whole(n)),
        };
        Setting { key, value }
    }

    /// Sets it in `options`.
    pub fn apply(&self, options: &mut IsmctsOptions) {
        match *self {
            IsmctsSetting::Iters(n) => options.iterations = n,
            IsmctsSetting::Millis(n) => options.millis = Some(n),
            IsmctsSetting::C(c) => options.exploration = c,
            IsmctsSetting::Rollout(r) => options.rollout = r,
            IsmctsSetting::Cutoff(c) => options.cutoff = c,
            IsmctsSetting::Widen(w) => options.widening = w,
            IsmctsSetting::Seed(n) => options.seed = Some(n),
        }
    }
}

/// An `ismcts` spec: its settings in the order given.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct IsmctsSpec {
    /// The settings, in the order given (a later one of a key wins).
    pub settings: Vec<IsmctsSetting>,
}

impl IsmctsSpec {
    /// The options: `defaults` (the game's [`crate::Search::search_defaults`]) with the
    /// settings applied in order.
    pub fn options(&self, mut defaults: IsmctsOptions) -> IsmctsOptions {
        for s in &self.settings {
            s.apply(&mut defaults);
        }
        defaults
    }
}

/// A spec of a game's own kind: the kind (from the game's table) and its settings, read
/// against the kind's keys (so each key is one of them and each value one its key takes).
#[derive(Clone, Debug, PartialEq)]
pub struct OwnSpec {
    kind: &'static BotKind,
    settings: Vec<Setting>,
}

impl OwnSpec {
    /// The kind.
    pub fn kind(&self) -> &'static BotKind {
        self.kind
    }

    /// The settings, in the order given.
    pub fn settings(&self) -> &[Setting] {
        &self.settings
    }

    /// The value of `key`, the last one given.
    pub fn get(&self, key: &str) -> Option<BotValue> {
        self.settings
            .iter()
            .rev()
            .find(|s| s.key == key)
            .map(|s| s.value)
    }
}

/// An `exec:` spec: the program's command line, and the settings before it (leading words
/// `ms=N`, `on_error=random`) and after it (`,key=value` in a list).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExecSpec {
    lead: Vec<(&'static str, String)>,
    command: Vec<String>,
    trail: Vec<(&'static str, String)>,
    millis: Option<u64>,
}

impl ExecSpec {
    /// The command line, split on whitespace (at least the program).
    pub fn command(&self) -> &[String] {
        &self.command
    }

    /// The time the program has to answer a decision, when given.
    pub fn millis(&self) -> Option<u64> {
        self.millis
    }
}

/// A bot spec, parsed once against a table of kinds: `random`, `heuristic`,
/// `ismcts[:key=value,...]`, a game's own kind, or `exec:COMMAND LINE`. Its `Display` is the
/// text given, with numbers in their canonical form: the name the bot reports under.
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    /// `random`.
    Random,
    /// `heuristic`.
    Heuristic,
    /// `ismcts` with its settings.
    Ismcts(IsmctsSpec),
    /// A kind of the game's own.
    Own(OwnSpec),
    /// A program over the bot protocol.
    Exec(ExecSpec),
}

/// Why a bot spec is refused; each says what is wrong once.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotSpecError {
    /// Nothing where a spec was expected.
    #[error("an empty bot spec (write kind[:key=value,...], e.g. ismcts:iters=1000)")]
    Empty,
    /// Not of the form `kind[:key=value,...]`.
    #[error("{text:?} is not of the form kind[:key=value,...]")]
    Malformed {
        /// The text.
        text: String,
    },
    /// No such bot kind.
    #[error("unknown bot kind {kind:?} (known: {known})")]
    UnknownKind {
        /// The kind asked for.
        kind: String,
        /// The kinds there are, comma-separated.
        known: String,
    },
    /// A key the kind does not take.
    #[error("bot {spec}: {kind} takes {keys}, not {key:?}")]
    UnknownKey {
        /// The spec.
        spec: String,
        /// Its kind.
        kind: &'static str,
        /// The key given.
        key: String,
        /// The keys the kind takes ([`BotKind::keys_text`]).
        keys: String,
    },
    /// A value its key does not take.
    #[error("bot {spec}: {key} takes {takes}, not {value:?}")]
    BadValue {
        /// The spec.
        spec: String,
        /// The key.
        key: &'static str,
        /// What it takes ([`Takes::words`]).
        takes: String,
        /// The value given.
        value: String,
    },
    /// A time budget where no clock is given.
    #[error("bot {spec}: a time budget (ms) needs a clock; give iters instead")]
    NeedsClock {
        /// The spec.
        spec: String,
    },
    /// A kind that is not built here (an `exec:` program outside the `cards` command).
    #[error("bot {spec}: {kind} bots are not built here")]
    NotHere {
        /// The spec.
        spec: String,
        /// Its kind.
        kind: &'static str,
    },
    /// An `exec:` program that cannot be started.
    #[error("bot {spec}: cannot start {program:?}: {reason}")]
    Program {
        /// The spec.
        spec: String,
        /// The program.
        program: String,
        /// Why.
        reason: String,
    },
}

impl BotSpec {
    /// The kind's name.
    pub fn kind(&self) -> &'static str {
        match self {
            BotSpec::Random => GENERIC_KINDS[0].name,
            BotSpec::Heuristic => GENERIC_KINDS[1].name,
            BotSpec::Ismcts(_) => GENERIC_KINDS[2].name,
            BotSpec::Own(o) => o.kind.name,
            BotSpec::Exec(_) => EXEC_KIND.name,
        }
    }

    /// The kind's entry of the table.
    pub fn kind_entry(&self) -> &'static BotKind {
        match self {
            BotSpec::Random => &GENERIC_KINDS[0],
            BotSpec::Heuristic => &GENERIC_KINDS[1],
            BotSpec::Ismcts(_) => &GENERIC_KINDS[2],
            BotSpec::Own(o) => o.kind,
            BotSpec::Exec(_) => &EXEC_KIND,
        }
    }

    /// The settings of a kind of the engine's (none for `exec:`), in the order given.
    pub fn settings(&self) -> Vec<Setting> {
        match self {
            BotSpec::Random | BotSpec::Heuristic | BotSpec::Exec(_) => Vec::new(),
            BotSpec::Ismcts(s) => s.settings.iter().map(IsmctsSetting::setting).collect(),
            BotSpec::Own(o) => o.settings.clone(),
        }
    }

    /// The value of `key`, the last one given (for a kind of the engine's).
    pub fn get(&self, key: &str) -> Option<BotValue> {
        self.settings()
            .into_iter()
            .rev()
            .find(|s| s.key == key)
            .map(|s| s.value)
    }

    /// The time budget of a search bot (`ms`), which needs a clock.
    pub fn millis(&self) -> Option<u64> {
        match self {
            BotSpec::Exec(_) => None,
            _ => self.get(MS.key).and_then(|v| v.whole()),
        }
    }

    /// Whether it searches (any kind but `random` and `heuristic`): its think time is
    /// measured, and `cards play` and `cards serve` give it a time budget.
    pub fn is_search(&self) -> bool {
        !matches!(self, BotSpec::Random | BotSpec::Heuristic)
    }

    /// The same spec with `ms=ms` added when its kind takes a time budget and none is given
    /// (`cards play` and `cards serve` bound every search so); else as it is.
    pub fn with_default_ms(&self, ms: u64) -> BotSpec {
        let mut spec = self.clone();
        if self.millis().is_some() {
            return spec;
        }
        match &mut spec {
            BotSpec::Ismcts(s) => s.settings.push(IsmctsSetting::Millis(ms)),
            BotSpec::Own(o) if o.kind.takes_ms() => o.settings.push(Setting {
                key: MS.key,
                value: BotValue::Whole(ms),
            }),
            _ => {}
        }
        spec
    }

    /// Reads one spec against the kinds every game offers and `own`, a game's own kinds.
    ///
    /// # Errors
    /// An empty or malformed spec, an unknown kind, a key its kind does not take, a value its
    /// key does not take.
    pub fn parse_with(text: &str, own: &'static [BotKind]) -> Result<BotSpec, BotSpecError> {
        let text = text.trim();
        let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
        let kind = kind.trim();
        if kind.is_empty() || kind.contains('=') || kind.chars().any(char::is_whitespace) {
            return Err(if text.is_empty() {
                BotSpecError::Empty
            } else {
                malformed(text)
            });
        }
        if kind == EXEC_KIND.name {
            return parse_exec(text, rest);
        }
        let Some(entry) = GENERIC_KINDS.iter().chain(own).find(|k| k.name == kind) else {
            let known: Vec<&str> = GENERIC_KINDS
                .iter()
                .chain(own)
                .chain([&EXEC_KIND])
                .map(|k| k.name)
                .collect();
            return Err(BotSpecError::UnknownKind {
                kind: kind.to_owned(),
                known: known.join(", "),
            });
        };
        let settings = if rest.trim().is_empty() {
            Vec::new()
        } else {
            rest.split(',')
                .map(|piece| read_setting(text, entry, piece))
                .collect::<Result<Vec<_>, _>>()?
        };
        // The generic kinds come first, so a kind of the game's own never takes their names.
        Ok(match entry.name {
            "random" => BotSpec::Random,
            "heuristic" => BotSpec::Heuristic,
            "ismcts" => BotSpec::Ismcts(IsmctsSpec {
                settings: settings
                    .into_iter()
                    .map(|s| {
                        IsmctsSetting::from_setting(s).ok_or_else(|| BotSpecError::BadValue {
                            spec: text.to_owned(),
                            key: s.key,
                            takes: entry
                                .key(s.key)
                                .map_or_else(String::new, |k| k.takes.words()),
                            value: s.value.to_string(),
                        })
                    })
                    .collect::<Result<_, _>>()?,
            }),
            _ => BotSpec::Own(OwnSpec {
                kind: entry,
                settings,
            }),
        })
    }

    /// Reads a comma-separated list of specs against the kinds every game offers and `own`. A
    /// piece of the form `key=value` belongs to the spec before it, so
    /// `ismcts:iters=2000,c=0.5,heuristic` is two bots; `exec:COMMAND LINE` keeps its command
    /// line whole.
    ///
    /// # Errors
    /// An empty piece, an option with no bot before it, or a spec [`BotSpec::parse_with`]
    /// refuses.
    pub fn parse_list_with(
        text: &str,
        own: &'static [BotKind],
    ) -> Result<Vec<BotSpec>, BotSpecError> {
        let mut texts: Vec<String> = Vec::new();
        for piece in text.split(',').map(str::trim) {
            match (
                piece.contains('=') && !piece.contains(':'),
                texts.last_mut(),
            ) {
                (true, Some(last)) => {
                    last.push(',');
                    last.push_str(piece);
                }
                (true, None) => return Err(malformed(piece)),
                (false, _) if piece.is_empty() => return Err(BotSpecError::Empty),
                (false, _) => texts.push(piece.to_owned()),
            }
        }
        texts.iter().map(|t| BotSpec::parse_with(t, own)).collect()
    }
}

fn malformed(text: &str) -> BotSpecError {
    BotSpecError::Malformed {
        text: text.to_owned(),
    }
}

/// Reads `key=value` of the spec `text` against its kind's keys.
fn read_setting(text: &str, kind: &'static BotKind, piece: &str) -> Result<Setting, BotSpecError> {
    let (key, value) = match piece.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() && !v.trim().is_empty() => (k.trim(), v.trim()),
        _ => return Err(malformed(text)),
    };
    let Some(entry) = kind.key(key) else {
        return Err(BotSpecError::UnknownKey {
            spec: text.to_owned(),
            kind: kind.name,
            key: key.to_owned(),
            keys: kind.keys_text(),
        });
    };
    let value = entry
        .takes
        .read(value)
        .ok_or_else(|| BotSpecError::BadValue {
            spec: text.to_owned(),
            key: entry.key,
            takes: entry.takes.words(),
            value: value.to_owned(),
        })?;
    Ok(Setting {
        key: entry.key,
        value,
    })
}

/// Reads `exec:COMMAND LINE[,key=value...]`: leading words `key=value` of the command line and
/// pieces after it are the kind's settings.
fn parse_exec(text: &str, rest: &str) -> Result<BotSpec, BotSpecError> {
    let mut pieces = rest.split(',');
    let line = pieces.next().unwrap_or_default();
    let mut spec = ExecSpec {
        lead: Vec::new(),
        command: Vec::new(),
        trail: Vec::new(),
        millis: None,
    };
    let mut settings = Vec::new();
    let mut words = line.split_whitespace().peekable();
    while let Some(word) = words.next_if(|w| {
        w.split_once('=')
            .is_some_and(|(k, _)| EXEC_KIND.key(k).is_some())
    }) {
        let s = read_setting(text, &EXEC_KIND, word)?;
        spec.lead.push((s.key, s.value.to_string()));
        settings.push(s);
    }
    spec.command = words.map(str::to_owned).collect();
    if spec.command.is_empty() {
        return Err(malformed(text));
    }
    for piece in pieces {
        let s = read_setting(text, &EXEC_KIND, piece)?;
        spec.trail.push((s.key, s.value.to_string()));
        settings.push(s);
    }
    spec.millis = settings
        .iter()
        .rev()
        .find(|s| s.key == "ms")
        .and_then(|s| s.value.whole());
    Ok(BotSpec::Exec(spec))
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind())?;
        if let BotSpec::Exec(e) = self {
            f.write_str(":")?;
            for (k, v) in &e.lead {
                write!(f, "{k}={v} ")?;
            }
            f.write_str(&e.command.join(" "))?;
            for (k, v) in &e.trail {
                write!(f, ",{k}={v}")?;
            }
            return Ok(());
        }
        for (i, s) in self.settings().iter().enumerate() {
            write!(f, "{}{s}", if i == 0 { ':' } else { ',' })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game's own kind for the tests: every sort of value.
    static OWN: [BotKind; 2] = [
        BotKind {
            name: "oracle",
            about: "a test kind",
            keys: &[
                BotKey {
                    key: "worlds",
                    takes: Takes::Whole { min: 1, max: 100 },
                    about: "worlds",
                },
                BotKey {
                    key: "fast",
                    takes: Takes::Flag,
                    about: "a switch",
                },
                ITERS,
                MS,
                SEED,
            ],
        },
        BotKind {
            name: "quick",
            about: "a test kind without keys",
            keys: &[],
        },
    ];

    fn parse(text: &str) -> Result<BotSpec, BotSpecError> {
        BotSpec::parse_with(text, &OWN)
    }

    fn refusal(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn every_kind_and_key_prints_back_as_given() {
        for text in [
            "random",
            "heuristic",
            "ismcts",
            "ismcts:iters=2000",
            "ismcts:ms=200,c=0.5",
            "ismcts:c=1.5,rollout=mixed30,cutoff=40,widen=2/0.5,seed=9",
            "ismcts:rollout=random,cutoff=none,widen=none",
            "ismcts:rollout=heuristic,cutoff=0,iters=5,iters=6",
            "oracle",
            "oracle:worlds=3,fast=1,iters=20,ms=5,seed=0",
            "oracle:fast=0",
            "quick",
            "exec:python3 my_bot.py --fast",
            "exec:ms=500 on_error=random python3 bot.py",
            "exec:python3 bot.py,ms=500,on_error=random",
        ] {
            let spec = parse(text).unwrap();
            assert_eq!(spec.to_string(), text);
            assert_eq!(parse(&spec.to_string()).unwrap(), spec, "{text}");
        }
        // Numbers and switches in their canonical form.
        for (text, canonical) in [
            ("ismcts:c=0.50", "ismcts:c=0.5"),
            ("ismcts:iters=007", "ismcts:iters=7"),
            ("oracle:fast=yes", "oracle:fast=1"),
            (" ismcts : iters = 5 ", "ismcts:iters=5"),
            ("exec:python3   bot.py", "exec:python3 bot.py"),
        ] {
            assert_eq!(parse(text).unwrap().to_string(), canonical, "{text}");
        }
        // Every key of every kind of the table is read and printed back.
        for kind in GENERIC_KINDS.iter().chain(&OWN) {
            for key in kind.keys {
                let value = match key.takes {
                    Takes::Whole { min, .. } | Takes::WholeOrNone { min, .. } => min.to_string(),
                    Takes::Number { .. } => "0.25".to_owned(),
                    Takes::Flag => "1".to_owned(),
                    Takes::Rollout => "mixed50".to_owned(),
                    Takes::Widen => "1.5/0.25".to_owned(),
                    Takes::Fallback => "random".to_owned(),
                };
                let text = format!("{}:{}={value}", kind.name, key.key);
                assert_eq!(parse(&text).unwrap().to_string(), text);
            }
        }
    }

    #[test]
    fn the_settings_are_typed() {
        let BotSpec::Ismcts(s) = parse("ismcts:iters=250,c=1.5,cutoff=none,widen=2/0.5").unwrap()
        else {
            panic!("an ismcts spec")
        };
        assert_eq!(
            s.settings,
            [
                IsmctsSetting::Iters(250),
                IsmctsSetting::C(1.5),
                IsmctsSetting::Cutoff(None),
                IsmctsSetting::Widen(Some(Widening { k: 2.0, alpha: 0.5 })),
            ]
        );
        let o = s.options(IsmctsOptions {
            cutoff: Some(7),
            ..IsmctsOptions::default()
        });
        assert_eq!(
            (o.iterations, o.exploration, o.cutoff),
            (250, 1.5, None),
            "applied in order over the defaults"
        );
        let own = parse("oracle:worlds=3,fast=yes,worlds=4").unwrap();
        assert_eq!(
            own.get("worlds"),
            Some(BotValue::Whole(4)),
            "the last one wins"
        );
        assert_eq!(own.get("fast"), Some(BotValue::Flag(true)));
        assert_eq!(parse("oracle:ms=30").unwrap().millis(), Some(30));
        assert_eq!(parse("exec:ms=30 prog").unwrap().millis(), None);
        let BotSpec::Exec(e) = parse("exec:ms=30 prog --x,ms=40").unwrap() else {
            panic!("an exec spec")
        };
        assert_eq!(
            (e.command(), e.millis()),
            (&["prog".to_owned(), "--x".to_owned()][..], Some(40))
        );
    }

    #[test]
    fn a_time_budget_is_added_only_to_kinds_that_take_one() {
        for (text, timed) in [
            ("ismcts", "ismcts:ms=1000"),
            ("ismcts:iters=50", "ismcts:iters=50,ms=1000"),
            ("ismcts:ms=20", "ismcts:ms=20"),
            ("oracle", "oracle:ms=1000"),
            ("quick", "quick"),
            ("random", "random"),
            ("heuristic", "heuristic"),
            ("exec:prog", "exec:prog"),
        ] {
            assert_eq!(
                parse(text).unwrap().with_default_ms(1000).to_string(),
                timed
            );
        }
    }

    #[test]
    fn a_spec_list_splits_bots_and_keeps_options_with_their_bot() {
        let specs =
            BotSpec::parse_list_with("ismcts:iters=2000,c=0.5, heuristic,random", &OWN).unwrap();
        let texts: Vec<String> = specs.iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["ismcts:iters=2000,c=0.5", "heuristic", "random"]);
        let specs =
            BotSpec::parse_list_with("exec:python3 my_bot.py --fast,ms=50,random", &OWN).unwrap();
        let texts: Vec<String> = specs.iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["exec:python3 my_bot.py --fast,ms=50", "random"]);
    }

    #[test]
    fn each_refusal_says_what_is_wrong_once() {
        for (text, says) in [
            (
                "",
                "an empty bot spec (write kind[:key=value,...], e.g. ismcts:iters=1000)",
            ),
            (
                "ismcts:iters",
                "\"ismcts:iters\" is not of the form kind[:key=value,...]",
            ),
            (
                ":iters=3",
                "\":iters=3\" is not of the form kind[:key=value,...]",
            ),
            ("exec:", "\"exec:\" is not of the form kind[:key=value,...]"),
            (
                "exec:ms=5",
                "\"exec:ms=5\" is not of the form kind[:key=value,...]",
            ),
            (
                "wizard:x=1",
                "unknown bot kind \"wizard\" (known: random, heuristic, ismcts, oracle, quick, exec)",
            ),
            (
                "ismcts:depth=3",
                "bot ismcts:depth=3: ismcts takes iters, ms, c, rollout, cutoff, widen, seed, not \"depth\"",
            ),
            (
                "heuristic:ms=3",
                "bot heuristic:ms=3: heuristic takes no options, not \"ms\"",
            ),
            (
                "random:x=1",
                "bot random:x=1: random takes no options, not \"x\"",
            ),
            (
                "quick:iters=1",
                "bot quick:iters=1: quick takes no options, not \"iters\"",
            ),
            (
                "oracle:c=1",
                "bot oracle:c=1: oracle takes worlds, fast, iters, ms, seed, not \"c\"",
            ),
            (
                "ismcts:iters=abc",
                "bot ismcts:iters=abc: iters takes a whole number >= 1, not \"abc\"",
            ),
            (
                "ismcts:iters=0",
                "bot ismcts:iters=0: iters takes a whole number >= 1, not \"0\"",
            ),
            (
                "ismcts:iters=4294967296",
                "bot ismcts:iters=4294967296: iters takes a whole number >= 1, not \"4294967296\"",
            ),
            (
                "ismcts:ms=0",
                "bot ismcts:ms=0: ms takes a whole number >= 1, not \"0\"",
            ),
            (
                "ismcts:c=-1",
                "bot ismcts:c=-1: c takes a number >= 0, not \"-1\"",
            ),
            (
                "ismcts:c=NaN",
                "bot ismcts:c=NaN: c takes a number >= 0, not \"NaN\"",
            ),
            (
                "ismcts:rollout=mixed101",
                "bot ismcts:rollout=mixed101: rollout takes random, heuristic or mixedP (P from 0 to 100), not \"mixed101\"",
            ),
            (
                "ismcts:cutoff=some",
                "bot ismcts:cutoff=some: cutoff takes a whole number >= 0, or none, not \"some\"",
            ),
            (
                "ismcts:widen=2",
                "bot ismcts:widen=2: widen takes K/ALPHA with K > 0 and 0 < ALPHA < 1, or none, not \"2\"",
            ),
            (
                "ismcts:widen=2/1.5",
                "bot ismcts:widen=2/1.5: widen takes K/ALPHA with K > 0 and 0 < ALPHA < 1, or none, not \"2/1.5\"",
            ),
            (
                "ismcts:seed=-1",
                "bot ismcts:seed=-1: seed takes any whole number, not \"-1\"",
            ),
            (
                "oracle:worlds=101",
                "bot oracle:worlds=101: worlds takes a whole number from 1 to 100, not \"101\"",
            ),
            (
                "oracle:fast=maybe",
                "bot oracle:fast=maybe: fast takes 1 or 0, not \"maybe\"",
            ),
            (
                "exec:on_error=forfeit prog",
                "bot exec:on_error=forfeit prog: on_error takes random (there is no rule for \
                 forfeiting a match in any game here), not \"forfeit\"",
            ),
            (
                "exec:prog,ms=0",
                "bot exec:prog,ms=0: ms takes a whole number >= 1, not \"0\"",
            ),
            (
                "exec:prog,cmd=x",
                "bot exec:prog,cmd=x: exec takes ms, on_error, not \"cmd\"",
            ),
        ] {
            assert_eq!(refusal(text), says, "{text}");
        }
        for (list, error) in [
            ("random,,heuristic", BotSpecError::Empty),
            ("random,", BotSpecError::Empty),
            ("iters=5,random", malformed("iters=5")),
        ] {
            assert_eq!(BotSpec::parse_list_with(list, &OWN), Err(error), "{list}");
        }
    }

    #[test]
    fn the_words_of_what_a_key_takes() {
        assert_eq!(ITERS.takes.words(), "a whole number >= 1");
        assert_eq!(SEED.takes.words(), "any whole number");
        assert_eq!(
            Takes::Whole { min: 10, max: 22 }.words(),
            "a whole number from 10 to 22"
        );
        assert_eq!(
            GENERIC_KINDS[2].keys_text(),
            "iters, ms, c, rollout, cutoff, widen, seed"
        );
        assert_eq!(GENERIC_KINDS[0].keys_text(), "no options");
        let names: Vec<&str> = GENERIC_KINDS.iter().map(|k| k.name).collect();
        assert_eq!(names, BOT_KINDS);
    }
}
