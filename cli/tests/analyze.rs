//! `cards analyze`: a log saved by `cards play` is weighed decision by decision, in text and
//! in JSON, from the deciding seat's information only.

use assert_cmd::Command;

/// A single deal of Cego saved by `cards play` in a folder of the test's own (`name`), where
/// the person (S0) takes the first listed action at every prompt: the folder and the log.
fn saved_cego(name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("cards-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("cego.json");
    let script = "#1\n".repeat(2_000);
    let out = Command::cargo_bin("cards")
        .unwrap()
        .args(["play", "cego", "--seed", "4", "--single-deal", "--save"])
        .arg(&log)
        .write_stdin(script)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (dir, log)
}

/// `cards analyze LOG ARGS...`.
fn analyze(log: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::cargo_bin("cards")
        .unwrap()
        .arg("analyze")
        .arg(log)
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_saved_game_is_analysed_seat_by_seat_in_text_and_json() {
    let (dir, log) = saved_cego("analyze");
    let text = analyze(&log, &["--seat", "0", "--worlds", "8"]);
    assert!(
        text.status.success(),
        "{}",
        String::from_utf8_lossy(&text.stderr)
    );
    let text = String::from_utf8(text.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let summary = lines.last().unwrap();
    assert!(summary.contains("decisions weighed"), "{text}");
    assert!(lines.len() > 2, "{text}");
    assert!(
        lines[..lines.len() - 1]
            .iter()
            .all(|l| l.contains(" S0 ") && l.contains("best")),
        "only S0's decisions: {text}"
    );
    let json = analyze(&log, &["--worlds", "8", "--json"]);
    assert!(json.status.success());
    let weighed: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let all = weighed.as_array().unwrap();
    assert!(all.len() > lines.len() - 1, "every seat's decisions");
    assert!(all.iter().any(|w| w["seat"] != 0));
    for w in all {
        let best = w["best_value"].as_f64().unwrap();
        assert!(best >= w["taken_value"].as_f64().unwrap());
        // The game's expert is asked at every decision and weighed among the candidates.
        assert!(w["expert"].is_string(), "{w}");
        assert!(w["expert_value"].as_f64().unwrap() <= best, "{w}");
    }
    assert!(
        lines[..lines.len() - 1]
            .iter()
            .all(|l| l.contains(" expert ")),
        "{text}"
    );
    // A seat the match does not have is refused in words.
    let bad = analyze(&log, &["--seat", "7"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--seat 7"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_expert_is_asked_unless_told_not_to_and_never_one_that_reads_the_clock() {
    let (dir, log) = saved_cego("analyze-expert");
    // Without an expert, the rollouts' best only.
    let rollouts = analyze(
        &log,
        &[
            "--seat", "0", "--worlds", "4", "--expert", "rollouts", "--json",
        ],
    );
    assert!(rollouts.status.success());
    let rollouts: serde_json::Value = serde_json::from_slice(&rollouts.stdout).unwrap();
    assert!(
        rollouts
            .as_array()
            .unwrap()
            .iter()
            .all(|w| w["expert"].is_null())
    );
    // An expert that would read the clock is refused in words.
    let timed = analyze(&log, &["--expert", "ismcts:ms=50"]);
    assert!(!timed.status.success());
    assert!(
        String::from_utf8_lossy(&timed.stderr).contains("--expert ismcts:ms=50"),
        "{}",
        String::from_utf8_lossy(&timed.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `cards serve` on a free loopback port, killed when dropped.
struct Served(std::process::Child, String);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn serve() -> Served {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(["serve", "--bind", "127.0.0.1:0", "--db", ":memory:"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let start = line.find("http://").unwrap();
    let base = line[start..].split_whitespace().next().unwrap();
    Served(child, base.trim_end_matches('/').to_owned())
}

fn get(base: &str, path: &str) -> (u16, serde_json::Value) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut r = agent.get(&format!("{base}{path}")).call().unwrap();
    let status = r.status().as_u16();
    let text = r.body_mut().read_to_string().unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(serde_json::Value::Null),
    )
}

#[test]
fn the_review_page_analyses_a_finished_match_seat_by_seat() {
    let server = serve();
    let base = &server.1;
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut r = agent
        .post(&format!("{base}/api/tables"))
        .send_json(serde_json::json!({"game": "einer-ist-immer",
            "seats": ["heuristic", "random", "heuristic", "random"],
            "pace_ms": 0, "single_deal": true}))
        .unwrap();
    assert_eq!(r.status().as_u16(), 201);
    let opened: serde_json::Value =
        serde_json::from_str(&r.body_mut().read_to_string().unwrap()).unwrap();
    let id = opened["table"].as_str().unwrap().to_owned();
    let start = std::time::Instant::now();
    while get(base, &format!("/api/tables/{id}/watch")).1["match_over"] != true {
        assert!(start.elapsed() < std::time::Duration::from_secs(30));
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    // A seat the match lacks is refused; the first request starts the analysis.
    let (status, body) = get(base, &format!("/api/review/{id}/analysis?seat=9"));
    assert_eq!(status, 404, "{body}");
    let mut body;
    loop {
        let (status, b) = get(base, &format!("/api/review/{id}/analysis?seat=1"));
        assert_eq!(status, 200, "{b}");
        body = b;
        if body["done"] == true {
            break;
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(120));
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    let decisions = body["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty(), "{body}");
    assert!(
        decisions.iter().all(|d| d["seat"] == 1),
        "only S1's decisions"
    );
    // The lobby's expert was asked at each of them.
    assert!(decisions.iter().all(|d| d["expert"].is_string()), "{body}");
    let numbers: Vec<u64> = decisions
        .iter()
        .map(|d| d["number"].as_u64().unwrap())
        .collect();
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{numbers:?}");
    assert_eq!(body["worlds"], 16);
    // Kept: asked again, the same answer at once.
    let (status, again) = get(base, &format!("/api/review/{id}/analysis?seat=1"));
    assert_eq!(status, 200);
    assert_eq!(again, body);
    // The page offers it.
    let (status, page) = {
        let mut r = agent.get(&format!("{base}/review/{id}")).call().unwrap();
        (r.status().as_u16(), r.body_mut().read_to_string().unwrap())
    };
    assert_eq!(status, 200);
    assert!(page.contains("id=\"analyse\""));
}
