//! The floor plan of the workspace (issue 30, items 1 and 3; `docs/architecture.md`):
//!
//! - every game crate has the same modules for the same jobs, its rules in `game.rs` (which
//!   names neither its bots nor its worked examples) and what it offers beside the rules
//!   (`Catalog`, `Search`) registered in the crate root;
//! - no crate has a module circle: the graph of `use crate::…` and `crate::…::` paths between
//!   top-level modules (tests left out) has no cycle;
//! - `cards_core::Game` is the rules and nothing else: at most 15 items.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The game crates' folders, from the one list of games.
fn games() -> Vec<String> {
    cards_games::NAMES
        .iter()
        .map(|name| format!("game-{name}"))
        .collect()
}

/// The modules every game crate has, each with one job (`docs/architecture.md`).
const FLOOR_PLAN: [&str; 11] = [
    "rules", "error", "action", "event", "state", "game", "view", "search", "bots", "examples",
    "validate",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

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
    out.sort();
    out
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The code of a file: without its comments and its `#[cfg(test)]` items (a test module may
/// use anything).
fn without_tests(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]" {
            // Skip the item that follows: up to the line that closes its first brace.
            let mut depth = 0i32;
            let mut opened = false;
            for next in lines.by_ref() {
                depth += next.matches('{').count() as i32 - next.matches('}').count() as i32;
                opened |= next.contains('{');
                if (opened && depth <= 0) || (!opened && next.trim_end().ends_with(';')) {
                    break;
                }
            }
            continue;
        }
        // Comments (docs included) link to anything; only code is a dependency.
        if !line.trim_start().starts_with("//") {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// The top-level module a source file belongs to (`None` for the crate root).
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).expect("a file of the crate");
    let first = rel.components().next()?.as_os_str().to_string_lossy();
    let name = first.trim_end_matches(".rs").to_string();
    (name != "lib" && name != "main").then_some(name)
}

/// The top-level modules each module names through `crate::` paths.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let files = sources(src);
    let modules: BTreeSet<String> = files.iter().filter_map(|f| module_of(src, f)).collect();
    for file in &files {
        let Some(module) = module_of(src, file) else {
            continue;
        };
        let text = without_tests(&read(file));
        let edges = graph.entry(module.clone()).or_default();
        // In a top-level module's own file, `super::` is the crate root, as `crate::` is.
        let top_level = file.parent() == Some(src);
        let roots: &[&str] = if top_level {
            &["crate::", "super::"]
        } else {
            &["crate::"]
        };
        for root_path in roots {
            add_edges(&text, root_path, &module, &modules, edges);
        }
    }
    graph
}

/// The edges of `module` to the top-level modules its code names after `root_path`
/// (`crate::` or, in a top-level module's file, `super::`).
fn add_edges(
    text: &str,
    root_path: &str,
    module: &str,
    modules: &BTreeSet<String>,
    edges: &mut BTreeSet<String>,
) {
    let mut rest = text;
    while let Some(at) = rest.find(root_path) {
        let after = &rest[at + root_path.len()..];
        let word: String = after
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let preceded_by_word = rest[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':');
        if !preceded_by_word && word != module && modules.contains(&word) {
            edges.insert(word.clone());
        }
        // `use crate::{a, b::c}`: every module named in the braces.
        if after.starts_with('{') {
            let group = &after[1..after.find('}').unwrap_or(after.len())];
            for part in group.split(',') {
                let name = part.trim().split("::").next().unwrap_or("").trim();
                if name != module && modules.contains(name) {
                    edges.insert(name.to_owned());
                }
            }
        }
        rest = after;
    }
}

/// A cycle of the graph, if it has one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_owned(), 1);
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next.as_str()) {
                Some(1) => {
                    let start = path.iter().position(|n| n == next).unwrap_or(0);
                    let mut cycle = path[start..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(_) => {}
                None => {
                    if let Some(cycle) = visit(next, graph, state, path) {
                        return Some(cycle);
                    }
                }
            }
        }
        path.pop();
        state.insert(node.to_owned(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if !state.contains_key(node.as_str()) {
            if let Some(cycle) = visit(node, graph, &mut state, &mut Vec::new()) {
                return Some(cycle);
            }
        }
    }
    None
}

#[test]
fn no_crate_has_a_module_circle() {
    let mut crates: Vec<String> = ["cards-core", "cards-kit", "cards-serve", "cli"]
        .map(str::to_owned)
        .to_vec();
    crates.extend(games());
    for krate in &crates {
        let graph = module_graph(&root().join(krate).join("src"));
        assert!(graph.len() > 3, "{krate}: its modules are found");
        if let Some(cycle) = find_cycle(&graph) {
            panic!("{krate}: a module circle: {}", cycle.join(" -> "));
        }
    }
}

#[test]
fn the_circle_check_finds_a_circle() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("c".into());
    graph.entry("c".into()).or_default().insert("a".into());
    assert_eq!(
        find_cycle(&graph).map(|c| c.join(" -> ")),
        Some("a -> b -> c -> a".to_owned())
    );
    if let Some(edges) = graph.get_mut("c") {
        edges.clear();
    }
    assert_eq!(find_cycle(&graph), None);
}

