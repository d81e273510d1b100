//! `cards simulate` and `cards merge`: intervals over deals (Student's t below 30 deals, none
//! below 2), the paired difference of two bots, distinct seatings only, per-deal records a
//! script can recompute everything from, no negative zero, partial runs.

mod common;

use serde_json::Value;

fn cards() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("cards").expect("the cards binary is built")
}

/// Runs `cards` and returns its exit code, stdout and stderr.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = cards().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> Value {
    let (code, text, err) = run(args);
    assert_eq!(code, Some(0), "{args:?}: {err}");
    serde_json::from_str(&text).unwrap()
}

/// Student's t, 97.5%, as the report uses it.
fn t95(n: usize) -> f64 {
    match n {
        5 => 2.776,
        6 => 2.571,
        _ => 1.96,
    }
}

/// The mean and 95% half-width over per-deal values.
fn over_deals(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    (mean, t95(xs.len()) * (var / n).sqrt())
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9 * (1.0 + a.abs().max(b.abs()))
}

#[test]
fn every_interval_is_over_deals_and_recomputes_from_the_records() {
    let v = json(&[
        "simulate",
        "grosse-kleine-a",
        "--games",
        "5",
        "--seed",
        "3",
        "--bots",
        "heuristic,random",
        "--json",
    ]);
    let records = v["records"].as_array().unwrap();
    // Two distinct seatings of four seats per deal.
    assert_eq!(records.len(), 10);
    let mut means = [Vec::new(), Vec::new()];
    let mut diffs = Vec::new();
    for deal in records.chunks(2) {
        assert_eq!(deal[0]["deal"], deal[1]["deal"]);
        assert_eq!(deal[0]["seed"], deal[1]["seed"]);
        let mut sums = [0.0; 2];
        let mut diff = 0.0;
        for play in deal {
            let mut seats = [(0.0, 0.0); 2];
            for (name, score) in play["bots"]
                .as_array()
                .unwrap()
                .iter()
                .zip(play["scores"].as_array().unwrap())
            {
                let k = usize::from(name == "random");
                seats[k].0 += score.as_f64().unwrap();
                seats[k].1 += 1.0;
            }
            for k in 0..2 {
                sums[k] += seats[k].0 / seats[k].1 / 2.0;
            }
            diff += (seats[0].0 / seats[0].1 - seats[1].0 / seats[1].1) / 2.0;
        }
        means[0].push(sums[0]);
        means[1].push(sums[1]);
        diffs.push(diff);
    }
    for k in 0..2 {
        let (mean, ci) = over_deals(&means[k]);
        let bot = &v["bots"][k];
        assert_eq!(bot["deals"], 5);
        assert!(close(bot["mean"].as_f64().unwrap(), mean), "{bot}");
        assert!(close(bot["ci95"].as_f64().unwrap(), ci), "{bot} {ci}");
    }
    let (mean, ci) = over_deals(&diffs);
    let paired = &v["paired"];
    assert_eq!(
        (paired["a"].as_str(), paired["b"].as_str()),
        (Some("heuristic"), Some("random"))
    );
    assert!(close(paired["mean"].as_f64().unwrap(), mean), "{paired}");
    assert!(close(paired["ci95"].as_f64().unwrap(), ci), "{paired}");

    // The table says the same, paired difference included.
    let (_, text, _) = run(&[
        "simulate",
        "grosse-kleine-a",
        "--games",
        "5",
        "--seed",
        "3",
        "--bots",
        "heuristic,random",
    ]);
    assert!(
        text.contains(&format!(
            "paired difference heuristic − random per deal: {mean:.3} ± {ci:.3} over 5 deals"
        )),
        "{text}"
    );
}

#[test]
fn below_two_deals_there_is_no_interval() {
    let v = json(&[
        "simulate",
        "grosse-kleine-a",
        "--games",
        "1",
        "--bots",
        "heuristic,random",
        "--json",
    ]);
    for bot in v["bots"].as_array().unwrap() {
        assert_eq!(bot["ci95"], Value::Null, "{bot}");
        assert_eq!(bot["win_ci95"], Value::Null, "{bot}");
    }
    assert_eq!(v["paired"]["ci95"], Value::Null);
    let (_, text, _) = run(&[
        "simulate",
        "grosse-kleine-a",
        "--games",
        "1",
        "--bots",
        "heuristic,random",
    ]);
    assert!(text.contains("± n/a"), "{text}");
    // Three bot kinds: no paired difference.
    let v = json(&[
        "simulate",
        "grosse-kleine-a",
        "--games",
        "1",
        "--bots",
        "heuristic,random,ismcts:iters=5",
        "--json",
    ]);
    assert_eq!(v.get("paired"), None);
}

