//! A person plays one seat in the terminal against bots.

use std::io::{BufRead, Write};

use cards_core::rng::{derive_seed, rng_from_seed};
use cards_core::{Decision, Game, PerSeat, Seat};

use crate::error::CliError;
use crate::log::{GameLog, write_scores};

/// The options of `cards play`.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Players at the table (the game's default when `None`).
    pub players: Option<usize>,
    /// The person's seat.
    pub seat: u8,
    /// The match seed.
    pub seed: u64,
    /// Bot kinds, cycled over the other seats.
    pub bots: Vec<String>,
    /// Where to save the log.
    pub save: Option<String>,
    /// Play a single deal instead of a whole match.
    pub single_deal: bool,
}

/// How a session of play ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The match was played to the end.
    Finished,
    /// The input ended, or the person quit, before the match did.
    Abandoned,
}

/// Builds the configuration for a player count.
pub(crate) fn config_for<G: Game>(
    players: Option<usize>,
    single_deal: bool,
) -> Result<G::Config, CliError> {
    let config = match players {
        Some(n) => G::config_for_players(n).map_err(|e| CliError::Config {
            game: G::NAME,
            reason: e.to_string(),
        })?,
        None => G::Config::default(),
    };
    Ok(if single_deal {
        G::single_deal(&config)
    } else {
        config
    })
}

/// Plays a match with a person at `options.seat`, reading `input` and writing `out`.
///
/// # Errors
/// Bad options, or output that cannot be written.
pub fn play<G: Game>(
    options: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    let config = config_for::<G>(options.players, options.single_deal)?;
    let players = G::players(&config);
    if usize::from(options.seat) >= players {
        return Err(CliError::BadSeat {
            seat: options.seat,
            players,
        });
    }
    let human = Seat(options.seat);
    let kinds = crate::bots::parse_specs(&options.bots, "heuristic")?;
    if kinds.len() >= players {
        return Err(CliError::TooManyBots {
            given: kinds.len(),
            seats: players - 1,
        });
    }
    let mut bots = Vec::new();
    for i in 0..players {
        bots.push(crate::bots::bot::<G>(&crate::bots::for_play(
            &kinds[i % kinds.len()],
        ))?);
    }
    let mut bots = PerSeat(bots);
    let mut state = G::new(&config, options.seed).map_err(|e| CliError::Config {
        game: G::NAME,
        reason: e.to_string(),
    })?;
    let mut rng = rng_from_seed(derive_seed(options.seed, 0xB075));
    let mut log = GameLog {
        game: G::NAME.to_owned(),
        config: serde_json::to_value(&config).map_err(|e| CliError::Engine(e.to_string()))?,
        seed: options.seed,
        actions: Vec::new(),
    };
    writeln!(
        out,
        "{} — you are {human} of {players}; seed {}",
        G::TITLE,
        options.seed
    )?;
    writeln!(
        out,
        "Enter an action by its number in the list or in notation (`:5` for notation that is a bare \
         number); `help` shows the list again, `all` every entry of a long list, `find TEXT` the \
         entries containing TEXT, `quit` ends."
    )?;
    let mut legal = Vec::new();
    let mut outcome = Outcome::Finished;
    let mut line = String::new();
    let mut show = true;
    while let Some(seat) = G::to_move(&state) {
        G::legal_actions_into(&state, &mut legal);
        if legal.is_empty() {
            return Err(CliError::Engine(format!("{seat} has no legal action")));
        }
        let action = if seat == human {
            if show {
                writeln!(out, "\n{}", G::view(&state, human))?;
                writeln!(out, "Your legal actions:")?;
                write_list(out, &legal, &Listing::Head)?;
                show = false;
            }
            write!(out, "{human}> ")?;
            out.flush()?;
            line.clear();
            if input.read_line(&mut line)? == 0 {
                writeln!(
                    out,
                    "\nInput ended before the match did; the game is abandoned."
                )?;
                outcome = Outcome::Abandoned;
                break;
            }
            let entry = line.trim();
            match entry {
                "" => continue,
                "help" | "?" => {
                    show = true;
                    continue;
                }
                "all" => {
                    write_list(out, &legal, &Listing::All)?;
                    continue;
                }
                _ if entry.starts_with("find ") => {
                    let text = entry["find ".len()..].trim();
                    write_list(out, &legal, &Listing::Containing(text))?;
                    continue;
                }
                "quit" | "q" => {
                    writeln!(out, "You left the table; the game is abandoned.")?;
                    outcome = Outcome::Abandoned;
                    break;
                }
                _ => {}
            }
            match read_choice::<G>(&state, &legal, entry) {
                Ok(a) => {
                    show = true;
                    a
                }
                Err(message) => {
                    writeln!(out, "{message}")?;
                    continue;
                }
            }
        } else {
            let d = Decision::<G>::new(&state, seat, &legal);
            let i = bots[seat].choose(&d, &mut rng);
            legal[i.min(legal.len() - 1)].clone()
        };
        log.actions.push(action.to_string());
        let events = G::apply(&mut state, &action).map_err(|e| CliError::Engine(e.to_string()))?;
        for e in events.iter().filter_map(|e| G::redact(e, human)) {
            writeln!(out, "{e}")?;
        }
    }
    if outcome == Outcome::Finished {
        writeln!(out, "\nThe match is over.")?;
    }
    write_scores::<G>(&state, out)?;
    if let Some(path) = &options.save {
        let text =
            serde_json::to_string_pretty(&log).map_err(|e| CliError::Engine(e.to_string()))?;
        std::fs::write(path, text + "\n").map_err(|source| CliError::Io {
            path: path.clone(),
            source,
        })?;
        writeln!(out, "Saved to {path}.")?;
    }
    Ok(outcome)
}