#[test]
fn every_game_crate_has_the_same_floor_plan() {
    for krate in &games() {
        let src = root().join(krate).join("src");
        for module in FLOOR_PLAN {
            assert!(
                src.join(format!("{module}.rs")).is_file() || src.join(module).is_dir(),
                "{krate}: no module `{module}` (docs/architecture.md lists the floor plan)"
            );
        }
        let lib = read(&src.join("lib.rs"));
        for module in FLOOR_PLAN {
            assert!(
                lib.contains(&format!("mod {module};")),
                "{krate}: lib.rs does not declare `{module}`"
            );
        }
    }
}

#[test]
fn the_rules_name_neither_bots_nor_examples_and_the_root_registers_them() {
    for krate in &games() {
        let src = root().join(krate).join("src");
        let lib = read(&src.join("lib.rs"));
        let registration = "impl cards_core::Catalog for ";
        let at = lib
            .find(registration)
            .unwrap_or_else(|| panic!("{krate}: the crate root implements Catalog"));
        let engine: String = lib[at + registration.len()..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        assert!(
            lib.contains(&format!("impl cards_core::Search for {engine} {{")),
            "{krate}: the crate root implements Search for {engine}"
        );
        let game = without_tests(&read(&src.join("game.rs")));
        assert!(
            game.contains(&format!("impl Game for {engine} {{")),
            "{krate}: game.rs implements Game for {engine}"
        );
        for name in ["crate::bots", "bots::", "crate::examples", "dyn Bot<"] {
            assert!(
                !game.contains(name),
                "{krate}: game.rs names {name}; register it in the crate root"
            );
        }
    }
}

#[test]
fn the_game_trait_is_the_rules_in_at_most_fifteen_items() {
    let text = read(&root().join("cards-core/src/game.rs"));
    let at = text.find("pub trait Game:").expect("the Game trait");
    let mut items = Vec::new();
    let mut depth = 0i32;
    for line in text[at..].lines() {
        if depth == 1 {
            let t = line.trim_start();
            if line.starts_with("    ") && !line.starts_with("     ") {
                for kind in ["type ", "const ", "fn "] {
                    if let Some(rest) = t.strip_prefix(kind) {
                        let name: String = rest
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        items.push(name);
                    }
                }
            }
        }
        depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
        if depth == 0 && line.contains('}') {
            break;
        }
    }
    assert!(items.len() >= 10, "the items are found: {items:?}");
    assert!(
        items.len() <= 15,
        "Game has {} items: {items:?}",
        items.len()
    );
    for search_hook in [
        "heuristic_bot",
        "rewards",
        "evaluate",
        "search_defaults",
        "NAME",
    ] {
        assert!(
            !items.iter().any(|i| i == search_hook),
            "Game has {search_hook}"
        );
    }
    let game = without_tests(&text);
    for module in [
        "crate::bot",
        "crate::search",
        "crate::catalog",
        "crate::spec",
    ] {
        assert!(!game.contains(module), "cards-core's game.rs uses {module}");
    }
}

/// The lints of the tables of `[workspace.lints]` in `text`, or of `[lints]` when `workspace` is
/// false: the lines from the first table's heading to the next table that is not a lints table.
fn lints_block(text: &str, workspace: bool) -> String {
    let prefix = if workspace {
        "[workspace.lints"
    } else {
        "[lints"
    };
    let mut out = Vec::new();
    let mut inside = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line.starts_with(prefix);
            if inside {
                out.push(line.replacen("workspace.", "", 1));
            }
        } else if inside && !line.is_empty() && !line.starts_with('#') {
            out.push(line.to_string());
        }
    }
    out.join("\n")
}

/// The Python crate is a workspace of its own (so that the root never compiles pyo3); it keeps
/// the root's lints as its own `[lints]`, the same lines.
#[test]
fn the_python_crate_has_the_workspace_lints() {
    let root_lints = lints_block(&read(&root().join("Cargo.toml")), true);
    assert!(root_lints.contains("pedantic"), "found: {root_lints}");
    let python = lints_block(&read(&root().join("python/Cargo.toml")), false);
    assert_eq!(python, root_lints, "python/Cargo.toml's [lints]");
}
