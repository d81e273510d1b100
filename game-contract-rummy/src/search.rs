//! The search hooks' helpers (see the crate documentation, "Search bots"): what the search
//! bots play for (the rewards), the cut-off evaluation (the race of estimate.rs), the default
//! options, the determinizer, the rollout choice and the search's candidates: a rummy turn can
//! list thousands of melds, and searching them all spreads 1,000 iterations over noise.

use cards_core::rng::{GameRng, Seed, below, rng_from_seed, shuffle};
use cards_core::search::{Ismcts, IsmctsOptions, Rollout, Widening};
use cards_core::seat::{PerSeat, Seat};
use cards_core::{Bot, Decision, Game};

use crate::ContractRummy;
use crate::action::Action;
use crate::bots::{Planner, planner_step};
use crate::cards::{Card, Hand};
use crate::estimate::points;
use crate::planner;
use crate::state::{Phase, State};

/// Penalty points per round that map to a reward of 0 (a seat's reward falls linearly from 1
/// at no points to 0 at this many points per round of the match). Hands of round 1 leave about
/// 20 points on average and rarely more than 100, so the scale is almost never reached.
pub const REWARD_POINTS_PER_ROUND: f64 = 200.0;

/// Each seat's reward, linear in its match total: `1 - total / (200 · rounds)`, clamped to
/// `[0, 1]`. A bot that maximises its expected reward minimises its expected points.
pub(crate) fn rewards(state: &State) -> PerSeat<f64> {
    let scale = REWARD_POINTS_PER_ROUND * f64::from(state.config.rounds.max(1));
    state
        .totals
        .map(|_, &t| (1.0 - f64::from(t) / scale).clamp(0.0, 1.0))
}

/// The cut-off estimate: each seat's reward as [`rewards`] would give it with the round's
/// points estimated by [`points`] added to the totals, the race run on each seat's pool (its
/// hand and its melds together), so that putting cards down without going out counts only as
/// a skipped draw.
pub(crate) fn evaluate(state: &State) -> PerSeat<f64> {
    if state.phase == Phase::Over {
        return rewards(state);
    }
    let points = points(state);
    let scale = REWARD_POINTS_PER_ROUND * f64::from(state.config.rounds.max(1));
    state.totals.map(|s, &t| {
        let p = points.get(s.index()).copied().unwrap_or(0.0);
        (1.0 - (f64::from(t) + p) / scale).clamp(0.0, 1.0)
    })
}

/// The game's search defaults (see the crate documentation, "Search bots").
pub(crate) fn search_defaults() -> IsmctsOptions {
    IsmctsOptions {
        exploration: 0.1,
        rollout: Rollout::Heuristic,
        cutoff: Some(0),
        widening: Some(Widening { k: 2.0, alpha: 0.5 }),
        ..IsmctsOptions::default()
    }
}

/// A full state agreeing with everything `seat` knows: the unseen cards (the stock and the
/// other hands) redealt at random to the other hands, by their counts, and the stock; a fresh
/// match seed for the later deals.
pub(crate) fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
    if state.phase == Phase::Over {
        // The last round's hands were scored in the open (C7): nothing is hidden, and the
        // recorded points must keep matching the hands (`State::validate`).
        return state.clone();
    }
    let mut s = state.clone();
    let n = state.config.players;
    // The unseen cards (stock and the other hands) in a canonical order, never in the
    // order of the true stock or hands, so that the result depends only on what `seat`
    // knows and on `rng`.
    let mut unseen: Hand = state.stock.iter().copied().collect();
    for o in Seat::all(n).filter(|&o| o != seat) {
        for c in state.hands[o].iter() {
            unseen.add(c);
        }
    }
    let mut pool: Vec<Card> = unseen.iter().collect();
    shuffle(rng, &mut pool);
    for o in Seat::all(n).filter(|&o| o != seat) {
        let k = state.hands[o].len();
        let mut h = Hand::new();
        for _ in 0..k {
            if let Some(c) = pool.pop() {
                h.add(c);
            }
        }
        s.hands[o] = h;
    }
    s.stock = pool;
    // Later deals are unseen too: a fresh match seed.
    s.seed = Seed::Short(below(rng, u64::MAX));
    s
}

