//! Said once (issue 30, item 7): each game's rules have one source, the crate's `README.md`,
//! which is also its crate documentation; `Game::rules()` (what `cards rules GAME` prints) is
//! that README's "Rules" section, and measured figures stay out of the game crates' sources.

use std::path::{Path, PathBuf};

use cards_core::Catalog;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn check_rules<G: Catalog>(krate: &str) {
    let readme = std::fs::read_to_string(root().join(krate).join("README.md")).expect("README.md");
    let lib = std::fs::read_to_string(root().join(krate).join("src/lib.rs")).expect("lib.rs");
    assert!(
        lib.starts_with("#![doc = include_str!(\"../README.md\")]"),
        "{krate}: the README is the crate documentation"
    );
    let heading = "\n## Rules\n";
    let at = readme.find(heading).expect("a Rules section") + heading.len();
    let end = readme[at..].find("\n## ").map_or(readme.len(), |e| at + e);
    assert_eq!(
        G::rules(),
        readme[at..end].trim(),
        "{krate}: rules() is the README's Rules section"
    );
    assert!(G::rules().len() > 1000, "{krate}");
}

#[test]
fn each_game_s_rules_are_the_rules_section_of_its_readme() {
    check_rules::<game_grosse_kleine_a::GrosseKleineA>("game-grosse-kleine-a");
    check_rules::<game_big_a::BigA>("game-big-a");
    check_rules::<game_einer_ist_immer::EinerIstImmer>("game-einer-ist-immer");
    check_rules::<game_contract_rummy::ContractRummy>("game-contract-rummy");
    check_rules::<game_cego::Cego>("game-cego");
    assert_eq!(
        game_grosse_kleine_a::RULES,
        game_grosse_kleine_a::GrosseKleineA::rules()
    );
    assert_eq!(
        game_einer_ist_immer::RULES,
        game_einer_ist_immer::EinerIstImmer::rules()
    );
    assert_eq!(game_cego::docs::RULES, game_cego::Cego::rules());
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn no_measured_interval_is_quoted_under_a_game_crate_s_src() {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(root()).expect("the workspace") {
        let path = entry.expect("a directory entry").path();
        let is_game = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("game-"));
        if !is_game || !path.join("src").is_dir() {
            continue;
        }
        let mut sources = Vec::new();
        files(&path.join("src"), &mut sources);
        for file in sources {
            let Ok(text) = std::fs::read_to_string(&file) else {
                continue;
            };
            for (i, line) in text.lines().enumerate() {
                if line.contains("± ") {
                    found.push(format!("{}:{}: {line}", file.display(), i + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "measured figures belong in the README (or docs/strength.md):\n{}",
        found.join("\n")
    );
}
