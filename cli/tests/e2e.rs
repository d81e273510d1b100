//! End-to-end tests of the `cards` binary: scripted stdin, exit codes, messages.

mod common;

use assert_cmd::Command;

fn cards() -> Command {
    Command::cargo_bin("cards").expect("the cards binary is built")
}

fn stdout_of(args: &[&str]) -> String {
    let out = cards().args(args).output().expect("cards runs");
    assert!(
        out.status.success(),
        "cards {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// The game names `cards list` shows.
fn games() -> Vec<String> {
    stdout_of(&["list"])
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .collect()
}

#[test]
fn list_shows_every_built_game_with_player_counts() {
    let list = stdout_of(&["list"]);
    assert!(list.contains("grosse-kleine-a"), "{list}");
    assert!(list.contains("3-9 players"), "{list}");
}

#[test]
fn rules_and_examples_work_for_every_game() {
    for g in games() {
        let rules = stdout_of(&["rules", &g]);
        assert!(rules.len() > 200, "{g}: {rules}");
        let examples = stdout_of(&["example", &g]);
        assert!(examples.contains("=="), "{g}: {examples}");
    }
}

#[test]
fn unknown_game_is_an_error_with_a_message() {
    let out = cards().args(["rules", "skat"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "a usage error, like clap's");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown game \"skat\""), "{err}");
    assert!(err.contains("grosse-kleine-a"), "{err}");
}

#[test]
fn bad_player_count_and_bad_seed_are_errors() {
    let out = cards()
        .args(["play", "grosse-kleine-a", "--players", "12"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad configuration"));
    let out = cards()
        .args(["play", "grosse-kleine-a", "--seed", "x"])
        .output()
        .unwrap();
    assert!(!out.status.success());
}

#[test]
fn unreadable_replay_file_is_an_error() {
    let out = cards()
        .args(["replay", "/nonexistent/log.json"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/log.json"));
}

/// Plays a whole match of every game through scripted stdin (with bad entries mixed in),
/// saves it, replays it, and checks that a tampered log is refused.
#[test]
fn every_game_plays_to_the_end_saves_and_replays() {
    let dir = std::env::temp_dir().join(format!("cards-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for g in games() {
        let log = dir.join(format!("{g}.json"));
        let mut script = String::from("nonsense\n#0\n99999\nhelp\n");
        for _ in 0..20_000 {
            script.push_str("#1\n");
        }
        let out = cards()
            .args([
                "play",
                &g,
                "--seed",
                "5",
                "--bots",
                "heuristic,random",
                "--single-deal",
            ])
            .arg("--save")
            .arg(&log)
            .write_stdin(script)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{g}: {}\n{text}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.contains("Your legal actions:"), "{g}");
        assert!(text.contains("cannot read \"nonsense\""), "{g}: {text}");
        assert!(text.contains("there is no entry #0"), "{g}");
        assert!(text.contains("The match is over."), "{g}");

        let replay = stdout_of(&["replay", log.to_str().unwrap()]);
        assert!(replay.contains("The match is over."), "{g}: {replay}");

        let mut saved: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&log).unwrap()).unwrap();
        saved["actions"][0] = serde_json::Value::String("not-an-action".into());
        std::fs::write(&log, saved.to_string()).unwrap();
        let out = cards().arg("replay").arg(&log).output().unwrap();
        assert!(!out.status.success(), "{g}: a tampered log must be refused");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("action 1"), "{g}: {err}");
    }
}

#[test]
fn end_of_input_abandons_the_game_without_a_panic() {
    for g in games() {
        let out = cards()
            .args(["play", &g, "--seed", "3"])
            .write_stdin("")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3), "{g}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("Input ended before the match did"),
            "{g}: {text}"
        );
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
}

#[test]
fn simulate_json_reports_the_required_fields_and_threads_do_not_change_numbers() {
    for g in games() {
        let one = stdout_of(&[
            "simulate",
            &g,
            "--games",
            "6",
            "--bots",
            "heuristic,random",
            "--json",
        ]);
        let two = stdout_of(&[
            "simulate",
            &g,
            "--games",
            "6",
            "--bots",
            "heuristic,random",
            "--json",
            "--threads",
            "2",
        ]);
        let a: serde_json::Value = serde_json::from_str(&one).unwrap();
        let b: serde_json::Value = serde_json::from_str(&two).unwrap();
        for key in [
            "game",
            "games",
            "seed",
            "total_actions",
            "elapsed_s",
            "bots",
        ] {
            assert!(a.get(key).is_some(), "{g}: {key} missing in {one}");
        }
        assert_eq!(a["bots"], b["bots"], "{g}");
        assert_eq!(a["total_actions"], b["total_actions"], "{g}");
        let bots = a["bots"].as_array().unwrap();
        assert_eq!(bots.len(), 2);
        for key in ["name", "mean", "ci95", "win_rate"] {
            assert!(bots[0].get(key).is_some(), "{g}: bots[].{key}");
        }
    }
}

#[test]
fn simulate_table_names_each_bot_kind() {
    let text = stdout_of(&[
        "simulate",
        "grosse-kleine-a",
        "--games",
        "3",
        "--bots",
        "heuristic,random",
    ]);
    assert!(text.contains("heuristic"), "{text}");
    assert!(text.contains("random"), "{text}");
    assert!(text.contains("ns per action"), "{text}");
}

#[test]
fn unknown_bot_kind_is_an_error() {
    let out = cards()
        .args(["simulate", "grosse-kleine-a", "--bots", "genius"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown bot kind \"genius\""));
}

/// A whole match (five hands) of Das Grosse und das kleine A through scripted stdin, entries
/// in notation and by number, bad ones included.
#[test]
fn grosse_kleine_a_plays_a_whole_match_through_stdin() {
    let mut script = String::from("7 7 7 7 7 7 7 7 7\n:99\npass pass\n");
    for _ in 0..20_000 {
        script.push_str("#1\n");
    }
    let out = cards()
        .args([
            "play",
            "grosse-kleine-a",
            "--players",
            "3",
            "--seat",
            "1",
            "--seed",
            "11",
        ])
        .write_stdin(script)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("The match is over."), "{text}");
    assert!(text.matches(" — you are S1 of ").count() == 1, "{text}");
    assert!(!text.contains("you are S0"), "{text}");
    assert!(!text.contains("panicked"));
}