/// The rollout's choice: the planner's step out when `seat` can go out in one turn, otherwise
/// `None` (the heuristic bot chooses).
pub(crate) fn rollout_choice(state: &State, seat: Seat, legal: &[Action]) -> Option<usize> {
    planner_step(
        &state.hands[seat],
        &state.melds,
        seat,
        state.phase,
        state.info,
        legal,
    )
}

/// Writes into `out` the indices in `legal` (the game's whole list at `state`, for `seat`) of
/// the candidates, ascending. They depend only on the hand of the seat to move and the table.
/// A list of one action is left as it is (`false`).
///
/// - A seat that can go out this turn: the planner's step out and the turn's control action
///   (`draw`, or `done` once something is down): lay down now or hold.
/// - A final turn, or a turn on an empty stock (no card will come): the one step towards the
///   fewest points left in hand, solved exactly up to [`planner::EXACT_FINAL_LIMIT`] cards
///   ([`planner::exact_final_step`]): which melds and which additions, a puzzle of the seat's
///   own cards that a search would only blur.
/// - Otherwise the control action (`draw`): putting cards down without going out (a turn
///   without a draw) was weighed by the search and not kept (see the crate documentation,
///   "Search bots").
pub(crate) fn search_candidates(
    state: &State,
    seat: Seat,
    legal: &[Action],
    out: &mut Vec<usize>,
) -> bool {
    if legal.len() <= 1 || ContractRummy::to_move(state) != Some(seat) {
        return false;
    }
    let Phase::Turn { final_turn, .. } = state.phase else {
        return false;
    };
    out.clear();
    let control = legal
        .iter()
        .position(|a| matches!(a, Action::Draw | Action::Done | Action::Pass));
    out.extend(control);
    let (hand, melds, info) = (&state.hands[seat], &state.melds[..], state.info);
    // A final turn, or an empty stock (no card will come, the hand can only shrink): a puzzle
    // of the seat's own cards, solved, not searched.
    let solved =
        || planner::exact_final_step(hand, melds, seat, info, legal, planner::EXACT_FINAL_LIMIT);
    if final_turn {
        out.clear();
        out.extend(solved());
    } else if let Some(i) = planner::go_out_step(hand, melds, seat, info, legal) {
        out.push(i);
    } else if state.stock.is_empty() {
        out.clear();
        out.extend(solved());
    }
    if out.is_empty() {
        // The stock is empty and something must go down: the planner's (heuristic) choice.
        let mut rng = rng_from_seed(0);
        out.push(Planner.choose(
            &Decision::<ContractRummy>::new(state, seat, legal),
            &mut rng,
        ));
    }
    out.retain(|&i| i < legal.len());
    out.sort_unstable();
    out.dedup();
    true
}

/// The `expert`: the search of the game's defaults (ISMCTS over [`search_candidates`]), except
/// for the puzzles of its own hand, which it solves for hands of up to
/// [`planner::EXPERT_HAND_LIMIT`] cards where the search (and its rollouts, at every node)
/// stops at [`planner::SOLVER_HAND_LIMIT`] and [`planner::EXACT_FINAL_LIMIT`]: going out
/// whenever the hand can (a way out pays nothing, and the search never holds one), and the
/// fewest points left in a final turn or on an empty stock. Late rounds leave hands of 20 to
/// 30 cards when the stock runs out, where the greedy estimate leaves far more than the
/// solver finds.
pub(crate) struct Expert {
    search: Ismcts<ContractRummy>,
}

