//! Rule variants on the command line: `--option KEY=VALUE` sets a field of the game's
//! configuration (its serde form), checked by the game like any configuration. Each variant
//! carries the game's own words for it ([`cards_core::Catalog::words`]): a label, a one-line
//! explanation and, where known, its range or the labels of its choices. A refused value is
//! said in those words, never in the configuration's types.

use std::fmt::Write;

use cards_core::OptionDoc;
use serde::Serialize;
use serde_json::Value;

use crate::error::CliError;
use cards_core::Catalog;

/// The configuration fields that have options of their own (`--players`).
const NOT_OPTIONS: [&str; 1] = ["players"];

/// The configuration as a JSON object.
fn fields<G: Catalog>(config: &G::Config) -> serde_json::Map<String, Value> {
    match serde_json::to_value(config) {
        Ok(Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    }
}

/// The names of an enumeration field, read from what the configuration answers to a name it
/// does not know (serde names the variants: "expected `a` or `b`", "expected one of `a`, `b`").
fn names<G: Catalog>(config: &G::Config, key: &str) -> Vec<String> {
    let mut map = fields::<G>(config);
    if !matches!(map.get(key), Some(Value::String(_))) {
        return Vec::new();
    }
    map.insert(key.to_owned(), Value::String("\u{1}".to_owned()));
    let Err(e) = serde_json::from_value::<G::Config>(Value::Object(map)) else {
        return Vec::new();
    };
    let m = e.to_string();
    let Some(rest) = m.split("expected ").nth(1).filter(|r| r.contains('`')) else {
        return Vec::new();
    };
    rest.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// What kind of value a variant takes, and so which control the lobby shows for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// One of a few names (a `<select>`).
    Choice,
    /// Yes or no (a checkbox).
    Flag,
    /// A whole number (a number input).
    Number,
    /// A list, written as JSON on the command line (its own editor in the lobby).
    List,
    /// Anything else, as text.
    Text,
}

/// One value of a choice, with the game's label for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The value, as written on the command line.
    pub value: String,
    /// What it means (the value itself when the game gives no label).
    pub label: String,
}

/// One rule variant `--option KEY=VALUE` sets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Variant {
    /// The configuration field.
    pub key: String,
    /// The game's label for it (the key when the game gives none).
    pub label: String,
    /// One line: what it changes (empty when the game says nothing).
    pub explain: String,
    /// Its default value, as written on the command line.
    pub default: String,
    /// What kind of value it takes.
    pub kind: Kind,
    /// What it takes, in words: `threes or pairs`, `true or false`, `a whole number from 1 to
    /// 1000`.
    pub takes: String,
    /// The values of a choice, with their labels.
    pub choices: Vec<Choice>,
    /// The least whole number, when known.
    pub min: Option<i64>,
    /// The most whole number, when known.
    pub max: Option<i64>,
    /// `(other, n)` when this value and the option `other`'s add up to at most `n`.
    pub sum_at_most: Option<(String, i64)>,
}

/// `a, b or c`.
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The variant of one field, with its default value and the game's words for it.
fn variant<G: Catalog>(config: &G::Config, key: &str, value: &Value) -> Variant {
    let doc = G::words().options.iter().find(|d| d.key == key).copied();
    let doc = doc.unwrap_or(OptionDoc::new("", "", ""));
    let (min, max) = doc.range.map_or((None, None), |(a, b)| (Some(a), Some(b)));
    let choices: Vec<Choice> = names::<G>(config, key)
        .into_iter()
        .map(|value| Choice {
            label: doc
                .choices
                .iter()
                .find(|(v, _)| *v == value)
                .map_or_else(|| value.clone(), |(_, l)| (*l).to_owned()),
            value,
        })
        .collect();
    let (kind, takes) = match value {
        Value::String(_) if !choices.is_empty() => {
            let values: Vec<String> = choices.iter().map(|c| c.value.clone()).collect();
            (Kind::Choice, or_list(&values))
        }
        Value::Bool(_) => (Kind::Flag, "true or false".to_owned()),
        Value::Number(_) => (
            Kind::Number,
            match (min, max) {
                (Some(a), Some(b)) => format!("a whole number from {a} to {b}"),
                _ => "a whole number".to_owned(),
            },
        ),
        Value::Array(_) => (Kind::List, format!("a JSON list like {value}")),
        _ => (Kind::Text, "a name".to_owned()),
    };
    Variant {
        key: key.to_owned(),
        label: if doc.label.is_empty() {
            key.to_owned()
        } else {
            doc.label.to_owned()
        },
        explain: doc.explain.to_owned(),
        default: value.to_string().replace('"', ""),
        kind,
        takes,
        choices,
        min,
        max,
        sum_at_most: doc.sum_at_most.map(|(k, n)| (k.to_owned(), n)),
    }
}

