//! `exec:` bots: a good program plays a whole deal; a program that crashes, hangs, writes
//! garbage or names an illegal action never stops the run (each fault is counted, the decision
//! taken at random, and the program dropped after `MAX_FAULTS`).

use std::path::PathBuf;

use cards_core::BotSpec;
use cards_core::GameConfig;
use cards_core::bot::play_out;
use cards_core::rng::rng_from_seed;
use cards_core::{Bot, Game, PerSeat, RandomBot};
use cli::bots::Seated;
use cli::exec::{ExecBot, MAX_FAULTS};
use cli::i18n::{Catalogue, Lang};
use game_big_a::BigA as G;

/// Writes `body` as a Python script into a fresh temp dir; returns the dir and the script.
fn script(name: &str, body: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("cards-exec-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.py"));
    std::fs::write(&path, body).unwrap();
    (dir, path)
}

/// Plays one deal with the program at seat 0 and random bots elsewhere; returns its faults.
fn deal_with(spec: &str) -> u64 {
    deal_with_notes(spec).0
}

/// [`deal_with`], with the program's descriptions of its faults.
fn deal_with_notes(spec: &str) -> (u64, Vec<String>) {
    let (faults, lines) = deal_with_lines(spec);
    (faults, lines.into_iter().map(|l| l.text).collect())
}

/// [`deal_with`], with the program's fault notes in English and as catalogue messages.
fn deal_with_lines(spec: &str) -> (u64, Vec<cli::exec::FaultLine>) {
    let spec = BotSpec::parse::<G>(spec).unwrap();
    let config = (<G as Game>::Config::default()).single_deal();
    let players = config.players();
    let mut bots = vec![Seated::Exec(Box::new(ExecBot::<G>::new(&spec).unwrap()))];
    for _ in 1..players {
        bots.push(Seated::Builtin(Box::new(RandomBot)));
    }
    let mut bots = PerSeat(bots);
    let mut state = G::new(&config, 11).unwrap();
    let mut rng = rng_from_seed(5);
    let n = play_out::<G, _>(&mut state, &mut bots, &mut rng, None).unwrap();
    assert!(n > 0);
    assert!(G::to_move(&state).is_none());
    let program = &mut bots[cards_core::Seat(0)];
    (program.faults(), program.take_fault_lines())
}

const GOOD: &str = r#"
import json, sys
log = open(sys.argv[1], "w")
for line in sys.stdin:
    m = json.loads(line)
    log.write(m["type"] + "\n")
    log.flush()
    if m["type"] == "decide":
        assert m["legal"][0]["index"] == 0 and m["budget_ms"] > 0
        print(json.dumps({"index": 0}), flush=True)
"#;

