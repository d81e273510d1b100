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

mod kinds;

pub use kinds::*;

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
    /// `expert`: the game's strongest bot ([`crate::Catalog::expert_bot`]) at its fixed
    /// budget, with its own seed when one is given.
    Expert {
        /// `seed`, a seed of the bot's own.
        seed: Option<u64>,
    },
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
            BotSpec::Expert { .. } => GENERIC_KINDS[3].name,
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
            BotSpec::Expert { .. } => &GENERIC_KINDS[3],
            BotSpec::Own(o) => o.kind,
            BotSpec::Exec(_) => &EXEC_KIND,
        }
    }

    /// The settings of a kind of the engine's (none for `exec:`), in the order given.
    pub fn settings(&self) -> Vec<Setting> {
        match self {
            BotSpec::Random | BotSpec::Heuristic | BotSpec::Exec(_) => Vec::new(),
            BotSpec::Ismcts(s) => s.settings.iter().map(IsmctsSetting::setting).collect(),
            BotSpec::Expert { seed } => seed
                .iter()
                .map(|&n| Setting {
                    key: SEED.key,
                    value: BotValue::Whole(n),
                })
                .collect(),
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
            "expert" => BotSpec::Expert {
                seed: settings
                    .iter()
                    .rev()
                    .find(|s| s.key == SEED.key)
                    .and_then(|s| s.value.whole()),
            },
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
mod tests;
