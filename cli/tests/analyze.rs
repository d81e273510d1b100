//! `cards analyze`: a log saved by `cards play` is weighed decision by decision, in text and
//! in JSON, from the deciding seat's information only.

use assert_cmd::Command;

#[test]
fn a_saved_game_is_analysed_seat_by_seat_in_text_and_json() {
    let dir = std::env::temp_dir().join(format!("cards-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("cego.json");
    // The person (S0) takes the first listed action at every prompt.
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
    let text = Command::cargo_bin("cards")
        .unwrap()
        .args([
            "analyze",
            log.to_str().unwrap(),
            "--seat",
            "0",
            "--worlds",
            "8",
        ])
        .output()
        .unwrap();
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
    let json = Command::cargo_bin("cards")
        .unwrap()
        .args(["analyze", log.to_str().unwrap(), "--worlds", "8", "--json"])
        .output()
        .unwrap();
    assert!(json.status.success());
    let weighed: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let all = weighed.as_array().unwrap();
    assert!(all.len() > lines.len() - 1, "every seat's decisions");
    assert!(all.iter().any(|w| w["seat"] != 0));
    for w in all {
        assert!(w["best_value"].as_f64().unwrap() >= w["taken_value"].as_f64().unwrap());
    }
    // A seat the match does not have is refused in words.
    let bad = Command::cargo_bin("cards")
        .unwrap()
        .args(["analyze", log.to_str().unwrap(), "--seat", "7"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--seat 7"));
    let _ = std::fs::remove_dir_all(&dir);
}