/// How much of the legal list to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Listing<'a> {
    /// Every entry when the list is short, else the first [`HEAD`] and a count of the rest.
    Head,
    /// Every entry.
    All,
    /// The entries whose notation contains the text.
    Containing(&'a str),
}

/// The longest list shown whole without asking; longer lists show their first entries.
const HEAD: usize = 40;

/// Writes the numbered legal list, or the part `listing` asks for. Numbers are always
/// positions in the whole list.
fn write_list<A: std::fmt::Display>(
    out: &mut dyn Write,
    legal: &[A],
    listing: &Listing<'_>,
) -> std::io::Result<()> {
    let shown = match listing {
        Listing::Head if legal.len() > HEAD => HEAD - 5,
        _ => legal.len(),
    };
    let mut found = 0;
    for (i, a) in legal.iter().enumerate().take(shown) {
        if let Listing::Containing(text) = listing {
            if !a.to_string().contains(text) {
                continue;
            }
        }
        found += 1;
        writeln!(out, "  {:>3}. {a}", i + 1)?;
    }
    match listing {
        Listing::Head if shown < legal.len() => writeln!(
            out,
            "  ... and {} more: `all` lists every one, `find TEXT` the ones containing TEXT.",
            legal.len() - shown
        ),
        Listing::Containing(text) if found == 0 => {
            writeln!(out, "  no legal action contains {text:?}.")
        }
        _ => Ok(()),
    }
}

/// Reads a choice: a number from the list, or an action in notation, which must be legal.
/// Notation that is itself a bare number (a single card `5`) is written with a leading `:`.
fn read_choice<G: Game>(
    state: &G::State,
    legal: &[G::Action],
    entry: &str,
) -> Result<G::Action, String> {
    let entry = if let Some(notation) = entry.strip_prefix(':') {
        notation.trim()
    } else if let Ok(n) = entry.parse::<usize>() {
        return match n.checked_sub(1).and_then(|i| legal.get(i)) {
            Some(a) => Ok(a.clone()),
            None => Err(format!(
                "there is no action number {n}: choose 1 to {}",
                legal.len()
            )),
        };
    } else {
        entry
    };
    let action = G::parse_action(state, entry)
        .map_err(|e| format!("cannot read {entry:?}: {e} (type `help` for the list)"))?;
    G::check(state, &action).map_err(|e| format!("not allowed: {e}"))?;
    Ok(action)
}

#[cfg(test)]
mod tests {
    use super::{HEAD, Listing, write_list};

    fn listed(legal: &[String], listing: &Listing<'_>) -> String {
        let mut out = Vec::new();
        write_list(&mut out, legal, listing).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn actions(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("act{i}")).collect()
    }

    #[test]
    fn a_short_list_is_shown_whole() {
        let text = listed(&actions(HEAD), &Listing::Head);
        assert_eq!(text.lines().count(), HEAD);
        assert!(text.ends_with(&format!("  {HEAD:>3}. act{HEAD}\n")));
    }

    #[test]
    fn a_long_list_shows_its_head_and_counts_the_rest() {
        let text = listed(&actions(1000), &Listing::Head);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), HEAD - 5 + 1);
        assert_eq!(lines[0], "    1. act1");
        assert_eq!(
            lines[HEAD - 5],
            "  ... and 965 more: `all` lists every one, `find TEXT` the ones containing TEXT."
        );
        assert_eq!(listed(&actions(1000), &Listing::All).lines().count(), 1000);
    }

    #[test]
    fn find_keeps_the_numbers_of_the_whole_list() {
        let text = listed(&actions(1000), &Listing::Containing("act99"));
        assert_eq!(
            text.lines().collect::<Vec<_>>(),
            [
                "   99. act99",
                "  990. act990",
                "  991. act991",
                "  992. act992",
                "  993. act993",
                "  994. act994",
                "  995. act995",
                "  996. act996",
                "  997. act997",
                "  998. act998",
                "  999. act999"
            ]
        );
        assert_eq!(
            listed(&actions(3), &Listing::Containing("zz")),
            "  no legal action contains \"zz\".\n"
        );
    }
}
