//! The heuristic bot.

use cards_core::bot::{Bot, Decision};
use cards_core::rng::GameRng;

use crate::BigA;
use crate::action::{Action, Play};
use crate::rules::{Combo, Counts, RANKS};
use crate::state::Phase;

/// A heuristic player: never exposes voluntarily; leads its longest, lowest ordinary
/// combination without breaking bombs; beats opponents as cheaply as it can, keeping bombs for
/// when an opponent is close to going out; never beats a known partner; always captures with
/// Fours; goes out whenever it can.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicBot;

/// How valuable the cards of a play are (higher: keep them longer).
fn cost(play: Play, c: &Counts, extra: bool) -> i32 {
    let key = match play.combo {
        Combo::Single(r) | Combo::Pair(r) | Combo::Kind { rank: r, .. } => i32::from(r),
        Combo::Joker(red) => 13 + i32::from(red),
        Combo::BigAce => 15,
        Combo::Run { start, .. } => i32::from(start),
        Combo::Jokers { red, .. } => i32::from(red),
        Combo::BigAcePair => 20,
    };
    let mut v = key * 2 - i32::from(play.combo.len()) * 6;
    if let Some(level) = play.combo.bomb_level(extra) {
        v += 100 + i32::from(level) * 20;
    }
    // Breaking up a bomb (3+ of a rank) for an ordinary play is expensive.
    let broken = match play.combo {
        Combo::Single(r) | Combo::Pair(r) => c.rank[r as usize] >= 3,
        Combo::Run { width, start, len } if width <= 2 => {
            (start..start + len).any(|p| c.rank[crate::rules::chain_rank(p) as usize] >= 3 + width)
        }
        _ => false,
    };
    if broken {
        v += 40;
    }
    if play.big > 0 && !matches!(play.combo, Combo::BigAce | Combo::BigAcePair) {
        v += 30;
    }
    v
}

impl Bot<BigA> for HeuristicBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, decision: &Decision<'_, BigA>, _rng: &mut GameRng) -> usize {
        let legal = decision.legal();
        // Before card play the legal actions hold an exposure (or only `pass`): pass, without
        // building the view (this bot is the search bots' rollout policy).
        if trivial(legal) {
            return 0;
        }
        let view = decision.view();
        if view.phase != Phase::Play {
            return 0;
        }
        let top = view.top.map(|(top_seat, _)| Top {
            partner: view.my_team.is_some()
                && view.my_team == view.teams.get(top_seat.index()).copied().flatten(),
            close: view.counts.get(top_seat.index()).is_some_and(|&n| n <= 6),
        });
        let c = Counts::of(view.hand.faces(), view.big_suit);
        choose_play(legal, &c, view.hand.len(), top)
    }
}

/// Whether the heuristic passes without looking: one legal action, or a draw-phase choice.
pub(crate) fn trivial(legal: &[Action]) -> bool {
    legal.len() <= 1 || legal.iter().any(|a| matches!(a, Action::Expose { .. }))
}

/// What the heuristic needs to know of the top of the pile.
#[derive(Clone, Copy)]
pub(crate) struct Top {
    /// Played by a publicly known partner of the seat (the seat knowing its own team).
    pub(crate) partner: bool,
    /// Played by a seat holding 6 cards or fewer.
    pub(crate) close: bool,
}

/// The heuristic's choice in card play from the seat's own counts `c`, its hand size `held`
/// and the top of the pile (`None`: a new lead).
pub(crate) fn choose_play(legal: &[Action], c: &Counts, held: usize, top: Option<Top>) -> usize {
    let extra = false;
    // Go out if possible.
    if let Some(i) = legal
        .iter()
        .position(|a| matches!(a, Action::Play(p) if usize::from(p.combo.len()) == held))
    {
        return i;
    }
    if let Some(i) = legal.iter().position(|a| matches!(a, Action::Capture(_))) {
        return i;
    }
    let plays = legal.iter().enumerate().filter_map(|(i, a)| match a {
        Action::Play(p) => Some((i, *p)),
        _ => None,
    });
    let Some(top) = top else {
        return plays
            .min_by_key(|(_, p)| cost(*p, c, extra))
            .map_or(0, |(i, _)| i);
    };
    if top.partner {
        return 0; // never beat a partner
    }
    let danger = top.close || held <= 8;
    let best = plays
        .filter(|(_, p)| danger || p.combo.bomb_level(extra).is_none())
        .min_by_key(|(_, p)| cost(*p, c, extra));
    match best {
        Some((i, p)) => {
            let k = cost(p, c, extra);
            // Hold top singles (2, 3, jokers, Big Ace) while the hand is long.
            if !danger && matches!(p.combo, Combo::Single(r) if r as usize >= RANKS - 2)
                || (!danger && k >= 26 && held > 12)
            {
                0
            } else {
                i
            }
        }
        None => 0,
    }
}
