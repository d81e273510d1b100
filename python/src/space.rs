//! The fixed action space of each game (docs/python.md).
//!
//! - A **vocabulary**: every action the game can ever offer, by notation, one index each
//!   (cego, einer-ist-immer, grosse-kleine-a). Index `i` means the same action in every state.
//! - **Ordered**: index `i` is the `i`-th entry of the engine's sorted legal list, for `i < K`
//!   (big-a, contract-rummy, whose possible actions (melds of 3 to 13 cards, runs of pairs) are
//!   far more than any legal list).

use std::any::Any;
use std::collections::HashMap;
use std::fmt::Display;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::{Arc, OnceLock};

use crate::encode::Fnv;
use cards_core::GameConfig;

/// A game's own action to its index in a vocabulary: through a table where the action has a
/// [`DenseKey`], else through a hash map.
pub struct ActionIndex<A> {
    map: HashMap<A, usize, BuildHasherDefault<Fx>>,
    /// The index of each dense key (`u16::MAX`: no action of the vocabulary has that key).
    table: Vec<u16>,
}

impl<A: DenseKey + Hash + Eq> ActionIndex<A> {
    fn new() -> Self {
        ActionIndex {
            map: HashMap::default(),
            table: Vec::new(),
        }
    }

    fn insert(&mut self, a: A, i: usize) {
        if let (Some(k), Ok(v)) = (a.dense_key(), u16::try_from(i)) {
            if self.table.len() <= k {
                self.table.resize(k + 1, u16::MAX);
            }
            self.table[k] = v;
        }
        self.map.insert(a, i);
    }

    /// The index of `a` in the vocabulary as a `u16` (`u16::MAX`: none, or past `u16`).
    #[inline]
    pub fn get_u16(&self, a: &A) -> u16 {
        match a.dense_key().and_then(|k| self.table.get(k)) {
            Some(&i) if i != u16::MAX => i,
            _ => self
                .map
                .get(a)
                .and_then(|&i| u16::try_from(i).ok())
                .unwrap_or(u16::MAX),
        }
    }

    /// The index of `a` in the vocabulary, if it has one.
    #[inline]
    pub fn get(&self, a: &A) -> Option<usize> {
        // Keys are unique to their action, so a key found in the table is the action's; any
        // other action (outside the vocabulary, or without a key) is looked up in the map.
        match a.dense_key().and_then(|k| self.table.get(k)) {
            Some(&i) if i != u16::MAX => Some(usize::from(i)),
            _ => self.map.get(a).copied(),
        }
    }
}

/// A small integer key of a game's action, different for different actions, where the game has
/// one: its vocabulary then finds the action's index in a table instead of hashing it.
pub trait DenseKey {
    /// The key (`None`: the action has none, the hash map finds it).
    #[inline]
    fn dense_key(&self) -> Option<usize> {
        None
    }
}

impl DenseKey for game_big_a::Action {}
impl DenseKey for game_contract_rummy::Action {}
impl DenseKey for game_cego::Action {}
impl DenseKey for game_grosse_kleine_a::Action {}

/// Pass 0, a play `1 + (rank * 16 + naturals) * 8 + jokers` (rank and naturals below 16,
/// jokers below 8: every play of the vocabulary; any other play has no key).
impl DenseKey for game_einer_ist_immer::Action {
    #[inline]
    fn dense_key(&self) -> Option<usize> {
        match self {
            game_einer_ist_immer::Action::Pass => Some(0),
            game_einer_ist_immer::Action::Play(p) => {
                let (r, n, j) = (p.rank(), p.naturals(), p.jokers());
                (r < 16 && n < 16 && j < 8)
                    .then(|| 1 + (usize::from(r) * 16 + usize::from(n)) * 8 + usize::from(j))
            }
        }
    }
}

/// A multiply-rotate hasher (as rustc's FxHash) for the small keys of [`ActionIndex`]: a few
/// instructions per lookup where SipHash takes tens; the keys are fixed and not chosen by users.
#[derive(Default)]
pub struct Fx(u64);

impl Fx {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    fn write_isize(&mut self, i: isize) {
        self.add(i as u64);
    }
}

/// One game's action space.
#[derive(Debug)]
pub enum Space {
    /// Index `i` = the `i`-th legal action, for `i` below the size.
    Ordered(usize),
    /// Index `i` = the action of notation `words[i]`.
    Vocab {
        /// Every possible action's notation.
        words: Vec<String>,
        /// Notation to index.
        index: HashMap<String, usize, BuildHasherDefault<Fnv>>,
        /// The game's own action to index (`ActionIndex<G::Action>`), so that a mask is
        /// written without formatting the legal actions.
        typed: Box<dyn Any + Send + Sync>,
    },
}

