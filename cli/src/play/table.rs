//! The match in play: its setup, the input loop, one step and the end.

use std::io::{BufRead, Write};

use cards_core::rng::GameRng;
use cards_core::{Bot, BotSpec, Catalog, Decision, GameConfig, GameEvent, PerSeat, Seat};
use cards_core::{GameState, Seed};

use cards_core::text::Message;

use super::tell::{event_line, title, view_text};
use super::{
    Input, Line, Listing, MAX_LINE, Outcome, PlayOptions, config_for, note_faults, read_entry,
    read_line, resumable, resume_into, write_list,
};
use crate::bots::Seated;
use crate::error::CliError;
use crate::i18n::Catalogue;
use crate::log::{GameLog, Recorder};

/// A match in play in the terminal: the rules, the state, the seats and what is recorded.
pub(super) struct Table<G: Catalog> {
    config: G::Config,
    state: G::State,
    /// The person's seat.
    human: Seat,
    /// One bot per seat (the person's is never asked).
    bots: PerSeat<Seated<G>>,
    seed: Seed,
    /// The bots' randomness.
    rng: GameRng,
    log: GameLog,
    recorder: Recorder,
    /// Whether the output is painted.
    colour: bool,
    /// Whether the person's view and legal list are shown before the next prompt.
    show: bool,
    /// The words, in the person's language.
    words: &'static Catalogue,
    /// A chosen seed passed over for a single deal in which the person would have had no
    /// choice ([`deal_with_a_choice`]), said at the start.
    passed: Option<Seed>,
}

/// The most seeds tried for a single deal that gives the person a choice.
const SEEDS_TRIED: usize = 64;

/// A seed for a single deal in which the person at `human` has a choice to make: `seed` when
/// its deal gives them one, else the next seeds in turn (drawn afresh, or after a chosen seed
/// `seed + 1`, `seed + 2`, ...), the chosen seed passed over named. A deal can end before
/// someone chooses anything: in 3 to 13's first round (3 cards) a bot dealt a meld goes out at
/// its first turn, and the others' final turns may hold a single option. Each seed's deal is
/// played ahead with the same bots from the same randomness, the person's single options
/// taken, up to the person's first choice or the deal's end. A match of several deals is
/// left as dealt (its later deals give choices), and so are seats of `exec:` programs (they
/// are not started twice).
fn deal_with_a_choice<G: Catalog>(
    config: &G::Config,
    seed: Seed,
    human: Seat,
    kinds: &[BotSpec],
    options: &PlayOptions,
) -> Result<(Seed, Option<Seed>), CliError> {
    if kinds.iter().any(|k| matches!(k, BotSpec::Exec(_))) {
        return Ok((seed, None));
    }
    let mut tried = seed;
    for _ in 0..SEEDS_TRIED {
        if person_chooses::<G>(config, tried, human, kinds, options.confirm_forced)? {
            // A drawn seed stays unsaid: only a chosen one passed over is named.
            let passed = (tried != seed && options.seed.is_some()).then_some(seed);
            return Ok((tried, passed));
        }
        tried = match (options.seed, tried) {
            (None, _) => crate::fair::DealSecret::draw()?.seed,
            (Some(_), Seed::Short(n)) => Seed::Short(n.wrapping_add(1)),
            (Some(_), key) => key.derive(1),
        };
    }
    Ok((seed, None))
}

/// Whether the person at `human` gets a choice (more than one legal action, or any with
/// `confirm`) before the first deal of `seed` ends, its bots playing as they would.
fn person_chooses<G: Catalog>(
    config: &G::Config,
    seed: Seed,
    human: Seat,
    kinds: &[BotSpec],
    confirm: bool,
) -> Result<bool, CliError> {
    let mut state = G::State::new_seeded(config, seed).map_err(|e| CliError::Config {
        game: G::NAME,
        reason: e.to_string(),
        said: G::config_refusal(&e),
    })?;
    let mut bots = seat_bots::<G>(config.players(), human, kinds)?;
    let totals = G::scores(&state).0;
    for (s, bot) in bots.0.iter_mut().enumerate() {
        bot.begin(Seat(s as u8), config, &totals);
    }
    let mut rng = seed.derive(0xB075).rng();
    let mut legal = Vec::new();
    for _ in 0..config.max_actions() {
        let Some(seat) = G::to_move(&state) else {
            return Ok(false);
        };
        if state.deals_finished() > 0 {
            return Ok(false);
        }
        G::legal_actions_into(&state, &mut legal);
        if legal.is_empty() {
            return Ok(false);
        }
        let action = if seat == human {
            if legal.len() > 1 || confirm {
                return Ok(true);
            }
            legal[0].clone()
        } else {
            let d = Decision::<G>::new(&state, seat, &legal);
            let i = bots[seat].choose(&d, &mut rng);
            legal[i.min(legal.len() - 1)].clone()
        };
        let events = G::apply(&mut state, &action).map_err(|e| CliError::Engine(e.to_string()))?;
        for (s, bot) in bots.0.iter_mut().enumerate() {
            if bot.observes() {
                let s = Seat(s as u8);
                let seen: Vec<G::Event> = events.iter().filter_map(|e| e.redact(s)).collect();
                bot.observe(s, &seen);
            }
        }
    }
    Ok(false)
}

