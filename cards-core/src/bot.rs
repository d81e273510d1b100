//! Bots, and the loop that lets them play.

use std::fmt;

use crate::game::Game;
use crate::rng::{GameRng, below};
use crate::seat::{PerSeat, Seat};

/// What a bot is shown when it must decide: its seat, its view, the legal actions, and a
/// determinizer. It never sees the true state.
pub struct Decision<'a, G: Game> {
    state: &'a G::State,
    seat: Seat,
    legal: &'a [G::Action],
}

impl<G: Game> fmt::Debug for Decision<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Decision")
            .field("seat", &self.seat)
            .field("legal", &self.legal)
            .finish_non_exhaustive()
    }
}

impl<'a, G: Game> Decision<'a, G> {
    /// The decision of `seat` in `state` over the `legal` actions.
    pub fn new(state: &'a G::State, seat: Seat, legal: &'a [G::Action]) -> Self {
        Decision { state, seat, legal }
    }

    /// The seat that decides.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The legal actions (never empty).
    pub fn legal(&self) -> &'a [G::Action] {
        self.legal
    }

    /// The rules being played (public to every seat).
    pub fn config(&self) -> &'a G::Config {
        G::config(self.state)
    }

    /// The kind of decision ([`Game::phase`]; public to every seat).
    pub fn phase(&self) -> &'static str {
        G::phase(self.state)
    }

    /// What the seat sees.
    pub fn view(&self) -> G::View {
        G::view(self.state, self.seat)
    }

    /// A full state consistent with what the seat knows (for search bots).
    pub fn determinize(&self, rng: &mut GameRng) -> G::State {
        G::determinize(self.state, self.seat, rng)
    }

    /// The protocol's decision message for this seat (`docs/protocol.md`): its view, the
    /// `events` it saw since its last decision, the phase, the legal actions by index and
    /// notation, and its time budget. Built from the view and the legal list only, so it holds
    /// nothing the seat may not see.
    pub fn message(&self, events: Vec<String>, budget_ms: u64) -> crate::protocol::Message {
        crate::protocol::Message::Decide {
            view: serde_json::to_value(self.view()).unwrap_or(serde_json::Value::Null),
            events,
            phase: self.phase().to_owned(),
            legal: self
                .legal
                .iter()
                .enumerate()
                .map(|(index, a)| crate::protocol::LegalAction {
                    index,
                    action: a.to_string(),
                })
                .collect(),
            budget_ms,
        }
    }

    /// The same decision over `legal` instead, for a bot that has ruled some actions out
    /// and lets another bot choose among the rest. `legal` should be a non-empty part of
    /// [`Decision::legal`], in its order (a search bot matches its tree to it); the chosen
    /// index is then one into `legal`.
    pub fn narrowed<'b>(&self, legal: &'b [G::Action]) -> Decision<'b, G>
    where
        'a: 'b,
    {
        Decision {
            state: self.state,
            seat: self.seat,
            legal,
        }
    }
}

/// A player program. It sees only a [`Decision`]: its view, the legal actions, a determinizer.
pub trait Bot<G: Game>: Send {
    /// The bot's kind, e.g. `random`.
    fn name(&self) -> &str;

    /// The index in `decision.legal()` of the chosen action.
    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> usize;

    /// Search iterations run over all decisions so far (0 for a bot that does not search).
    fn iterations(&self) -> u64 {
        0
    }

    /// Whether the bot wants [`Bot::observe`] called after every action (redacting events
    /// for it has a cost, so only bots that ask are shown them).
    fn observes(&self) -> bool {
        false
    }

    /// The events of one action as `seat` (the bot's seat) sees them ([`Game::redact`]),
    /// called after every action when [`Bot::observes`].
    fn observe(&mut self, _seat: Seat, _events: &[G::Event]) {}

    /// The match is over with these scores; called once at its end when [`Bot::observes`].
    fn finish(&mut self, _seat: Seat, _scores: &PerSeat<f64>) {}

    /// Faults so far (a bot program that crashed, hung or answered badly; 0 for others).
    fn faults(&self) -> u64 {
        0
    }
}

impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for Box<B> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> usize {
        (**self).choose(decision, rng)
    }

    fn iterations(&self) -> u64 {
        (**self).iterations()
    }

    fn observes(&self) -> bool {
        (**self).observes()
    }

    fn observe(&mut self, seat: Seat, events: &[G::Event]) {
        (**self).observe(seat, events);
    }

    fn finish(&mut self, seat: Seat, scores: &PerSeat<f64>) {
        (**self).finish(seat, scores);
    }

    fn faults(&self) -> u64 {
        (**self).faults()
    }
}

/// Chooses uniformly among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> usize {
        below(rng, decision.legal().len() as u64) as usize
    }
}

/// The bot kinds every game offers.
pub const BOT_KINDS: [&str; 3] = ["random", "heuristic", "ismcts"];

/// A bot spec, `kind[:key=value,...]`, e.g. `heuristic`, `ismcts:iters=2000`,
/// `ismcts:ms=200,c=0.5`: one syntax for every command and for [`make_bot`]. Its `Display` is
/// the spec as given, the name the bot reports under.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BotSpec {
    /// The bot kind (see [`BOT_KINDS`]).
    pub kind: String,
    /// The options, in the order given.
    pub params: Vec<(String, String)>,
}

/// Why a bot spec is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotSpecError {
    /// Nothing where a spec was expected.
    #[error("an empty bot spec (write kind[:key=value,...], e.g. ismcts:iters=1000)")]
    Empty,
    /// An option without a bot before it, or not of the form `key=value`.
    #[error("{text:?} is not of the form kind[:key=value,...]")]
    Malformed {
        /// The text.
        text: String,
    },
    /// No such bot kind.
    #[error("unknown bot kind {kind:?} (known: {known})")]
    UnknownKind {
        /// The kind asked for.
        kind: String,
        /// The kinds there are.
        known: String,
    },
    /// An option the bot kind does not take or a value out of range.
    #[error("bot {spec}: {reason}")]
    BadOption {
        /// The spec.
        spec: String,
        /// What is wrong and what is allowed.
        reason: String,
    },
}

impl BotSpec {
    /// The value of an option, the last one given.
    pub fn param(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Reads a comma-separated list of specs. A piece of the form `key=value` belongs to the
    /// spec before it, so `ismcts:iters=2000,c=0.5,heuristic` is two bots.
    ///
    /// # Errors
    /// An empty piece, or an option with no bot before it.
    pub fn parse_list(text: &str) -> Result<Vec<BotSpec>, BotSpecError> {
        let mut specs: Vec<BotSpec> = Vec::new();
        for piece in text.split(',').map(str::trim) {
            match (
                piece.contains('=') && !piece.contains(':'),
                specs.last_mut(),
            ) {
                (true, Some(last)) => {
                    let (k, v) = key_value(piece)?;
                    last.params.push((k, v));
                }
                (true, None) => {
                    return Err(BotSpecError::Malformed {
                        text: piece.to_owned(),
                    });
                }
                (false, _) => specs.push(piece.parse()?),
            }
        }
        Ok(specs)
    }
}

fn key_value(piece: &str) -> Result<(String, String), BotSpecError> {
    match piece.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() && !v.trim().is_empty() => {
            Ok((k.trim().to_owned(), v.trim().to_owned()))
        }
        _ => Err(BotSpecError::Malformed {
            text: piece.to_owned(),
        }),
    }
}

impl std::str::FromStr for BotSpec {
    type Err = BotSpecError;

    fn from_str(text: &str) -> Result<Self, BotSpecError> {
        let text = text.trim();
        let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
        let kind = kind.trim();
        if kind.is_empty() {
            return Err(if text.is_empty() {
                BotSpecError::Empty
            } else {
                BotSpecError::Malformed {
                    text: text.to_owned(),
                }
            });
        }
        if kind == "exec" {
            // `exec:COMMAND LINE`: the rest is the command, kept whole as option `cmd`.
            let cmd = rest.trim();
            if cmd.is_empty() {
                return Err(BotSpecError::Malformed {
                    text: text.to_owned(),
                });
            }
            return Ok(BotSpec {
                kind: kind.to_owned(),
                params: vec![("cmd".to_owned(), cmd.to_owned())],
            });
        }
        if kind.contains('=') || kind.chars().any(char::is_whitespace) {
            return Err(BotSpecError::Malformed {
                text: text.to_owned(),
            });
        }
        let params = if rest.trim().is_empty() {
            Vec::new()
        } else {
            rest.split(',').map(key_value).collect::<Result<_, _>>()?
        };
        Ok(BotSpec {
            kind: kind.to_owned(),
            params,
        })
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.kind)?;
        if let ("exec", Some(cmd)) = (self.kind.as_str(), self.param("cmd")) {
            return write!(f, ":{cmd}");
        }
        for (i, (k, v)) in self.params.iter().enumerate() {
            write!(f, "{}{k}={v}", if i == 0 { ':' } else { ',' })?;
        }
        Ok(())
    }
}

