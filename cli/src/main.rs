//! `cards`: list, explain, play, simulate and replay the games of the workspace.
//!
//! The binary is thin: it parses the command line, renders, prompts, and leaves every rule to
//! the game crates, which it drives through the `cards_core::Game` trait.

use std::io::{self, Write};

/// The program's allocator: mimalloc, whose small allocations (a seat's state for the card
/// room, a search's nodes) take a fraction of glibc's time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use cards_core::text::Message;
use cli::error::CliError;
use cli::log::GameLog;
use cli::play::{Outcome, PlayOptions};
use cli::simulate::SimOptions;
use cli::{registry, serve, simulate};

/// Card-game rules engines: list, explain, play, simulate and replay.
#[derive(Debug, Parser)]
#[command(name = "cards", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// One line per game: name, player counts, description.
    List,
    /// The rules summary and the rulings the engine applies.
    Rules {
        /// The game (see `cards list`).
        game: String,
        /// The language: `en`, `de`, or `qps` (the tests' pseudo-locale, which marks every
        /// word of the catalogue). Left out: from LC_ALL, LC_MESSAGES or LANG, else English.
        #[arg(long)]
        lang: Option<cli::i18n::Lang>,
    },
    /// Narrate the rule text's worked examples.
    Example {
        /// The game (see `cards list`).
        game: String,
        /// One example by name; all of them when left out.
        name: Option<String>,
    },
    /// Play one seat in the terminal against bots.
    Play(PlayArgs),
    /// Bots against bots on duplicate deals, with statistics.
    Simulate(SimulateArgs),
    /// Every bot against every other on duplicate deals: Bradley-Terry ratings (Elo scale) with
    /// bootstrap intervals, and each pair's paired score difference.
    Tournament(TournamentArgs),
    /// Combine the `--json` reports of `simulate --shard 1/N` ... `N/N` (or of `tournament
    /// --shard`) into the report of one run.
    Merge(MergeArgs),
    /// Play in the browser: a web server for tables of people and bots.
    #[command(after_help = serve_caps_help())]
    Serve(ServeArgs),
    /// Re-apply a saved log, verify it, and narrate it.
    Replay {
        /// The JSON log written by `cards play --save`.
        file: String,
    },
    /// Weigh each decision of a saved log from the deciding seat's information only: the
    /// action taken against the expert's, in the deal's points, inaccuracies (10% of the
    /// deal's stake lost), mistakes (25%) and blunders (50%) marked.
    Analyze {
        /// The JSON log written by `cards play --save` (or a review's download).
        file: String,
        /// Only this seat's decisions (0 is the first seat); every seat's when left out.
        #[arg(long)]
        seat: Option<u8>,
        /// Worlds dealt per decision (the cards the seat could not see dealt at random).
        #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u64).range(2..=10_000))]
        worlds: u64,
        /// The analysis's own chance (never the log's seed).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The bot whose move is preferred, a spec without `ms` (the game's `expert` unless
        /// given); `rollouts` prefers the candidate the analysis's own rollouts value highest.
        #[arg(long, default_value = "expert")]
        expert: String,
        /// Print JSON, one object per decision, instead of text.
        #[arg(long)]
        json: bool,
    },
}