/// What the person's line at the prompt comes to.
enum Turn<A> {
    /// Nothing to apply: the prompt again.
    Again,
    /// The person leaves (or the input ended): the game is abandoned.
    Leave,
    /// The action chosen.
    Act(A),
}

/// One bot per seat, the kinds cycled over the seats.
fn seat_bots<G: Catalog>(
    players: usize,
    human: Seat,
    kinds: &[BotSpec],
) -> Result<PerSeat<Seated<G>>, CliError> {
    let mut bots = Vec::new();
    for i in 0..players {
        // The person's seat has no bot (one is kept so that seats index bots; it never moves).
        bots.push(if i == usize::from(human.0) {
            Seated::Builtin(Box::new(cards_core::RandomBot))
        } else {
            Seated::<G>::new(&kinds[i % kinds.len()], true)?
        });
    }
    Ok(PerSeat(bots))
}

/// Opens the file a log is to be saved to (creating it and taking it away again when it is not
/// there, so that no empty log is ever left), to refuse one that cannot be written.
fn check_writable(path: &str) -> Result<(), CliError> {
    let io = |source| CliError::Io {
        path: path.to_owned(),
        source,
    };
    let existed = std::path::Path::new(path).exists();
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(io)?;
    if !existed {
        std::fs::remove_file(path).map_err(io)?;
    }
    Ok(())
}

/// The log of a match just dealt, before its first action.
fn new_log<G: Catalog>(config: &G::Config, seed: Seed) -> Result<GameLog, CliError> {
    Ok(GameLog {
        game: G::NAME.to_owned(),
        config: serde_json::to_value(config).map_err(|e| CliError::Engine(e.to_string()))?,
        seed,
        commitment: None,
        salt: None,
        actions: Vec::new(),
        unfinished: false,
        outcome: Vec::new(),
        faults: Vec::new(),
    })
}

/// The text, its suits painted when the output is.
fn paint(colour: bool, text: &str) -> String {
    if colour {
        crate::colour::suits(text)
    } else {
        text.to_owned()
    }
}

impl<G: Catalog> Table<G> {
    /// Checks the options, seats the bots, deals, and checks that the log can be written;
    /// also the bot kinds, cycled over the seats.
    pub(super) fn set_up(options: &PlayOptions) -> Result<(Self, Vec<BotSpec>), CliError> {
        let config = match &options.resume {
            Some(log) => resumable::<G>(log)?,
            None => config_for::<G>(options.players, options.single_deal, &options.options)?,
        };
        let players = config.players();
        if usize::from(options.seat) >= players {
            return Err(CliError::BadSeat {
                seat: options.seat,
                players,
            });
        }
        let human = Seat(options.seat);
        let kinds = crate::bots::parse_specs::<G>(&options.bots, "heuristic")?;
        if kinds.len() >= players {
            return Err(CliError::TooManyBots {
                given: kinds.len(),
                seats: players - 1,
            });
        }
        let bots = seat_bots::<G>(players, human, &kinds)?;
        let seed = match (&options.resume, options.seed) {
            (Some(log), _) => log.seed,
            (None, Some(seed)) => seed,
            (None, None) => crate::fair::DealSecret::draw()?.seed,
        };
        let (seed, passed) = if options.single_deal && options.resume.is_none() {
            deal_with_a_choice::<G>(&config, seed, human, &kinds, options)?
        } else {
            (seed, None)
        };
        let state = G::State::new_seeded(&config, seed).map_err(|e| CliError::Config {
            game: G::NAME,
            reason: e.to_string(),
            said: G::config_refusal(&e),
        })?;
        if let Some(path) = &options.save {
            // Refuse a log that cannot be written before the first deal, not after the last.
            check_writable(path)?;
        }
        crate::interrupt::install(true);
        let colour = crate::colour::enabled();
        let rng = seed.derive(0xB075).rng();
        let log = new_log::<G>(&config, seed)?;
        let table = Table {
            config,
            state,
            human,
            bots,
            seed,
            rng,
            log,
            recorder: Recorder::default(),
            colour,
            show: true,
            words: Catalogue::get(options.lang),
            passed,
        };
        Ok((table, kinds))
    }