/// Plays one deal of `game` with `seed` through stdin: the `opening` lines, then `1` (the first
/// listed action) for every further prompt; saves the log. Returns the screen text and the log.
fn play_single_deal_saved(game: &str, seed: &str, opening: &str) -> (String, std::path::PathBuf) {
    let mut script = String::from(opening);
    for _ in 0..20_000 {
        script.push_str("#1\n");
    }
    let dir = std::env::temp_dir().join(format!("cards-e2e-{game}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join(format!("{game}.json"));
    let out = cards()
        .args(["play", game, "--seed", seed, "--single-deal", "--save"])
        .arg(&log)
        .write_stdin(script)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{game}: {}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("The match is over."), "{game}: {text}");
    (text, log)
}

/// A whole deal of Big A through scripted stdin in which the person exposes an Ace during the
/// draw and becomes declarer; the saved log replays.
#[test]
fn big_a_plays_a_deal_with_an_exposure_through_stdin() {
    let (text, log) = play_single_deal_saved("big-a", "3", "expose Ah\n#2\n");
    assert!(text.contains("2. expose Ac"), "{text}");
    assert!(
        text.contains("not allowed"),
        "exposing an Ace one does not hold is refused: {text}"
    );
    assert!(text.contains("S0 exposes Ac and is declarer"), "{text}");
    let replay = stdout_of(&["replay", log.to_str().unwrap()]);
    assert!(replay.contains("S0 exposes Ac and is declarer"), "{replay}");
}

/// A whole match of every game (all its deals) through scripted stdin.
#[test]
fn every_game_plays_a_whole_match_through_stdin() {
    for g in games() {
        let mut script = String::new();
        for _ in 0..60_000 {
            script.push_str("#1\n");
        }
        let out = cards()
            .args(["play", &g, "--seed", "21", "--bots", "heuristic"])
            .write_stdin(script)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{g}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.contains("The match is over."), "{g}");
    }
}

/// A Cego deal through scripted stdin: the person passes in phase one, calls Cego in phase two
/// (a refused Solo call in between), wins the auction and discards card by card; the log replays.
#[test]
fn cego_plays_a_deal_with_an_auction_and_discards_through_stdin() {
    // Seed 8: S1 deals (drawn from the seed, G1), so S0 is forehand and speaks first.
    let (text, log) = play_single_deal_saved("cego", "8", "pass\nsolo\ncego\n");
    assert!(text.contains("S0 plays Cego, factor 1"), "{text}");
    assert!(
        text.contains("not allowed"),
        "a Solo call in phase two is refused: {text}"
    );
    assert!(text.contains("1. discard T4"), "{text}");
    let replay = stdout_of(&["replay", log.to_str().unwrap()]);
    assert!(replay.contains("S0 plays Cego, factor 1"), "{replay}");
}

