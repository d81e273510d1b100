//! Runs every fuzz target's body once over each file of its corpus folders, without libFuzzer
//! (stable Rust, from `fuzz/`): `cargo run --release --example run_corpus [DIR...]` (default
//! `corpus`, `work`, `artifacts`, each holding one folder per target). A quick check that the
//! seed corpora and saved findings pass, and a way to replay a crash under a debugger.

use std::path::PathBuf;

/// A target's body.
type Target = fn(&[u8]);

/// The targets by folder name.
const TARGETS: [(&str, Target); 5] = [
    ("action_notation", cards_fuzz::action_notation),
    ("state_json", cards_fuzz::state_json),
    ("action_sequence", cards_fuzz::action_sequence),
    ("replay_log", cards_fuzz::replay_log),
    ("play_line", cards_fuzz::play_line),
];

fn main() {
    let mut roots: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    if roots.is_empty() {
        roots = ["corpus", "work", "artifacts"].map(PathBuf::from).to_vec();
    }
    for root in &roots {
        for (name, target) in TARGETS {
            let Ok(entries) = std::fs::read_dir(root.join(name)) else {
                continue;
            };
            let mut files: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
            files.sort();
            let start = std::time::Instant::now();
            for file in &files {
                if let Ok(bytes) = std::fs::read(file) {
                    eprintln!("{}", file.display());
                    target(&bytes);
                }
            }
            println!(
                "{}/{name}: {} inputs in {:.2?}",
                root.display(),
                files.len(),
                start.elapsed()
            );
        }
    }
}
