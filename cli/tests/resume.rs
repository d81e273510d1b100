//! Going on with an unfinished game: `cards play --resume LOG` continues a saved terminal game,
//! and `cards serve` opens a table from one (`"log"` in the table request).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use cards_core::Catalog;
use cards_core::{Game, Seat};
use game_cego::Cego;
use serde_json::{Value, json};

fn temp(name: &str) -> String {
    std::env::temp_dir()
        .join(format!("cards-resume-{}-{name}", std::process::id()))
        .to_str()
        .unwrap()
        .to_owned()
}

/// Runs `cards` with `input` on its standard input; its exit status and output.
fn cards(args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The program may be done and gone before it has read all of `input` (it stops reading at
    // the end of the match): a closed pipe then is no failure of the test.
    let written = child.stdin.take().unwrap().write_all(input.as_bytes());
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    let out = child.wait_with_output().unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

/// An unfinished Cego log: the person answers the first few questions, then quits.
fn unfinished(path: &str) -> Value {
    let _ = cards(
        &["play", "cego", "--seed", "5", "--save", path],
        "#1\n#1\n#1\nq\n",
    );
    let log: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(log["unfinished"], true);
    assert!(log["actions"].as_array().unwrap().len() > 3, "{log}");
    log
}

/// The view of `seat` after the log's actions, from the engine.
fn view_after(log: &Value, seat: u8) -> String {
    let config = serde_json::from_value(log["config"].clone()).unwrap();
    let mut state = Cego::new(&config, log["seed"].as_u64().unwrap()).unwrap();
    for a in log["actions"].as_array().unwrap() {
        let action = Cego::parse_action(&state, a.as_str().unwrap()).unwrap();
        Cego::apply(&mut state, &action).unwrap();
    }
    Cego::view(&state, Seat(seat)).to_string()
}

#[test]
fn play_resume_goes_on_from_the_saved_actions() {
    let first = temp("first.json");
    let log = unfinished(&first);
    let second = temp("second.json");
    let (_, out) = cards(&["play", "--resume", &first, "--save", &second], "#1\nq\n");
    assert!(
        out.contains("the saved game goes on") && out.contains("Resumed"),
        "{out}"
    );
    let again: Value = serde_json::from_str(&std::fs::read_to_string(&second).unwrap()).unwrap();
    let before = log["actions"].as_array().unwrap();
    let after = again["actions"].as_array().unwrap();
    assert!(after.len() > before.len(), "the game went on");
    assert_eq!(
        &after[..before.len()],
        &before[..],
        "from the saved actions"
    );
    assert_eq!(again["seed"], log["seed"]);
    let (ok, replay) = cards(&["replay", &second], "");
    assert!(ok, "{replay}");
    // A finished or damaged log is refused in words.
    let mut broken = log.clone();
    broken["actions"][2] = json!("nonsense");
    let bad = temp("bad.json");
    std::fs::write(&bad, broken.to_string()).unwrap();
    let (ok, out) = cards(&["play", "--resume", &bad], "q\n");
    assert!(!ok && out.contains("invalid log"), "{out}");
    for f in [first, second, bad] {
        let _ = std::fs::remove_file(f);
    }
}

#[test]
fn the_server_opens_a_table_from_an_unfinished_log() {
    let path = temp("serve.json");
    let log = unfinished(&path);
    let _ = std::fs::remove_file(&path);
    let mut child = Killed(
        Command::new(env!("CARGO_BIN_EXE_cards"))
            .args(["serve", "--bind", "127.0.0.1:0", "--db", ":memory:"])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut line = String::new();
    let mut stdout = BufReader::new(child.0.stdout.take().unwrap());
    stdout.read_line(&mut line).unwrap();
    let base = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap()
        .trim_end_matches('/')
        .to_owned();
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into();
    let post = |body: &Value| {
        let mut r = agent
            .post(&format!("{base}/api/tables"))
            .send_json(body)
            .unwrap();
        let status = r.status().as_u16();
        (
            status,
            serde_json::from_str::<Value>(&r.body_mut().read_to_string().unwrap()).unwrap(),
        )
    };
    let seats = json!(["person", "heuristic", "heuristic", "heuristic"]);
    let (status, body) = post(&json!({"log": log, "seats": seats, "pace_ms": 5000}));
    assert_eq!(status, 201, "{body}");
    let id = body["table"].as_str().unwrap();
    let token = body["seats"][0]["link"]
        .as_str()
        .unwrap()
        .split_once('#')
        .unwrap()
        .1;
    let mut r = agent
        .get(&format!("{base}/api/tables/{id}/seats/0/state"))
        .header("authorization", &format!("Bearer {token}"))
        .call()
        .unwrap();
    let state: Value = serde_json::from_str(&r.body_mut().read_to_string().unwrap()).unwrap();
    assert_eq!(state["view_text"].as_str().unwrap(), view_after(&log, 0));
    assert!(
        state["narration"]
            .to_string()
            .contains("goes on from a saved game")
    );
    // A finished or tampered log is refused.
    let mut broken = log.clone();
    broken["actions"][1] = json!("nonsense");
    let (status, body) = post(&json!({"log": broken, "seats": seats}));
    assert_eq!(status, 422, "{body}");
    let mut done = log.clone();
    done["unfinished"] = json!(false);
    let (status, _) = post(&json!({"log": done, "seats": seats}));
    assert_eq!(status, 422);
}

/// A process killed when dropped, a failed test's too.
struct Killed(std::process::Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The actions of the log at `path` once it holds more than `at_least`, read as the process
/// writes it (a log is replaced whole, never seen half-written); `None` after 10 s.
fn actions_once_past(path: &str, at_least: usize) -> Option<usize> {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while std::time::Instant::now() < deadline {
        if let Ok(text) = std::fs::read_to_string(path) {
            let log: Value = serde_json::from_str(&text).expect("a whole log at every moment");
            let n = log["actions"].as_array().map_or(0, Vec::len);
            if n > at_least {
                return Some(n);
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    None
}

#[test]
fn play_save_leaves_a_log_resume_goes_on_with_whatever_kills_it() {
    // Each signal at a different moment of the match: after 1, 4 and 9 of the person's
    // answers (KILL cannot be caught; TERM and HUP, a closed terminal, end the process too).
    for (signal, answers) in [("KILL", 1), ("TERM", 4), ("HUP", 9)] {
        let path = temp(&format!("killed-{signal}.json"));
        let _ = std::fs::remove_file(&path);
        let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
            .args(["play", "cego", "--seed", "7", "--save", &path])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut seen = 0;
        for _ in 0..answers {
            stdin.write_all(b"#1\n").unwrap();
            stdin.flush().unwrap();
            seen = actions_once_past(&path, seen).expect("the answer is saved");
        }
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let _ = child.wait();
        drop(stdin);
        let log: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{signal}: the log is whole: {e}"));
        assert_eq!(log["unfinished"], true, "{signal}");
        assert!(log["actions"].as_array().unwrap().len() >= seen, "{signal}");
        // Quitting at once ends the resumed match unfinished (not a success); it went on.
        let (_, out) = cards(&["play", "--resume", &path], "q\n");
        assert!(
            out.contains("the saved game goes on") && out.contains("Resumed"),
            "{signal}: {out}"
        );
        let _ = std::fs::remove_file(&path);
    }
}