#[test]
fn find_and_all_show_parts_of_the_legal_list_with_their_numbers() {
    // In contract rummy `draw` is on the list at the start of a turn (the stock is full).
    let out = cards()
        .args(["play", "contract-rummy", "--players", "2", "--seed", "5"])
        .args(["--seat", "1"])
        .write_stdin("find draw\nfind no-such-action\nall\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(". draw\n"), "{text}");
    assert!(
        text.contains("no legal action contains \"no-such-action\"."),
        "{text}"
    );
    assert!(text.contains("You left the table"), "{text}");
}

#[test]
fn simulate_reports_search_bots_by_spec_with_decisions_iterations_and_think_time() {
    for g in games() {
        let run = |threads: &str| {
            let text = stdout_of(&[
                "simulate",
                &g,
                "--games",
                "2",
                "--bots",
                "ismcts:iters=30,c=0.8,heuristic",
                "--json",
                "--threads",
                threads,
            ]);
            serde_json::from_str::<serde_json::Value>(&text).unwrap()
        };
        let (a, b) = (run("1"), run("2"));
        let bots = a["bots"].as_array().unwrap();
        assert_eq!(bots.len(), 2, "{g}");
        assert_eq!(bots[0]["name"], "ismcts:iters=30,c=0.8", "{g}");
        assert_eq!(bots[1]["name"], "heuristic", "{g}");
        let decisions = bots[0]["decisions"].as_u64().unwrap();
        let iterations = bots[0]["iterations"].as_u64().unwrap();
        assert!(decisions > 0, "{g}");
        // Forced decisions are not searched; every other one runs exactly 30 iterations.
        assert!(iterations > 0 && iterations % 30 == 0 && iterations <= 30 * decisions);
        assert!(bots[0]["think_s"].as_f64().unwrap() > 0.0, "{g}");
        assert_eq!(bots[1]["iterations"], 0, "{g}");
        // The search is seeded: any thread count gives the same games.
        for key in ["mean", "win_rate", "decisions", "iterations"] {
            assert_eq!(a["bots"][0][key], b["bots"][0][key], "{g}: {key}");
        }
        assert_eq!(a["total_actions"], b["total_actions"], "{g}");
    }
}

#[test]
fn cego_seats_its_pimc_bot_and_other_games_refuse_it() {
    let spec = "pimc:worlds=3,nodes=20000,iters=24";
    let text = stdout_of(&[
        "simulate",
        "cego",
        "--games",
        "2",
        "--bots",
        &format!("{spec},heuristic"),
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["bots"][0]["name"], spec);
    assert!(v["bots"][0]["decisions"].as_u64().unwrap() > 0, "{text}");
    assert!(v["bots"][0]["think_s"].as_f64().unwrap() > 0.0, "{text}");
    let (code, _, err) = run_with(&["simulate", "big-a", "--games", "1", "--bots", "pimc"], "");
    assert_ne!(code, Some(0));
    assert!(err.contains("pimc"), "{err}");
}

#[test]
fn contract_rummy_seats_its_planner_bot_which_takes_no_options() {
    let text = stdout_of(&[
        "simulate",
        "contract-rummy",
        "--games",
        "2",
        "--bots",
        "planner,heuristic",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["bots"][0]["name"], "planner");
    assert!(v["bots"][0]["decisions"].as_u64().unwrap() > 0, "{text}");
    let (code, _, err) = run_with(
        &[
            "simulate",
            "contract-rummy",
            "--games",
            "1",
            "--bots",
            "planner:iters=5",
        ],
        "",
    );
    assert_ne!(code, Some(0));
    assert!(err.contains("planner takes no options"), "{err}");
    let (code, _, err) = run_with(
        &["simulate", "cego", "--games", "1", "--bots", "planner"],
        "",
    );
    assert_ne!(code, Some(0));
    assert!(err.contains("planner"), "{err}");
}

#[test]
fn bad_bot_specs_are_refused_with_what_is_allowed() {
    for (spec, says) in [
        (
            "ismcts:iters=0",
            "iters takes a whole number >= 1, not \"0\"",
        ),
        (
            "ismcts:depth=3",
            "ismcts takes iters, ms, c, rollout, cutoff, widen, seed",
        ),
        ("heuristic:iters=5", "heuristic takes no options"),
        (
            "ismcts:rollout=smart",
            "rollout takes random, heuristic or mixedP (P from 0 to 100), not \"smart\"",
        ),
        ("iters=5", "is not of the form kind[:key=value,...]"),
    ] {
        let out = cards()
            .args(["simulate", "cego", "--games", "1", "--bots", spec])
            .output()
            .unwrap();
        assert!(!out.status.success(), "{spec}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{spec}: {err}");
    }
    let out = cards()
        .args([
            "simulate",
            "cego",
            "--bots",
            "random,random,random,random,heuristic",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("5 bots for 4 seats"));
}

#[test]
fn a_bad_value_is_refused_in_one_clause_before_any_deal() {
    let out = cards()
        .args([
            "simulate",
            "einer-ist-immer",
            "--bots",
            "ismcts:iters=abc,random",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        "error: bot ismcts:iters=abc: iters takes a whole number >= 1, not \"abc\""
    );
}

#[test]
fn cegos_discards_are_typed_as_bare_cards() {
    // Seed 2: S1 (forehand) wins the auction with Cego and discards; `Kc` is `discard Kc`.
    let (_, out, _) = run_with(
        &[
            "play",
            "cego",
            "--seat",
            "1",
            "--seed",
            "2",
            "--bots",
            "heuristic",
            "--single-deal",
        ],
        "pass\ncego\ncego\nKc\njh\n",
    );
    assert!(!out.contains("not allowed"), "{out}");
    assert!(out.contains("the Legage, 2 cards"), "{out}");
}

#[test]
fn grosse_kleine_as_scores_read_as_penalty_points_like_its_screen() {
    // A whole single deal of Grosse/kleine A: the screen's totals and the final lines agree.
    let (_, out, _) = run_with(
        &["play", "grosse-kleine-a", "--seed", "3", "--single-deal"],
        "#1\n".repeat(200),
    );
    let at = out
        .find("Final scores")
        .unwrap_or_else(|| panic!("the deal ends: {out}"));
    let end = &out[at..];
    assert!(
        end.starts_with("Final scores, in penalty points (lower is better):"),
        "{end}"
    );
    // Every seat's final line is its total as the game tells it ("totals: S0 106, S1 13, …").
    let totals = out[..at]
        .lines()
        .rev()
        .find_map(|l| l.split("totals: ").nth(1))
        .unwrap_or_else(|| panic!("the game's totals: {out}"));
    for part in totals.split(';').next().unwrap().split(", ") {
        let (seat, total) = part.trim().split_once(' ').unwrap();
        assert!(
            end.contains(&format!("  {seat}: {total}\n")),
            "{seat}: {total} in the game's totals; {end}"
        );
    }
}

#[test]
fn big_as_draw_is_told_in_runs_before_the_first_prompt() {
    // Seeds 4, 7 and 10 printed 162, 144 and 156 lines before the first prompt, a line a draw.
    for seed in ["4", "7", "10"] {
        let (_, out, _) = run_with(&["play", "big-a", "--seed", seed], "quit\n");
        let before = &out[..out
            .find("S0> ")
            .unwrap_or_else(|| panic!("a prompt: {out}"))];
        let lines = before.lines().count();
        assert!(
            lines < 50,
            "seed {seed}: {lines} lines before the first prompt:\n{before}"
        );
        // The draws are told in summaries, no other seat's card named.
        assert!(before.contains("moves taken at once"), "{before}");
        for other in 1..5 {
            for (at, _) in before.match_indices(&format!("S{other} draws ")) {
                assert!(
                    before[at..].starts_with(&format!("S{other} draws a card"))
                        || before[at..].starts_with(&format!("S{other} draws first")),
                    "S0 is told S{other}'s card: {before}"
                );
            }
        }
    }
}

#[test]
fn play_help_names_the_default_bots() {
    for help in [stdout_of(&["play", "--help"]), stdout_of(&["play", "-h"])] {
        assert!(
            help.contains("Left out: `heuristic` in every other seat"),
            "{help}"
        );
    }
}

#[test]
fn the_bot_help_and_the_rules_list_every_kind_and_key_of_the_table() {
    let help = stdout_of(&["simulate", "--help"]);
    let generic = cards_core::spec::GENERIC_KINDS
        .iter()
        .chain([&cards_core::spec::EXEC_KIND]);
    for kind in generic {
        assert!(
            help.contains(&format!("  {}: {}", kind.name, kind.about)),
            "{}: {help}",
            kind.name
        );
        for key in kind.keys {
            assert!(
                help.contains(&format!("      {}: {}", key.key, key.takes.words())),
                "{}:{}",
                kind.name,
                key.key
            );
        }
    }
    for (game, own) in [
        ("cego", game_cego::PIMC),
        (
            "contract-rummy",
            <game_contract_rummy::ContractRummy as cards_core::Catalog>::game_bot_kinds()[0],
        ),
    ] {
        assert!(
            help.contains(&format!(
                "  {} (in {game} only; see `cards rules {game}`)",
                own.name
            )),
            "{help}"
        );
        let rules = stdout_of(&["rules", game]);
        let bots = &rules[rules.find("\nBots (").expect("a bot section")..];
        let table = cards_core::catalog::bot_table::<game_cego::Cego>();
        let kinds: Vec<&cards_core::BotKind> = if game == "cego" {
            table
        } else {
            cards_core::catalog::bot_table::<game_contract_rummy::ContractRummy>()
        };
        for kind in kinds.into_iter().chain([&cards_core::spec::EXEC_KIND]) {
            assert!(
                bots.contains(&format!("  {}: ", kind.name)),
                "{game}: {}",
                kind.name
            );
            for key in kind.keys {
                assert!(
                    bots.contains(&format!(
                        "      {}: {}; {}",
                        key.key,
                        key.takes.words(),
                        key.about
                    )),
                    "{game}: {}:{}",
                    kind.name,
                    key.key
                );
            }
        }
    }
}

#[test]
fn play_against_search_bots_reaches_the_person_and_quits() {
    let out = cards()
        .args([
            "play",
            "cego",
            "--seed",
            "1",
            "--single-deal",
            "--seat",
            "3",
            "--bots",
            "ismcts:iters=50,ismcts",
        ])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(text.contains("S3"), "{text}");
}

/// Runs `cards ARGS` with `input` on stdin; returns the exit code, stdout and stderr.
fn run_with(args: &[&str], input: impl Into<Vec<u8>>) -> (Option<i32>, String, String) {
    let out = cards().args(args).write_stdin(input).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn where_cards_are_numbers_a_number_is_the_card_and_list_entries_are_written_with_a_hash() {
    let args = ["play", "grosse-kleine-a", "--seed", "3", "--single-deal"];
    // The hand holds 1 1 4 4 ...; entry 4 of the list is the pair `4 4`.
    let (_, text, _) = run_with(&args, "4\nquit\n");
    assert!(text.contains("round 1: S0 leads 4\n"), "{text}");
    let (_, text, _) = run_with(&args, "#4\nquit\n");
    assert!(text.contains("round 1: S0 leads 4 4\n"), "{text}");
    let (_, text, _) = run_with(&args, "5\n#0\n#x\nquit\n");
    assert!(
        text.contains("not allowed"),
        "a 5 not held is refused: {text}"
    );
    assert!(
        text.contains("there is no entry #0: choose #1 to #13"),
        "{text}"
    );
    assert!(text.contains("#x is not an entry number"), "{text}");
    assert!(text.contains("`#N` for entry N"), "help says how: {text}");
}

#[test]
fn a_single_legal_option_is_taken_and_narrated_unless_confirm_forced() {
    let args = [
        "play",
        "big-a",
        "--seed",
        "3",
        "--single-deal",
        "--seat",
        "2",
    ];
    let (_, text, _) = run_with(&args, "quit\n");
    // Alone, or counted in the summary of a run of the draw.
    assert!(
        text.contains("S2 (you): your only legal action, pass, is taken.")
            || text.contains("your only legal action was taken for you"),
        "{text}"
    );
    let mut confirm = args.to_vec();
    confirm.push("--confirm-forced");
    let (_, text, _) = run_with(&confirm, "quit\n");
    assert!(!text.contains("your only legal action"), "{text}");
    assert!(
        text.contains("Your legal actions:\n    1. pass\n"),
        "{text}"
    );
}

#[test]
fn commands_ignore_case_and_find_says_what_it_needs() {
    let args = ["play", "grosse-kleine-a", "--seed", "3", "--single-deal"];
    let (code, text, _) = run_with(&args, "HELP\nFind\nFIND 10\nQuit\n");
    assert_eq!(code, Some(3), "{text}");
    assert!(text.contains("find needs a text to look for"), "{text}");
    assert!(
        text.contains("   12. 10 10 10\n"),
        "FIND 10 lists the tens: {text}"
    );
    assert!(text.contains("You left the table"), "{text}");
}

#[test]
fn invalid_utf8_and_overlong_lines_are_refused_and_the_game_goes_on() {
    let args = ["play", "grosse-kleine-a", "--seed", "3", "--single-deal"];
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 10_000));
    input.extend(b"\n4\nquit\n");
    let (code, text, err) = run_with(&args, input);
    assert_eq!(code, Some(3), "{text}{err}");
    assert!(
        text.contains("that line is not valid UTF-8 and was not read"),
        "{text}"
    );
    assert!(
        text.contains("that line is longer than 4096 bytes"),
        "{text}"
    );
    assert!(
        text.contains("round 1: S0 leads 4\n"),
        "the game went on: {text}"
    );
}

#[test]
fn quitting_labels_the_scores_as_so_far_and_eof_still_saves_the_log() {
    let dir = std::env::temp_dir().join(format!("cards-e2e-quit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("eof.json");
    let (code, text, _) = run_with(
        &[
            "play",
            "grosse-kleine-a",
            "--seed",
            "3",
            "--save",
            log.to_str().unwrap(),
        ],
        "4\n",
    );
    assert_eq!(code, Some(3), "{text}");
    assert!(
        text.contains("Scores so far, the match unfinished"),
        "{text}"
    );
    assert!(!text.contains("Final scores"), "{text}");
    assert!(text.contains("Saved to"), "{text}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&log).unwrap()).unwrap();
    assert_eq!(saved["actions"][0], "4");
}

#[test]
fn a_save_path_that_cannot_be_written_is_refused_before_the_first_deal() {
    let (code, text, err) = run_with(
        &["play", "cego", "--save", "/nonexistent-dir/x.json"],
        "#1\n",
    );
    assert_ne!(code, Some(0));
    assert!(!text.contains("you are"), "no deal starts: {text}");
    assert!(err.contains("/nonexistent-dir/x.json"), "{err}");
    assert_eq!(err.matches("No such file").count(), 1, "said once: {err}");
}

#[test]
fn simulate_caps_threads_refuses_zero_games_and_names_matches() {
    let (code, text, err) = run_with(
        &[
            "simulate",
            "cego",
            "--games",
            "2",
            "--threads",
            "100000",
            "--json",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get) as u64;
    assert!(v["threads"].as_u64().unwrap() <= cores.min(2), "{text}");
    assert_eq!(v["unit"], "deals");
    // Wall time per action, whatever the thread count.
    let per = v["elapsed_s"].as_f64().unwrap() * 1e9 / v["total_actions"].as_f64().unwrap();
    assert!((v["ns_per_action"].as_f64().unwrap() - per).abs() < 1e-6 * per);
    let (code, text, _) = run_with(
        &[
            "simulate",
            "cego",
            "--games",
            "1",
            "--threads",
            "0",
            "--json",
        ],
        "",
    );
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(
        v["threads"].as_u64().unwrap() >= 1,
        "0 means every core, never 0"
    );
    let (code, _, err) = run_with(&["simulate", "cego", "--games", "0"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("--games 0"), "{err}");
    let (_, text, _) = run_with(&["simulate", "cego", "--games", "1", "--match"], "");
    assert!(
        text.starts_with("cego: 1 matches x 1 distinct seatings"),
        "{text}"
    );
    assert!(text.contains("mean actions per match"), "{text}");
    let (_, text, _) = run_with(
        &["simulate", "cego", "--games", "1", "--match", "--json"],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["unit"], "matches");
}

/// Saves a single deal of Einer ist immer played by `#1` at every prompt; returns the log's JSON.
fn saved_einer_deal(dir: &std::path::Path) -> (std::path::PathBuf, serde_json::Value) {
    let log = dir.join("einer.json");
    let script = "#1\n".repeat(2000);
    let (code, text, err) = run_with(
        &[
            "play",
            "einer-ist-immer",
            "--seed",
            "5",
            "--single-deal",
            "--save",
            log.to_str().unwrap(),
        ],
        script,
    );
    assert_eq!(code, Some(0), "{text}{err}");
    let v = serde_json::from_str(&std::fs::read_to_string(&log).unwrap()).unwrap();
    (log, v)
}

fn replay_of(path: &std::path::Path, log: &serde_json::Value) -> (Option<i32>, String, String) {
    std::fs::write(path, log.to_string()).unwrap();
    run_with(&["replay", path.to_str().unwrap()], "")
}

#[test]
fn a_log_records_its_outcome_and_replay_refuses_a_record_that_differs() {
    let dir = std::env::temp_dir().join(format!("cards-e2e-outcome-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (path, log) = saved_einer_deal(&dir);
    let outcome = log["outcome"].as_array().unwrap();
    let last = outcome.last().unwrap();
    assert_eq!(last["after"], log["actions"].as_array().unwrap().len());
    assert_eq!(last["scores"].as_array().unwrap().len(), 5);
    assert_eq!(last["digest"].as_str().unwrap().len(), 16);
    assert!(
        log.get("unfinished").is_none(),
        "a finished match is not marked"
    );
    let (code, _, err) = replay_of(&path, &log);
    assert_eq!(code, Some(0), "{err}");

    // A configuration variant changed: every action still legal, but another match.
    let mut other = log.clone();
    other["config"]["titles"] = "german".into();
    let (code, _, err) = replay_of(&path, &other);
    assert_ne!(code, Some(0));
    assert!(err.contains("outcome checkpoint 1 differs"), "{err}");

    // Scores edited.
    let mut other = log.clone();
    other["outcome"][0]["scores"][0] = 9.0.into();
    let (code, _, err) = replay_of(&path, &other);
    assert_ne!(code, Some(0));
    assert!(err.contains("differs"), "{err}");

    // The record removed.
    let mut other = log.clone();
    other.as_object_mut().unwrap().remove("outcome");
    let (code, _, err) = replay_of(&path, &other);
    assert_ne!(code, Some(0));
    assert!(err.contains("missing field `outcome`"), "{err}");
}

#[test]
fn a_log_that_ends_early_must_say_so() {
    let dir = std::env::temp_dir().join(format!("cards-e2e-early-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (path, mut log) = saved_einer_deal(&dir);
    log["actions"].as_array_mut().unwrap().truncate(10);
    let (code, _, err) = replay_of(&path, &log);
    assert_ne!(code, Some(0));
    // The record no longer matches either; fix it up as a forger would, from a real early stop.
    assert!(
        err.contains("differs") || err.contains("checkpoints"),
        "{err}"
    );

    // A log written by quitting early is marked and replays.
    let quit = dir.join("quit.json");
    let (code, text, _) = run_with(
        &[
            "play",
            "einer-ist-immer",
            "--seed",
            "5",
            "--single-deal",
            "--save",
            quit.to_str().unwrap(),
        ],
        "#1\n#1\nquit\n",
    );
    assert_eq!(code, Some(3));
    assert!(text.contains("marked unfinished"), "{text}");
    let mut early: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&quit).unwrap()).unwrap();
    assert_eq!(early["unfinished"], true);
    let (code, out, err) = replay_of(&quit, &early);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("The log ends before the match does"), "{out}");
    // Unmarked, the same log is refused, saying where it ends.
    early.as_object_mut().unwrap().remove("unfinished");
    let (code, _, err) = replay_of(&quit, &early);
    assert_ne!(code, Some(0));
    assert!(err.contains("is not marked unfinished"), "{err}");
    assert!(err.contains("ends after action"), "{err}");
}

#[test]
fn a_log_with_unknown_keys_a_bom_or_no_end_is_handled() {
    let dir = std::env::temp_dir().join(format!("cards-e2e-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (path, log) = saved_einer_deal(&dir);
    let mut other = log.clone();
    other["config"]["dealer"] = 3.into();
    let (code, _, err) = replay_of(&path, &other);
    assert_ne!(code, Some(0));
    assert!(err.contains("unknown key config.dealer"), "{err}");
    let mut other = log.clone();
    other["comment"] = "hi".into();
    let (code, _, err) = replay_of(&path, &other);
    assert_ne!(code, Some(0));
    assert!(err.contains("unknown field `comment`"), "{err}");

    let mut bom = "\u{feff}".to_owned();
    bom.push_str(&log.to_string());
    std::fs::write(&path, bom).unwrap();
    let (code, _, err) = run_with(&["replay", path.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "a byte-order mark is accepted: {err}");

    // An endless input is cut off at the size bound.
    let (code, _, err) = run_with(&["replay", "/dev/zero"], "");
    assert_ne!(code, Some(0));
    assert!(err.contains("larger than 16 MiB"), "{err}");
}

#[test]
fn merged_shards_give_exactly_the_statistics_of_one_run() {
    let dir = std::env::temp_dir().join(format!("cards-e2e-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let common = [
        "simulate",
        "grosse-kleine-a",
        "--games",
        "7",
        "--seed",
        "4",
        "--bots",
        "heuristic,random",
        "--json",
    ];
    let single: serde_json::Value = serde_json::from_str(&stdout_of(&common)).unwrap();
    let mut files = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let mut args = common.to_vec();
        args.extend(["--shard", &shard]);
        let text = stdout_of(&args);
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["shard"], shard);
        assert_eq!(
            v["completed"],
            [3, 2, 2][k - 1],
            "deals k-1, k-1+3, ... of 7"
        );
        let file = dir.join(format!("shard{k}.json"));
        std::fs::write(&file, text).unwrap();
        files.push(file.to_str().unwrap().to_owned());
    }
    // In any order.
    files.reverse();
    let mut args = vec!["merge", "--json"];
    args.extend(files.iter().map(String::as_str));
    let merged: serde_json::Value = serde_json::from_str(&stdout_of(&args)).unwrap();
    for key in [
        "game",
        "unit",
        "games",
        "completed",
        "plays",
        "seed",
        "players",
        "total_actions",
        "mean_actions",
        "bots",
    ] {
        assert_eq!(merged[key], single[key], "{key}");
    }
    // Every play, in deal order, as one run keeps them.
    assert_eq!(merged["records"], single["records"]);
    assert_eq!(merged["interrupted"], false);
    assert_eq!(merged["partial"], false);

    // A missing, repeated or foreign shard is refused.
    let (code, _, err) = run_with(&["merge", &files[0], &files[1]], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("is missing"), "{err}");
    let (code, _, err) = run_with(&["merge", &files[0], &files[0], &files[1]], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("given twice"), "{err}");
    let (code, _, err) = run_with(&["simulate", "cego", "--shard", "4/3"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("1 <= K <= N"), "{err}");
}

#[test]
fn long_runs_report_progress_lines_when_stderr_is_not_a_terminal() {
    let (code, _, err) = run_with(
        &[
            "simulate",
            "cego",
            "--games",
            "40",
            "--bots",
            "ismcts:iters=200",
            "--progress-every",
            "0.2",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    let line = err.lines().next().unwrap_or_default();
    assert!(
        line.starts_with("cego: ") && line.contains("/40 deals after"),
        "{err}"
    );
}

#[cfg(unix)]
fn interrupt(child: &std::process::Child) {
    common::wait_for_ctrl_c_handler(child.id());
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

#[cfg(unix)]
#[test]
fn ctrl_c_in_simulate_prints_the_results_so_far() {
    use std::process::{Command as Std, Stdio};
    let child = Std::new(assert_cmd::cargo::cargo_bin("cards"))
        .args([
            "simulate",
            "cego",
            "--games",
            "100000",
            "--bots",
            "ismcts:iters=100,random",
            "--json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    interrupt(&child);
    let out = child.wait_with_output().unwrap();
    // The results so far are printed, and the exit code says the run did not finish.
    assert_eq!(
        out.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["interrupted"], true);
    assert_eq!(v["partial"], true);
    let completed = v["completed"].as_u64().unwrap();
    assert!(completed > 0 && completed < 100_000, "{completed}");
    // ismcts, random, ismcts, random: two distinct seatings.
    assert_eq!(v["plays"].as_u64().unwrap(), completed * 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("Interrupted"));
}

#[cfg(unix)]
#[test]
fn ctrl_c_in_play_saves_the_log_marked_unfinished() {
    use std::io::Write;
    use std::process::{Command as Std, Stdio};
    let dir = std::env::temp_dir().join(format!("cards-e2e-int-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("int.json");
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("cards"))
        .args(["play", "grosse-kleine-a", "--seed", "3", "--save"])
        .arg(&log)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"4\n").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(800));
    interrupt(&child);
    let out = child.wait_with_output().unwrap();
    drop(stdin);
    assert_eq!(out.status.code(), Some(130));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the log is saved to"), "{err}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&log).unwrap()).unwrap();
    assert_eq!(saved["unfinished"], true);
    assert_eq!(saved["actions"][0], "4");
    let (code, _, err) = run_with(&["replay", log.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "the interrupted log replays: {err}");
}

#[test]
fn rules_print_each_option_s_label_and_explanation() {
    let rules = stdout_of(&["rules", "cego"]);
    let options = rules
        .split("Variant options")
        .nth(1)
        .and_then(|r| r.split("\nBots (").next())
        .unwrap_or_default();
    assert!(
        options.contains(
            "  solo_caller_uses_normal_factor=false  Solo caller keeps the normal factor (true or \
             false)\n      A Solo caller who ends up playing a higher rung uses the normal factor \
             column, not the after-Solo one (CG7)."
        ),
        "{options}"
    );
    assert!(
        options.contains("threes: in threes (pack 70, 36 wins); pairs: in pairs"),
        "{options}"
    );
    for g in games() {
        let rules = stdout_of(&["rules", &g]);
        let options = rules
            .split("Variant options")
            .nth(1)
            .and_then(|r| r.split("\nBots (").next())
            .unwrap_or_default();
        let lines: Vec<&str> = options.lines().skip(1).filter(|l| !l.is_empty()).collect();
        // Every option: a line `key=default  Label (takes)`, then its explanation.
        let heads: Vec<&&str> = lines.iter().filter(|l| !l.starts_with("      ")).collect();
        assert!(!heads.is_empty(), "{g}: {options}");
        for (i, l) in lines.iter().enumerate() {
            if l.starts_with("      ") {
                continue;
            }
            let (key, rest) = l.trim().split_once('=').unwrap();
            let label = rest.split_once("  ").map(|(_, r)| r).unwrap_or_default();
            assert!(
                label.chars().next().is_some_and(char::is_uppercase),
                "{g}: {key} has no label: {l}"
            );
            assert!(
                lines.get(i + 1).is_some_and(|n| n.starts_with("      ")),
                "{g}: {key} has no explanation"
            );
        }
    }
    // 3 to 13: choosing the first round alone leaves the rounds that fit.
    let (code, _, err) = run_with(
        &[
            "simulate",
            "contract-rummy",
            "--games",
            "1",
            "--option",
            "first_round=7",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn rule_variants_are_options_listed_by_rules_and_refused_with_the_allowed_values() {
    let rules = stdout_of(&["rules", "cego"]);
    assert!(
        rules.contains("  count=threes  Counting card points (threes or pairs)"),
        "{rules}"
    );
    assert!(
        rules.contains("  deals=8  Deals per match (a whole number from 1 to 1000)"),
        "{rules}"
    );
    for g in games() {
        let rules = stdout_of(&["rules", &g]);
        assert!(
            rules.contains("Variant options (`--option KEY=VALUE`"),
            "{g}"
        );
        // The bot kinds --bots takes for the game, the generic ones first.
        let bots = rules.split("\nBots (").nth(1).unwrap_or_default();
        for kind in ["random", "heuristic", "ismcts"] {
            assert!(bots.contains(&format!("\n  {kind}: ")), "{g}: {rules}");
        }
        // Cego's own kind: PIMC over its open-hand solver.
        assert_eq!(bots.contains("\n  pimc: "), g == "cego", "{g}: {rules}");
        // 3 to 13's own kind: the planner, the search's rollout policy as a bot.
        assert_eq!(
            bots.contains("\n  planner: "),
            g == "contract-rummy",
            "{g}: {rules}"
        );
    }
    // Applied: a match of three hands instead of five takes fewer actions.
    let actions = |extra: &[&str]| {
        let mut args = vec![
            "simulate",
            "einer-ist-immer",
            "--games",
            "2",
            "--match",
            "--json",
        ];
        args.extend(extra);
        let v: serde_json::Value = serde_json::from_str(&stdout_of(&args)).unwrap();
        v["total_actions"].as_u64().unwrap()
    };
    assert!(actions(&["--option", "hands=2"]) < actions(&[]));
    let (code, text, err) = run_with(
        &[
            "play",
            "cego",
            "--seed",
            "1",
            "--option",
            "count=pairs",
            "--single-deal",
            "--save",
            &std::env::temp_dir()
                .join(format!("cards-e2e-opt-{}.json", std::process::id()))
                .to_string_lossy(),
        ],
        "quit\n",
    );
    assert_eq!(code, Some(3), "{err}");
    assert!(text.contains("Saved to"), "{text}");
    for (option, says) in [
        (
            "count=bogus",
            "--option count=bogus: Counting card points (count) takes threes or pairs, not \"bogus\"",
        ),
        (
            "colour=red",
            "cego has no option colour; its options: deals, count,",
        ),
        ("players=3", "(use --players)"),
        (
            "deals=0",
            "Deals per match (deals) takes a whole number from 1 to 1000, not \"0\"",
        ),
        ("count", "write KEY=VALUE"),
    ] {
        let (code, _, err) = run_with(&["simulate", "cego", "--option", option], "");
        assert_ne!(code, Some(0), "{option}");
        assert!(err.contains(says), "{option}: {err}");
    }
    let (code, _, err) = run_with(
        &[
            "simulate",
            "contract-rummy",
            "--option",
            "meld_sizes=[[3],[4]]",
        ],
        "",
    );
    assert_ne!(code, Some(0));
    assert!(
        err.contains("meld_sizes needs 11 rows, one per round, not 2 (C5)"),
        "{err}"
    );
}

#[test]
fn colour_only_on_a_terminal_or_when_forced_and_never_with_no_color() {
    let args = ["play", "cego", "--seed", "1", "--single-deal"];
    let (_, plain, _) = run_with(&args, "quit\n");
    assert!(!plain.contains('\x1b'), "a pipe gets no colour: {plain}");
    let forced = cards()
        .args(args)
        .env("CLICOLOR_FORCE", "1")
        .env_remove("NO_COLOR")
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&forced.stdout);
    assert!(
        text.contains("\x1b[31m2d\x1b[0m"),
        "red suits in red: {text}"
    );
    assert!(
        text.contains("\x1b[31mKd\x1b[0m\n"),
        "at a line end too: {text}"
    );
    assert!(
        text.contains("\x1b[1mS0> \x1b[0m"),
        "the turn in bold: {text}"
    );
    let off = cards()
        .args(args)
        .env("CLICOLOR_FORCE", "1")
        .env("NO_COLOR", "1")
        .write_stdin("quit\n")
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&off.stdout).contains('\x1b'));
}

#[test]
fn the_first_deal_is_narrated_like_every_later_one() {
    for (game, opening) in [
        (
            "grosse-kleine-a",
            "hand 1: S0 leads the first round\nS0 is dealt ",
        ),
        ("einer-ist-immer", "hand 1: S3 deals; seats clockwise"),
        (
            "cego",
            "deal 1: S2 deals, S1 is forehand\nS1 is dealt 11 cards\nS0 is dealt ",
        ),
        (
            "contract-rummy",
            "round 1: 3 cards, wild: Aces, jokers and 3s;",
        ),
        (
            "big-a",
            "hand 1: S3 draws first\nS3 draws a card\nthe draw, ",
        ),
    ] {
        let (_, text, _) = run_with(&["play", game, "--seed", "3", "--single-deal"], "quit\n");
        let first_prompt = text.find("S0> ").unwrap_or(text.len());
        let at = text
            .find(opening)
            .unwrap_or_else(|| panic!("{game}: {text}"));
        assert!(
            at < first_prompt,
            "{game}: narrated before the first prompt"
        );
        // Only the person's own cards are shown (Big A deals by drawing: S1 draws a card).
        assert!(
            text.lines()
                .any(|l| (l.starts_with("S1 is dealt ") && l.ends_with(" cards"))
                    || l == "S1 draws a card"
                    || (l.starts_with("the draw, ") && l.contains("S1 draws a card"))),
            "{game}: {text}"
        );
        assert!(
            !text
                .lines()
                .any(|l| l.starts_with("S1 draws ") && l != "S1 draws a card")
        );
    }
}

#[test]
fn counts_of_one_are_singular_on_every_screen() {
    for g in games() {
        let (_, text, _) = run_with(
            &[
                "play",
                &g,
                "--seed",
                "2",
                "--single-deal",
                "--bots",
                "random",
            ],
            "#1\n".repeat(3000),
        );
        for wrong in [" 1 cards", " 1 tricks", " 1 points"] {
            assert!(!text.contains(wrong), "{g}: {wrong:?} in\n{text}");
        }
    }
    let (_, text, _) = run_with(
        &[
            "play",
            "cego",
            "--seed",
            "2",
            "--single-deal",
            "--bots",
            "random",
        ],
        "#1\n".repeat(3000),
    );
    assert!(text.contains(" cards, 1 trick, "), "{text}");
}

#[test]
fn every_game_shows_the_same_screen_layout() {
    for g in games() {
        let (code, text, err) = run_with(
            &[
                "play",
                &g,
                "--seed",
                "4",
                "--single-deal",
                "--bots",
                "random",
            ],
            "#1\n".repeat(3000),
        );
        assert_eq!(code, Some(0), "{g}: {err}");
        let screens: Vec<&str> = text
            .split("\n\n")
            .filter(|block| block.contains(" | you are S0\n"))
            .collect();
        assert!(!screens.is_empty(), "{g}: no screen in\n{text}");
        for screen in screens {
            let lines: Vec<&str> = screen.lines().collect();
            let head = lines
                .iter()
                .position(|l| l.ends_with(" | you are S0"))
                .unwrap();
            let body = &lines[head..];
            assert!(
                body[1] == "Table: -" || body[1] == "Table:",
                "{g}: {screen}"
            );
            let seats = body.iter().position(|l| *l == "Seats:").unwrap();
            assert!(body[seats + 1].starts_with("  S0 (you)  "), "{g}: {screen}");
            assert!(
                body.iter()
                    .any(|l| l.starts_with("Your hand (") || *l == "Your hand: empty"),
                "{g}: {screen}"
            );
            assert!(
                body.iter().filter(|l| l.ends_with("  <- to move")).count() <= 1,
                "{g}: {screen}"
            );
        }
    }
}

#[test]
fn cego_seats_five_with_the_dealer_sitting_out_and_refuses_two() {
    let (code, text, err) = run_with(
        &[
            "play",
            "cego",
            "--seed",
            "1",
            "--players",
            "5",
            "--single-deal",
            "--bots",
            "random",
        ],
        "#1\n".repeat(3000),
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(text.contains("deals and sits out"), "{text}");
    assert!(text.contains("The match is over."), "{text}");
    let (code, _, err) = run_with(&["play", "cego", "--players", "2"], "quit\n");
    assert_eq!(code, Some(1), "two players are refused: {err}");
    assert!(
        err.contains("10"),
        "the refusal names cego.md section 10 (three to five players): {err}"
    );
}

#[test]
fn cego_seats_three_by_the_variant_of_section_10() {
    let (code, text, err) = run_with(
        &[
            "play",
            "cego",
            "--seed",
            "1",
            "--players",
            "3",
            "--single-deal",
            "--bots",
            "random",
        ],
        "#1\n".repeat(3000),
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        text.contains("Your hand (13 cards)"),
        "13 cards each at three: {text}"
    );
    assert!(text.contains("The match is over."), "{text}");
    assert!(
        !text.contains("S3"),
        "no fourth seat at a three-player table: {text}"
    );
}

#[test]
fn big_a_shows_plays_with_separators_and_reads_the_compact_form_too() {
    let dir = std::env::temp_dir().join(format!("cards-e2e-bigsep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big-a.json");
    let (code, text, err) = run_with(
        &[
            "play",
            "big-a",
            "--seed",
            "3",
            "--single-deal",
            "--bots",
            "random",
            "--save",
            path.to_str().unwrap(),
        ],
        "#1\n".repeat(5000),
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(text.contains("S1 plays 8 8 8\n"), "{text}");
    assert!(!text.contains("plays 888"), "{text}");
    // The log holds the separated notation; written compactly, every play reads the same.
    let mut log: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut compacted = 0;
    for action in log["actions"].as_array_mut().unwrap() {
        let text = action.as_str().unwrap().to_owned();
        if text.contains(' ') && !text.contains(|c: char| c.is_ascii_lowercase()) {
            *action = serde_json::Value::from(text.replace(' ', ""));
            compacted += 1;
        }
    }
    assert!(compacted > 5, "{log}");
    std::fs::write(&path, log.to_string()).unwrap();
    let (code, replay, err) = run_with(&["replay", path.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(replay.contains("S1 plays 8 8 8\n"), "{replay}");
}

#[test]
fn play_draws_a_fresh_secret_seed_unless_given_and_shows_it_at_the_end() {
    let dir = std::env::temp_dir().join(format!("cards-e2e-seed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut seeds = Vec::new();
    for i in 0..2 {
        let path = dir.join(format!("fresh-{i}.json"));
        let (code, text, err) = run_with(
            &[
                "play",
                "cego",
                "--single-deal",
                "--bots",
                "random",
                "--save",
                path.to_str().unwrap(),
            ],
            "#1\n".repeat(3000),
        );
        assert_eq!(code, Some(0), "{err}");
        let log: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        // A drawn seed is a 256-bit key, written as 64 hex digits.
        let seed: cards_core::Seed = serde_json::from_value(log["seed"].clone()).unwrap();
        assert!(seed.is_key(), "{seed}");
        let shown = format!("Seed {seed}: `--seed {seed}` deals these cards again.");
        assert!(
            text.contains(&shown),
            "the seed is shown at the end: {text}"
        );
        // Before the end it is not: only the line above names it.
        assert_eq!(text.matches(&seed.to_string()).count(), 2, "{text}");
        assert!(text.contains("a fresh deal (its seed is shown at the end)"));
        seeds.push(seed);
    }
    assert_ne!(seeds[0], seeds[1], "each game deals anew");
    let (_, text, _) = run_with(&["play", "cego", "--seed", "9", "--single-deal"], "quit\n");
    assert!(text.contains("seed 9 (chosen"), "{text}");
}

#[test]
fn replay_of_a_refused_log_narrates_nothing() {
    // A log with a seed and an action the deal refuses: before, the deal (every hand) was
    // narrated before the refusal.
    let dir = std::env::temp_dir().join(format!("cards-e2e-refused-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.json");
    let (_, _, err) = run_with(
        &[
            "play",
            "cego",
            "--seed",
            "581074332588",
            "--single-deal",
            "--save",
            path.to_str().unwrap(),
        ],
        "quit\n",
    );
    let mut log: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).expect(&err);
    log["actions"] = serde_json::json!(["zz"]);
    std::fs::write(&path, log.to_string()).unwrap();
    let out = cards().arg("replay").arg(&path).output().unwrap();
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("action 1"),
        "refused at the action, after the configuration was read"
    );
    assert!(
        out.stdout.is_empty(),
        "nothing narrated: {}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn in_einer_ist_immer_a_number_is_the_card_and_list_entries_are_written_with_a_hash() {
    let args = ["play", "einer-ist-immer", "--seed", "5", "--single-deal"];
    // S0 holds 2 2 4 4 5 6 6 7 8 J J Q Q and leads.
    let (_, text, _) = run_with(&args, "4\nquit\n");
    assert!(
        text.contains("S0 leads 1x4") || text.contains("S0 plays 1x4"),
        "{text}"
    );
    let (_, text, _) = run_with(&args, "2 2\nquit\n");
    assert!(text.contains("2x2"), "{text}");
    assert!(!text.contains("cannot read"), "{text}");
    let (_, text, _) = run_with(&args, "#7\nquit\n");
    assert!(
        text.contains("2x6") && !text.contains("1x7 "),
        "entry 7 is 2x6: {text}"
    );
    // A 3 is not held: refused by the rules, not taken as entry 3.
    let (_, text, _) = run_with(&args, "3\nquit\n");
    assert!(text.contains("not allowed"), "{text}");
}

#[test]
fn where_cards_are_not_numbers_a_bare_number_is_a_list_entry() {
    // Cego's cards are T1 .. T21 and suited cards; 3 to 13's are suited: a number is entry N.
    let (_, text, _) = run_with(
        &["play", "cego", "--seed", "5", "--single-deal"],
        "2\nquit\n",
    );
    assert!(
        text.contains("S0: Solo"),
        "entry 2 of pass, solo, ulti: {text}"
    );
    let (_, text, _) = run_with(
        &["play", "cego", "--seed", "5", "--single-deal"],
        "4\nquit\n",
    );
    assert!(
        text.contains("there is no entry #4: choose #1 to #3"),
        "{text}"
    );
    let (_, text, _) = run_with(
        &["play", "contract-rummy", "--seed", "5", "--single-deal"],
        "1\nquit\n",
    );
    assert!(text.contains("S0 is done"), "entry 1 is done: {text}");
    // Big A plays by rank, so a number is a card there: during the draw `2` is a play of a 2,
    // refused, and `#2` the list's exposure.
    let (_, text, _) = run_with(
        &["play", "big-a", "--seed", "5", "--single-deal"],
        "2\n#2\nquit\n",
    );
    assert!(
        text.contains("not allowed: cards are played only once"),
        "{text}"
    );
    assert!(text.contains("S0 exposes Ad"), "{text}");
}

#[test]
fn the_terminal_reads_well_in_every_game() {
    for g in games() {
        let g = g.as_str();
        let (code, text, err) = run_with(
            &[
                "play",
                g,
                "--seed",
                "6",
                "--single-deal",
                "--bots",
                "random",
            ],
            "#1\n".repeat(3000),
        );
        assert_eq!(code, Some(0), "{g}: {err}");
        // The seating first.
        assert!(
            text.contains("Seats: S0 you, S1 random"),
            "{g}: who sits where: {text}"
        );
        // Every screen ends its line before the list.
        for (i, _) in text.match_indices("Your legal actions:") {
            assert_eq!(&text[i - 1..i], "\n", "{g}: the list starts a line");
        }
        // Forced moves in one wording.
        assert!(!text.contains("can only"), "{g}: {text}");
        for line in text.lines().filter(|l| l.contains("only legal action")) {
            assert!(
                (line.starts_with("S0 (you): your only legal action, ")
                    && line.ends_with(", is taken."))
                    || line.contains(" (your only legal action was taken for you "),
                "{g}: {line}"
            );
        }
        assert!(
            !text.contains("-0.0") && !text.contains(": -0\n"),
            "{g}: a negative zero"
        );
    }
}

#[test]
fn german_titles_are_german_throughout() {
    let (code, text, err) = run_with(
        &[
            "play",
            "einer-ist-immer",
            "--seed",
            "5",
            "--option",
            "titles=german",
            "--option",
            "hands=2",
            "--bots",
            "random",
        ],
        "#1\n".repeat(3000),
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(text.contains("Arsch 1x"), "{text}");
    assert!(!text.contains(" Ass"), "an English title: {text}");
}

#[test]
fn rules_cite_ruling_ids_and_crate_docs_not_files_users_lack() {
    for g in games() {
        let g = g.as_str();
        let out = cards().args(["rules", g]).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        for file in [".md", ".txt", "shared/", "seeds/"] {
            assert!(!text.contains(file), "{g} cites a file ({file}): {text}");
        }
        assert!(
            text.contains("crate docs"),
            "{g}: where the rulings are explained"
        );
    }
}

#[test]
fn a_long_junk_line_is_echoed_once_and_shortened() {
    let junk = "x".repeat(4000);
    let (_, text, _) = run_with(
        &["play", "grosse-kleine-a", "--seed", "3", "--single-deal"],
        format!("{junk}\nzz\nquit\n"),
    );
    assert!(!text.contains(&"x".repeat(100)), "the line came back whole");
    assert_eq!(
        text.matches("cannot read the 4000 characters starting \"xxxx")
            .count(),
        1,
        "{text}"
    );
    // A short one is named once too.
    let line = text.lines().find(|l| l.contains("\"zz\"")).unwrap();
    assert_eq!(line.matches("zz").count(), 1, "{line}");
}

#[test]
fn a_reader_that_closes_the_pipe_ends_the_command_quietly() {
    use std::io::{Read, Write};
    use std::process::{Command as Std, Stdio};
    // `cards play ... | head -c 1`: more than a pipe holds (about 50 KB), and the reader goes
    // after its first byte.
    let mut child = Std::new(env!("CARGO_BIN_EXE_cards"))
        .args(["play", "grosse-kleine-a", "--seed", "1", "--bots", "random"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all("#1\n".repeat(5000).as_bytes());
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 1];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    let _ = feeder.join();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("Broken pipe"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
}

#[test]
fn a_single_deal_of_3_to_13_always_gives_the_person_a_choice() {
    // Seed 1's first round (3 cards each): S1 goes out before S0 has anything to choose, and
    // S0's final turn holds a single option. The deal played instead is said, and S0 is asked.
    let (_, text, _) = run_with(
        &["play", "contract-rummy", "--seed", "1", "--single-deal"],
        "quit\n",
    );
    assert!(
        text.contains(
            "Seed 1 deals a hand in which the bots end the deal before you have a choice to \
             make: seed 2 is played instead."
        ),
        "{text}"
    );
    assert!(text.contains("S0> "), "the person is asked: {text}");
    assert!(!text.contains("The match is over."), "{text}");
    assert!(
        text.contains("Seed 2: `--seed 2` deals these cards again."),
        "{text}"
    );
    // A drawn seed: the person is asked every time, and no passed seed is named.
    for _ in 0..4 {
        let (_, text, _) = run_with(&["play", "contract-rummy", "--single-deal"], "quit\n");
        assert!(text.contains("S0> "), "{text}");
        assert!(!text.contains("is played instead"), "{text}");
    }
}