#[test]
fn only_distinct_seatings_are_played_with_the_same_results_unless_all_rotations() {
    let args = [
        "simulate",
        "grosse-kleine-a",
        "--games",
        "3",
        "--seed",
        "9",
        "--bots",
        "heuristic,random",
        "--json",
    ];
    let some = json(&args);
    let mut all_args = args.to_vec();
    all_args.push("--all-rotations");
    let all = json(&all_args);
    assert_eq!(
        (some["seatings"].as_u64(), all["seatings"].as_u64()),
        (Some(2), Some(4))
    );
    assert_eq!(
        (some["plays"].as_u64(), all["plays"].as_u64()),
        (Some(6), Some(12))
    );
    let kept: Vec<&Value> = all["records"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["rotation"].as_u64().unwrap() < 2)
        .collect();
    let played: Vec<&Value> = some["records"].as_array().unwrap().iter().collect();
    assert_eq!(played, kept);
    assert_eq!(
        some["records"][1]["bots"],
        serde_json::json!(["random", "heuristic", "random", "heuristic"])
    );
}

#[test]
fn no_report_shows_a_negative_zero() {
    // Penalty games score the best seat -0.0 (the negative of no penalty).
    let args = [
        "simulate",
        "grosse-kleine-a",
        "--games",
        "4",
        "--bots",
        "heuristic,random",
    ];
    let (code, text, _) = run(&args);
    assert_eq!(code, Some(0));
    assert!(!text.contains("-0.000") && !text.contains(" -0 "), "{text}");
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let (_, text, _) = run(&with_json);
    assert!(text.contains("0.0"), "{text}");
    assert!(
        !text.contains("-0.0,") && !text.contains("-0.0\n"),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn an_interrupted_run_exits_non_zero_and_merge_refuses_its_partial_shard() {
    use std::process::{Command, Stdio};
    let dir = std::env::temp_dir().join(format!("cards-sim-partial-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let child = Command::new(assert_cmd::cargo::cargo_bin("cards"))
        .args([
            "simulate",
            "grosse-kleine-a",
            "--games",
            "1000000",
            "--shard",
            "1/2",
        ])
        .args(["--bots", "heuristic,random", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    common::wait_for_ctrl_c_handler(child.id());
    std::thread::sleep(std::time::Duration::from_millis(700));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let partial: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(partial["partial"], true);
    let first = dir.join("1.json");
    std::fs::write(&first, &out.stdout).unwrap();
    // The other shard, complete, of the same run (the same games) would be long: a shard of a
    // run of 1000000 games is not needed, as the partial shard is refused first.
    let second = dir.join("2.json");
    let mut other = partial.clone();
    other["shard"] = "2/2".into();
    other["partial"] = false.into();
    other["interrupted"] = false.into();
    other["records"] = serde_json::json!([]);
    std::fs::write(&second, other.to_string()).unwrap();
    let (f1, f2) = (first.to_str().unwrap(), second.to_str().unwrap());
    let (code, _, err) = run(&["merge", f1, f2]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("partial") && err.contains("--allow-partial"),
        "{err}"
    );
    let (code, text, err) = run(&["merge", "--json", "--allow-partial", f1, f2]);
    assert_eq!(code, Some(0), "{err}");
    let merged: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(merged["partial"], true);
    assert_eq!(merged["completed"], partial["completed"]);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn each_seat_draws_from_its_own_stream_so_bots_that_choose_alike_tie_every_deal() {
    let paired = |bots: &str| {
        json(&[
            "simulate",
            "grosse-kleine-a",
            "--games",
            "6",
            "--seed",
            "3",
            "--bots",
            bots,
            "--json",
        ])["paired"]
            .clone()
    };
    // Two specs of one search (the second spells out Grosse/kleine A's default exploration):
    // the bots at a seat draw from the seat's stream in every seating, so they choose alike
    // and every deal's paired difference is zero.
    let alike = paired("ismcts:iters=10,ismcts:iters=10,c=0.35");
    assert_eq!(alike["mean"].as_f64(), Some(0.0), "{alike}");
    assert_eq!(alike["ci95"].as_f64(), Some(0.0), "{alike}");
    // A search that differs does not tie every deal.
    let other = paired("ismcts:iters=10,ismcts:iters=11");
    assert_ne!(other["ci95"].as_f64(), Some(0.0), "{other}");
}

#[test]
fn the_seconds_are_the_plays_not_the_progress_lines_wait() {
    // With stderr not a terminal (as here), a thread writes progress lines, sleeping 20 ms at a
    // time. A one-deal run plays for well under a millisecond; its `elapsed_s` used to include
    // the rest of that thread's sleep (about 20 ms), which inflated every short run's
    // `ns_per_action`. The least of five runs allows for a loaded machine.
    let least = (0..5)
        .map(|_| {
            let report = json(&[
                "simulate",
                "grosse-kleine-a",
                "--games",
                "1",
                "--bots",
                "random",
                "--threads",
                "1",
                "--json",
            ]);
            report["elapsed_s"].as_f64().unwrap()
        })
        .fold(f64::INFINITY, f64::min);
    assert!(least < 0.010, "{least} s for one random deal");
}