/// The bot a spec describes, reporting under the spec's text. `random` and `heuristic` take no
/// options; `ismcts` starts from the game's [`Game::search_defaults`] and takes the options of
/// [`crate::search::IsmctsOptions::set`]. A time budget (`ms`) needs a `clock`.
///
/// # Errors
/// An unknown kind, an option the kind does not take, a bad value, or `ms` without a clock.
pub fn make_bot<G: Game>(
    spec: &BotSpec,
    clock: Option<crate::search::Clock>,
) -> Result<Box<dyn Bot<G>>, BotSpecError> {
    let bad = |reason: String| BotSpecError::BadOption {
        spec: spec.to_string(),
        reason,
    };
    match spec.kind.as_str() {
        "random" | "heuristic" => {
            if let Some((k, _)) = spec.params.first() {
                return Err(bad(format!("{} takes no options, not {k:?}", spec.kind)));
            }
            Ok(if spec.kind == "random" {
                Box::new(RandomBot)
            } else {
                G::heuristic_bot()
            })
        }
        "ismcts" => {
            let mut options = G::search_defaults();
            for (k, v) in &spec.params {
                options.set(k, v).map_err(&bad)?;
            }
            let bot = crate::search::Ismcts::<G>::new(options.clone()).named(spec.to_string());
            match (options.millis, clock) {
                (Some(_), None) => Err(bad(
                    "a time budget (ms) needs a clock; give iters instead".to_owned()
                )),
                (_, Some(clock)) => Ok(Box::new(bot.with_clock(clock))),
                (None, None) => Ok(Box::new(bot)),
            }
        }
        _ => G::game_bot(spec, clock).unwrap_or_else(|| {
            Err(BotSpecError::UnknownKind {
                kind: spec.kind.clone(),
                known: bot_kinds::<G>().join(", "),
            })
        }),
    }
}

/// Every bot kind `G` offers: [`BOT_KINDS`], then the game's own
/// ([`crate::Catalog::game_bot_kinds`]).
pub fn bot_kinds<G: Game>() -> Vec<&'static str> {
    let mut kinds = BOT_KINDS.to_vec();
    kinds.extend(G::game_bot_kinds().iter().map(|&(k, _)| k));
    kinds
}

/// An engine defect found while playing a match out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The match did not end within [`Game::max_actions`].
    #[error("the match did not end within {limit} actions")]
    TooLong {
        /// The bound that was passed.
        limit: usize,
    },
    /// A seat was to move with no legal action.
    #[error("{seat} is to move but has no legal action")]
    NoLegalAction {
        /// The seat to move.
        seat: Seat,
    },
}

