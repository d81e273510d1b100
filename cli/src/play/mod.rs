//! A person plays one seat in the terminal against bots.

mod table;
pub mod tell;

use std::io::{BufRead, Write};

use cards_core::PerSeat;
use cards_core::text::Message;

use crate::bots::Seated;
use crate::error::CliError;
use crate::log::{FaultNote, GameLog, Recorder};
pub use crate::narrate::forced_line;
use cards_core::Catalog;
use cards_core::GameConfig;

/// The options of `cards play`.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// Players at the table (the game's default when `None`).
    pub players: Option<usize>,
    /// The person's seat.
    pub seat: u8,
    /// The match seed; a fresh one is drawn when `None`, and shown only at the end, since
    /// every card of the match follows from it.
    pub seed: Option<cards_core::Seed>,
    /// Bot kinds, cycled over the seats: seat i gets entry i mod the list's length (the
    /// person's own entry goes unused); the seating is printed at the start.
    pub bots: Vec<String>,
    /// Where to save the log.
    pub save: Option<String>,
    /// Play a single deal instead of a whole match.
    pub single_deal: bool,
    /// Ask the person even when a decision has a single legal option.
    pub confirm_forced: bool,
    /// Rule variants, `KEY=VALUE`.
    pub options: Vec<String>,
    /// An unfinished game's log to continue (`--resume LOG`): its rules, seed and actions
    /// replace `players`, `seed`, `single_deal` and `options`.
    pub resume: Option<GameLog>,
    /// The language of everything shown (`--lang`).
    pub lang: crate::i18n::Lang,
}

/// The longest input line read, in bytes; a longer one is refused and the game goes on.
pub const MAX_LINE: usize = 4096;

/// One line of the person's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The input ended.
    End,
    /// A line of text, trimmed.
    Text(String),
    /// A line that cannot be read, with the reason to show.
    Refused(String),
}

/// Reads one line of at most [`MAX_LINE`] bytes. A longer line is read to its end and refused,
/// as is a line that is not UTF-8; neither ends the game.
///
/// # Errors
/// When `input` cannot be read.
pub fn read_line(input: &mut dyn BufRead) -> std::io::Result<Line> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            if bytes.is_empty() && !too_long {
                return Ok(Line::End);
            }
            break;
        }
        // The line's bytes in this buffer, without its newline, and what to consume.
        let (content, n, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        if bytes.len() + content.len() > MAX_LINE {
            too_long = true;
        } else {
            bytes.extend_from_slice(content);
        }
        input.consume(n);
        if done {
            break;
        }
    }
    if too_long {
        return Ok(Line::Refused(format!(
            "that line is longer than {MAX_LINE} bytes and was not read"
        )));
    }
    Ok(match String::from_utf8(bytes) {
        Ok(text) => Line::Text(text.trim().to_owned()),
        Err(_) => Line::Refused("that line is not valid UTF-8 and was not read".to_owned()),
    })
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
pub(crate) fn config_for<G: Catalog>(
    players: Option<usize>,
    single_deal: bool,
    options: &[String],
) -> Result<G::Config, CliError> {
    let config = match players {
        Some(n) => G::Config::for_players(n).map_err(|e| CliError::Config {
            game: G::NAME,
            reason: e.to_string(),
            said: G::config_refusal(&e),
        })?,
        None => G::Config::default(),
    };
    let config = crate::options::apply::<G>(config, options)?;
    Ok(if single_deal {
        config.single_deal()
    } else {
        config
    })
}