#[test]
fn a_good_program_plays_a_whole_deal_without_faults() {
    let (dir, path) = script("good", GOOD);
    let log = dir.join("log.txt");
    let faults = deal_with(&format!(
        "exec:ms=20000 python3 {} {}",
        path.display(),
        log.display()
    ));
    assert_eq!(faults, 0);
    let types = std::fs::read_to_string(&log).unwrap();
    let types: Vec<&str> = types.lines().collect();
    assert_eq!(types.first(), Some(&"hello"), "{types:?}");
    assert_eq!(types.get(1), Some(&"start"), "{types:?}");
    assert_eq!(types.last(), Some(&"end"), "{types:?}");
    assert!(types.contains(&"decide"), "{types:?}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_answer_by_notation_is_taken() {
    let (dir, path) = script(
        "notation",
        r#"
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "decide":
        print(json.dumps({"action": m["legal"][-1]["action"]}), flush=True)
"#,
    );
    assert_eq!(
        deal_with(&format!("exec:ms=20000 python3 {}", path.display())),
        0
    );
    let _ = std::fs::remove_dir_all(dir);
}

fn faulty(name: &str, body: &str, options: &str) {
    let (dir, path) = script(name, body);
    let (faults, lines) = deal_with_lines(&format!("exec:{options}python3 {}", path.display()));
    // Each note's catalogue message reads in English as the log's English, and in German
    // otherwise (the room and `cards play --lang de` tell it so).
    let en = Catalogue::get(Lang::En);
    let de = Catalogue::get(Lang::De);
    for line in &lines {
        assert_eq!(en.format(&line.message), line.text, "{name}");
        let german = de.format(&line.message);
        assert!(
            german.starts_with("Bot ") && !german.contains("random"),
            "{german}"
        );
    }
    let notes: Vec<String> = lines.into_iter().map(|l| l.text).collect();
    assert_eq!(faults, MAX_FAULTS, "{name}");
    // Each fault is described (nothing is printed: the caller names them), then the stop.
    assert_eq!(notes.len(), MAX_FAULTS as usize + 1, "{name}: {notes:?}");
    assert!(
        notes[0].contains("(S0)") && notes[0].contains("fault 1 of 5"),
        "{notes:?}"
    );
    assert!(notes[5].contains("stopped after 5 faults"), "{notes:?}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_program_that_crashes_is_dropped_and_the_deal_goes_on() {
    faulty("crash", "import sys\nsys.exit(3)\n", "");
}

#[test]
fn a_program_that_hangs_past_its_budget_is_dropped_and_the_deal_goes_on() {
    faulty(
        "hang",
        "import sys, time\nfor line in sys.stdin:\n    time.sleep(1000)\n",
        "ms=100 ",
    );
}

#[test]
fn a_program_that_writes_garbage_is_dropped_and_the_deal_goes_on() {
    faulty(
        "garbage",
        "import sys\nfor line in sys.stdin:\n    print('hello there', flush=True)\n",
        "",
    );
}

#[test]
fn a_program_that_names_illegal_actions_is_dropped_and_the_deal_goes_on() {
    faulty(
        "illegal",
        r#"
import json, sys
for line in sys.stdin:
    if json.loads(line)["type"] == "decide":
        print(json.dumps({"index": 100000}), flush=True)
        print(json.dumps({"action": "no such action"}), flush=True)
"#,
        "",
    );
}

#[test]
fn a_program_that_cannot_start_is_refused() {
    let spec = BotSpec::parse::<G>("exec:/no/such/program").unwrap();
    let e = ExecBot::<G>::new(&spec).unwrap_err().to_string();
    assert!(
        e.starts_with("bot exec:/no/such/program: cannot start \"/no/such/program\": "),
        "{e}"
    );
    // Settings are read with the spec, before any program is started.
    let e = BotSpec::parse::<G>("exec:ms=0 python3")
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "bot exec:ms=0 python3: ms takes a whole number >= 1, not \"0\""
    );
    // The one fallback is a random action: no game has a rule for forfeiting.
    let e = BotSpec::parse::<G>("exec:on_error=forfeit python3")
        .unwrap_err()
        .to_string();
    assert!(e.contains("no rule for forfeiting"), "{e}");
    let e = BotSpec::parse::<G>("exec:on_error=sulk python3")
        .unwrap_err()
        .to_string();
    assert!(e.contains("on_error takes random"), "{e}");
}

#[test]
fn on_error_random_is_the_stated_default() {
    let (dir, path) = script("crash-default", "import sys\nsys.exit(3)\n");
    let faults = deal_with(&format!("exec:on_error=random python3 {}", path.display()));
    assert_eq!(faults, MAX_FAULTS);
    let _ = std::fs::remove_dir_all(dir);
}

/// The Python reference bot, `examples/bots/random_bot.py`.
fn reference_bot() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/bots/random_bot.py")
        .canonicalize()
        .unwrap();
    // A generous budget: a loaded machine may be slow to start Python.
    format!("exec:ms=20000 python3 {}", path.display())
}

fn cards() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("cards").expect("the cards binary is built")
}