// The arguments of `cards play` (the variant's doc comment is its help).
#[derive(Debug, Args)]
struct PlayArgs {
    /// The game (see `cards list`); left out with `--resume`, the log's.
    #[arg(required_unless_present = "resume")]
    game: Option<String>,
    /// Players at the table (the game's default when left out).
    #[arg(long)]
    players: Option<usize>,
    /// Your seat, from 0.
    #[arg(long, default_value_t = 0)]
    seat: u8,
    /// The match seed (it decides every card): a number, or the 64 hex digits of a key
    /// (as a fair game shows at its end). Without it a fresh 256-bit key is drawn and shown
    /// at the end of the match.
    #[arg(long)]
    seed: Option<cards_core::Seed>,
    /// Bots for the other seats, cycled: `kind[:key=value,...]` (`--help` lists the kinds).
    /// Left out: `heuristic` in every other seat.
    #[arg(long, long_help = cli::registry::bots_help(
        "Bots for the other seats, cycled, e.g. `ismcts:iters=2000,heuristic`. Left out: \
         `heuristic` in every other seat (the game's own rule-based bot). A search bot without \
         ms thinks at most 1000 ms."
    ))]
    bots: Vec<String>,
    /// Write a replayable JSON log here at the end.
    #[arg(long)]
    save: Option<String>,
    /// Continue an unfinished game saved by `--save` (or by Ctrl-C): its rules, seed and
    /// actions are the log's, checked as `cards replay` checks them.
    #[arg(long, value_name = "LOG")]
    resume: Option<String>,
    /// Play a single deal instead of a whole match.
    #[arg(long)]
    single_deal: bool,
    /// Ask even when you have a single legal option (by default it is taken and narrated).
    #[arg(long)]
    confirm_forced: bool,
    /// A rule variant, `KEY=VALUE` (repeatable); `cards rules GAME` lists them.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// The language of the game's words: `en`, `de`, or `qps` (the tests' pseudo-locale, which
    /// marks every word of the catalogue). Left out: from LC_ALL, LC_MESSAGES or LANG, else
    /// English.
    #[arg(long)]
    lang: Option<cli::i18n::Lang>,
}

// The arguments of `cards simulate` (the variant's doc comment is its help).
#[derive(Debug, Args)]
struct SimulateArgs {
    /// The game (see `cards list`).
    game: String,
    /// Number of deals; each is replayed once per seat rotation.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// The base seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Bots, cycled over the seats: `kind[:key=value,...]` (`--help` lists the kinds).
    #[arg(long, long_help = cli::registry::bots_help(
        "Bots, cycled over the seats, e.g. `ismcts:iters=1000,heuristic`; bare `ismcts` runs \
         the game's default of 1000 iterations. One row of statistics per distinct spec."
    ))]
    bots: Vec<String>,
    /// Players at the table (the game's default when left out).
    #[arg(long)]
    players: Option<usize>,
    /// Worker threads, at most the machine's cores; 0 for every core (the numbers do not
    /// depend on it).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Play whole matches instead of single deals (`--games` then counts matches).
    #[arg(long = "match")]
    whole_match: bool,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Play only the K-th of N disjoint slices of the deals (K from 1), for spreading a
    /// simulation over machines; `cards merge` combines the shards' `--json` reports.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<(usize, usize)>,
    /// Seconds between progress lines when stderr is not a terminal (a bar when it is).
    #[arg(long, value_name = "SECS", default_value_t = 5.0)]
    progress_every: f64,
    /// A rule variant, `KEY=VALUE` (repeatable); `cards rules GAME` lists them.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Play every seat rotation of each deal, also those that repeat an earlier seating
    /// (by default only distinct seatings are played).
    #[arg(long)]
    all_rotations: bool,
}

// The arguments of `cards tournament` (the variant's doc comment is its help).
#[derive(Debug, Args)]
struct TournamentArgs {
    /// The game (see `cards list`).
    game: String,
    /// The bots, at least two: `--bots A,B,C` (`--help` lists the kinds).
    #[arg(long, long_help = cli::registry::bots_help(
        "The bots, at least two: `--bots A,B,C` (or `--bots` once per bot, as `exec:` bots \
         need)."
    ))]
    bots: Vec<String>,
    /// Deals each pair plays; each once per distinct seating of the pair.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// The base seed (the same deals for every pair).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Players at the table (the game's default when left out).
    #[arg(long)]
    players: Option<usize>,
    /// Worker threads, at most the machine's cores; 0 for every core.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Play only the K-th of N disjoint slices of the deals; `cards merge` combines them.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<(usize, usize)>,
    /// Seconds between progress lines when stderr is not a terminal (a bar when it is).
    #[arg(long, value_name = "SECS", default_value_t = 5.0)]
    progress_every: f64,
    /// A rule variant, `KEY=VALUE` (repeatable); `cards rules GAME` lists them.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// A ladder: each bot plays only its neighbours in the order given; without --bots, the
    /// levels of `cards serve`'s lobby: easy (random), medium (the heuristic), hard
    /// (ismcts:iters=200, or the game's own quick bot) and expert.
    #[arg(long)]
    ladder: bool,
}

