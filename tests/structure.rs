//! The shape of each game crate (issue 14, item 11): the engine's module (the one with
//! `impl Game for`) never names the crate's bots or worked examples, which depend on the engine
//! and are registered beside it through `cards_core::Catalog` in the crate root; and the
//! plumbing every game shares (player counts, single deals, a state's configuration) lives in
//! `cards_core` (`GameConfig`, `GameState` and `Game`'s provided methods), not in each engine.

use std::path::{Path, PathBuf};

const CRATES: [&str; 5] = [
    "game-grosse-kleine-a",
    "game-big-a",
    "game-einer-ist-immer",
    "game-contract-rummy",
    "game-cego",
];

fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the crate's src folder") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

#[test]
fn engines_name_neither_their_bots_nor_their_examples_and_repeat_no_plumbing() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for krate in CRATES {
        let src = root.join(krate).join("src");
        let lib = std::fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
        let registration = "impl cards_core::Catalog for ";
        let at = lib
            .find(registration)
            .unwrap_or_else(|| panic!("{krate}: the crate root registers its bots and examples"));
        let engine: String = lib[at + registration.len()..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let implementation = format!("impl Game for {engine} {{");
        let engines: Vec<(PathBuf, String)> = sources(&src)
            .into_iter()
            .map(|p| {
                let text = std::fs::read_to_string(&p).expect("a readable source file");
                (p, text)
            })
            .filter(|(_, text)| text.contains(&implementation))
            .collect();
        assert_eq!(
            engines.len(),
            1,
            "{krate}: one module implements Game for {engine}"
        );
        let (path, text) = &engines[0];
        for name in [
            "crate::bots",
            "bots::",
            "crate::examples",
            "crate::example::",
            "crate::worked",
            "dyn Bot<",
        ] {
            assert!(
                !text.contains(name),
                "{}: the engine names {name}; register it in the crate root's Catalog impl",
                path.display()
            );
        }
        for plumbing in [
            "fn config_for_players(",
            "fn single_deal(",
            "fn players(",
            "fn config(state",
            "fn examples(",
            "fn heuristic_bot(",
        ] {
            assert!(
                !text.contains(plumbing),
                "{}: `{plumbing}` is cards_core's plumbing (GameConfig, GameState, Catalog)",
                path.display()
            );
        }
    }
}