/// Plays a match with a person at `options.seat`, reading `input` and writing `out`.
///
/// # Errors
/// Bad options, or output that cannot be written.
pub fn play<G: Catalog>(
    options: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Outcome, CliError> {
    let (mut table, kinds) = table::Table::<G>::set_up(options)?;
    table.introduce(options, &kinds, out)?;
    let outcome = table.run(options, input, out)?;
    table.end(options, outcome, out)?;
    Ok(outcome)
}

/// The rules of a saved log to resume, after checking the whole log (its actions, outcome
/// record and commitment) and that its match is unfinished.
fn resumable<G: Catalog>(log: &GameLog) -> Result<G::Config, CliError> {
    if log.game != G::NAME {
        return Err(CliError::BadLog(format!(
            "the log is of {}, not {}",
            log.game,
            G::NAME
        )));
    }
    crate::log::replay::<G>(log, &mut std::io::sink())?;
    if !log.unfinished {
        return Err(CliError::BadLog(
            "the log's match is over: there is nothing to resume (`cards replay` shows it)"
                .to_owned(),
        ));
    }
    serde_json::from_value(log.config.clone())
        .map_err(|e| CliError::BadLog(format!("field \"config\": {e}")))
}

/// Applies a checked saved log's actions to a match just dealt from its rules and seed.
fn resume_into<G: Catalog>(
    saved: &GameLog,
    state: &mut G::State,
    recorder: &mut Recorder,
    log: &mut GameLog,
) -> Result<(), CliError> {
    log.commitment.clone_from(&saved.commitment);
    log.salt.clone_from(&saved.salt);
    log.faults.clone_from(&saved.faults);
    for text in &saved.actions {
        let action = G::parse_action(state, text)
            .map_err(|e| CliError::BadLog(format!("action {text:?}: {e}")))?;
        G::apply(state, &action).map_err(|e| CliError::BadLog(format!("action {text:?}: {e}")))?;
        log.actions.push(action.to_string());
        recorder.note::<G>(state, log.actions.len());
    }
    Ok(())
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
    words: &crate::i18n::Catalogue,
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
        let entry = Message::new("play-list-entry")
            .text("number", format!("{:>3}", i + 1))
            .text("action", a);
        writeln!(out, "  {}", words.format(&entry))?;
    }
    match listing {
        Listing::Head if shown < legal.len() => {
            let more = Message::new("play-list-more").number("count", (legal.len() - shown) as i64);
            writeln!(out, "  {}", words.format(&more))
        }
        Listing::Containing(text) if found == 0 => {
            let none = Message::new("play-list-none").text("text", format!("{text:?}"));
            writeln!(out, "  {}", words.format(&none))
        }
        _ => Ok(()),
    }
}

/// The longest text of a refused line that is shown back to the person.
const ECHO: usize = 40;

/// Why a line is no action, with the line shown back once, shortened when it is long.
fn cannot_read(game: &str, notation: &str, reason: &str) -> Message {
    let length = notation.chars().count();
    if length > ECHO {
        let start: String = notation.chars().take(ECHO - 8).collect();
        Message::new("play-cannot-read-long")
            .number("length", length as i64)
            .text("start", format!("{start:?}"))
    } else {
        Message::new("play-cannot-read")
            .text("notation", format!("{notation:?}"))
            .arg("reason", crate::i18n::notation_reason(game, reason))
    }
}

/// What a line the person typed at the prompt asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input<A> {
    /// An empty line: the prompt again.
    Nothing,
    /// `help` or `?`: the help text, and the list again.
    Help,
    /// `all`: every entry of the legal list.
    All,
    /// `find` with no text: what `find` needs.
    FindWhat,
    /// `find TEXT`: the entries of the legal list containing TEXT.
    Find(String),
    /// `quit` or `q`: the person leaves the table.
    Quit,
    /// A legal action, given in the game's notation or as an entry number.
    Choose(A),
    /// An entry that names no legal action, with the message to show.
    Refused(Message),
}

/// Reads one trimmed line of input (from [`read_line`]) against the legal list `legal` of
/// `state`: a command (case does not matter; in English or German: `help`/`hilfe`,
/// `all`/`alle`, `find`/`suche`, `quit`/`ende`), or a choice: `#N` for entry N, else an action in the game's notation that must be legal. The
/// play loop acts on what this returns.
pub fn read_entry<G: Catalog>(
    state: &G::State,
    legal: &[G::Action],
    entry: &str,
) -> Input<G::Action> {
    let lower = entry.to_lowercase();
    let (word, rest) = lower.split_once(' ').unwrap_or((lower.as_str(), ""));
    match word {
        "" => Input::Nothing,
        "help" | "hilfe" | "?" => Input::Help,
        "all" | "alle" => Input::All,
        "find" | "suche" if rest.trim().is_empty() => Input::FindWhat,
        "find" | "suche" => Input::Find(
            entry[entry.find(' ').unwrap_or(entry.len())..]
                .trim()
                .to_owned(),
        ),
        "quit" | "q" | "ende" => Input::Quit,
        _ => match read_choice::<G>(state, legal, entry) {
            Ok(a) => Input::Choose(a),
            Err(message) => Input::Refused(message),
        },
    }
}