// The arguments of `cards merge` (the variant's doc comment is its help).
#[derive(Debug, Args)]
struct MergeArgs {
    /// The shards' JSON reports.
    #[arg(required = true)]
    files: Vec<String>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// Merge shards whose runs were interrupted (the result is marked partial).
    #[arg(long)]
    allow_partial: bool,
}

// The arguments of `cards serve` (the variant's doc comment is its help).
#[derive(Debug, Args)]
struct ServeArgs {
    /// The address to listen on. The default serves this machine only; `0.0.0.0:8080`
    /// lets others on your network join (anyone who can reach it can open tables).
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: std::net::SocketAddr,
    /// The most tables playing at once (a finished table stays a minute for its log, and
    /// no longer counts).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u16).range(1..))]
    max_tables: u16,
    /// The most tables playing at once that one client address opened (behind a reverse
    /// proxy every client has the proxy's address: raise it). In a room (--advertise), counted
    /// over every server of the room.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u16).range(1..))]
    max_tables_per_client: u16,
    /// Minutes after which a table nobody looks at is closed.
    #[arg(long, default_value_t = 120.0)]
    idle_minutes: f64,
    /// Seconds a person must have been away from their seat (no request, no page open) before
    /// the host may give it to someone else (a bot, or a new link) without their agreement.
    #[arg(long, default_value_t = 180, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    away_seconds: u64,
    /// The most memory the server may take in MB: 64 MB for itself and 64 KB for each of
    /// --max-connections, the rest for its tables (their states as they grow, and their bots'
    /// thinking estimated from their specs); a table or bot that would go over it is refused.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(65..=1_048_576))]
    memory_mb: u64,
    /// The most memory one table's bots may take to think, in MB.
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    table_memory_mb: u64,
    /// Milliseconds a client has to send a request's head, from connecting or from its last
    /// answer (so also how long an unused kept-alive connection stays open).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    header_timeout_ms: u64,
    /// Milliseconds a client has to send a request's body once its head has arrived.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    body_timeout_ms: u64,
    /// Milliseconds after which a connection that moves no byte either way is closed (an
    /// open table page's event stream is sent a keep-alive well within it).
    #[arg(long, default_value_t = 60_000, value_parser = clap::value_parser!(u64).range(300..=3_600_000))]
    idle_timeout_ms: u64,
    /// The most connections open at once from one client address; more are closed unanswered.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_connections_per_client: u32,
    /// The most connections open at once in all (at most the open-files limit, which the
    /// server raises to its hard limit).
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections: u32,
    /// The most table pages one client address may have following tables (event streams).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_streams_per_client: u32,
    /// A host name the server answers to besides its IP addresses and `localhost` (for a
    /// reverse proxy or a local name, e.g. `--allow-host cards.lan`); repeatable. A request
    /// naming any other host is refused, so that a web page elsewhere cannot reach the
    /// tables by pointing its own name at this machine.
    #[arg(long = "allow-host", value_name = "NAME")]
    allow_hosts: Vec<String>,
    /// Let tables seat `exec:COMMAND` bots: a table's opener then runs any program on this
    /// machine, as this user. Only for a server nobody else can reach.
    #[arg(long)]
    allow_exec: bool,
    /// The SQLite file that keeps every table (created if missing): a restarted server
    /// reopens the unfinished ones, and finished matches stay for review. `:memory:` keeps
    /// nothing past the process. A `postgres://user:password@host:port/database` address
    /// keeps them in that Postgres database instead (one server per database, or a room of
    /// several with --advertise; `--db-sync` is then Postgres's own `synchronous_commit`).
    #[arg(
        long,
        value_name = "FILE|postgres://...",
        default_value = "cards-serve.db"
    )]
    db: String,
    /// How a move reaches the disk before it is acknowledged: `full` syncs every commit
    /// (nothing acknowledged is lost even if the machine loses power); `normal` syncs at
    /// checkpoints (nothing is lost if the server is killed, the last moves may be if the
    /// machine loses power), several times faster.
    #[arg(long, value_name = "full|normal", default_value = "full", value_parser = ["full", "normal"])]
    db_sync: String,
    /// Days a finished match (or a table closed before its end) is kept in the database for
    /// review; older ones are removed at start and every hour (or every quarter of the time
    /// kept, if less; a fraction of a day is allowed).
    #[arg(long, default_value_t = 30.0)]
    keep_days: f64,
    /// Keep an online backup of the database in this file: a consistent copy written at start
    /// and every `--backup-minutes` while the server runs, replacing the last one only once
    /// whole (restore: stop the server, copy the backup over the database, start it).
    #[arg(long, value_name = "FILE")]
    backup: Option<String>,
    /// Minutes between two backups (`--backup`; a fraction of a minute is allowed).
    #[arg(long, default_value_t = 60.0)]
    backup_minutes: f64,
    /// Serve in a room of servers sharing one Postgres database (`--db postgres://...`): the
    /// address (`host:port`) the other servers reach this one at. Each table is driven by one
    /// server at a time, under a lease in the database; a request for a table another server
    /// drives is forwarded to it; a server's tables are taken over when it stops. Every server
    /// of the room is started with it.
    #[arg(long, value_name = "HOST:PORT")]
    advertise: Option<String>,
    /// The leading bits of an IPv6 address that make one client in every per-client limit
    /// (a home or host is given a whole /64); IPv4 addresses count one by one.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u8).range(1..=128))]
    ipv6_prefix: u8,
    /// The most requests one client may make a second (twice as many at once); more are
    /// answered 429 with Retry-After.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_requests_per_second: u32,
    /// The most tables one client may open a minute (as many at once); more are answered 429
    /// with Retry-After. In a room (--advertise), also counted over every server of the room
    /// (the tables it opened in the last minute, by the database's clock).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_opens_per_minute: u32,
    /// The most bot decisions thought at once over all tables (0: one per core); the others
    /// wait their turn, first come first served, so bots never take every core from the pages.
    /// Bots that do not search (random, heuristic) decide on one thread of their own instead.
    #[arg(long, default_value_t = 0)]
    bot_threads: u16,
}

