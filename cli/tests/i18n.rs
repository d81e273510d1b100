//! The catalogue end to end: `cards play` and `cards rules` in the pseudo-locale show no word
//! that bypassed the catalogue, German is German, and `GET /api/messages` serves the same
//! catalogue to the page, in the language Accept-Language asks for, formatted by the page's
//! own `t()` exactly as the terminal formats it.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use assert_cmd::cargo::CommandCargoExt;
use cards_core::text::Arg;
use cli::i18n::{Catalogue, Lang, PSEUDO_MARKS, page_messages};
use serde_json::Value;

/// The words of `text` that stand outside every pseudo-locale mark: each one bypassed the
/// catalogue.
fn unmarked(text: &str) -> Vec<String> {
    // Untold text, however deep in messages, bypassed the catalogue.
    let (untold_open, untold_close) = cli::i18n::UNTOLD_MARKS;
    let mut untold = Vec::new();
    let mut rest = String::new();
    let mut inside = false;
    for c in text.chars() {
        match c {
            c if c == untold_open => inside = true,
            c if c == untold_close => inside = false,
            c if inside => untold.push(c),
            c => rest.push(c),
        }
    }
    let text = rest.as_str();
    let (open, close) = PSEUDO_MARKS;
    let mut depth = 0usize;
    let mut outside = String::new();
    for c in text.chars() {
        if c == open {
            depth += 1;
        } else if c == close {
            depth = depth.saturating_sub(1);
        } else if depth == 0 {
            outside.push(c);
        } else {
            continue;
        }
        if depth > 0 {
            outside.push(' ');
        }
    }
    outside.push(' ');
    outside.extend(untold);
    outside
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_unmarked_check_finds_a_word_outside_the_marks() {
    assert!(unmarked("⟦ţŕíçķ 3⟧  ⟦S0 ⟦1 ćářđ⟧⟧\n").is_empty());
    assert_eq!(unmarked("⟦ţŕíçķ⟧ trick 3 ⟦x⟧"), ["trick"]);
    assert_eq!(unmarked("S0>"), ["S"]);
    assert_eq!(unmarked("⟦éŕŕóŕ: ⟦x ⸢no option⸣⟧⟧"), ["no", "option"]);
}

/// `cards ARGS` with `input` on stdin: its standard output.
fn cards(args: &[&str], input: &str) -> String {
    let mut child = Command::cargo_bin("cards")
        .unwrap()
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// A short scripted game: commands, refused entries, then the first legal entry until the deal
/// ends.
fn script() -> String {
    // Then actions the rules refuse here in one game or another (each game meets some).
    let mut s = String::from(
        "help\nfind zz\nfind\n#999\n#x\nxyz\nzzq 9x\nall\npass\nhold\ndraw\ndone\nKc\n7\n",
    );
    for _ in 0..300 {
        s.push_str("#1\n");
    }
    s
}

#[test]
fn play_in_the_pseudo_locale_shows_no_word_that_bypassed_the_catalogue() {
    for game in cards_games::NAMES {
        let out = cards(
            &[
                "play",
                game,
                "--seed",
                "5",
                "--single-deal",
                "--lang",
                "qps",
            ],
            &script(),
        );
        assert!(out.lines().count() > 30, "{game}: {out}");
        let stray = unmarked(&out);
        assert!(
            stray.is_empty(),
            "{game}: unmarked {stray:?} in
{out}"
        );
        // A refusal of the rules, its reason a message of the catalogue too; a mistyped
        // action, its reason the game's notation as the catalogue tells it.
        for said in [
            "⟦Ţĥé ɱáţçĥ íš óṽéŕ.⟧",
            "⟦Ƒíñáĺ šçóŕéš⟧",
            "⟦ñóţ áĺĺóŵéđ: ⟦",
            "⟦çáññóţ ŕéáđ \"zzq 9x\": ⟦",
        ] {
            assert!(
                out.contains(said),
                "{game}: {said} in
{out}"
            );
        }
    }
}

#[test]
fn rules_in_the_pseudo_locale_show_no_word_that_bypassed_the_catalogue() {
    for game in cards_games::NAMES {
        let out = cards(&["rules", game, "--lang", "qps"], "");
        assert!(out.lines().count() > 10, "{game}: {out}");
        let stray = unmarked(&out);
        assert!(
            stray.is_empty(),
            "{game}: unmarked {stray:?} in
{out}"
        );
    }
}

#[test]
fn cego_is_played_in_german_with_the_rule_books_words() {
    let out = cards(
        &[
            "play",
            "cego",
            "--seed",
            "5",
            "--single-deal",
            "--lang",
            "de",
        ],
        &script(),
    );
    for said in [
        "Cego — du bist S0 von 4",
        "ist Vorhand",
        "Deine erlaubten Züge:",
        "Stich 1:",
        "Die Partie ist zu Ende.",
        "Endstand, in Punkten (mehr ist besser):",
    ] {
        assert!(out.contains(said), "{said:?} in\n{out}");
    }
    for english in [
        "you are",
        "Your legal actions",
        "trick 1:",
        "The match is over",
    ] {
        assert!(!out.contains(english), "{english:?} in\n{out}");
    }
    // The language comes from the environment when --lang is left out.
    let mut child = Command::cargo_bin("cards").unwrap();
    let from_env = child
        .args(["rules", "grosse-kleine-a"])
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "de_DE.UTF-8")
        .output()
        .unwrap();
    let text = String::from_utf8(from_env.stdout).unwrap();
    assert!(text.contains("Das Grosse und das kleine A"), "{text}");
    assert!(text.contains("Strafpunkte"), "{text}");
}

/// A `cards serve` process on a free loopback port, stopped when dropped.
struct Server {
    child: Child,
    base: String,
    agent: ureq::Agent,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
            .args(["serve", "--bind", "127.0.0.1:0", "--db", ":memory:"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("cards serve starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        let start = line.find("http://").expect("an http address is printed");
        let base = line[start..]
            .split_whitespace()
            .next()
            .unwrap()
            .trim_end_matches('/')
            .to_owned();
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(30)))
            .build()
            .into();
        Server { child, base, agent }
    }

    /// A GET with an optional Accept-Language: status, Content-Language and body.
    fn get(&self, path: &str, accept: Option<&str>) -> (u16, String, String) {
        let mut request = self.agent.get(&format!("{}{path}", self.base));
        if let Some(a) = accept {
            request = request.header("accept-language", a);
        }
        let mut r = request.call().unwrap();
        let status = r.status().as_u16();
        let language = (r.headers().get("content-language"))
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        (status, language, r.body_mut().read_to_string().unwrap())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_page_gets_the_catalogue_in_its_language_over_http() {
    let server = Server::start();
    let cases = [
        ("/api/messages?lang=de", None, "de"),
        ("/api/messages?lang=en", Some("de"), "en"),
        ("/api/messages", Some("de-AT,de;q=0.9,en;q=0.5"), "de"),
        ("/api/messages", Some("fr-FR,en-GB;q=0.8"), "en"),
        ("/api/messages", None, "en"),
        ("/api/messages?lang=qps", None, "qps"),
    ];
    for (path, accept, lang) in cases {
        let (status, language, body) = server.get(path, accept);
        assert_eq!(
            (status, language.as_str()),
            (200, lang),
            "{path} {accept:?}"
        );
        let json: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(json, page_messages(lang.parse().unwrap()).unwrap());
    }
    let (status, _, body) = server.get("/api/messages?lang=fr", None);
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("unknown language"), "{body}");
    let (status, _, body) = server.get("/assets/i18n-catalogue.js", None);
    assert_eq!(status, 200);
    assert!(body.contains("export function formatMessage"), "{body}");
}

/// Every argument a page message names (its parts', its variants').
fn vars(parts: &Value, out: &mut Vec<String>) {
    for p in parts.as_array().into_iter().flatten() {
        if let Some(v) = p.get("var").and_then(Value::as_str) {
            out.push(v.to_owned());
        }
        if let Some(v) = p.get("select").and_then(Value::as_str) {
            out.push(v.to_owned());
            for variant in p["variants"].as_object().into_iter().flatten() {
                vars(variant.1, out);
            }
        }
    }
}

#[test]
fn the_pages_t_formats_every_message_as_the_terminal_does() {
    let Ok(node) = which_node() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI runs the browser test, which needs node: node must be here"
        );
        eprintln!("node is not installed: the page's t() is not compared here");
        return;
    };
    let dir = std::env::temp_dir().join(format!("cards-i18n-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let module = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../cards-serve/assets/i18n-catalogue.js"
    );
    for lang in Lang::ALL {
        let catalogue = page_messages(lang).unwrap();
        let words = Catalogue::get(lang);
        // Each message with every argument 1, then 2, then a word that is no variant's key.
        let mut cases = Vec::new();
        let mut expected = Vec::new();
        for (key, parts) in catalogue["messages"].as_object().unwrap() {
            let mut names = Vec::new();
            vars(parts, &mut names);
            for value in [
                Value::from(1),
                Value::from(2),
                Value::from("yes"),
                Value::from("zz"),
            ] {
                let args: Vec<(&str, Arg)> = (names.iter())
                    .map(|n| {
                        let arg = match &value {
                            Value::Number(n) => Arg::Number(n.as_i64().unwrap()),
                            v => Arg::Text(v.as_str().unwrap().to_owned()),
                        };
                        (n.as_str(), arg)
                    })
                    .collect();
                expected.push(Value::from(words.tr(key, &args)));
                let vars: serde_json::Map<String, Value> =
                    names.iter().map(|n| (n.clone(), value.clone())).collect();
                cases.push(serde_json::json!([key, vars]));
            }
        }
        let data = dir.join(format!("{lang}.json"));
        std::fs::write(&data, serde_json::json!([catalogue, cases]).to_string()).unwrap();
        let script = format!(
            "import {{ formatMessage }} from {module:?};\n\
             import {{ readFileSync }} from 'node:fs';\n\
             const [catalogue, cases] = JSON.parse(readFileSync({data:?}, 'utf8'));\n\
             console.log(JSON.stringify(cases.map(([k, v]) => formatMessage(catalogue, k, v))));\n",
            data = data.display().to_string()
        );
        let file = dir.join(format!("{lang}.mjs"));
        std::fs::write(&file, script).unwrap();
        let out = Command::new(&node).arg(&file).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(got.len(), expected.len());
        for ((case, got), want) in cases.iter().zip(&got).zip(&expected) {
            assert_eq!(got, want, "{lang} {case}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `node` on the PATH.
fn which_node() -> Result<std::path::PathBuf, ()> {
    let path = std::env::var_os("PATH").ok_or(())?;
    std::env::split_paths(&path)
        .map(|d| d.join("node"))
        .find(|p| p.is_file())
        .ok_or(())
}

/// Every key a message uses, its arguments' messages included.
fn message_keys(m: &cards_core::text::Message, out: &mut Vec<&'static str>) {
    out.push(m.key);
    for (_, arg) in &m.args {
        match arg {
            Arg::Message(inner) => message_keys(inner, out),
            Arg::List { items, .. } => items.iter().for_each(|i| message_keys(i, out)),
            Arg::Text(_) | Arg::Number(_) => {}
        }
    }
}

/// Refusals met in random play of a game: at every decision, actions legal somewhere else in
/// the game (not here) are checked, and each refusal's catalogue message is compared with the
/// engine's own words.
struct Refusals {
    /// Per game: the refusals seen, and the kinds of refusal (the error's variant).
    seen: Vec<(&'static str, usize, std::collections::BTreeSet<String>)>,
}

impl cards_games::Visit for Refusals {
    fn visit<G: cards_core::Catalog>(&mut self) {
        use cards_core::GameConfig;
        use cards_core::rng::{below, rng_from_seed};
        let (en, de) = (Catalogue::get(Lang::En), Catalogue::get(Lang::De));
        let mut pool: Vec<G::Action> = Vec::new();
        let mut count = 0;
        let mut kinds = std::collections::BTreeSet::new();
        let players = *G::PLAYERS.start().max(&4).min(G::PLAYERS.end());
        let config = G::Config::for_players(players).unwrap().single_deal();
        let mut rng = rng_from_seed(47);
        for seed in 0..3 {
            let mut state = G::new(&config, seed).unwrap();
            for _ in 0..config.max_actions() {
                let legal = G::legal_actions(&state);
                if legal.is_empty() {
                    break;
                }
                for a in &legal {
                    if !pool.contains(a) && pool.len() < 4000 {
                        pool.push(a.clone());
                    }
                }
                for _ in 0..12 {
                    let a = &pool[below(&mut rng, pool.len() as u64) as usize];
                    let Err(e) = G::check(&state, a) else {
                        continue;
                    };
                    let m =
                        G::refusal(&e).unwrap_or_else(|| panic!("{}: {e} has no message", G::NAME));
                    assert_eq!(en.format(&m), e.to_string(), "{}: {m:?}", G::NAME);
                    let mut keys = Vec::new();
                    message_keys(&m, &mut keys);
                    for key in keys {
                        assert!(key != "untold", "{}: {e} tells a phrase untold", G::NAME);
                        assert!(en.has(key) && de.has(key), "{}: {key} of {e}", G::NAME);
                    }
                    let german = de.format(&m);
                    assert_ne!(
                        german,
                        e.to_string(),
                        "{}: {e} is not told in German",
                        G::NAME
                    );
                    count += 1;
                    let debug = format!("{e:?}");
                    kinds.insert(debug.split(['{', '(', ' ']).next().unwrap_or("").to_owned());
                }
                let pick = legal[below(&mut rng, legal.len() as u64) as usize].clone();
                G::apply(&mut state, &pick).unwrap();
            }
        }
        self.seen.push((G::NAME, count, kinds));
    }
}

#[test]
fn every_games_refusals_come_from_the_catalogue_in_english_and_german() {
    let mut refusals = Refusals { seen: Vec::new() };
    cards_games::visit_all(&mut refusals);
    assert_eq!(refusals.seen.len(), cards_games::NAMES.len());
    for (game, count, kinds) in &refusals.seen {
        // Random play meets several kinds of refusal in every game.
        assert!(
            count > &50 && kinds.len() >= 3,
            "{game}: {count} refusals, {kinds:?}"
        );
    }
}

#[test]
fn every_refusal_key_of_every_game_is_in_both_languages() {
    // Each game's ActionError::message matches every variant (the compiler checks that it is
    // exhaustive); each key it names must be in the catalogue in both languages.
    let sources = [
        include_str!("../../game-big-a/src/error.rs"),
        include_str!("../../game-cego/src/error.rs"),
        // Cego tells its refusals beside its events (they share the contracts' names).
        include_str!("../../game-cego/src/event.rs"),
        include_str!("../../game-contract-rummy/src/error.rs"),
        include_str!("../../game-einer-ist-immer/src/error.rs"),
        include_str!("../../game-grosse-kleine-a/src/error.rs"),
    ];
    let (en, de) = (Catalogue::get(Lang::En), Catalogue::get(Lang::De));
    let mut found = 0;
    for source in sources {
        // From the refusals' message methods on (Cego's events' own come before them).
        let from = [
            "impl ActionError",
            "impl crate::error::ActionError",
            "impl ConfigError",
        ]
        .iter()
        .find_map(|m| source.find(m))
        .expect("a message method");
        let body = &source[from..];
        for piece in body.split('"').skip(1).step_by(2) {
            let is_key = piece.contains("-refused-")
                || piece.contains("-config-")
                || piece.starts_with("cego-phrase-")
                || piece == "list-or";
            if is_key {
                found += 1;
                assert!(en.has(piece) && de.has(piece), "{piece}");
            }
        }
    }
    assert!(found > 90, "{found} keys");
}

#[test]
fn the_commands_errors_are_told_in_the_chosen_language() {
    let run = |args: &[&str]| {
        let out = Command::cargo_bin("cards")
            .unwrap()
            .args(args)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("LANG")
            .output()
            .unwrap();
        String::from_utf8(out.stderr).unwrap()
    };
    let english = run(&["play", "zz"]);
    assert!(
        english.starts_with("error: unknown game \"zz\""),
        "{english}"
    );
    let german = run(&["play", "zz", "--lang", "de"]);
    assert!(
        german.starts_with("Fehler: unbekanntes Spiel \"zz\""),
        "{german}"
    );
    let players = run(&["play", "cego", "--players", "9", "--lang", "de"]);
    assert!(
        players.starts_with("Fehler: ungültige Einstellung für cego: Cego spielen 4"),
        "{players}"
    );
    let seat = run(&["play", "cego", "--seat", "9", "--lang", "qps"]);
    assert!(unmarked(&seat).is_empty(), "{seat}");
    // A reason the catalogue does not say shows unmarked in the pseudo-locale.
    let usage = run(&["play", "cego", "--option", "foo=1", "--lang", "qps"]);
    assert!(!unmarked(&usage).is_empty(), "{usage}");
}

/// Every game's refusal of a player count it cannot seat, as the catalogue tells it.
struct ConfigRefusals(Vec<String>);

impl cards_games::Visit for ConfigRefusals {
    fn visit<G: cards_core::Catalog>(&mut self) {
        use cards_core::GameConfig;
        let (en, de) = (Catalogue::get(Lang::En), Catalogue::get(Lang::De));
        let e = G::Config::for_players(99).expect_err("99 players are refused");
        let m = G::config_refusal(&e).unwrap_or_else(|| panic!("{}: {e} has no message", G::NAME));
        assert_eq!(en.format(&m), e.to_string(), "{}", G::NAME);
        assert!(de.has(m.key), "{}", m.key);
        self.0.push(de.format(&m));
    }
}

#[test]
fn every_games_refusal_of_a_configuration_comes_from_the_catalogue() {
    let mut refusals = ConfigRefusals(Vec::new());
    cards_games::visit_all(&mut refusals);
    assert_eq!(refusals.0.len(), cards_games::NAMES.len());
    assert!(
        refusals.0.iter().all(|t| t.contains("99")),
        "{:?}",
        refusals.0
    );
}

/// The catalogue keys named in a source: every string literal that reads as a key of the
/// server's, the terminal's or the games' shared messages.
fn keys_named(source: &str) -> Vec<&str> {
    source
        .split('"')
        .skip(1)
        .step_by(2)
        .filter(|p| {
            ["serve-", "play-", "cli-error-", "phase-", "notation-"]
                .iter()
                .any(|prefix| p.starts_with(prefix))
                && p.len() > 6
                && p.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && !p.ends_with('-')
        })
        .collect()
}

/// The server's sources, and the shared ones its lines come from.
const SERVE_SOURCES: [(&str, &str); 20] = [
    (
        "answers.rs",
        include_str!("../../cards-serve/src/answers.rs"),
    ),
    (
        "suggest.rs",
        include_str!("../../cards-serve/src/suggest.rs"),
    ),
    ("api.rs", include_str!("../../cards-serve/src/api.rs")),
    ("caps.rs", include_str!("../../cards-serve/src/caps.rs")),
    ("hint.rs", include_str!("../../cards-serve/src/hint.rs")),
    ("host.rs", include_str!("../../cards-serve/src/host.rs")),
    ("lobby.rs", include_str!("../../cards-serve/src/lobby.rs")),
    (
        "messages.rs",
        include_str!("../../cards-serve/src/messages.rs"),
    ),
    ("lib.rs", include_str!("../../cards-serve/src/lib.rs")),
    ("net.rs", include_str!("../../cards-serve/src/net.rs")),
    ("review.rs", include_str!("../../cards-serve/src/review.rs")),
    ("room.rs", include_str!("../../cards-serve/src/room.rs")),
    ("slot.rs", include_str!("../../cards-serve/src/slot.rs")),
    ("table.rs", include_str!("../../cards-serve/src/table.rs")),
    (
        "table_impl.rs",
        include_str!("../../cards-serve/src/table/table_impl.rs"),
    ),
    (
        "table_takeback.rs",
        include_str!("../../cards-serve/src/table/takeback.rs"),
    ),
    ("watch.rs", include_str!("../../cards-serve/src/watch.rs")),
    ("think.rs", include_str!("../../cards-serve/src/think.rs")),
    ("narrate.rs", include_str!("../../cards-kit/src/narrate.rs")),
    (
        "i18n/mod.rs",
        include_str!("../../cards-kit/src/i18n/mod.rs"),
    ),
];

#[test]
fn every_key_the_server_uses_is_in_both_languages_and_every_server_key_is_used() {
    let (en, de) = (Catalogue::get(Lang::En), Catalogue::get(Lang::De));
    let mut used = std::collections::BTreeSet::new();
    for (file, source) in SERVE_SOURCES {
        for key in keys_named(source) {
            assert!(en.has(key), "{file}: {key} is not in the English catalogue");
            assert!(de.has(key), "{file}: {key} is not in the German catalogue");
            used.insert(key);
        }
    }
    assert!(used.len() > 100, "{} keys: {used:?}", used.len());
    // No key of serve.ftl is left behind by a change of the code.
    let serve_keys: Vec<String> = cli::i18n::keys(Lang::En)
        .unwrap()
        .into_iter()
        .filter(|k| k.starts_with("serve-"))
        .collect();
    for key in &serve_keys {
        assert!(
            used.contains(key.as_str()),
            "{key} is in serve.ftl but no source names it"
        );
    }
}

impl Server {
    /// A request with a JSON body (POST) or none (GET), and a bearer token if not empty.
    fn send(&self, path: &str, token: &str, body: Option<&str>) -> (u16, Value) {
        let url = format!("{}{path}", self.base);
        let auth = format!("Bearer {token}");
        let mut r = if let Some(body) = body {
            let mut request = self
                .agent
                .post(&url)
                .header("content-type", "application/json");
            if !token.is_empty() {
                request = request.header("authorization", &auth);
            }
            request.send(body).unwrap()
        } else {
            let mut request = self.agent.get(&url);
            if !token.is_empty() {
                request = request.header("authorization", &auth);
            }
            request.call().unwrap()
        };
        let status = r.status().as_u16();
        let text = r.body_mut().read_to_string().unwrap_or_default();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }
}

#[test]
fn hostile_requests_are_answered_with_a_catalogue_message_in_both_languages() {
    let server = Server::start();
    let (status, opened) = server.send(
        "/api/tables",
        "",
        Some(r#"{"game": "cego", "seats": ["person", "random", "random", "random"], "seed": "7", "pace_ms": 0}"#),
    );
    assert_eq!(status, 201, "{opened}");
    let id = opened["table"].as_str().unwrap().to_owned();
    let link = opened["seats"][0]["link"].as_str().unwrap();
    let token = link.split_once('#').unwrap().1.to_owned();
    // The opener's link is `TOKEN.HOST_KEY`; the seat's token alone closes nothing.
    let seat_token = token.split('.').next().unwrap().to_owned();
    let seat = format!("/api/tables/{id}/seats/0");
    let long = format!(r#"{{"action": "{}"}}"#, "x".repeat(2000));
    let cases: Vec<(String, &str, Option<String>, &str)> = vec![
        ("/api/tables".into(), "", Some("[1]".into()), "serve-error-request-object"),
        (
            "/api/tables".into(),
            "",
            Some(r#"{"game": "cego", "seats": ["person"], "colour": "red"}"#.into()),
            "serve-error-request-field",
        ),
        (
            "/api/tables".into(),
            "",
            Some(r#"{"game": "chess", "seats": ["person"]}"#.into()),
            "cli-error-unknown-game",
        ),
        (
            "/api/tables".into(),
            "",
            Some(r#"{"game": "cego", "seats": ["person", "random", "random", "random"], "pace_ms": 99999999}"#.into()),
            "serve-error-pace",
        ),
        ("/api/tables/nosuch/seats/0/state".into(), &token, None, "serve-error-no-table"),
        (format!("{seat}/state?token={token}"), "", None, "serve-error-token-in-address"),
        (format!("{seat}/state"), "", None, "serve-error-token-required"),
        (format!("{seat}/state"), "0123", None, "serve-error-wrong-token"),
        (format!("/api/tables/{id}/seats/9/state"), &token, None, "serve-error-no-seat"),
        (
            format!("{seat}/act"),
            &token,
            Some(r#"{"action": "pass", "version": 99999}"#.into()),
            "serve-error-moved-on",
        ),
        (format!("{seat}/act"), &token, Some(long), "serve-error-action-long"),
        (format!("{seat}/act"), &token, Some(r#"{"act": 1}"#.into()), "serve-error-action-body"),
        (
            format!("{seat}/name"),
            &token,
            Some(r#"{"name": "<b>Eve</b>"}"#.into()),
            "serve-error-name-char",
        ),
        (format!("{seat}/next"), &token, Some("{}".into()), "serve-error-no-deal-ended"),
        (
            format!("/api/tables/{id}/close"),
            &seat_token,
            Some("{}".into()),
            "serve-error-close-wrong-key",
        ),
        (format!("/api/review/{id}"), "", None, "serve-error-not-finished"),
        ("/no/such/page".into(), "", None, "serve-error-no-page"),
    ];
    let (en, de) = (Catalogue::get(Lang::En), Catalogue::get(Lang::De));
    for (path, token, body, key) in &cases {
        let (status, answer) = server.send(path, token, body.as_deref());
        assert!(status >= 400, "{path}: {status} {answer}");
        let said = answer["message"]["key"].as_str().unwrap_or("");
        assert_eq!(said, *key, "{path}: {answer}");
        assert!(en.has(said) && de.has(said), "{said}");
        assert!(
            !answer["error"].as_str().unwrap_or("").is_empty(),
            "{answer}"
        );
    }
    // A mistyped action, at the seat's turn or not: a message either way (cannot read, or not
    // your turn), never bare English.
    let (status, answer) = server.send(
        &format!("{seat}/act"),
        &token,
        Some(r#"{"action": "zzq 9x"}"#),
    );
    assert!(status >= 400, "{answer}");
    let said = answer["message"]["key"].as_str().unwrap_or("");
    assert!(
        [
            "serve-error-cannot-read",
            "serve-error-not-your-turn",
            "serve-error-deal-over"
        ]
        .contains(&said),
        "{answer}"
    );
}