/// The variant options of a game, in the order of its [`cards_core::Words`] (the
/// configuration's), any it does not describe last.
pub fn variants<G: Catalog>() -> Vec<Variant> {
    let config = G::Config::default();
    let docs = G::words().options;
    let mut all: Vec<Variant> = fields::<G>(&config)
        .iter()
        .filter(|(key, _)| !NOT_OPTIONS.contains(&key.as_str()))
        .map(|(key, value)| variant::<G>(&config, key, value))
        .collect();
    all.sort_by_key(|v| {
        docs.iter()
            .position(|d| d.key == v.key)
            .unwrap_or(docs.len())
    });
    all
}

/// The keys of the variant options that have no [`OptionDoc`] of their game, and the keys of
/// [`OptionDoc`]s that name no option (both should be empty).
pub fn undocumented<G: Catalog>() -> (Vec<String>, Vec<&'static str>) {
    let keys: Vec<String> = variants::<G>().into_iter().map(|v| v.key).collect();
    let docs = G::words().options;
    let missing = keys
        .iter()
        .filter(|k| {
            !docs
                .iter()
                .any(|d| d.key == k.as_str() && !d.label.is_empty() && !d.explain.is_empty())
        })
        .cloned()
        .collect();
    let stale = docs
        .iter()
        .map(|d| d.key)
        .filter(|k| !keys.iter().any(|key| key == k))
        .collect();
    (missing, stale)
}

/// Variant options for `cards rules`: the key and its default, the label and what it takes,
/// then the explanation and the meaning of each choice.
pub fn describe(variants: &[Variant]) -> String {
    let mut out = String::new();
    for v in variants {
        let takes = if v.kind == Kind::List {
            "a JSON list shaped like the default"
        } else {
            &v.takes
        };
        let _ = writeln!(out, "  {}={}  {} ({takes})", v.key, v.default, v.label);
        if !v.explain.is_empty() {
            let _ = writeln!(out, "      {}", v.explain);
        }
        if v.choices.iter().any(|c| c.label != c.value) {
            let meanings: Vec<String> = v
                .choices
                .iter()
                .map(|c| format!("{}: {}", c.value, c.label))
                .collect();
            let _ = writeln!(out, "      {}.", meanings.join("; "));
        }
        if let Some((other, n)) = &v.sum_at_most {
            let _ = writeln!(out, "      {} + {other} is at most {n}.", v.key);
        }
    }
    out
}

/// The JSON value of `text` for a variant, or why it is refused, in the variant's words.
fn read(v: &Variant, text: &str) -> Result<Value, String> {
    let refuse = || format!("{} ({}) takes {}, not {text:?}", v.label, v.key, v.takes);
    match v.kind {
        Kind::Choice => v
            .choices
            .iter()
            .find(|c| c.value.eq_ignore_ascii_case(text))
            .map(|c| Value::String(c.value.clone()))
            .ok_or_else(refuse),
        Kind::Flag => match text.to_ascii_lowercase().as_str() {
            "true" | "yes" | "on" | "1" => Ok(Value::Bool(true)),
            "false" | "no" | "off" | "0" => Ok(Value::Bool(false)),
            _ => Err(refuse()),
        },
        Kind::Number => {
            let n: i64 = text.parse().map_err(|_| refuse())?;
            if v.min.is_some_and(|m| n < m) || v.max.is_some_and(|m| n > m) || n < 0 {
                return Err(refuse());
            }
            Ok(Value::from(n))
        }
        Kind::List => serde_json::from_str::<Value>(text)
            .ok()
            .filter(Value::is_array)
            .ok_or_else(refuse),
        Kind::Text => {
            Ok(serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_owned())))
        }
    }
}