    /// Says who sits where and what may be typed, narrates the opening, tells the bots the
    /// match begins, and replays a resumed log's actions.
    pub(super) fn introduce(
        &mut self,
        options: &PlayOptions,
        kinds: &[BotSpec],
        out: &mut dyn Write,
    ) -> Result<(), CliError> {
        let (human, players) = (self.human, self.bots.0.len());
        let opening = G::opening(&self.state);
        self.recorder.note::<G>(&self.state, 0);
        let words = self.words;
        let intro = match options.seed.filter(|_| options.resume.is_none()) {
            _ if options.resume.is_some() => Message::new("play-intro-resumed"),
            Some(_) => Message::new("play-intro-seed").text("seed", self.seed),
            None => Message::new("play-intro-fresh"),
        };
        let intro = intro
            .text("title", title::<G>(words))
            .text("seat", human)
            .number("players", players as i64);
        writeln!(out, "{}", words.format(&intro))?;
        if let Some(passed) = self.passed {
            let note = Message::new("play-seed-passed")
                .text("passed", passed)
                .text("seed", self.seed);
            writeln!(out, "{}", words.format(&note))?;
        }
        let seating: Vec<Message> = (0..players)
            .map(|i| {
                let seat = Seat(i as u8);
                if i == usize::from(human.0) {
                    Message::new("play-seat-you").text("seat", seat)
                } else {
                    (Message::new("play-seat-bot").text("seat", seat))
                        .text("bot", &kinds[i % kinds.len()])
                }
            })
            .collect();
        let seating = Message::new("play-seats").list("seating", seating, ", ");
        writeln!(out, "{}", words.format(&seating))?;
        writeln!(out, "{}", words.word("play-help"))?;
        for e in opening.iter().filter_map(|e| e.redact(human)) {
            writeln!(out, "{}", paint(self.colour, &event_line::<G>(words, &e)))?;
        }
        let totals = G::scores(&self.state).0;
        for (s, bot) in self.bots.0.iter_mut().enumerate() {
            bot.begin(Seat(s as u8), &self.config, &totals);
        }
        note_faults(&mut self.bots, &mut self.log, self.words, out)?;
        if let Some(saved) = &options.resume {
            resume_into::<G>(saved, &mut self.state, &mut self.recorder, &mut self.log)?;
            let resumed = Message::new("play-resumed").number("count", saved.actions.len() as i64);
            writeln!(out, "{}", words.format(&resumed))?;
        }
        // The log is on disk before the first decision, and after every action from here on.
        self.save_progress(options)
    }

    /// Writes the log so far, marked unfinished while the match goes on, to the `--save` file
    /// (atomically: a kill at any moment leaves the last whole log, which `--resume` goes on
    /// with), and hands the same text to Ctrl-C.
    fn save_progress(&self, options: &PlayOptions) -> Result<(), CliError> {
        let Some(path) = &options.save else {
            return Ok(());
        };
        let done = self.log.actions.len();
        let mut pending = self.log.clone();
        pending.unfinished = G::to_move(&self.state).is_some();
        pending.outcome = self.recorder.snapshot::<G>(&self.state, done);
        let text = serde_json::to_string_pretty(&pending)
            .map_err(|e| CliError::Engine(e.to_string()))?
            + "\n";
        crate::log::write_atomically(path, &text)?;
        crate::interrupt::set_pending_save(Some((path.clone(), text)));
        Ok(())
    }