impl Space {
    fn vocab<A: DenseKey + Display + Hash + Eq + Send + Sync + 'static>(actions: Vec<A>) -> Space {
        let mut seen = HashMap::default();
        let mut typed: ActionIndex<A> = ActionIndex::new();
        let mut kept = Vec::new();
        for a in actions {
            let w = a.to_string();
            if !seen.contains_key(&w) {
                seen.insert(w.clone(), kept.len());
                typed.insert(a, kept.len());
                kept.push(w);
            }
        }
        Space::Vocab {
            words: kept,
            index: seen,
            typed: Box::new(typed),
        }
    }

    /// The number of indices.
    pub fn size(&self) -> usize {
        match self {
            Space::Ordered(k) => *k,
            Space::Vocab { words, .. } => words.len(),
        }
    }

    /// `"vocabulary"` or `"ordered"`.
    pub fn kind(&self) -> &'static str {
        match self {
            Space::Ordered(_) => "ordered",
            Space::Vocab { .. } => "vocabulary",
        }
    }

    /// The vocabulary, when the space is one.
    pub fn words(&self) -> Option<&[String]> {
        match self {
            Space::Ordered(_) => None,
            Space::Vocab { words, .. } => Some(words),
        }
    }
}

/// Every possible Cego action: pass, hold, each contract, then `expose C`, `discard C` and `C`
/// for each card of the full pack, then every double-lead pair `A+B` of two different cards.
fn cego() -> Vec<game_cego::Action> {
    use game_cego::{Action, Card, Contract};
    let pack: Vec<Card> = game_cego::Config::default()
        .pack()
        .iter()
        .filter_map(|c| c.parse().ok())
        .collect();
    let mut out = vec![Action::Pass, Action::Hold];
    out.extend(Contract::ALL.iter().map(|&c| Action::Bid(c)));
    out.extend(pack.iter().map(|&c| Action::Expose(c)));
    out.extend(pack.iter().map(|&c| Action::Discard(c)));
    out.extend(pack.iter().map(|&c| Action::Play(c)));
    for &a in &pack {
        for &b in &pack {
            if a != b {
                out.push(Action::Pair(a, b));
            }
        }
    }
    out
}

/// Every possible Einer ist immer action: pass, then each play of `n` naturals of a rank (2 to
/// Ace) with `j` jokers, `n` 1 to 10 (the most of one rank, at 10 players) and `j` 0 to 5 (the
/// most jokers), then the jokers alone (1 to 5).
fn einer_ist_immer() -> Vec<game_einer_ist_immer::Action> {
    use game_einer_ist_immer::{ACE, Action, MAX_PLAYERS, Play, RANKS};
    let jokers = (MAX_PLAYERS / 2) as u8;
    let mut out = vec![Action::Pass];
    for rank in RANKS {
        for n in 1..=MAX_PLAYERS as u8 {
            for j in 0..=jokers {
                if let Some(p) = Play::new(rank, n, j) {
                    out.push(Action::Play(p));
                }
            }
        }
    }
    for j in 1..=jokers {
        if let Some(p) = Play::new(ACE, 0, j) {
            out.push(Action::Play(p));
        }
    }
    out
}

/// Every possible Das Grosse und das kleine A action: pass, lead the little `a`, lead the big
/// `A`, then each play of `n` naturals of a rank (1 to 13) with `j` jokers, `n` 1 to 8 and `j` 0
/// to 4 (the engine's bounds), then the jokers alone (1 to 4).
fn grosse_kleine_a() -> Vec<game_grosse_kleine_a::Action> {
    use game_grosse_kleine_a::{ACard, Action, Play};
    let mut out = vec![
        Action::Pass,
        Action::LeadA(ACard::Little),
        Action::LeadA(ACard::Big),
    ];
    for rank in 1..=13 {
        for n in 1..=8 {
            for j in 0..=4 {
                if let Some(p) = Play::new(rank, n, j) {
                    out.push(Action::Play(p));
                }
            }
        }
    }
    for j in 1..=4 {
        if let Some(p) = Play::new(1, 0, j) {
            out.push(Action::Play(p));
        }
    }
    out
}

/// The action space of the game `name` (built once).
pub fn space(name: &str) -> Arc<Space> {
    static SPACES: OnceLock<Vec<(&'static str, Arc<Space>)>> = OnceLock::new();
    let spaces = SPACES.get_or_init(|| {
        vec![
            ("grosse-kleine-a", Arc::new(Space::vocab(grosse_kleine_a()))),
            ("big-a", Arc::new(Space::Ordered(256))),
            ("einer-ist-immer", Arc::new(Space::vocab(einer_ist_immer()))),
            ("contract-rummy", Arc::new(Space::Ordered(256))),
            ("cego", Arc::new(Space::vocab(cego()))),
        ]
    });
    spaces
        .iter()
        .find(|(n, _)| *n == name)
        .map_or_else(|| Arc::new(Space::Ordered(256)), |(_, s)| s.clone())
}
