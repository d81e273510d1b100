//! The catalogue's own checks: both languages hold the same keys with the same arguments,
//! every file reads, every message can go to the page, and the languages are chosen as said.

use std::collections::BTreeSet;

use fluent_syntax::ast;

use super::{Catalogue, Lang, PSEUDO_MARKS, keys, page_messages, sources};

/// Each message's key with the names of the arguments it uses, in a language.
fn arguments(lang: Lang) -> Vec<(String, BTreeSet<String>)> {
    fn walk(pattern: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
        for e in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = e {
                expression_vars(expression, vars);
            }
        }
    }
    fn expression_vars(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Inline(i) => inline_vars(i, vars),
            ast::Expression::Select { selector, variants } => {
                inline_vars(selector, vars);
                for v in variants {
                    walk(&v.value, vars);
                }
            }
        }
    }
    fn inline_vars(i: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
        match i {
            ast::InlineExpression::VariableReference { id } => {
                vars.insert(id.name.to_owned());
            }
            ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for (file, text) in sources(lang) {
        let resource = fluent_syntax::parser::parse(*text)
            .unwrap_or_else(|(_, e)| panic!("{lang} {file}: {e:?}"));
        for entry in resource.body {
            if let ast::Entry::Message(m) = entry {
                let mut vars = BTreeSet::new();
                if let Some(value) = &m.value {
                    walk(value, &mut vars);
                }
                out.push((m.id.name.to_owned(), vars));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_file_of_every_language_reads() {
    for lang in Lang::ALL {
        Catalogue::load(lang).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn every_key_is_in_both_languages() {
    let en: BTreeSet<String> = keys(Lang::En).unwrap().into_iter().collect();
    let de: BTreeSet<String> = keys(Lang::De).unwrap().into_iter().collect();
    let only_en: Vec<_> = en.difference(&de).collect();
    let only_de: Vec<_> = de.difference(&en).collect();
    assert!(
        only_en.is_empty() && only_de.is_empty(),
        "keys missing in German: {only_en:?}; keys missing in English: {only_de:?}"
    );
    assert!(en.len() > 150, "{} keys", en.len());
}

#[test]
fn a_german_message_takes_the_arguments_the_english_one_takes() {
    let de = arguments(Lang::De);
    for (key, vars) in arguments(Lang::En) {
        let german = de.iter().find(|(k, _)| *k == key).map(|(_, v)| v);
        assert_eq!(german, Some(&vars), "{key}");
    }
}

#[test]
fn a_missing_key_shows_as_itself_and_is_not_in_the_catalogue() {
    let en = Catalogue::get(Lang::En);
    assert!(!en.has("no-such-key"));
    assert_eq!(en.word("no-such-key"), "no-such-key");
    assert!(en.has("play-help"));
}

#[test]
fn every_message_goes_to_the_page_in_every_language() {
    for lang in Lang::ALL {
        let json = page_messages(lang).unwrap_or_else(|e| panic!("{e}"));
        let messages = json["messages"].as_object().unwrap();
        assert_eq!(messages.len(), keys(lang).unwrap().len(), "{lang}");
        assert_eq!(json["lang"], lang.code());
    }
    let de = page_messages(Lang::De).unwrap();
    // A term is written out, an argument stays a part, a choice by number keeps its variants.
    assert_eq!(
        de["messages"]["cego-gstiess-announced"][1],
        serde_json::json!("Gstieß")
    );
    assert_eq!(
        de["messages"]["count-cards"][0]["variants"]["one"],
        serde_json::json!([{"var": "count"}, " Karte"])
    );
}

#[test]
fn german_says_the_rule_books_words() {
    let de = Catalogue::get(Lang::De);
    let m = |key| cards_core::text::Message::new(key);
    assert_eq!(de.format(&m("cego-contract-two-blanks")), "Zwei Leere");
    assert_eq!(de.format(&m("cego-call-hold")), "Selbst");
    assert_eq!(de.format(&m("count-cards").number("count", 1)), "1 Karte");
    assert_eq!(de.format(&m("count-cards").number("count", 3)), "3 Karten");
    assert_eq!(
        de.format(
            &m("cego-your-legage")
                .arg("count", m("count-cards").number("count", 2))
                .text("cards", "Kc Qd")
        ),
        "deine Legage (2 Karten): Kc Qd"
    );
}

#[test]
fn the_pseudo_locale_marks_and_accents_the_catalogues_words_only() {
    let qps = Catalogue::get(Lang::Qps);
    let m = cards_core::text::Message::new("cego-trick-won")
        .number("trick", 3)
        .text("seat", "S2");
    let (open, close) = PSEUDO_MARKS;
    assert_eq!(qps.format(&m), format!("{open}ţŕíçķ 3 ĝóéš ţó S2{close}"));
    let rules = qps.rules("cego", "Play well.");
    assert!(rules.starts_with(open) && rules.ends_with(close), "{rules}");
    assert!(!rules.contains("Play"), "{rules}");
    // A rules text the catalogue has in English only is not marked: the check finds it.
    assert_eq!(qps.rules("no-such-game", "Play well."), "Play well.");
}

#[test]
fn a_language_is_read_from_a_locale_name() {
    assert_eq!("de".parse(), Ok(Lang::De));
    assert_eq!("de_DE.UTF-8".parse(), Ok(Lang::De));
    assert_eq!("en-GB".parse(), Ok(Lang::En));
    assert_eq!("qps".parse(), Ok(Lang::Qps));
    assert!("fr".parse::<Lang>().is_err());
}

#[test]
fn the_terminal_takes_its_language_from_lc_all_then_lc_messages_then_lang() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_owned())
        }
    };
    assert_eq!(Lang::from_env(env(&[])), Lang::En);
    assert_eq!(Lang::from_env(env(&[("LANG", "de_AT.UTF-8")])), Lang::De);
    assert_eq!(
        Lang::from_env(env(&[("LANG", "de_DE.UTF-8"), ("LC_ALL", "C")])),
        Lang::En
    );
    assert_eq!(
        Lang::from_env(env(&[
            ("LANG", "en_US"),
            ("LC_MESSAGES", "de_CH"),
            ("LC_ALL", "")
        ])),
        Lang::De
    );
    assert_eq!(Lang::from_env(env(&[("LANG", "fr_FR")])), Lang::En);
}

#[test]
fn the_page_takes_its_language_from_accept_language() {
    assert_eq!(
        Lang::from_accept_language("de-DE,de;q=0.9,en;q=0.8"),
        Lang::De
    );
    assert_eq!(
        Lang::from_accept_language("fr-FR, en;q=0.5, de;q=0.7"),
        Lang::De
    );
    assert_eq!(
        Lang::from_accept_language("en-US,en;q=0.9,de;q=0.8"),
        Lang::En
    );
    assert_eq!(Lang::from_accept_language("fr, it"), Lang::En);
    assert_eq!(Lang::from_accept_language(""), Lang::En);
    assert_eq!(Lang::from_accept_language("qps, de;q=0.1"), Lang::De);
    assert_eq!(Lang::from_accept_language("de;q=0, en;q=0.1"), Lang::En);
}

#[test]
fn every_game_has_a_german_rules_text() {
    for name in cards_games::NAMES {
        assert!(super::german_rules(name).is_some(), "{name}");
    }
}

#[test]
fn every_title_option_and_bot_kind_is_in_the_catalogue_in_the_codes_english() {
    let (en, de) = (Catalogue::get(Lang::En), Catalogue::get(Lang::De));
    let needed = super::words::needed_keys();
    assert!(needed.len() > 80, "{} keys", needed.len());
    for (key, english) in needed {
        assert_eq!(en.word(&key), english, "{key}");
        assert!(de.has(&key), "{key} is missing in German");
    }
}

#[test]
fn options_and_bots_read_in_english_as_the_code_writes_them() {
    struct Check(usize);
    impl cards_games::Visit for Check {
        fn visit<G: cards_core::Catalog>(&mut self) {
            let en = Catalogue::get(Lang::En);
            let options = crate::options::variants::<G>();
            assert_eq!(
                super::words::describe_options(en, G::NAME, &options),
                crate::options::describe(&options),
                "{}",
                G::NAME
            );
            let exec = [&cards_core::spec::EXEC_KIND];
            let kinds = || {
                cards_core::catalog::bot_table::<G>()
                    .into_iter()
                    .chain(exec)
            };
            assert_eq!(
                super::words::describe_bots(en, kinds()),
                crate::bots::kinds_text(kinds()),
                "{}",
                G::NAME
            );
            self.0 += 1;
        }
    }
    let mut check = Check(0);
    cards_games::visit_all(&mut check);
    assert_eq!(check.0, cards_games::NAMES.len());
}

#[test]
fn the_commands_errors_read_in_english_as_their_display_and_are_in_german_too() {
    use crate::error::CliError;
    let errors = [
        CliError::UnknownGame {
            name: "zz".into(),
            known: "cego, big-a".into(),
        },
        CliError::Config {
            game: "cego",
            reason: "not by 9".into(),
            said: None,
        },
        CliError::Usage("name a game".into()),
        CliError::TooManyBots { given: 5, seats: 4 },
        CliError::BadSeat {
            seat: 9,
            players: 4,
        },
        CliError::UnknownExample {
            game: "cego",
            name: "zz".into(),
            known: "a, b".into(),
        },
        CliError::Io {
            path: "x.json".into(),
            source: std::io::Error::other("gone"),
        },
        CliError::Output(std::io::Error::other("closed")),
        CliError::BadLog("empty".into()),
        CliError::Engine("stuck".into()),
    ];
    let (en, de) = (Catalogue::get(Lang::En), Catalogue::get(Lang::De));
    for e in &errors {
        let m = e.message();
        assert_eq!(en.format(&m), e.to_string());
        assert!(de.has(m.key), "{}", m.key);
        // Untold text and a file's error (its path and the system's words) read the same.
        if !["untold", "cli-error-io"].contains(&m.key) {
            assert_ne!(de.format(&m), e.to_string(), "{e}");
        }
    }
}

/// Every game's catalogue file has a key prefix (`/api/games` sends it as `words`), and every
/// key of the file, in both languages, starts with it: the page finds a game's action words by
/// it without naming the game.
#[test]
fn every_games_keys_share_the_prefix_the_page_is_sent() {
    for game in cards_games::NAMES {
        let prefix = super::key_prefix(game)
            .unwrap_or_else(|| panic!("{game}: no catalogue file or no key"));
        let file = format!("{game}.ftl");
        for lang in [Lang::En, Lang::De] {
            let (_, text) = sources(lang)
                .iter()
                .find(|(name, _)| *name == file)
                .unwrap_or_else(|| panic!("{file} ({lang:?})"));
            let resource = fluent_syntax::parser::parse(*text).expect("the file reads");
            let mut count = 0;
            for entry in &resource.body {
                if let ast::Entry::Message(m) = entry {
                    count += 1;
                    assert!(
                        m.id.name.starts_with(&format!("{prefix}-")),
                        "{file} ({lang:?}): {} does not start with {prefix}-",
                        m.id.name
                    );
                }
            }
            assert!(count > 0, "{file} ({lang:?}) has no message");
        }
    }
}