/// Reads a choice: `#N` for entry N of the list; otherwise an action in the game's notation,
/// which must be legal (where cards are numbers, `4` is the card). A bare number that the
/// notation cannot read is entry N, as before `#N` existed. A leading `:` still marks notation.
fn read_choice<G: Catalog>(
    state: &G::State,
    legal: &[G::Action],
    entry: &str,
) -> Result<G::Action, Message> {
    let count = legal.len() as i64;
    let entry_number = |text: &str| -> Result<G::Action, Message> {
        let n: usize = text.trim().parse().map_err(|_| {
            Message::new("play-not-entry-number")
                .text("text", text)
                .number("count", count)
        })?;
        n.checked_sub(1)
            .and_then(|i| legal.get(i))
            .cloned()
            .ok_or_else(|| {
                Message::new("play-no-entry")
                    .number("number", n as i64)
                    .number("count", count)
            })
    };
    if let Some(number) = entry.strip_prefix('#') {
        return entry_number(number);
    }
    let notation = entry.strip_prefix(':').map_or(entry, str::trim);
    match G::parse_action(state, notation) {
        Ok(action) => match G::check(state, &action) {
            Ok(()) => Ok(action),
            // `Kc` read as a card play while discarding: the discard of Kc.
            Err(e) => by_tail(legal, notation).ok_or_else(|| {
                let reason =
                    G::refusal(&e).unwrap_or_else(|| Message::new("untold").text("text", &e));
                Message::new("play-not-allowed").arg("reason", reason)
            }),
        },
        Err(_) if !entry.starts_with(':') && entry.parse::<usize>().is_ok() => entry_number(entry),
        Err(e) => by_tail(legal, notation).ok_or_else(|| cannot_read(G::NAME, notation, &e)),
    }
}

/// The one legal action whose words after its first are `text` (case does not matter): a bare
/// `Kc` for Cego's `discard Kc`. None when no action or more than one reads so.
fn by_tail<A: Clone + std::fmt::Display>(legal: &[A], text: &str) -> Option<A> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let mut found = legal.iter().filter(|a| {
        a.to_string()
            .split_once(' ')
            .is_some_and(|(_, tail)| tail.trim().eq_ignore_ascii_case(text))
    });
    let first = found.next()?;
    found.next().is_none().then(|| first.clone())
}

/// Names the bot programs' faults since the last call in the narration and in the log, each
/// with the number of actions applied when it happened.
fn note_faults<G: Catalog>(
    bots: &mut PerSeat<Seated<G>>,
    log: &mut GameLog,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    for bot in &mut bots.0 {
        for note in bot.take_faults() {
            writeln!(out, "{note}")?;
            log.faults.push(FaultNote {
                after: log.actions.len(),
                note,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{HEAD, Line, Listing, MAX_LINE, read_line, write_list};

    fn listed(legal: &[String], listing: &Listing<'_>) -> String {
        let mut out = Vec::new();
        let words = crate::i18n::Catalogue::get(crate::i18n::Lang::En);
        write_list(&mut out, words, legal, listing).unwrap();
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

    #[test]
    fn a_line_may_hold_max_line_bytes_with_or_without_its_newline() {
        let read = |bytes: &[u8]| {
            let mut input = std::io::Cursor::new(bytes.to_vec());
            read_line(&mut input).unwrap()
        };
        let full = "a".repeat(MAX_LINE);
        let over = "a".repeat(MAX_LINE + 1);
        assert_eq!(
            read(format!("{full}\n").as_bytes()),
            Line::Text(full.clone())
        );
        assert_eq!(read(full.as_bytes()), Line::Text(full.clone()));
        for text in [format!("{over}\n"), over] {
            assert!(
                matches!(read(text.as_bytes()), Line::Refused(_)),
                "{} bytes",
                text.len()
            );
        }
    }
}
