//! Rule variants on the command line: `--option KEY=VALUE` sets a field of the game's
//! configuration (its serde form), checked by the game like any configuration.

use std::fmt::Write;

use cards_core::Game;
use serde_json::Value;

use crate::error::CliError;

/// The configuration fields that have options of their own (`--players`).
const NOT_OPTIONS: [&str; 1] = ["players"];

/// The configuration as a JSON object.
fn fields<G: Game>(config: &G::Config) -> serde_json::Map<String, Value> {
    match serde_json::to_value(config) {
        Ok(Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    }
}

/// What values a field takes, as far as the game's configuration says: the names of an
/// enumeration (read from what it answers to a name it does not know), or the kind of value.
fn allowed<G: Game>(config: &G::Config, key: &str) -> String {
    let mut map = fields::<G>(config);
    let Some(current) = map.get(key).cloned() else {
        return String::new();
    };
    map.insert(key.to_owned(), Value::String("\u{1}".to_owned()));
    if let Err(e) = serde_json::from_value::<G::Config>(Value::Object(map)) {
        // serde names the variants: "expected `a` or `b`", "expected one of `a`, `b`, `c`".
        let m = e.to_string();
        if let Some(rest) = m.split("expected ").nth(1).filter(|r| r.contains('`')) {
            return rest
                .trim_start_matches("one of ")
                .replace(" or ", ", ")
                .replace('`', "");
        }
    }
    match current {
        Value::Bool(_) => "true, false".to_owned(),
        Value::Number(_) => "a number".to_owned(),
        Value::Array(_) => format!("a JSON list like {current}"),
        Value::String(_) => "a name".to_owned(),
        _ => "a JSON value".to_owned(),
    }
}

/// One rule variant `--option KEY=VALUE` sets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The configuration field.
    pub key: String,
    /// Its default value, as written on the command line.
    pub default: String,
    /// What it takes: `a, b, c` for an enumeration or `true, false`, else a description such
    /// as `a number`.
    pub takes: String,
}

impl Variant {
    /// The values to choose from, when the variant takes one of a few names (an enumeration
    /// or `true, false`); empty otherwise.
    pub fn choices(&self) -> Vec<String> {
        if self.takes.contains(", ") {
            self.takes.split(", ").map(str::to_owned).collect()
        } else {
            Vec::new()
        }
    }
}

/// The variant options of a game, in the configuration's order.
pub fn variants<G: Game>() -> Vec<Variant> {
    let config = G::Config::default();
    fields::<G>(&config)
        .into_iter()
        .filter(|(key, _)| !NOT_OPTIONS.contains(&key.as_str()))
        .map(|(key, value)| Variant {
            takes: allowed::<G>(&config, &key).replace('"', ""),
            default: value.to_string().replace('"', ""),
            key,
        })
        .collect()
}

/// Variant options one line each: the key, its default, what it takes.
pub fn describe(variants: &[Variant]) -> String {
    let mut out = String::new();
    for v in variants {
        let _ = writeln!(out, "  {}={}  ({})", v.key, v.default, v.takes);
    }
    out
}

/// `config` with the `KEY=VALUE` options applied, in order.
///
/// # Errors
/// An unknown key (with the known ones) or a value the game refuses (with what it takes).
pub fn apply<G: Game>(config: G::Config, options: &[String]) -> Result<G::Config, CliError> {
    let mut config = config;
    for option in options {
        let bad = |why: String| CliError::Usage(format!("--option {option}: {why}"));
        let (key, text) = option
            .split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .filter(|(k, v)| !k.is_empty() && !v.is_empty())
            .ok_or_else(|| bad("write KEY=VALUE (see `cards rules GAME`)".to_owned()))?;
        let mut map = fields::<G>(&config);
        if !map.contains_key(key) || NOT_OPTIONS.contains(&key) {
            let known: Vec<_> = map
                .keys()
                .filter(|k| !NOT_OPTIONS.contains(&k.as_str()))
                .cloned()
                .collect();
            let hint = if key == "players" {
                " (use --players)".to_owned()
            } else {
                String::new()
            };
            return Err(bad(format!(
                "{} has no option {key}{hint}; its options: {}",
                G::NAME,
                known.join(", ")
            )));
        }
        let value = serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_owned()));
        map.insert(key.to_owned(), value);
        config = serde_json::from_value(Value::Object(map))
            .map_err(|e| bad(format!("{e}; {key} takes {}", allowed::<G>(&config, key))))?;
    }
    G::new(&config, 0).map_err(|e| CliError::Config {
        game: G::NAME,
        reason: e.to_string(),
    })?;
    Ok(config)
}
