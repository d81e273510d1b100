//! Every game of the one list (`cards_games::for_each_game!`) is a crate of the workspace,
//! released (an entry of `releases.toml`, so `.ci/run` packages it and `scripts/release-check.sh`
//! checks its semver), and reached by the fuzz targets and the CI script through the list
//! rather than a list of their own (issue 30, item 2). The conformance, search and soak suites
//! make their per-game tests from the list itself, so they cannot miss a game.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_listed_game_is_a_workspace_crate_that_is_released() {
    let manifest = read("Cargo.toml");
    let releases = read("releases.toml");
    for name in cards_games::NAMES {
        let krate = format!("game-{name}");
        assert!(
            root().join(&krate).join("Cargo.toml").is_file(),
            "{name}: no crate {krate}/ (a game's crate is named after its command-line name)"
        );
        assert!(
            manifest.contains(&format!("\"{krate}\"")) || manifest.contains("\"game-*\""),
            "{name}: {krate} is not a member of the workspace"
        );
        assert!(
            releases.contains(&format!("[{krate}]")),
            "{name}: {krate} has no entry in releases.toml, so it is neither packaged by \
             .ci/run nor checked by scripts/release-check.sh"
        );
    }
}

#[test]
fn the_fuzz_targets_and_ci_take_the_games_from_the_list() {
    let fuzz = read("fuzz/src/lib.rs");
    assert!(
        fuzz.contains("cards_games::NAMES") && fuzz.contains("for_each_game!"),
        "fuzz/src/lib.rs chooses among the games of cards_games"
    );
    for own_list in ["% 5", "[&str; 5]"] {
        assert!(
            !fuzz.contains(own_list),
            "fuzz/src/lib.rs has a list of games of its own: {own_list}"
        );
    }
    let seeder = read("fuzz/examples/seed_corpus.rs");
    assert!(seeder.contains("cards_games::visit_index"));
    let ci = read(".ci/run");
    assert!(
        ci.contains("-- list"),
        ".ci/run takes the games from `cards list`"
    );
    for name in cards_games::NAMES {
        assert!(
            !ci.contains(&format!("game-{name}")),
            ".ci/run names {name} itself"
        );
    }
}

/// The page of `cards serve` draws every game's cards from the faces the server lists
/// (`/api/games`, from each game's `Catalog::card_faces`): no file of the page names a game, so
/// none has per-game code to miss a new game.
#[test]
fn the_page_names_no_game() {
    let assets = root().join("cards-serve/assets");
    let mut files = 0;
    for entry in std::fs::read_dir(&assets).unwrap() {
        let path = entry.unwrap().path();
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        files += 1;
        for name in cards_games::NAMES {
            assert!(
                !text.contains(name),
                "{} names {name}: the page takes the games and their card faces from /api/games",
                path.display()
            );
        }
    }
    assert!(files >= 3, "the page's files are in cards-serve/assets");
    let cards = read("cards-serve/assets/cards.js");
    assert!(cards.contains("/api/games") && cards.contains("faces"));
}

/// The browser test plays the games the server lists, the serve test's leak checks are made per
/// game of the list, and the speed script measures the games of `cards list`.
#[test]
fn the_browser_serve_and_speed_tests_take_the_games_from_the_list() {
    let play = read("cli/tests/browser/play.mjs");
    assert!(
        play.contains("/api/games") && !play.contains("const GAMES = {"),
        "cli/tests/browser/play.mjs takes its games from /api/games, not a list of its own"
    );
    let serve = read("cli/tests/serve.rs");
    assert!(
        serve.contains("cards_games::for_each_game!(no_leak_tests)"),
        "cli/tests/serve.rs makes its leak tests from the list"
    );
    for name in cards_games::NAMES {
        assert!(
            !serve.contains(&format!("no_leak(\"{name}\"")),
            "cli/tests/serve.rs calls the leak test of {name} by name"
        );
    }
    let speed = read("scripts/speed.sh");
    assert!(
        speed.contains(" list "),
        "scripts/speed.sh takes the games from `cards list`"
    );
}