/// The bot caps of `cards serve`, for its `--help`.
fn serve_caps_help() -> String {
    format!(
        "Bots are seated only within these caps (a kind or option not listed is refused; a \
         search bot without ms is given ms={}):\n{}",
        serve::DEFAULT_BOT_MS,
        serve::caps_text()
    )
}

/// Reads `K/N`.
fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let parsed = text
        .split_once('/')
        .and_then(|(k, n)| Some((k.trim().parse().ok()?, n.trim().parse().ok()?)));
    match parsed {
        Some((k, n)) if k >= 1 && k <= n => Ok((k, n)),
        _ => Err(format!(
            "{text:?}: write K/N with 1 <= K <= N, e.g. 2/8 for the second of eight shards"
        )),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The language of an error: the command's `--lang`, else the environment's.
    let lang = lang_or_env(match &cli.command {
        Command::Play(args) => args.lang,
        Command::Rules { lang, .. } => *lang,
        _ => None,
    });
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match run(cli, &mut out) {
        Ok(code) => code,
        // A reader that closed the pipe (`cards example cego | head`) wanted no more.
        Err(CliError::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = out.flush();
            let words = cli::i18n::Catalogue::get(lang);
            let mut said = e.to_string();
            let told = Message::new("cli-error").arg("message", e.message());
            eprintln!("{}", words.format(&told));
            let mut source = std::error::Error::source(&e);
            while let Some(s) = source {
                // A cause already spelled out in the message above is not said twice.
                let text = s.to_string();
                if !said.contains(&text) {
                    let cause = Message::new("cli-error-caused-by").text("reason", &text);
                    eprintln!("  {}", words.format(&cause));
                    said = text;
                }
                source = s.source();
            }
            ExitCode::from(e.exit_code())
        }
    }
}

