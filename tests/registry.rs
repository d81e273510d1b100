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
            manifest.contains(&format!("\"{krate}\"")),
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