impl Expert {
    /// The expert with these search options (the game's defaults and the seed).
    pub(crate) fn new(options: IsmctsOptions) -> Self {
        Expert {
            search: Ismcts::new(options).named("expert"),
        }
    }

    /// Its own hand's step, when the decision is one of its puzzles and the search would
    /// otherwise stop at the smaller limits.
    fn own_step(view: &crate::View, legal: &[Action]) -> Option<usize> {
        let Phase::Turn { final_turn, .. } = view.phase else {
            return None;
        };
        if legal.len() <= 1
            || view.hand.len() <= planner::EXACT_FINAL_LIMIT.min(planner::SOLVER_HAND_LIMIT)
        {
            return None;
        }
        let limit = planner::EXPERT_HAND_LIMIT;
        let (hand, melds, seat, info) = (&view.hand, &view.melds[..], view.seat, view.info);
        if final_turn || view.stock == 0 {
            return planner::exact_final_step(hand, melds, seat, info, legal, limit);
        }
        planner::go_out_step_within(hand, melds, seat, info, legal, limit)
    }
}

impl Bot<ContractRummy> for Expert {
    fn name(&self) -> &str {
        "expert"
    }

    fn choose(&mut self, decision: &Decision<'_, ContractRummy>, rng: &mut GameRng) -> usize {
        match Self::own_step(&decision.view(), decision.legal()) {
            Some(i) if i < decision.legal().len() => i,
            _ => self.search.choose(decision, rng),
        }
    }

    fn iterations(&self) -> u64 {
        self.search.iterations()
    }
}

#[cfg(test)]
mod tests {
    use cards_core::rng::rng_from_seed;
    use cards_core::search::Ismcts;
    use cards_core::{Bot, Catalog, Decision, Game, Search, Seat};

    use crate::planner::{EXACT_FINAL_LIMIT, SOLVER_HAND_LIMIT, can_go_out, exact_dump, reach};
    use crate::rules::card_points;
    use crate::{Action, Config, ContractRummy, Position, State};

    /// Round `round`, two seats, seat 0 to move with `hand`, the other seat holding `other`,
    /// the rest of the pack the stock.
    fn position(round: u8, hand: &str, other: &str) -> State {
        let config = Config {
            players: 2,
            first_round: round,
            rounds: 1,
            ..Config::default()
        };
        let pos = Position {
            round,
            dealer: 1,
            to_move: 0,
            hands: vec![hand.to_owned(), other.to_owned()],
            melds: vec![],
            stock: None,
            totals: vec![],
        };
        State::from_position(&config, &pos).unwrap()
    }

    /// Seat 0's turn played out by `bot`: the actions it took, and the points its hand holds
    /// at the end of the turn.
    fn seat_zero_turn(bot: &mut dyn Bot<ContractRummy>, mut state: State) -> (Vec<Action>, u32) {
        let mut rng = rng_from_seed(3);
        let mut actions = Vec::new();
        while ContractRummy::to_move(&state) == Some(Seat(0)) && actions.len() < 60 {
            let legal = ContractRummy::legal_actions(&state);
            let i = bot.choose(&Decision::new(&state, Seat(0), &legal), &mut rng);
            actions.push(legal[i]);
            ContractRummy::apply(&mut state, &legal[i]).unwrap();
        }
        let left = state.hand(Seat(0)).iter().map(card_points).sum();
        (actions, left)
    }

    fn search() -> Ismcts<ContractRummy> {
        Ismcts::new(cards_core::search::IsmctsOptions {
            iterations: 1000,
            seed: Some(5),
            ..ContractRummy::search_defaults()
        })
    }

    // A round-3 hand of 27 cards met by planner bots when the stock ran out (melds of 5 to 9
    // cards): the greedy estimate above 20 cards leaves 103 points, the solver 55.
    const BIG: &str =
        "2c 5c 9c 10c Ad Ad 2d 3d 4d 5d 7d 9d 10d 10d Ah 2h 3h 4h 9h Kh 3s 4s 6s 8s 8s Qs Jk";