/// Why a rule option is refused, in a player's words (no type names).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// An option the game does not have, or a value the option does not take.
    #[error("{why}")]
    Option {
        /// The option as given, `key=value`.
        option: String,
        /// Why, naming the known options or what the option takes.
        why: String,
    },
    /// A combination of values the game refuses, with the game's reason.
    #[error("{0}")]
    Refused(String),
}

/// `config` with the options `(key, value)` set, in order; an option bounded together with
/// another that was not set ([`Variant::sum_at_most`]) gives way to it (choosing the first
/// round 7 of 3 to 13 leaves 5 rounds), and the game then checks the whole.
///
/// # Errors
/// An unknown key (with the known ones), a value the option does not take (with what it
/// takes), or a combination the game refuses (with its reason).
pub fn set<G: Catalog>(
    config: &G::Config,
    options: &[(&str, &str)],
) -> Result<G::Config, OptionError> {
    let mut map = fields::<G>(config);
    let all = variants::<G>();
    for &(key, text) in options {
        let (key, value) = read_option::<G>(&all, key, text)?;
        map.insert(key.to_owned(), value);
    }
    give_way(&all, options, &mut map);
    let config: G::Config =
        serde_json::from_value(Value::Object(map)).map_err(|_| unshaped(&all, options))?;
    G::new(&config, 0).map_err(|e| OptionError::Refused(e.to_string()))?;
    Ok(config)
}

/// One `key=text` option of `all`, its key trimmed and its value read in the option's terms.
///
/// # Errors
/// An empty key or value, an unknown key (with the known ones), a value the option does not
/// take.
fn read_option<'k, G: Catalog>(
    all: &[Variant],
    key: &'k str,
    text: &str,
) -> Result<(&'k str, Value), OptionError> {
    let (key, text) = (key.trim(), text.trim());
    let option = format!("{key}={text}");
    if key.is_empty() || text.is_empty() {
        return Err(OptionError::Option {
            option,
            why: "write KEY=VALUE (see `cards rules GAME`)".to_owned(),
        });
    }
    let Some(v) = all.iter().find(|v| v.key == key) else {
        let known: Vec<&str> = all.iter().map(|v| v.key.as_str()).collect();
        return Err(OptionError::Option {
            option,
            why: format!(
                "{} has no option {key}; its options: {}",
                G::NAME,
                known.join(", ")
            ),
        });
    };
    let value = read(v, text).map_err(|why| OptionError::Option { option, why })?;
    Ok((key, value))
}

/// An option bounded with another gives way to it when it was not set itself: lowered so that
/// the two fit their bound (not below its least value).
fn give_way(all: &[Variant], options: &[(&str, &str)], map: &mut serde_json::Map<String, Value>) {
    for v in all {
        let Some((other, n)) = &v.sum_at_most else {
            continue;
        };
        if options.iter().any(|(k, _)| k.trim() == v.key) {
            continue;
        }
        let (Some(mine), Some(theirs)) = (
            map.get(&v.key).and_then(Value::as_i64),
            map.get(other).and_then(Value::as_i64),
        ) else {
            continue;
        };
        if mine + theirs > *n {
            let fitted = (n - theirs).max(v.min.unwrap_or(0));
            map.insert(v.key.clone(), Value::from(fitted));
        }
    }
}

/// The error of options each read in its own terms that the game's configuration still does not
/// take: a list whose shape the game does not take, with what each option given takes.
fn unshaped(all: &[Variant], options: &[(&str, &str)]) -> OptionError {
    let said: Vec<String> = options
        .iter()
        .filter_map(|(k, _)| all.iter().find(|v| v.key == k.trim()))
        .map(|v| format!("{} ({}) takes {}", v.label, v.key, v.takes))
        .collect();
    OptionError::Option {
        option: options
            .iter()
            .map(|(k, v)| format!("{}={}", k.trim(), v.trim()))
            .collect::<Vec<_>>()
            .join(" "),
        why: said.join("; "),
    }
}

