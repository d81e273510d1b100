//! Writes the seed corpora of the fuzz targets into `fuzz/corpus/<target>/` (run from `fuzz/`:
//! `cargo run --release --example seed_corpus`). Deterministic: the same files every run.
//!
//! Sources: the worked examples' stated positions and scripted actions (Grosse/kleine A,
//! 3 to 13, Cego), states of seeded deals after random play, the legal action notations met
//! on the way, saved logs of seeded games (finished and unfinished, written as `cards play
//! --save` writes them), and a few lines of play-loop commands.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use cards_core::Catalog;
use cards_core::Game;
use cards_core::GameConfig;
use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_fuzz::{GAMES, MAX_REACH, reach};
use cli::log::{GameLog, Recorder};

/// A state of a game as JSON, with the worked examples' states and actions where they exist.
struct Worked {
    /// Stated positions of the rule texts, as states.
    states: Vec<String>,
    /// Their scripted actions, in notation.
    actions: Vec<String>,
}

fn worked(game: usize) -> Worked {
    let mut states = Vec::new();
    let mut actions = Vec::new();
    match game {
        0 => {
            use game_grosse_kleine_a::{GrosseKleineA, example};
            let mut state = example::start();
            states.push(json(&state));
            for text in example::ACTIONS {
                actions.push(text.to_owned());
                if let Ok(a) = GrosseKleineA::parse_action(&state, text) {
                    let _ = GrosseKleineA::apply(&mut state, &a);
                    states.push(json(&state));
                }
            }
            states.push(json(&example::replay().1));
        }
        3 => {
            use game_contract_rummy::{ContractRummy, State, examples};
            type Stated = fn() -> game_contract_rummy::Position;
            let scripts: [(Stated, &[&str]); 3] = [
                (examples::nine_card_set_position, &examples::NINE_CARD_SET),
                (examples::nine_card_add_position, &examples::NINE_CARD_ADD),
                (examples::scoring_position, &examples::SCORING),
            ];
            for (position, script) in scripts {
                for players in 3..=5 {
                    let Ok(mut state) =
                        State::from_position(&examples::example_config(players), &position())
                    else {
                        continue;
                    };
                    states.push(json(&state));
                    for text in script {
                        actions.push((*text).to_owned());
                        if let Ok(a) = ContractRummy::parse_action(&state, text) {
                            let _ = ContractRummy::apply(&mut state, &a);
                            states.push(json(&state));
                        }
                    }
                }
            }
        }
        4 => {
            use game_cego::examples::{
                Script, T8_DEAL, T11_DEAL, T12_DEAL, T14_FORCED_DEAL, T14_WON_DEAL,
            };
            for deal in [T8_DEAL, T11_DEAL, T12_DEAL, T14_WON_DEAL, T14_FORCED_DEAL] {
                states.push(json(
                    &Script::new(deal, &game_cego::Config::default()).state,
                ));
            }
        }
        _ => {}
    }
    Worked { states, actions }
}

/// A value as JSON text.
fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// The corpus files of one game, by target.
#[derive(Default)]
struct Files {
    action_notation: BTreeSet<Vec<u8>>,
    state_json: BTreeSet<Vec<u8>>,
    action_sequence: BTreeSet<Vec<u8>>,
    replay_log: BTreeSet<Vec<u8>>,
    play_line: BTreeSet<Vec<u8>>,
}

fn with_head(head: &[u8], body: &[u8]) -> Vec<u8> {
    let mut v = head.to_vec();
    v.extend_from_slice(body);
    v
}