#[test]
fn the_reference_bot_plays_a_deal_of_every_game_in_simulate() {
    let bot = reference_bot();
    for entry in cli::registry::registry() {
        let g = entry.name();
        let out = cards()
            .args(["simulate", g, "--games", "1", "--threads", "1", "--json"])
            .args(["--bots", &bot, "--bots", "random"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{g}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let exec = &report["bots"][0];
        assert_eq!(exec["name"].as_str(), Some(bot.as_str()), "{g}: {report}");
        assert!(exec["decisions"].as_u64().unwrap() > 0, "{g}: {report}");
        assert!(exec.get("faults").is_none(), "{g}: {report}");
    }
}

#[test]
fn the_reference_bot_plays_a_deal_of_every_game_in_play() {
    let bot = reference_bot();
    let mut script = String::new();
    for _ in 0..20_000 {
        script.push_str("#1\n");
    }
    for entry in cli::registry::registry() {
        let g = entry.name();
        let out = cards()
            .args(["play", g, "--seed", "5", "--single-deal", "--bots", &bot])
            .write_stdin(script.as_str())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let errors = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{g}: {errors}");
        assert!(text.contains("The match is over."), "{g}: {text}");
        assert!(!errors.contains("fault"), "{g}: {errors}");
    }
}

#[test]
fn simulate_keeps_one_program_per_seat_for_the_whole_run() {
    let (dir, path) = script(
        "pids",
        r#"
import json, os, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "start":
        with open(sys.argv[1], "a") as log:
            log.write("%d %d\n" % (os.getpid(), m["seat"]))
    elif m["type"] == "decide":
        print(json.dumps({"index": 0}), flush=True)
"#,
    );
    let log = dir.join("starts.txt");
    let bot = format!("exec:ms=20000 python3 {} {}", path.display(), log.display());
    let out = cards()
        .args([
            "simulate",
            "grosse-kleine-a",
            "--players",
            "3",
            "--games",
            "2",
        ])
        .args(["--threads", "1", "--bots", &bot])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let starts = std::fs::read_to_string(&log).unwrap();
    let mut programs: Vec<&str> = starts.lines().collect();
    // 2 deals, one distinct seating (every seat holds the program), 3 seats: 6 plays of a
    // seat, by 3 programs.
    assert_eq!(programs.len(), 6, "{starts}");
    programs.sort_unstable();
    programs.dedup();
    assert_eq!(programs.len(), 3, "{starts}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn simulate_counts_faults_and_finishes_the_run() {
    let (dir, path) = script("crash-sim", "import sys\nsys.exit(1)\n");
    let bot = format!("exec:python3 {}", path.display());
    let out = cards()
        .args([
            "simulate",
            "grosse-kleine-a",
            "--players",
            "3",
            "--games",
            "3",
        ])
        .args([
            "--threads",
            "1",
            "--json",
            "--bots",
            &bot,
            "--bots",
            "random",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Two seats of the program in each rotation's seating: each its own program, dropped
    // after MAX_FAULTS faults.
    let faults = report["bots"][0]["faults"].as_u64().unwrap();
    assert!(faults >= MAX_FAULTS && faults % MAX_FAULTS == 0, "{report}");
    assert!(report["bots"][1].get("faults").is_none(), "{report}");
    // Every fault is named in the records of the play it happened in.
    let named: usize = report["records"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["faults"].as_array())
        .flatten()
        .filter(|n| n.as_str().unwrap().contains("a random action instead"))
        .count();
    assert_eq!(named as u64, faults, "{report}");
    // Every decision of a stopped program's seat was random, and the report says so: the
    // random decisions are all of the bot's decisions, and each program's stop is named.
    let bot0 = &report["bots"][0];
    assert_eq!(bot0["random"], bot0["decisions"], "{report}");
    assert!(bot0["random"].as_u64().unwrap() > faults, "{report}");
    let stopped = bot0["stopped_at"].as_array().unwrap();
    assert_eq!(stopped.len() as u64, faults / MAX_FAULTS, "{report}");
    // A fault can come outside a decision too (its `start` could not be written), so a
    // program is stopped at its fifth decision at the latest.
    assert!(
        stopped
            .iter()
            .all(|d| (1..=MAX_FAULTS).contains(&d.as_u64().unwrap())),
        "{report}"
    );
    // The table says the same in words.
    let out = cards()
        .args([
            "simulate",
            "grosse-kleine-a",
            "--players",
            "3",
            "--games",
            "3",
        ])
        .args(["--threads", "1", "--bots", &bot, "--bots", "random"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let decisions = bot0["decisions"].as_u64().unwrap();
    assert!(
        text.contains(&format!("stopped after {MAX_FAULTS} faults")),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "{decisions} of {decisions} decisions played at random"
        )),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn play_names_each_fault_on_screen_and_in_the_saved_log() {
    let (dir, path) = script("crash-play", "import sys\nsys.exit(1)\n");
    let bot = format!("exec:python3 {}", path.display());
    let log = dir.join("game.json");
    let out = cards()
        .args(["play", "grosse-kleine-a", "--players", "3", "--seed", "5"])
        .args(["--single-deal", "--bots", &bot, "--save"])
        .arg(&log)
        .write_stdin("1\n".repeat(400))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("fault 1 of 5"), "{stdout}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&log).unwrap()).unwrap();
    let faults = saved["faults"].as_array().expect("faults in the log");
    assert!(!faults.is_empty(), "{saved}");
    assert!(
        faults[0]["note"].as_str().unwrap().contains("fault 1 of 5"),
        "{saved}"
    );
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("fault"),
        "faults are narrated, not printed to stderr"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_program_is_told_each_deals_end_with_its_scores_then_the_matchs_end() {
    // Each program writes what it is told, but decisions, to a file of its own.
    let (dir, path) = script(
        "deals",
        r#"
import json, os, sys
log = open(os.path.join(sys.argv[1], "%d.jsonl" % os.getpid()), "w")
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "decide":
        print(json.dumps({"index": 0}), flush=True)
    elif m["type"] != "hello":
        log.write(line)
        log.flush()
"#,
    );
    let hands = 3;
    let out = cards()
        .args([
            "simulate",
            "big-a",
            "--match",
            "--games",
            "1",
            "--threads",
            "1",
        ])
        .args(["--option", &format!("hands={hands}")])
        .args([
            "--bots",
            &format!("exec:ms=20000 python3 {} {}", path.display(), dir.display()),
        ])
        .args(["--bots", "random"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut programs = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let file = entry.unwrap().path();
        if file.extension().and_then(|e| e.to_str()) != Some("jsonl") {
            continue;
        }
        programs += 1;
        let text = std::fs::read_to_string(&file).unwrap();
        let messages: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        // Every match: start, one deal_end per deal (numbered from 0, its scores the change
        // of the totals, zero-score deals too), then end with the last totals.
        let mut it = messages.iter();
        let mut matches = 0;
        while let Some(start) = it.next() {
            assert_eq!(start["type"], "start", "{text}");
            let mut totals = vec![0.0; 5];
            for deal in 0..hands {
                let m = it.next().unwrap();
                assert_eq!(m["type"], "deal_end", "{text}");
                assert_eq!(m["deal"], deal, "{text}");
                for (i, t) in totals.iter_mut().enumerate() {
                    *t += m["scores"][i].as_f64().unwrap();
                    assert_eq!(m["totals"][i].as_f64(), Some(*t), "{text}");
                }
            }
            let end = it.next().unwrap();
            assert_eq!(end["type"], "end", "{text}");
            let scores: Vec<f64> = end["scores"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_f64().unwrap())
                .collect();
            assert_eq!(scores, totals, "{text}");
            matches += 1;
        }
        assert!(matches > 0);
    }
    // The program holds seats 0, 2, 4 of five, then 1, 3, 4 and so on: one program per seat.
    assert_eq!(programs, 5);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn simulate_checks_a_spec_without_starting_a_program_and_refuses_a_missing_one() {
    let out = cards()
        .args(["simulate", "grosse-kleine-a", "--games", "1"])
        .args(["--bots", "exec:/no/such/program,random"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no such program"), "{err}");
}

/// A program that answers index 0 to every decision but one: the first with two or more legal
/// actions after its first decision, which it answers (the last index) only after sleeping past
/// its budget. It echoes the decision's id when `echo` is given (protocol 2), and leaves it out
/// otherwise (protocol 1: its answers are taken in order).
const SLEEPS_ONCE: &str = r#"
import json, sys, time
echo = sys.argv[1] == "echo"
slept = False
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "ready"}), flush=True)
    if m["type"] != "decide":
        continue
    answer = {"index": 0}
    if not slept and m["id"] >= 1 and len(m["legal"]) >= 2:
        slept = True
        time.sleep(float(sys.argv[2]))
        answer = {"index": len(m["legal"]) - 1}
    if echo:
        answer["id"] = m["id"]
    print(json.dumps(answer), flush=True)
"#;

/// Plays a deal of `G` with [`SLEEPS_ONCE`] at seat 0 (budget 1000 ms, the one late answer
/// 1.6 s late), random bots elsewhere: the decision it slept on is a fault, its late answer is
/// dropped and counted as late, and every other decision takes the program's own answer for
/// it (index 0), never the late one.
fn a_late_answer_is_dropped<G: cards_core::Catalog>(echo: bool) {
    let (_dir, path) = script(&format!("sleeps-{}-{echo}", G::NAME), SLEEPS_ONCE);
    let mode = if echo { "echo" } else { "plain" };
    let spec = format!("exec:ms=1000 python3 {} {mode} 1.6", path.display());
    let spec = BotSpec::parse::<G>(&spec).unwrap();
    let mut bot = ExecBot::<G>::new(&spec).unwrap();
    let config = (<G as Game>::Config::default()).single_deal();
    let mut state = G::new(&config, 3).unwrap();
    let mut rng = rng_from_seed(5);
    let (mut asked, mut faulted_at) = (0u64, Vec::new());
    while let Some(seat) = G::to_move(&state) {
        let legal = G::legal_actions(&state);
        let i = if seat == cards_core::Seat(0) {
            let before = bot.report().faults;
            let i = bot.choose(&cards_core::Decision::new(&state, seat, &legal), &mut rng);
            if bot.report().faults > before {
                faulted_at.push(asked);
            } else {
                assert_eq!(
                    i,
                    0,
                    "{}: decision {asked} took an answer not its own",
                    G::NAME
                );
            }
            asked += 1;
            i
        } else {
            cards_core::rng::below(&mut rng, legal.len() as u64) as usize
        };
        G::apply(&mut state, &legal[i]).unwrap();
    }
    let report = bot.report();
    assert!(asked >= 3, "{}: {asked} decisions", G::NAME);
    assert!(
        !faulted_at.is_empty() && faulted_at[0] >= 1,
        "{}: the decision it slept on is a fault: {faulted_at:?} {report:?}",
        G::NAME
    );
    assert!(
        report.late >= 1,
        "{}: the late answer is counted: {report:?}",
        G::NAME
    );
    assert_eq!(report.decisions, asked);
    assert_eq!(report.random, report.faults);
}

#[test]
fn a_late_answer_is_never_applied_to_a_later_decision_in_any_game() {
    // Each game with ids echoed (protocol 2) and without (protocol 1), side by side.
    std::thread::scope(|s| {
        for echo in [true, false] {
            s.spawn(move || a_late_answer_is_dropped::<game_grosse_kleine_a::GrosseKleineA>(echo));
            s.spawn(move || a_late_answer_is_dropped::<game_big_a::BigA>(echo));
            s.spawn(move || a_late_answer_is_dropped::<game_einer_ist_immer::EinerIstImmer>(echo));
            s.spawn(move || a_late_answer_is_dropped::<game_contract_rummy::ContractRummy>(echo));
            s.spawn(move || a_late_answer_is_dropped::<game_cego::Cego>(echo));
        }
    });
}

/// A program that takes 1.5 s to start (longer than its 300 ms budget), then plays index 0.
const SLOW_START: &str = r#"
import json, sys, time
time.sleep(1.5)
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "decide":
        print(json.dumps({"id": m["id"], "index": 0}), flush=True)
"#;

#[test]
fn a_programs_start_up_does_not_count_against_its_first_decision() {
    let (_dir, path) = script("slow-start", SLOW_START);
    let faults = deal_with(&format!("exec:ms=300 python3 {}", path.display()));
    assert_eq!(faults, 0, "the start-up allowance covers a slow start");
}

/// A program that crashes at once: the report counts every decision it could not take.
#[test]
fn a_stopped_program_is_reported_with_every_decision_played_at_random() {
    let (_dir, path) = script("dies", "import sys\nsys.exit(0)\n");
    let spec = BotSpec::parse::<G>(&format!("exec:python3 {}", path.display())).unwrap();
    let config = (<G as Game>::Config::default()).single_deal();
    let mut bots = vec![Seated::Exec(Box::new(ExecBot::<G>::new(&spec).unwrap()))];
    for _ in 1..config.players() {
        bots.push(Seated::Builtin(Box::new(RandomBot)));
    }
    let mut bots = PerSeat(bots);
    let mut state = G::new(&config, 11).unwrap();
    let mut rng = rng_from_seed(5);
    play_out::<G, _>(&mut state, &mut bots, &mut rng, None).unwrap();
    let report = bots[cards_core::Seat(0)].report();
    assert_eq!(report.faults, MAX_FAULTS);
    assert_eq!(report.stopped_at, Some(MAX_FAULTS));
    assert!(report.decisions > MAX_FAULTS, "{report:?}");
    assert_eq!(report.random, report.decisions, "every decision was random");
}

/// A program that answers index 0 and writes every message but `hello` and `decide` to a file
/// of its own in the folder it is given.
const TELLS: &str = r#"
import json, os, sys
log = open(os.path.join(sys.argv[1], "%d.jsonl" % os.getpid()), "w")
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "decide":
        print(json.dumps({"id": m["id"], "index": 0}), flush=True)
    elif m["type"] != "hello":
        log.write(line)
        log.flush()
"#;

/// Every match each program in `dir` was told: `start`, one `deal_end` per deal numbered from
/// 0 whose scores add up to its totals, then `end` with the last totals; returns the number of
/// deals of each match.
fn matches_told(dir: &std::path::Path, what: &str) -> Vec<usize> {
    let mut deals = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let file = entry.unwrap().path();
        if file.extension().and_then(|e| e.to_str()) != Some("jsonl") {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let mut it = text
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap());
        while let Some(start) = it.next() {
            assert_eq!(start["type"], "start", "{what}: {text}");
            let players = start["players"].as_u64().unwrap() as usize;
            let mut totals = vec![0.0; players];
            let mut n = 0;
            loop {
                let m = it.next().unwrap_or_else(|| panic!("{what}: {text}"));
                if m["type"] == "end" {
                    let scores: Vec<f64> = serde_json::from_value(m["scores"].clone()).unwrap();
                    assert_eq!(scores, totals, "{what}: {text}");
                    break;
                }
                assert_eq!(m["type"], "deal_end", "{what}: {text}");
                assert_eq!(m["deal"], n, "{what}: {text}");
                for (i, t) in totals.iter_mut().enumerate() {
                    *t += m["scores"][i].as_f64().unwrap();
                    assert!(
                        (m["totals"][i].as_f64().unwrap() - *t).abs() < 1e-9,
                        "{what}"
                    );
                }
                n += 1;
            }
            deals.push(n);
        }
    }
    deals
}

/// The option that sets a match's number of deals in each game.
const DEALS_OPTION: [(&str, &str); 5] = [
    ("grosse-kleine-a", "hands"),
    ("big-a", "hands"),
    ("einer-ist-immer", "hands"),
    ("contract-rummy", "rounds"),
    ("cego", "deals"),
];

/// One game's programs, in `simulate` (single deals and a match of two deals), `tournament`
/// and `play` (a match of two deals): each is told one `deal_end` per deal.
fn deal_ends_told(game: &str, option: &str) {
    let (dir, path) = script(&format!("tells-{game}"), TELLS);
    let bot = |sub: &str| {
        let d = dir.join(sub);
        std::fs::create_dir_all(&d).unwrap();
        let spec = format!("exec:ms=20000 python3 {} {}", path.display(), d.display());
        (d, spec)
    };
    let run = |args: &[&str], input: &str| {
        let out = cards()
            .args(args)
            .write_stdin(input.to_owned())
            .output()
            .unwrap();
        // `play` ends unfinished when the input runs out: the deals told are what count.
        assert!(
            out.status.success() || args[0] == "play",
            "{game} {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let check = |d: &std::path::Path, what: &str, deals: usize| {
        let told = matches_told(d, &format!("{game} {what}"));
        assert!(
            !told.is_empty() && told.iter().all(|&n| n == deals),
            "{game} {what}: {told:?}"
        );
    };
    let two = format!("{option}=2");
    let (d, spec) = bot("single");
    let random = ["--bots", "random"];
    run(
        &[
            &[
                "simulate",
                game,
                "--games",
                "2",
                "--threads",
                "1",
                "--bots",
                &spec,
            ][..],
            &random,
        ]
        .concat(),
        "",
    );
    check(&d, "simulate", 1);
    let (d, spec) = bot("match");
    let args = [
        "simulate",
        game,
        "--match",
        "--games",
        "1",
        "--threads",
        "1",
    ];
    run(
        &[&args[..], &["--option", &two, "--bots", &spec], &random].concat(),
        "",
    );
    check(&d, "simulate --match", 2);
    let (d, spec) = bot("tournament");
    let pair = format!("{spec},random");
    run(
        &[
            "tournament",
            game,
            "--games",
            "1",
            "--threads",
            "1",
            "--bots",
            &pair,
        ],
        "",
    );
    check(&d, "tournament", 1);
    let (d, spec) = bot("play");
    let args = [
        "play", game, "--seed", "3", "--option", &two, "--bots", &spec,
    ];
    run(&args, &"#1\n".repeat(4000));
    check(&d, "play", 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_game_tells_a_program_one_deal_end_per_deal_in_simulate_tournament_and_play() {
    std::thread::scope(|s| {
        for (game, option) in DEALS_OPTION {
            s.spawn(move || deal_ends_told(game, option));
        }
    });
}