/// Lets `bots` (one per seat) play `state` to the end. Returns the number of actions taken.
/// Events are pushed onto `events` when it is given.
///
/// # Errors
/// When the match runs past [`Game::max_actions`] or a seat to move has no legal action,
/// both engine defects.
pub fn play_out<G: Game, B: Bot<G>>(
    state: &mut G::State,
    bots: &mut PerSeat<B>,
    rng: &mut GameRng,
    mut events: Option<&mut Vec<G::Event>>,
) -> Result<usize, PlayError> {
    let limit = G::max_actions(G::config(state));
    let mut legal = Vec::new();
    let mut scratch = Vec::new();
    let observing: Vec<Seat> = bots
        .iter()
        .filter(|(_, b)| b.observes())
        .map(|(s, _)| s)
        .collect();
    let mut n = 0;
    while let Some(seat) = G::to_move(state) {
        if n >= limit {
            return Err(PlayError::TooLong { limit });
        }
        G::legal_actions_into(state, &mut legal);
        if legal.is_empty() {
            return Err(PlayError::NoLegalAction { seat });
        }
        let i = {
            let d = Decision::<G>::new(state, seat, &legal);
            bots[seat].choose(&d, rng)
        };
        let action = &legal[i.min(legal.len() - 1)];
        let new_events = if let Some(ev) = events.as_deref_mut() {
            let from = ev.len();
            G::apply_unchecked(state, action, ev);
            &ev[from..]
        } else {
            scratch.clear();
            G::apply_unchecked(state, action, &mut scratch);
            &scratch[..]
        };
        for &s in &observing {
            let seen: Vec<G::Event> = new_events.iter().filter_map(|e| G::redact(e, s)).collect();
            bots[s].observe(s, &seen);
        }
        n += 1;
    }
    if !observing.is_empty() {
        let scores = G::scores(state);
        for &s in &observing {
            bots[s].finish(s, &scores);
        }
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_list_splits_bots_and_keeps_options_with_their_bot() {
        let specs = BotSpec::parse_list("ismcts:iters=2000,c=0.5, heuristic,random").unwrap();
        assert_eq!(specs.len(), 3);
        assert_eq!(specs[0].kind, "ismcts");
        assert_eq!(specs[0].param("iters"), Some("2000"));
        assert_eq!(specs[0].param("c"), Some("0.5"));
        assert_eq!(specs[0].to_string(), "ismcts:iters=2000,c=0.5");
        assert_eq!(specs[1].to_string(), "heuristic");
        assert_eq!(specs[2].to_string(), "random");
    }

    #[test]
    fn an_exec_spec_keeps_its_command_line_whole() {
        let specs = BotSpec::parse_list("exec:python3 my_bot.py --fast,random").unwrap();
        assert_eq!(specs.len(), 2);
        assert_eq!(specs[0].kind, "exec");
        assert_eq!(specs[0].param("cmd"), Some("python3 my_bot.py --fast"));
        assert_eq!(specs[0].to_string(), "exec:python3 my_bot.py --fast");
        assert_eq!(specs[1].to_string(), "random");
        assert!(matches!(
            "exec:".parse::<BotSpec>(),
            Err(BotSpecError::Malformed { .. })
        ));
    }

    #[test]
    fn malformed_specs_are_refused() {
        assert_eq!(BotSpec::parse_list(""), Err(BotSpecError::Empty));
        assert_eq!(
            BotSpec::parse_list("random,,heuristic"),
            Err(BotSpecError::Empty)
        );
        assert!(matches!(
            BotSpec::parse_list("iters=5,random"),
            Err(BotSpecError::Malformed { .. })
        ));
        assert!(matches!(
            "ismcts:iters".parse::<BotSpec>(),
            Err(BotSpecError::Malformed { .. })
        ));
        assert!(matches!(
            ":iters=3".parse::<BotSpec>(),
            Err(BotSpecError::Malformed { .. })
        ));
    }

    #[test]
    fn search_options_are_set_by_key_and_bad_values_refused() {
        let mut o = crate::search::IsmctsOptions::default();
        o.set("iters", "250").unwrap();
        o.set("c", "1.5").unwrap();
        o.set("rollout", "mixed30").unwrap();
        o.set("cutoff", "40").unwrap();
        o.set("widen", "2/0.5").unwrap();
        o.set("seed", "9").unwrap();
        o.set("ms", "20").unwrap();
        assert_eq!(
            o.describe(),
            "iters=250,ms=20,c=1.5,rollout=mixed30,cutoff=40,widen=2/0.5,seed=9"
        );
        o.set("cutoff", "0").unwrap();
        assert_eq!(
            o.cutoff,
            Some(0),
            "0: the estimate at the new node, no rollout"
        );
        o.set("cutoff", "none").unwrap();
        o.set("widen", "none").unwrap();
        assert_eq!((o.cutoff, o.widening), (None, None));
        for (k, v) in [
            ("iters", "0"),
            ("iters", "many"),
            ("ms", "0"),
            ("c", "-1"),
            ("c", "NaN"),
            ("rollout", "mixed101"),
            ("rollout", "clever"),
            ("widen", "2"),
            ("widen", "2/1.5"),
            ("depth", "3"),
        ] {
            let before = o.clone();
            assert!(o.set(k, v).is_err(), "{k}={v} accepted");
            assert_eq!(o, before, "{k}={v} changed the options");
        }
    }
}