/// `config` with the `KEY=VALUE` options of the command line applied, in order (see [`set`]).
///
/// # Errors
/// An unknown key (with the known ones) or a value the game refuses (with what it takes).
// By value, as its callers have always passed it.
#[allow(clippy::needless_pass_by_value)]
pub fn apply<G: Catalog>(config: G::Config, options: &[String]) -> Result<G::Config, CliError> {
    let mut pairs = Vec::with_capacity(options.len());
    for option in options {
        let pair = option
            .split_once('=')
            .filter(|(k, v)| !k.trim().is_empty() && !v.trim().is_empty())
            .ok_or_else(|| {
                CliError::Usage(format!(
                    "--option {option}: write KEY=VALUE (see `cards rules GAME`)"
                ))
            })?;
        pairs.push(pair);
    }
    set::<G>(&config, &pairs).map_err(|e| match e {
        OptionError::Refused(reason) => CliError::Config {
            game: G::NAME,
            reason,
            said: None,
        },
        OptionError::Option { option, why } => {
            let hint = if option.starts_with("players=") {
                " (use --players)"
            } else {
                ""
            };
            CliError::Usage(format!("--option {option}: {why}{hint}"))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_of_every_game_has_a_label_and_an_explanation() {
        fn check<G: Catalog>() {
            let (missing, stale) = undocumented::<G>();
            assert!(
                missing.is_empty(),
                "{}: options without words: {missing:?}",
                G::NAME
            );
            assert!(
                stale.is_empty(),
                "{}: words for no option: {stale:?}",
                G::NAME
            );
        }
        check::<game_grosse_kleine_a::GrosseKleineA>();
        check::<game_big_a::BigA>();
        check::<game_einer_ist_immer::EinerIstImmer>();
        check::<game_contract_rummy::ContractRummy>();
        check::<game_cego::Cego>();
        // And through the registry, which `cards rules` and the lobby read.
        for g in crate::registry::registry() {
            for v in g.options() {
                assert_ne!(v.label, v.key, "{}: {} has no label", g.name(), v.key);
                assert!(
                    !v.explain.is_empty(),
                    "{}: {} has no explanation",
                    g.name(),
                    v.key
                );
                if v.kind == Kind::Choice {
                    assert!(
                        v.choices.iter().all(|c| c.label != c.value),
                        "{}: {} has a choice without a label",
                        g.name(),
                        v.key
                    );
                }
            }
        }
    }

    #[test]
    fn an_option_bounded_with_another_gives_way_when_the_other_is_set() {
        use game_contract_rummy::ContractRummy;
        let c = set::<ContractRummy>(
            &game_contract_rummy::Config::default(),
            &[("first_round", "7")],
        )
        .unwrap();
        assert_eq!((c.first_round, c.rounds), (7, 5));
        let e = set::<ContractRummy>(
            &game_contract_rummy::Config::default(),
            &[("first_round", "7"), ("rounds", "6")],
        )
        .unwrap_err();
        assert!(matches!(e, OptionError::Refused(_)), "{e}");
        let c = set::<ContractRummy>(
            &game_contract_rummy::Config::default(),
            &[("rounds", "3"), ("first_round", "9")],
        )
        .unwrap();
        assert_eq!((c.first_round, c.rounds), (9, 3));
    }

    #[test]
    fn refusals_say_what_an_option_takes_in_words() {
        use game_cego::Cego;
        for (key, value, says) in [
            (
                "deals",
                "x",
                "Deals per match (deals) takes a whole number from 1 to 1000",
            ),
            ("deals", "-1", "from 1 to 1000"),
            ("deals", "99999999999", "from 1 to 1000"),
            ("count", "bogus", "threes or pairs"),
            ("gstiess_ending", "maybe", "true or false"),
        ] {
            let e = set::<Cego>(&game_cego::Config::default(), &[(key, value)])
                .unwrap_err()
                .to_string();
            assert!(e.contains(says), "{key}={value}: {e}");
        }
        let e = set::<game_contract_rummy::ContractRummy>(
            &game_contract_rummy::Config::default(),
            &[("meld_sizes", "[1, 2]")],
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("Meld sizes (meld_sizes) takes a JSON list"),
            "{e}"
        );
    }
}