    /// Plays until the match ends or the person leaves.
    pub(super) fn run(
        &mut self,
        options: &PlayOptions,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> Result<Outcome, CliError> {
        // Programs are told each deal's end.
        let told = self.bots.0.iter().any(Seated::told);
        let mut watch = crate::exec::DealWatch::new::<G>(&self.state);
        let mut legal = Vec::new();
        // The moves nobody chooses in Big A's draw (each bot's draw, and the person's own
        // forced ones) are told as one line per run, as the browser tells them.
        let mut run = Run::default();
        while let Some(seat) = G::to_move(&self.state) {
            G::legal_actions_into(&self.state, &mut legal);
            if legal.is_empty() {
                return Err(CliError::Engine(format!("{seat} has no legal action")));
            }
            let forced = seat == self.human && legal.len() == 1 && !options.confirm_forced;
            let at_once = crate::narrate::UNPACED_PHASES.contains(&self.state.phase())
                && (seat != self.human || forced);
            if at_once && run.moves == 0 {
                run.phase = self.state.phase();
            } else if !at_once {
                run.flush(self.words, self.colour, out)?;
            }
            let action = if forced && at_once {
                run.forced += 1;
                self.show = true;
                legal[0].clone()
            } else if forced {
                let line = Message::new("play-forced")
                    .text("seat", self.human)
                    .text("action", &legal[0]);
                writeln!(out, "{}", self.words.format(&line))?;
                self.show = true;
                legal[0].clone()
            } else if seat == self.human {
                match self.ask(&legal, input, out)? {
                    Turn::Again => continue,
                    Turn::Leave => return Ok(Outcome::Abandoned),
                    Turn::Act(action) => action,
                }
            } else {
                let d = Decision::<G>::new(&self.state, seat, &legal);
                let i = self.bots[seat].choose(&d, &mut self.rng);
                legal[i.min(legal.len() - 1)].clone()
            };
            let told = told.then_some(&mut watch);
            if at_once {
                run.moves += 1;
                self.step(&action, told, options, Some(&mut run.lines), out)?;
            } else {
                self.step(&action, told, options, None, out)?;
            }
        }
        run.flush(self.words, self.colour, out)?;
        Ok(Outcome::Finished)
    }

    /// Shows the person's view and legal list when due, prompts, and reads one line.
    fn ask(
        &mut self,
        legal: &[G::Action],
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> Result<Turn<G::Action>, CliError> {
        let (human, words) = (self.human, self.words);
        if self.show {
            self.show_view(legal, out)?;
            self.show = false;
        }
        let prompt = words.format(&Message::new("play-prompt").text("seat", human)) + " ";
        if self.colour {
            write!(out, "{}", crate::colour::turn(&prompt))?;
        } else {
            write!(out, "{prompt}")?;
        }
        out.flush()?;
        let line = match read_line(input)? {
            Line::End => {
                writeln!(out, "\n{}", words.word("play-input-ended"))?;
                return Ok(Turn::Leave);
            }
            Line::Refused(why) => {
                // read_line says why in English; the catalogue says it in the person's words.
                let why = if why.contains("UTF-8") {
                    Message::new("play-line-not-utf8")
                } else {
                    Message::new("play-line-too-long").number("max", MAX_LINE as i64)
                };
                let refused = Message::new("play-line-refused").arg("why", why);
                writeln!(out, "{}", words.format(&refused))?;
                return Ok(Turn::Again);
            }
            Line::Text(text) => text,
        };
        match read_entry::<G>(&self.state, legal, &line) {
            Input::Nothing => {}
            Input::Help => {
                writeln!(out, "{}", words.word("play-help"))?;
                self.show = true;
            }
            Input::All => write_list(out, words, legal, &Listing::All)?,
            Input::FindWhat => writeln!(out, "{}", words.word("play-find-what"))?,
            Input::Find(text) => write_list(out, words, legal, &Listing::Containing(&text))?,
            Input::Quit => {
                writeln!(out, "{}", words.word("play-left"))?;
                return Ok(Turn::Leave);
            }
            Input::Choose(a) => {
                self.show = true;
                return Ok(Turn::Act(a));
            }
            Input::Refused(message) => writeln!(out, "{}", words.format(&message))?,
        }
        Ok(Turn::Again)
    }

    /// Shows the person's view of the match and the head of the legal list.
    fn show_view(&self, legal: &[G::Action], out: &mut dyn Write) -> Result<(), CliError> {
        let view = view_text::<G>(self.words, &G::view(&self.state, self.human));
        write!(out, "\n{}", paint(self.colour, &view))?;
        writeln!(out, "{}", self.words.word("play-legal-head"))?;
        write_list(out, self.words, legal, &Listing::Head)?;
        Ok(())
    }

    /// Applies one action: the log, the bots told (and, with `watch`, each deal's end), what
    /// Ctrl-C would save, and the narration.
    fn step(
        &mut self,
        action: &G::Action,
        watch: Option<&mut crate::exec::DealWatch>,
        options: &PlayOptions,
        held: Option<&mut Vec<String>>,
        out: &mut dyn Write,
    ) -> Result<(), CliError> {
        self.log.actions.push(action.to_string());
        let events =
            G::apply(&mut self.state, action).map_err(|e| CliError::Engine(e.to_string()))?;
        for (s, bot) in self.bots.0.iter_mut().enumerate() {
            if bot.observes() {
                let s = Seat(s as u8);
                let seen: Vec<G::Event> = events.iter().filter_map(|e| e.redact(s)).collect();
                bot.observe(s, &seen);
            }
        }
        if let Some(watch) = watch {
            if let Some(totals) = watch.after::<G>(&self.state) {
                for (s, bot) in self.bots.0.iter_mut().enumerate() {
                    bot.deal_end(Seat(s as u8), totals);
                }
            }
        }
        let done = self.log.actions.len();
        self.recorder.note::<G>(&self.state, done);
        self.save_progress(options)?;
        let lines = events
            .iter()
            .filter_map(|e| e.redact(self.human))
            .map(|e| event_line::<G>(self.words, &e));
        match held {
            Some(held) => held.extend(lines),
            None => {
                for line in lines {
                    writeln!(out, "{}", paint(self.colour, &line))?;
                }
            }
        }
        note_faults(&mut self.bots, &mut self.log, self.words, out)?;
        Ok(())
    }

    /// Tells the bots a finished match's scores, shows the scores and the seed, and saves the
    /// log.
    pub(super) fn end(
        mut self,
        options: &PlayOptions,
        outcome: Outcome,
        out: &mut dyn Write,
    ) -> Result<(), CliError> {
        let seed = self.seed;
        if outcome == Outcome::Finished {
            let scores = G::scores(&self.state);
            for (s, bot) in self.bots.0.iter_mut().enumerate() {
                if bot.observes() {
                    bot.finish(Seat(s as u8), &scores);
                }
            }
            note_faults(&mut self.bots, &mut self.log, self.words, out)?;
            writeln!(out, "\n{}", self.words.word("play-over"))?;
            write_scores::<G>(&self.state, out, self.words, "play-scores-final")?;
        } else {
            write_scores::<G>(&self.state, out, self.words, "play-scores-so-far")?;
        }
        let again = Message::new("play-seed-again").text("seed", seed);
        writeln!(out, "{}", self.words.format(&again))?;
        crate::interrupt::set_pending_save(None);
        let mut log = self.log;
        log.unfinished = G::to_move(&self.state).is_some();
        log.outcome = self.recorder.finish::<G>(&self.state, log.actions.len());
        if let Some(path) = &options.save {
            let text =
                serde_json::to_string_pretty(&log).map_err(|e| CliError::Engine(e.to_string()))?;
            crate::log::write_atomically(path, &(text + "\n"))?;
            let key = if log.unfinished {
                "play-saved-unfinished"
            } else {
                "play-saved"
            };
            let saved = Message::new(key).text("path", path);
            writeln!(out, "{}", self.words.format(&saved))?;
        }
        Ok(())
    }
}

/// Writes the match scores, one line per seat, in the game's words: penalty points as the
/// game's screen counts them (`total 67` is 67 penalty points, lower is better), or points.
fn write_scores<G: Catalog>(
    state: &G::State,
    out: &mut dyn Write,
    words: &Catalogue,
    title: &'static str,
) -> std::io::Result<()> {
    let penalties = matches!(G::words().scoring, cards_core::Scoring::Penalties);
    let key = if penalties {
        "play-scores-penalties"
    } else {
        "play-scores-points"
    };
    let head = Message::new(key).arg("title", Message::new(title));
    writeln!(out, "{}", words.format(&head))?;
    for (seat, score) in G::scores(state).iter() {
        let shown = if penalties { -score } else { *score };
        // `+ 0.0` prints a negated zero as 0.
        let line = (Message::new("play-score-line").text("seat", seat)).text("score", shown + 0.0);
        writeln!(out, "  {}", words.format(&line))?;
    }
    Ok(())
}

/// A run of moves nobody chooses in an unpaced phase (Big A's draw), held to be told as one.
#[derive(Debug, Default)]
struct Run {
    /// The phase the run began in.
    phase: &'static str,
    /// The person's narration of the run's moves.
    lines: Vec<String>,
    /// The run's moves.
    moves: usize,
    /// How many of them were the person's only option.
    forced: usize,
}

impl Run {
    /// Tells the run held so far, if any: its lines as they are for a single move, else one
    /// summary line ([`crate::narrate::run_summary`]); then begins anew.
    fn flush(
        &mut self,
        words: &Catalogue,
        colour: bool,
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        let run = std::mem::take(self);
        if run.moves > 1 {
            let line =
                super::tell::run_summary(words, &run.lines, run.moves, run.phase, run.forced);
            writeln!(out, "{}", paint(colour, &line))?;
        } else {
            for line in &run.lines {
                writeln!(out, "{}", paint(colour, line))?;
            }
        }
        Ok(())
    }
}
