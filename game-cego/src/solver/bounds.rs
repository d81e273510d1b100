//! What the solver knows of a value without searching: the value of a finished play or of one
//! whose result is certain, the bounds of a counter game and of Räuber, the tricks the soloist
//! is sure of, and the range, first guess and grain of the MTD(f) tests.

use super::position::Pos;
use super::{Aim, Solver};
use crate::cards::{Counting, SUIT_MASKS, TROCK, half_points, raw_points, set};
use crate::scoring::{raeuber_payments, raeuber_stake};

impl Solver {
    /// The value of a finished play, or of one whose result is certain.
    pub(super) fn terminal(&self, p: &Pos) -> Option<i32> {
        let over = p.done >= self.total;
        let s = usize::from(self.soloist & 3);
        match self.aim {
            Aim::Points => over.then(|| {
                if p.tricks[s] > 0 {
                    half_points(set(u128::from(p.won[s] | self.set_aside)), self.counting)
                } else {
                    0
                }
            }),
            Aim::Ulti => {
                if p.ulti_lost {
                    Some(0)
                } else {
                    over.then_some(1)
                }
            }
            Aim::Piccolo => {
                let sure = if p.len == 0 {
                    self.sure_tricks(p, p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3])
                } else {
                    0
                };
                if u32::from(p.tricks[s]) + sure >= 2 {
                    Some(0)
                } else {
                    over.then_some(i32::from(p.tricks[s] == 1))
                }
            }
            Aim::Bettel => {
                let rest = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3];
                if p.tricks[s] >= 1 || (p.len == 0 && self.sure_trick(p, rest)) {
                    Some(0)
                } else {
                    over.then_some(1)
                }
            }
            Aim::Raeuber => over.then(|| {
                let half = p
                    .won
                    .map(|w| half_points(set(u128::from(w)), self.counting));
                raeuber_payments(half, usize::from(self.forehand), self.raeuber_stakes)
                    [usize::from(self.hero & 3)]
            }),
        }
    }

    /// Bounds of a counter game's value: the pile's value now (the soloist's pile only grows,
    /// and adding a card never lowers its value) and with every card still to be played.
    pub(super) fn bounds(&self, p: &Pos) -> (i32, i32) {
        let s = usize::from(self.soloist & 3);
        let mut rest = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3];
        for &c in &p.trick[..usize::from(p.len)] {
            rest |= 1u64 << c;
        }
        // At a trick boundary, the Trocks at the top of those left that one side holds are
        // sure to end in that side's tricks: each takes the trick it falls in, or a higher
        // Trock of the same side does.
        let (mut mine, mut theirs) = (0u64, 0u64);
        if p.len == 0 {
            let mut trocks = rest & SUIT_MASKS[TROCK as usize] as u64 & !self.dead;
            let his = p.hands[s];
            let side_of_top = trocks != 0 && (his >> trocks.ilog2()) & 1 != 0;
            while trocks != 0 {
                let top = 1u64 << trocks.ilog2();
                if (his & top != 0) != side_of_top {
                    break;
                }
                if side_of_top {
                    mine |= top;
                } else {
                    theirs |= top;
                }
                trocks &= !top;
            }
        }
        // Each trick a sure Trock takes holds a card of every other seat, each worth at least
        // one point: the soloist's top Trocks bring `seats - 1` more cards each to his pile;
        // the defenders' take at least the soloist's card and the other cards of the fewest
        // tricks that hold them all away from it.
        let others = i32::from(self.seats) - 1;
        let hi = {
            let most = u128::from((p.won[s] | self.set_aside | rest) & !theirs);
            let t = theirs.count_ones() as i32;
            let away = if t == 0 {
                0
            } else {
                (others + 1) * ((t + others - 1) / others) - t
            };
            self.pile_value(raw_points(most) - away, most.count_ones() as i32 - away)
        };
        // The soloist takes at least `sure` more tricks with his Trocks: those of his top
        // Trocks (`mine`, at a trick boundary) bring `seats - 1` cards each, the others his
        // Trock too (within a trick, the cards already played are not in his pile yet).
        let sure = self.sure_tricks(p, rest) as i32;
        let lo = if p.tricks[s] > 0 || sure > 0 {
            let least = u128::from(p.won[s] | self.set_aside | mine);
            let top = mine.count_ones() as i32;
            let more = others * top + (others + 1) * (sure - top).max(0);
            self.pile_value(raw_points(least) + more, least.count_ones() as i32 + more)
        } else {
            0
        };
        (lo, hi)
    }

    /// The value in half points of a pile of `n` cards worth `raw` points together (as
    /// [`half_points`] counts them): for a given number of cards it grows with the points.
    fn pile_value(&self, raw: i32, n: i32) -> i32 {
        match self.counting {
            Counting::Threes => 2 * (raw - 2 * (n / 3) - i32::from(n % 3 != 0)),
            Counting::Pairs => 2 * raw - n,
        }
    }

    /// Bounds of the hero's payment in Räuber (asked at trick boundaries). Every pile only
    /// grows and adding a card never lowers its points, so each seat ends between its pile's
    /// points now and its pile with every card still to be played. A hero who already has
    /// more than any other seat can reach is sure to have the most and pays (double as
    /// Forehand); a hero whom another seat already beats whatever comes cannot have the most
    /// and receives one to three stakes.
    pub(super) fn raeuber_bounds(&self, p: &Pos) -> (i32, i32) {
        let stake = raeuber_stake(self.raeuber_stakes);
        let (lo_all, hi_all) = (-6 * stake, 3 * stake);
        let mut rest = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3];
        for &c in &p.trick[..usize::from(p.len)] {
            rest |= 1u64 << c;
        }
        let h = usize::from(self.hero & 3);
        let now = |w: u64| half_points(set(u128::from(w)), self.counting);
        let hero_now = now(p.won[h]);
        let hero_most = now(p.won[h] | rest);
        let mut others_most = i32::MIN;
        let mut beaten = false;
        for (j, &w) in p.won.iter().enumerate().take(usize::from(self.seats)) {
            if j != h {
                others_most = others_most.max(now(w | rest));
                beaten |= now(w) > hero_most;
            }
        }
        if hero_now > others_most {
            let v = if self.hero == self.forehand {
                -6 * stake
            } else {
                -3 * stake
            };
            (v, v)
        } else if beaten {
            (stake, hi_all)
        } else {
            (lo_all, hi_all)
        }
    }

    /// Whether the soloist is sure to take a trick: he holds the highest Trock still to be
    /// played (every card is played in the end, and that Trock takes the trick it falls in).
    fn sure_trick(&self, p: &Pos, rest: u64) -> bool {
        self.sure_tricks(p, rest) > 0
    }

    /// The number of tricks the soloist is sure to take from here with his Trocks: each falls
    /// in a trick of its own and takes it unless another seat plays a higher Trock there, and
    /// each of their Trocks can beat at most one of his; so he takes at least as many as he
    /// holds less the most of his that can be matched each with a higher Trock of theirs (his
    /// Trocks at the top of those left are never matched).
    fn sure_tricks(&self, p: &Pos, rest: u64) -> u32 {
        let trocks = rest & SUIT_MASKS[TROCK as usize] as u64 & !self.dead;
        let his = p.hands[usize::from(self.soloist & 3)] & trocks;
        let mut theirs = trocks & !his;
        // From his lowest up, each matched with their lowest higher Trock left (a greatest
        // matching).
        let mut beaten = 0;
        let mut m = his;
        while m != 0 && theirs != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            let above = theirs & !((2u64 << i) - 1);
            if above != 0 {
                theirs &= !(above & above.wrapping_neg());
                beaten += 1;
            }
        }
        his.count_ones() - beaten
    }

    /// A first guess for MTD(f).
    pub(super) fn guess(&self, p: &Pos) -> i32 {
        match self.aim {
            Aim::Points => {
                let (lo, hi) = self.bounds(p);
                (lo + hi) / 2
            }
            Aim::Raeuber => 0,
            _ => 1,
        }
    }

    /// Bounds of the value of `p` that need no search: the bounds of a counter game, the two
    /// outcomes of Ulti, Piccolo and Bettel, Räuber's payments.
    pub(super) fn range(&self, p: &Pos) -> (i32, i32) {
        match self.aim {
            Aim::Points => self.bounds(p),
            Aim::Raeuber if p.len == 0 => self.raeuber_bounds(p),
            Aim::Raeuber => {
                let stake = raeuber_stake(self.raeuber_stakes);
                (-6 * stake, 3 * stake)
            }
            Aim::Ulti | Aim::Piccolo | Aim::Bettel => (0, 1),
        }
    }

    /// The distance between two values the objective can take: counting in threes, card
    /// points are whole (even half points); in Räuber every payment is a whole number of
    /// stakes; else 1.
    pub(super) fn grain(&self) -> i32 {
        match self.aim {
            Aim::Points if self.counting == Counting::Threes => 2,
            Aim::Raeuber => raeuber_stake(self.raeuber_stakes),
            _ => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use cards_core::Game;
    use cards_core::GameConfig;
    use cards_core::rng::{below, derive_seed, rng_from_seed};

    use crate::solver::{Aim, Solver};
    use crate::{Cego, Config, Phase};

    #[test]
    fn the_bounds_of_counter_games_hold_and_are_often_tight() {
        // The bounds cut the search, so a bound that is too tight gives a wrong value only
        // where the play reaches it: here every position of random 4-trick endings of the
        // counter games is checked against plain minimax.
        let mut met = [0u32; 2];
        let mut endings = 0;
        for config in [
            Config::default(),
            <Cego as Game>::Config::for_players(3).unwrap(),
        ] {
            let config = config.single_deal();
            for g in 0..400 {
                let seed = derive_seed(61, g);
                let mut s = Cego::new(&config, seed).unwrap();
                let mut rng = rng_from_seed(seed);
                while Cego::to_move(&s).is_some() {
                    let d = &s.deal;
                    if d.phase == Phase::Play
                        && d.tricks[0].len == 0
                        && d.trick_no + 4 == d.tricks_per_deal()
                    {
                        break;
                    }
                    let legal = Cego::legal_actions(&s);
                    let a = legal[below(&mut rng, legal.len() as u64) as usize];
                    Cego::apply(&mut s, &a).unwrap();
                }
                let mut solver = Solver::with_table_bits(8);
                if solver.load(&s).is_err() || solver.aim != Aim::Points {
                    continue;
                }
                endings += 1;
                let root = solver.root;
                // Every position's exact value lies within its bounds; count the positions
                // before the end where a bound is the value.
                solver.minimax_visiting(&root, &mut |p, v| {
                    let (lo, hi) = solver.bounds(p);
                    assert!(lo <= v && v <= hi, "{lo} <= {v} <= {hi} at {p:?}");
                    if p.done < solver.total {
                        met[0] += u32::from(v == lo);
                        met[1] += u32::from(v == hi);
                    }
                });
            }
        }
        assert!(endings > 100, "{endings} endings");
        assert!(met[0] > 1000 && met[1] > 1000, "{met:?}");
    }
}