#[allow(clippy::too_many_lines)]
fn generate<G: Catalog>(game: u8, files: &mut Files) {
    let w = worked(usize::from(game));
    for (i, s) in w.states.iter().enumerate() {
        files
            .state_json
            .insert(with_head(&[game, i as u8], s.as_bytes()));
    }
    for a in &w.actions {
        files
            .action_notation
            .insert(with_head(&[game, 0, 0], a.as_bytes()));
    }
    for e in G::examples() {
        // The narrated lines name actions in notation after "> S0: ".
        for line in e.transcript.lines().filter_map(|l| l.split_once(": ")) {
            if line.0.starts_with('>') && line.1.len() < 64 {
                files
                    .action_notation
                    .insert(with_head(&[game, 0, 0], line.1.as_bytes()));
            }
        }
    }
    // Positions the notation and line targets reach, with their legal notations.
    for seed in 0..6u8 {
        for steps in [0, 1, 2, 5, 9, 17, 30, MAX_REACH] {
            let state = reach::<G>(seed, steps);
            let legal = G::legal_actions(&state);
            let mut rng = rng_from_seed(u64::from(seed) * 100 + u64::from(steps));
            for _ in 0..3 {
                if legal.is_empty() {
                    break;
                }
                let a = &legal[below(&mut rng, legal.len() as u64) as usize];
                files
                    .action_notation
                    .insert(with_head(&[game, seed, steps], a.to_string().as_bytes()));
            }
            if let Some(a) = legal.first() {
                let lines = format!("help\nall\nfind {a}\n#1\n{a}\n:{a}\n2\nq\n");
                files
                    .play_line
                    .insert(with_head(&[game, seed, steps, 7], lines.as_bytes()));
                let all: Vec<String> = legal.iter().take(8).map(ToString::to_string).collect();
                let lines = all.join("\n") + "\n#999\nfind\nFIND x\n";
                files
                    .play_line
                    .insert(with_head(&[game, seed, steps, 63], lines.as_bytes()));
            }
            files.state_json.insert(with_head(
                &[game, seed.wrapping_add(steps)],
                serde_json::to_string(&state).unwrap_or_default().as_bytes(),
            ));
        }
    }
    // States along whole matches of the default configuration, and logs of seeded games.
    for seed in 0..4u64 {
        for single in [true, false] {
            let config = if single {
                G::Config::default().single_deal()
            } else {
                G::Config::default()
            };
            let Ok(mut state) = G::new(&config, seed) else {
                continue;
            };
            let mut rng = rng_from_seed(derive_seed(seed, 77));
            let mut log = GameLog {
                game: G::NAME.to_owned(),
                config: serde_json::to_value(&config).unwrap_or_default(),
                seed,
                commitment: None,
                salt: None,
                actions: Vec::new(),
                unfinished: false,
                faults: Vec::new(),
                outcome: Vec::new(),
            };
            let mut recorder = Recorder::default();
            recorder.note::<G>(&state, 0);
            let stop = if seed % 2 == 1 { 40 } else { usize::MAX };
            let mut legal = Vec::new();
            while log.actions.len() < stop && log.actions.len() < 3000 {
                G::legal_actions_into(&state, &mut legal);
                if legal.is_empty() {
                    break;
                }
                let a = legal[below(&mut rng, legal.len() as u64) as usize].clone();
                log.actions.push(a.to_string());
                let _ = G::apply(&mut state, &a);
                recorder.note::<G>(&state, log.actions.len());
                if log.actions.len().is_multiple_of(37) && files.state_json.len() < 200 {
                    files.state_json.insert(with_head(
                        &[game, log.actions.len() as u8],
                        serde_json::to_string(&state).unwrap_or_default().as_bytes(),
                    ));
                }
            }
            log.unfinished = G::to_move(&state).is_some();
            let n = log.actions.len();
            log.outcome = recorder.finish::<G>(&state, n);
            // Keep logs small enough for a fuzzer: whole matches only when they are short.
            let text = serde_json::to_string_pretty(&log).unwrap_or_default();
            if text.len() < 64 << 10 {
                files.replay_log.insert(text.into_bytes());
            }
        }
    }
    // Action sequences: seeded bytes of several lengths.
    for (i, len) in [8usize, 32, 200, 1000, 4000].into_iter().enumerate() {
        let mut rng = rng_from_seed(derive_seed(u64::from(game), i as u64));
        let body: Vec<u8> = (0..len).map(|_| below(&mut rng, 256) as u8).collect();
        files.action_sequence.insert(with_head(&[game], &body));
    }
}

fn write(dir: &Path, target: &str, game: &str, set: &BTreeSet<Vec<u8>>) {
    let dir = dir.join(target);
    fs::create_dir_all(&dir).expect("the corpus folder can be made");
    for (i, bytes) in set.iter().enumerate() {
        fs::write(dir.join(format!("{game}-{i:03}")), bytes).expect("a corpus file can be written");
    }
}

/// [`generate`] for the game the visit names.
struct Generate<'a> {
    game: u8,
    files: &'a mut Files,
}

impl cards_games::Visit for Generate<'_> {
    fn visit<G: Catalog>(&mut self) {
        generate::<G>(self.game, self.files);
    }
}

fn main() {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "corpus".to_owned()),
    );
    for (g, name) in GAMES.iter().enumerate() {
        let mut files = Files::default();
        cards_games::visit_index(
            g,
            &mut Generate {
                game: g as u8,
                files: &mut files,
            },
        );
        write(&dir, "action_notation", name, &files.action_notation);
        write(&dir, "state_json", name, &files.state_json);
        write(&dir, "action_sequence", name, &files.action_sequence);
        write(&dir, "replay_log", name, &files.replay_log);
        write(&dir, "play_line", name, &files.play_line);
        println!(
            "{name}: {} notations, {} states, {} sequences, {} logs, {} line inputs",
            files.action_notation.len(),
            files.state_json.len(),
            files.action_sequence.len(),
            files.replay_log.len(),
            files.play_line.len()
        );
    }
}
