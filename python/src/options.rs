//! Variant options `KEY=VALUE`, applied to a game's serde `Config` exactly as the CLI's
//! `--option` does (`cards-kit/src/options.rs`): the value is read as JSON when it parses, else as a
//! string, set on the configuration's JSON object, and the object read back by the game.

use cards_core::Catalog;
use serde_json::Value;

/// The configuration fields that have arguments of their own.
const NOT_OPTIONS: [&str; 1] = ["players"];

fn fields<G: Catalog>(config: &G::Config) -> serde_json::Map<String, Value> {
    match serde_json::to_value(config) {
        Ok(Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    }
}

/// `config` with the options applied in order.
///
/// # Errors
/// An unknown key (with the known ones) or a value the game refuses (with serde's reason).
pub fn apply<G: Catalog>(
    config: G::Config,
    options: &[(String, String)],
) -> Result<G::Config, String> {
    let mut config = config;
    for (key, text) in options {
        let (key, text) = (key.trim(), text.trim());
        let mut map = fields::<G>(&config);
        if !map.contains_key(key) || NOT_OPTIONS.contains(&key) {
            let known: Vec<_> = map
                .keys()
                .filter(|k| !NOT_OPTIONS.contains(&k.as_str()))
                .cloned()
                .collect();
            let hint = if key == "players" {
                " (use players=N)"
            } else {
                ""
            };
            return Err(format!(
                "{} has no option {key:?}{hint}; its options: {}",
                G::NAME,
                known.join(", ")
            ));
        }
        let value = serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_owned()));
        map.insert(key.to_owned(), value);
        config = serde_json::from_value(Value::Object(map))
            .map_err(|e| format!("option {key}={text}: {e}"))?;
    }
    G::new(&config, 0).map_err(|e| format!("{}: {e}", G::NAME))?;
    Ok(config)
}
