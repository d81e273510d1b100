//! The options of a search bot: budgets, rollout policy, cut-off, widening, exploration.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// Time since an arbitrary fixed origin, supplied by the caller (the CLI passes
/// `std::time::Instant`); the library never reads the clock itself.
///
/// **Deadlines.** A search bot given a time budget (`ms`) reads the clock when a decision
/// starts and sets its deadline `ms` later (with a saturating addition: a clock near
/// [`Duration::MAX`] never overflows, the deadline then is [`Duration::MAX`]). The search
/// reads the clock again as it goes (ISMCTS before each iteration; a game's own bots as they
/// document, e.g. every thousand or so solver nodes) and stops once the clock has reached the
/// deadline, deciding with what it has found so far. A search always does at least one
/// iteration, so a decision past its deadline still returns a legal choice, quickly.
///
/// **Cancel.** To cancel the decisions of bots in progress (say the table they sit at was
/// closed), make their clock jump past every deadline: for instance return the elapsed time
/// plus 10^9 s once a flag is set. Every search then stops at its next reading of the clock
/// and its bot returns at once. The jump must stay within [`Duration`] (use
/// [`Duration::saturating_add`]); a bot without a time budget has no deadline and is not
/// cancelled this way, so a caller that needs to cancel gives every search bot a budget.
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use std::time::{Duration, Instant};
/// use cards_core::search::Clock;
///
/// let start = Instant::now();
/// let cancelled = Arc::new(AtomicBool::new(false));
/// let flag = cancelled.clone();
/// let clock: Clock = Arc::new(move || {
///     let t = start.elapsed();
///     if flag.load(Ordering::Relaxed) {
///         t.saturating_add(Duration::from_secs(1_000_000_000))
///     } else {
///         t
///     }
/// });
/// cancelled.store(true, Ordering::Relaxed);
/// assert!(clock() > Duration::from_secs(999_999_999));
/// ```
pub type Clock = Arc<dyn Fn() -> Duration + Send + Sync>;

/// How a rollout chooses its actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Uniformly among the legal actions.
    Random,
    /// The game's heuristic bot ([`crate::Search::heuristic_bot`]) at every step.
    Heuristic,
    /// The heuristic bot with this percentage of its steps, random play at the others.
    Mixed(u8),
}

impl fmt::Display for Rollout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rollout::Random => f.write_str("random"),
            Rollout::Heuristic => f.write_str("heuristic"),
            Rollout::Mixed(p) => write!(f, "mixed{p}"),
        }
    }
}

impl std::str::FromStr for Rollout {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "random" => Ok(Rollout::Random),
            "heuristic" => Ok(Rollout::Heuristic),
            _ => s
                .strip_prefix("mixed")
                .and_then(|p| p.parse::<u8>().ok())
                .filter(|&p| p <= 100)
                .map(Rollout::Mixed)
                .ok_or_else(|| {
                    format!("rollout must be random, heuristic or mixedP (P in 0..=100), not {s:?}")
                }),
        }
    }
}

/// Progressive widening: a node may have at most `ceil(k · (visits + 1)^alpha)` children, so a
/// decision with thousands of legal actions is searched in depth on its better candidates
/// instead of trying each once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Widening {
    /// The factor `k`.
    pub k: f64,
    /// The exponent `alpha`, in `(0, 1)`.
    pub alpha: f64,
}

/// The options of an [`Ismcts`](super::Ismcts) bot.
#[derive(Clone, Debug, PartialEq)]
pub struct IsmctsOptions {
    /// Iterations per decision (the budget when no time budget is set, and a cap when one is).
    pub iterations: u32,
    /// A time budget per decision in milliseconds; needs a [`Clock`].
    pub millis: Option<u64>,
    /// The UCB1 exploration constant `c` (rewards are in `[0, 1]`).
    pub exploration: f64,
    /// The rollout policy.
    pub rollout: Rollout,
    /// Rollout actions before the game's estimate ([`crate::Search::evaluate`]) ends the rollout; `None`
    /// plays to the end of the match.
    pub cutoff: Option<u32>,
    /// Progressive widening; `None` expands every legal action.
    pub widening: Option<Widening>,
    /// A seed of the bot's own. Without one the bot draws from the generator `choose` is given.
    pub seed: Option<u64>,
}

impl Default for IsmctsOptions {
    /// 1,000 iterations, `c = 0.7`, random rollouts to the end, no widening.
    fn default() -> Self {
        IsmctsOptions {
            iterations: 1000,
            millis: None,
            exploration: 0.7,
            rollout: Rollout::Random,
            cutoff: None,
            widening: None,
            seed: None,
        }
    }
}

impl IsmctsOptions {
    /// The options as a bot spec's parameters (`iters=1000,c=0.7,...`), every option named.
    pub fn describe(&self) -> String {
        use std::fmt::Write;
        let mut s = format!("iters={}", self.iterations);
        if let Some(ms) = self.millis {
            let _ = write!(s, ",ms={ms}");
        }
        let _ = write!(s, ",c={},rollout={}", self.exploration, self.rollout);
        if let Some(c) = self.cutoff {
            let _ = write!(s, ",cutoff={c}");
        }
        if let Some(w) = self.widening {
            let _ = write!(s, ",widen={}/{}", w.k, w.alpha);
        }
        if let Some(seed) = self.seed {
            let _ = write!(s, ",seed={seed}");
        }
        s
    }
}