    #[test]
    fn on_an_empty_stock_the_expert_leaves_what_the_solver_finds_where_the_search_leaves_more() {
        // The stock run out: the rest of the pack in the other hand.
        let mut state = position(3, BIG, "2c 2d 2h 2s 3c");
        for c in std::mem::take(&mut state.stock) {
            state.hands[Seat(1)].add(c);
        }
        let hand = *state.hand(Seat(0));
        assert!(hand.len() > EXACT_FINAL_LIMIT);
        let info = *state.round_info();
        let best = exact_dump(&hand, &[], info, 40).1;
        let (moves, expert) =
            seat_zero_turn(&mut *ContractRummy::expert_bot(Some(5)), state.clone());
        let (_, searched) = seat_zero_turn(&mut search(), state);
        assert_eq!(
            expert, best,
            "the expert left {expert} points after {moves:?}"
        );
        assert!(
            searched > expert,
            "the search left {searched} points, the expert {expert}"
        );
    }

    // A round-5 hand of 24 cards met by planner bots that can go down whole (melds of 3 and 4
    // cards, or 7, then additions): above the search's limit of 22 cards.
    const OUT: &str = "5c 9c 10c Ad Ad 8d 9d Ah 2h 3h 4h 5h 6h 6h 10h Qh 2s 5s 6s 9s 9s 10s Qs Jk";

    #[test]
    fn the_expert_goes_out_with_a_hand_too_big_for_the_search() {
        let state = position(5, OUT, "2c 2d 2h 3s 3c 4d 4s");
        let hand = *state.hand(Seat(0));
        let info = *state.round_info();
        assert!(hand.len() > SOLVER_HAND_LIMIT);
        assert!(!can_go_out(&hand, &[], info, SOLVER_HAND_LIMIT));
        assert_eq!(
            crate::solver::leftover(&hand, reach(info), true).min_left,
            0
        );
        let (moves, left) = seat_zero_turn(&mut *ContractRummy::expert_bot(Some(5)), state.clone());
        assert_eq!(left, 0, "{moves:?}");
        assert!(!moves.contains(&Action::Draw), "{moves:?}");
        let (searched, _) = seat_zero_turn(&mut search(), state);
        assert_eq!(searched, vec![Action::Draw]);
    }

    #[test]
    fn with_smaller_hands_the_expert_plays_as_the_search() {
        // Random play of two round-6 deals; at every decision of a hand of at most 20 cards the
        // expert and the search of the same seed choose alike.
        let mut compared = 0;
        for deal in 0..2u64 {
            let config = Config {
                players: 3,
                first_round: 6,
                rounds: 1,
                ..Config::default()
            };
            let mut state = ContractRummy::new(&config, 40 + deal).unwrap();
            let mut rng = rng_from_seed(deal);
            let mut heuristic = ContractRummy::heuristic_bot();
            while let Some(seat) = ContractRummy::to_move(&state) {
                let legal = ContractRummy::legal_actions(&state);
                let decision = Decision::new(&state, seat, &legal);
                if legal.len() > 1 && state.hand(seat).len() <= EXACT_FINAL_LIMIT && compared < 40 {
                    let a =
                        ContractRummy::expert_bot(Some(9)).choose(&decision, &mut rng_from_seed(1));
                    let b = Ismcts::<ContractRummy>::new(cards_core::search::IsmctsOptions {
                        seed: Some(9),
                        ..ContractRummy::expert_options()
                    })
                    .choose(&decision, &mut rng_from_seed(1));
                    assert_eq!(a, b, "{:?} against {:?}", legal[a], legal[b]);
                    compared += 1;
                }
                let k = heuristic.choose(&decision, &mut rng);
                ContractRummy::apply(&mut state, &legal[k]).unwrap();
            }
        }
        assert!(compared >= 20, "{compared} decisions compared");
    }
}