fn run(cli: Cli, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    match cli.command {
        Command::List => list(out)?,
        Command::Rules { game, lang } => rules(&game, lang_or_env(lang), out)?,
        Command::Example { game, name } => example(&game, name.as_deref(), out)?,
        Command::Play(args) => return play(args, out),
        Command::Simulate(args) => return run_simulate(args, out),
        Command::Tournament(args) => return tournament(args, out),
        Command::Merge(args) => merge(&args, out)?,
        Command::Serve(args) => run_serve(args, out)?,
        Command::Replay { file } => {
            let log = GameLog::read(&file)?;
            let g = registry::find(&log.game)?;
            g.replay(&log, out)?;
        }
        Command::Analyze {
            file,
            seat,
            worlds,
            seed,
            expert,
            json,
        } => {
            let log = GameLog::read(&file)?;
            let g = registry::find(&log.game)?;
            let options = cli::analyze::AnalyzeOptions {
                seat,
                worlds: usize::try_from(worlds).unwrap_or(usize::MAX),
                seed,
                expert: (expert != "rollouts").then_some(expert),
                ..cli::analyze::AnalyzeOptions::default()
            };
            let weighed = g.analyze(&log, &options)?;
            if json {
                let text = serde_json::to_string_pretty(&weighed)
                    .map_err(|e| CliError::Engine(e.to_string()))?;
                writeln!(out, "{text}")?;
            } else {
                cli::analyze::write_text(&weighed, out)?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `cards list`: one line per game.
fn list(out: &mut dyn Write) -> Result<(), CliError> {
    for g in registry::registry() {
        let p = g.players();
        let players = if p.start() == p.end() {
            format!("{}", p.start())
        } else {
            format!("{}-{}", p.start(), p.end())
        };
        writeln!(
            out,
            "{:<16} {:>4} players (default {})  {}",
            g.name(),
            players,
            g.default_players(),
            g.description()
        )?;
    }
    Ok(())
}

/// The language asked for, else the environment's (`LC_ALL`, `LC_MESSAGES`, `LANG`).
fn lang_or_env(lang: Option<cli::i18n::Lang>) -> cli::i18n::Lang {
    lang.unwrap_or_else(|| cli::i18n::Lang::from_env(|name| std::env::var(name).ok()))
}

/// `cards rules GAME`: the rules, the variant options and the bots, in `lang`.
fn rules(game: &str, lang: cli::i18n::Lang, out: &mut dyn Write) -> Result<(), CliError> {
    let g = registry::find(game)?;
    let words = cli::i18n::Catalogue::get(lang);
    let title = cli::play::tell::title_of(words, g.name(), g.title());
    writeln!(out, "{title}\n")?;
    writeln!(out, "{}", words.rules(g.name(), g.rules()).trim_end())?;
    writeln!(out, "\n{}", words.word("rules-options-head"))?;
    let options = cli::i18n::words::describe_options(words, g.name(), &g.options());
    write!(out, "{options}")?;
    writeln!(out, "\n{}", words.word("rules-bots-head"))?;
    let exec = [&cards_core::spec::EXEC_KIND];
    let bots = cli::i18n::words::describe_bots(words, g.bots().into_iter().chain(exec));
    write!(out, "{bots}")?;
    Ok(())
}

/// `cards example GAME [NAME]`: the worked examples, or the one named.
fn example(game: &str, name: Option<&str>, out: &mut dyn Write) -> Result<(), CliError> {
    let g = registry::find(game)?;
    let examples = g.examples();
    let chosen: Vec<_> = match name {
        Some(n) => {
            let found: Vec<_> = examples.iter().filter(|e| e.name == n).collect();
            if found.is_empty() {
                return Err(CliError::UnknownExample {
                    game: g.name(),
                    name: n.to_owned(),
                    known: examples
                        .iter()
                        .map(|e| e.name)
                        .collect::<Vec<_>>()
                        .join(", "),
                });
            }
            found
        }
        None => examples.iter().collect(),
    };
    for (i, e) in chosen.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(out, "== {} ({}) ==", e.title, e.name)?;
        writeln!(out, "{}", e.transcript.trim_end())?;
    }
    Ok(())
}

/// `cards play`: a person against bots in the terminal; exit code 3 when abandoned.
fn play(args: PlayArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let PlayArgs {
        game,
        players,
        seat,
        seed,
        bots,
        save,
        resume,
        single_deal,
        confirm_forced,
        options,
        lang,
    } = args;
    let resume = resume.as_deref().map(GameLog::read).transpose()?;
    let name = match (&game, &resume) {
        (Some(game), _) => game.clone(),
        (None, Some(log)) => log.game.clone(),
        (None, None) => return Err(CliError::Usage("name a game".to_owned())),
    };
    let g = cli::commands::find(&name)?;
    let options = PlayOptions {
        players,
        seat,
        seed,
        bots,
        save,
        single_deal,
        confirm_forced,
        options,
        resume,
        lang: lang_or_env(lang),
    };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let outcome = g.play(&options, &mut input, out)?;
    if outcome == Outcome::Abandoned {
        return Ok(ExitCode::from(3));
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes a report as pretty JSON (serde_json's, written straight into a buffer).
fn write_json(report: &impl serde::Serialize, out: &mut dyn Write) -> Result<(), CliError> {
    simulate::write_pretty(report, out)
}

/// The exit code of a report: the interrupt's when the run did not finish.
fn finished(partial: bool) -> ExitCode {
    if partial {
        // The results so far are out; the run did not finish.
        ExitCode::from(cli::interrupt::EXIT_CODE)
    } else {
        ExitCode::SUCCESS
    }
}

/// `cards simulate`: bots against bots, with statistics.
fn run_simulate(args: SimulateArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let g = cli::commands::find(&args.game)?;
    let report = g.simulate(&SimOptions {
        games: args.games,
        seed: args.seed,
        bots: args.bots,
        players: args.players,
        threads: args.threads,
        whole_match: args.whole_match,
        progress: true,
        progress_every: args.progress_every,
        shard: args.shard,
        options: args.options,
        all_rotations: args.all_rotations,
    })?;
    if args.json {
        write_json(&report, out)?;
    } else {
        write!(out, "{}", simulate::table(&report))?;
    }
    Ok(finished(report.partial))
}

/// `cards tournament`: every bot against every other, with ratings.
fn tournament(args: TournamentArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let g = cli::commands::find(&args.game)?;
    let report = g.tournament(&cli::tournament::TourOptions {
        games: args.games,
        seed: args.seed,
        bots: args.bots,
        players: args.players,
        threads: args.threads,
        progress: true,
        progress_every: args.progress_every,
        shard: args.shard,
        options: args.options,
        ladder: args.ladder,
    })?;
    if args.json {
        write_json(&report, out)?;
    } else {
        write!(out, "{}", cli::tournament::table(&report))?;
    }
    Ok(finished(report.partial))
}

/// `cards merge`: the shards' reports combined, all tournaments or all simulations.
fn merge(args: &MergeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut values = Vec::new();
    for file in &args.files {
        let text = std::fs::read_to_string(file).map_err(|source| CliError::Io {
            path: file.clone(),
            source,
        })?;
        let value: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| CliError::Usage(format!("{file} is not a --json report: {e}")))?;
        values.push((file, value));
    }
    let tournaments = values
        .iter()
        .filter(|(_, v)| v.get("kind").and_then(|k| k.as_str()) == Some("tournament"))
        .count();
    if tournaments > 0 && tournaments < values.len() {
        return Err(CliError::Usage(
            "cannot merge: the reports mix tournaments and simulations".to_owned(),
        ));
    }
    if tournaments > 0 {
        let mut reports = Vec::new();
        for (file, value) in values {
            reports.push(serde_json::from_value(value).map_err(|e| {
                CliError::Usage(format!("{file} is not a tournament --json report: {e}"))
            })?);
        }
        let report = cli::tournament::merge(&reports, args.allow_partial)?;
        if args.json {
            write_json(&report, out)?;
        } else {
            write!(out, "{}", cli::tournament::table(&report))?;
        }
        return Ok(());
    }
    let mut reports = Vec::new();
    for (file, value) in values {
        reports.push(serde_json::from_value(value).map_err(|e| {
            CliError::Usage(format!("{file} is not a simulate --json report: {e}"))
        })?);
    }
    let report = simulate::merge(&reports, args.allow_partial)?;
    if args.json {
        write_json(&report, out)?;
    } else {
        write!(out, "{}", simulate::table(&report))?;
    }
    Ok(())
}

/// `cards serve`: the web server, until it is stopped.
fn run_serve(args: ServeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let idle_minutes = args.idle_minutes;
    if !(idle_minutes.is_finite() && idle_minutes > 0.0 && idle_minutes <= 10_080.0) {
        return Err(CliError::Usage(format!(
            "--idle-minutes {idle_minutes}: give a number of minutes above 0, at most a week"
        )));
    }
    let keep_days = args.keep_days;
    let backup_minutes = args.backup_minutes;
    if !(backup_minutes.is_finite() && (0.001..=10_080.0).contains(&backup_minutes)) {
        return Err(CliError::Usage(format!(
            "--backup-minutes {backup_minutes}: give a number of minutes from 0.001 to 10080"
        )));
    }
    if !(keep_days.is_finite() && (0.0..=36_500.0).contains(&keep_days)) {
        return Err(CliError::Usage(format!(
            "--keep-days {keep_days}: give a number of days from 0 to 36500"
        )));
    }
    serve::serve(
        &serve::ServeOptions {
            bind: args.bind,
            max_tables: usize::from(args.max_tables),
            max_tables_per_client: usize::from(args.max_tables_per_client),
            idle: std::time::Duration::from_secs_f64(idle_minutes * 60.0),
            away: std::time::Duration::from_secs(args.away_seconds),
            memory: args.memory_mb << 20,
            table_memory: args.table_memory_mb << 20,
            limits: serve::Limits {
                header_timeout: std::time::Duration::from_millis(args.header_timeout_ms),
                body_timeout: std::time::Duration::from_millis(args.body_timeout_ms),
                idle_timeout: std::time::Duration::from_millis(args.idle_timeout_ms),
                per_client: args.max_connections_per_client as usize,
                total: args.max_connections as usize,
                streams_per_client: args.max_streams_per_client as usize,
                v6_prefix: args.ipv6_prefix,
                requests_per_second: args.max_requests_per_second,
                opens_per_minute: args.max_opens_per_minute,
                bot_threads: match args.bot_threads {
                    0 => std::thread::available_parallelism().map_or(1, usize::from),
                    n => usize::from(n),
                },
            },
            hosts: args.allow_hosts,
            allow_exec: args.allow_exec,
            db: args.db,
            db_sync: if args.db_sync == "normal" {
                serve::DbSync::Normal
            } else {
                serve::DbSync::Full
            },
            keep: std::time::Duration::from_secs_f64(keep_days * 86_400.0),
            backup: args.backup.map(|path| {
                (
                    path,
                    std::time::Duration::from_secs_f64(backup_minutes * 60.0),
                )
            }),
            advertise: args.advertise,
        },
        out,
    )?;
    Ok(())
}
