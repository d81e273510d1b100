//! The variant options and bot kinds of `cards rules`, in the catalogue's language. The
//! English is the games' and cards-core's own (`OptionDoc`, `BotKind`); the catalogue holds
//! it under keys made from the game, option and kind names (`option-cego-deals`,
//! `option-cego-deals-explain`, `option-cego-count-threes`, `bot-ismcts`, `bot-ismcts-iters`),
//! and a test checks that its English is theirs, word for word.

use std::fmt::Write as _;

use cards_core::text::Message;
use cards_core::{BotKind, Takes};

use super::Catalogue;
use crate::options::{Kind, Variant};

/// The catalogue's text of `key`, or `english` where it has none (a game not yet in it).
fn or_english(words: &Catalogue, key: &str, english: &str) -> String {
    if words.has(key) {
        words.word(key)
    } else {
        english.to_owned()
    }
}

/// `a, b or c` in the catalogue's language.
fn or_list(words: &Catalogue, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => words.format(
            &Message::new("list-or")
                .text("init", init.join(", "))
                .text("last", last),
        ),
    }
}

/// What an option takes, in the catalogue's language.
fn takes(words: &Catalogue, v: &Variant) -> String {
    match v.kind {
        Kind::Choice => {
            let values: Vec<String> = v.choices.iter().map(|c| c.value.clone()).collect();
            or_list(words, &values)
        }
        Kind::Flag => words.word("option-takes-flag"),
        Kind::Number => match (v.min, v.max) {
            (Some(a), Some(b)) => words.format(
                &Message::new("option-takes-range")
                    .number("min", a)
                    .number("max", b),
            ),
            _ => words.word("option-takes-whole"),
        },
        Kind::List => words.word("option-takes-list"),
        Kind::Text => words.word("option-takes-name"),
    }
}

/// The variant options of game `game` as `cards rules` lists them (in English,
/// [`crate::options::describe`]).
pub fn describe_options(words: &Catalogue, game: &str, variants: &[Variant]) -> String {
    let mut out = String::new();
    for v in variants {
        let key = format!("option-{game}-{}", v.key);
        let line = Message::new("option-line")
            .text("key", &v.key)
            .text("default", &v.default)
            .text("label", or_english(words, &key, &v.label))
            .text("takes", takes(words, v));
        let _ = writeln!(out, "  {}", words.format(&line));
        if !v.explain.is_empty() {
            let explain = or_english(words, &format!("{key}-explain"), &v.explain);
            let _ = writeln!(out, "      {explain}");
        }
        if v.choices.iter().any(|c| c.label != c.value) {
            let meanings: Vec<Message> = (v.choices.iter())
                .map(|c| {
                    let label = or_english(words, &format!("{key}-{}", c.value), &c.label);
                    (Message::new("option-meaning").text("value", &c.value)).text("label", label)
                })
                .collect();
            let line = Message::new("option-meanings").list("meanings", meanings, "; ");
            let _ = writeln!(out, "      {}", words.format(&line));
        }
        if let Some((other, n)) = &v.sum_at_most {
            let line = Message::new("option-sum-at-most")
                .text("key", &v.key)
                .text("other", other)
                .number("n", *n);
            let _ = writeln!(out, "      {}", words.format(&line));
        }
    }
    out
}

/// Whether a bound is a type's limit (no rule of the bot), as cards-core writes it.
fn unbounded(max: u64) -> bool {
    max == u64::MAX || max == u64::from(u32::MAX)
}

/// What a bot key takes, in the catalogue's language (in English, `Takes::words`).
fn bot_takes(words: &Catalogue, takes: Takes) -> String {
    let whole = |min: u64, max: u64| -> Message {
        if min == 0 && max == u64::MAX {
            Message::new("bot-takes-any-whole")
        } else if unbounded(max) {
            Message::new("bot-takes-whole-min").text("min", min)
        } else {
            (Message::new("bot-takes-whole-range").text("min", min)).text("max", max)
        }
    };
    let m = match takes {
        Takes::Whole { min, max } => whole(min, max),
        Takes::WholeOrNone { min, max } => {
            Message::new("bot-takes-or-none").arg("whole", whole(min, max))
        }
        Takes::Number { min } => Message::new("bot-takes-number-min").text("min", min),
        Takes::Flag => Message::new("bot-takes-flag"),
        Takes::Rollout => Message::new("bot-takes-rollout"),
        Takes::Widen => Message::new("bot-takes-widen"),
        Takes::Fallback => Message::new("bot-takes-fallback"),
    };
    words.format(&m)
}

/// The bot kinds as `cards rules` lists them (in English, [`crate::bots::kinds_text`]).
pub fn describe_bots<'a>(
    words: &Catalogue,
    kinds: impl IntoIterator<Item = &'a BotKind>,
) -> String {
    let mut out = String::new();
    for kind in kinds {
        let about = or_english(words, &format!("bot-{}", kind.name), kind.about);
        let key = if kind.keys.is_empty() {
            "bot-line-no-options"
        } else {
            "bot-line"
        };
        let line = (Message::new(key).text("kind", kind.name)).text("about", about);
        let _ = writeln!(out, "  {}", words.format(&line));
        for k in kind.keys {
            let about = or_english(words, &format!("bot-{}-{}", kind.name, k.key), k.about);
            let line = Message::new("bot-key-line")
                .text("key", k.key)
                .text("takes", bot_takes(words, k.takes))
                .text("about", about);
            let _ = writeln!(out, "      {}", words.format(&line));
        }
    }
    out
}

/// Every catalogue key the titles, options and bot kinds of every game need, with the English the
/// code says (for the tests: the catalogue must hold each, in English word for word).
pub fn needed_keys() -> Vec<(String, String)> {
    struct Collect(Vec<(String, String)>);
    impl cards_games::Visit for Collect {
        fn visit<G: cards_core::Catalog>(&mut self) {
            let title = format!("game-title-{}", G::NAME);
            self.0.push((title, G::TITLE.to_owned()));
            for v in crate::options::variants::<G>() {
                let key = format!("option-{}-{}", G::NAME, v.key);
                if !v.explain.is_empty() {
                    self.0.push((format!("{key}-explain"), v.explain.clone()));
                }
                for c in v.choices.iter().filter(|c| c.label != c.value) {
                    self.0.push((format!("{key}-{}", c.value), c.label.clone()));
                }
                self.0.push((key, v.label));
            }
            let exec = [&cards_core::spec::EXEC_KIND];
            for kind in cards_core::catalog::bot_table::<G>()
                .into_iter()
                .chain(exec)
            {
                self.0
                    .push((format!("bot-{}", kind.name), kind.about.to_owned()));
                for k in kind.keys {
                    let key = format!("bot-{}-{}", kind.name, k.key);
                    self.0.push((key, k.about.to_owned()));
                }
            }
        }
    }
    let mut all = Collect(Vec::new());
    cards_games::visit_all(&mut all);
    all.0.sort();
    all.0.dedup();
    all.0
}
