//! `cards tournament`: ratings and pairwise paired differences, shards that merge into the
//! whole run, `exec:` bots, and the refused cases.

mod common;

use serde_json::Value;

fn cards() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("cards").expect("the cards binary is built")
}

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

const SMALL: [&str; 8] = [
    "tournament",
    "contract-rummy",
    "--bots",
    "random,heuristic,planner",
    "--games",
    "5",
    "--seed",
    "2",
];

#[test]
fn a_small_tournament_rates_every_bot_and_every_pair() {
    let mut args = SMALL.to_vec();
    args.push("--json");
    let v = json(&args);
    assert_eq!(v["kind"], "tournament");
    assert_eq!(v["partial"], false);
    assert!(v["model"].as_str().unwrap().contains("Bradley-Terry"));
    let bots = v["bots"].as_array().unwrap();
    let names: Vec<&str> = bots.iter().map(|b| b["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["random", "heuristic", "planner"]);
    let mut sum = 0.0;
    for b in bots {
        let (r, lo, hi) = (
            b["rating"].as_f64().unwrap(),
            b["ci_low"].as_f64().unwrap(),
            b["ci_high"].as_f64().unwrap(),
        );
        assert!(r.is_finite() && lo <= hi, "{b}");
        sum += r;
        // Each bot meets two others over five deals each.
        let deals = ["wins", "losses", "ties"].map(|k| b[k].as_u64().unwrap());
        assert_eq!(deals.iter().sum::<u64>(), 10, "{b}");
    }
    assert!(sum.abs() < 1e-6, "ratings are centred: {sum}");
    let pairs = v["pairs"].as_array().unwrap();
    let named: Vec<(&str, &str)> = pairs
        .iter()
        .map(|p| (p["a"].as_str().unwrap(), p["b"].as_str().unwrap()))
        .collect();
    assert_eq!(
        named,
        [
            ("random", "heuristic"),
            ("random", "planner"),
            ("heuristic", "planner")
        ]
    );
    // Each pair's paired difference recomputes from the records: per deal, A's seats' mean
    // minus B's, averaged over the deal's plays.
    let records = v["records"].as_array().unwrap();
    for p in pairs {
        let (a, b) = (p["a"].as_str().unwrap(), p["b"].as_str().unwrap());
        let mut by_deal: Vec<(u64, f64, f64)> = Vec::new();
        for r in records {
            let seats: Vec<&str> = r["bots"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_str().unwrap())
                .collect();
            if !seats.contains(&a) || !seats.contains(&b) {
                continue;
            }
            let mean = |who: &str| {
                let xs: Vec<f64> = seats
                    .iter()
                    .zip(r["scores"].as_array().unwrap())
                    .filter(|&(s, _)| *s == who)
                    .map(|(_, x)| x.as_f64().unwrap())
                    .collect();
                xs.iter().sum::<f64>() / xs.len() as f64
            };
            let deal = r["deal"].as_u64().unwrap();
            match by_deal.last_mut() {
                Some((d, sum, n)) if *d == deal => {
                    *sum += mean(a) - mean(b);
                    *n += 1.0;
                }
                _ => by_deal.push((deal, mean(a) - mean(b), 1.0)),
            }
        }
        assert_eq!(by_deal.len(), 5, "{p}");
        let mean = by_deal.iter().map(|(_, s, n)| s / n).sum::<f64>() / 5.0;
        assert!(
            (p["mean"].as_f64().unwrap() - mean).abs() < 1e-9,
            "{p} {mean}"
        );
        assert!(p["ci95"].as_f64().unwrap() >= 0.0, "{p}");
    }
    let (code, text, _) = run(&SMALL);
    assert_eq!(code, Some(0));
    assert!(text.contains("random − heuristic:"), "{text}");
    assert!(text.contains("Bradley-Terry"), "{text}");
}

#[test]
fn merged_shards_give_the_whole_tournament() {
    let dir = std::env::temp_dir().join(format!("cards-tour-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut args = SMALL.to_vec();
    args.push("--json");
    let whole = json(&args);
    let mut files = Vec::new();
    for k in ["2/2", "1/2"] {
        let mut shard = args.clone();
        shard.extend(["--shard", k]);
        let (code, text, err) = run(&shard);
        assert_eq!(code, Some(0), "{err}");
        let file = dir.join(format!("shard{}.json", &k[..1]));
        std::fs::write(&file, text).unwrap();
        files.push(file.to_str().unwrap().to_owned());
    }
    let merged = json(&["merge", "--json", &files[0], &files[1]]);
    for key in [
        "kind",
        "game",
        "games",
        "completed",
        "partial",
        "bots",
        "pairs",
        "records",
    ] {
        assert_eq!(merged[key], whole[key], "{key}");
    }
    let (code, _, err) = run(&["merge", &files[0]]);
    assert_eq!(code, Some(2));
    assert!(err.contains("is missing"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn exec_bots_play_in_a_tournament() {
    let bot = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/bots/random_bot.py")
        .canonicalize()
        .unwrap();
    let bot = format!("exec:ms=20000 python3 {}", bot.display());
    let v = json(&[
        "tournament",
        "grosse-kleine-a",
        "--games",
        "2",
        "--bots",
        &bot,
        "--bots",
        "heuristic",
        "--json",
    ]);
    assert_eq!(v["bots"][0]["name"].as_str(), Some(bot.as_str()));
    assert_eq!(v["bots"][0].get("faults"), None, "{v}");
    assert_eq!(v["pairs"][0]["deals"], 2);
}

#[test]
fn one_bot_an_unknown_bot_or_a_bot_twice_is_refused() {
    for (bots, says) in [
        ("random", "at least two bots"),
        ("random,genius", "unknown bot kind \"genius\""),
        ("random,heuristic,random", "given twice"),
    ] {
        let (code, _, err) = run(&[
            "tournament",
            "grosse-kleine-a",
            "--games",
            "1",
            "--bots",
            bots,
        ]);
        assert_eq!(code, Some(2), "{bots}: {err}");
        assert!(err.contains(says), "{bots}: {err}");
    }
}

#[cfg(unix)]
#[test]
fn an_interrupted_tournament_is_partial_and_exits_non_zero() {
    use std::process::{Command, Stdio};
    let child = Command::new(assert_cmd::cargo::cargo_bin("cards"))
        .args(["tournament", "grosse-kleine-a", "--games", "1000000"])
        .args(["--bots", "random,heuristic", "--json"])
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
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["partial"], true);
    assert!(v["completed"].as_u64().unwrap() < 1_000_000);
}

#[test]
fn a_bot_that_wins_every_deal_has_an_interval_not_a_point() {
    // ISMCTS wins each of these ten deals against random (seed 1): every bootstrap resample is
    // the same, and the interval still says how sure ten deals make it.
    let v = json(&[
        "tournament",
        "einer-ist-immer",
        "--bots",
        "random,ismcts:iters=50",
        "--games",
        "10",
        "--threads",
        "2",
        "--json",
    ]);
    let bots = v["bots"].as_array().unwrap();
    assert_eq!(bots[1]["wins"], 10, "{v}");
    for b in bots {
        let (r, lo, hi) = (
            b["rating"].as_f64().unwrap(),
            b["ci_low"].as_f64().unwrap(),
            b["ci_high"].as_f64().unwrap(),
        );
        assert!(lo < r && r < hi && hi - lo > 100.0, "{b}");
    }
    // And it is sure of the order: the winner's interval is above 0, the loser's below.
    assert!(bots[1]["ci_low"].as_f64().unwrap() > 0.0, "{v}");
    assert!(bots[0]["ci_high"].as_f64().unwrap() < 0.0, "{v}");
}
