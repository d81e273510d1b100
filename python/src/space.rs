//! The fixed action space of each game (docs/python.md). Index `i` means the same action in
//! every state, in every game:
//!
//! - A **vocabulary**: every action the game can ever offer, by notation, one index each
//!   (big-a, cego, einer-ist-immer, grosse-kleine-a).
//! - **Abstract** (contract-rummy): one index per abstract action (draw, pass, done, a new meld
//!   of a shape and size, a card added to one's own melds), whose possible concrete actions
//!   (which cards make the meld, which meld takes the card) are far too many to enumerate;
//!   index `i` applies the first legal concrete action of that abstract action in the
//!   engine's order, and every
//!   concrete legal action also has its feature vector ([`crate::features`]).

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
    /// Index `i` = the abstract action `words[i]`; the game's own function (the `keyer` of
    /// [`crate::engine::Observer`]) gives each concrete action its index from the state.
    Abstract {
        /// Every abstract action's description.
        words: Vec<String>,
    },
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
        self.words().len()
    }

    /// `"vocabulary"` or `"abstract"`.
    pub fn kind(&self) -> &'static str {
        match self {
            Space::Abstract { .. } => "abstract",
            Space::Vocab { .. } => "vocabulary",
        }
    }

    /// The description of every index: the notation of each action of a vocabulary, the
    /// abstract action of an abstract space.
    pub fn words(&self) -> &[String] {
        match self {
            Space::Abstract { words } | Space::Vocab { words, .. } => words,
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

/// Every possible Big A action: pass, the eight exposures (one Ace or a pair of identical Aces
/// of each suit), every combination of the rules with the variant bombs (singles, the Big Ace,
/// the jokers, pairs, every run shape, 3 to 8 of a kind, two to four jokers, the Big Ace pair),
/// each with 0, 1 or 2 Big Aces among its Aces where its notation tells them apart, then the
/// captures with 1 to 8 Fours. An action whose notation does not read back as itself (a Big
/// Ace count the combination cannot hold) is left out.
fn big_a() -> Vec<game_big_a::Action> {
    use cards_core::card::Suit;
    use game_big_a::{Action, CHAIN, Combo, Play, RANKS, run_shapes};
    let ranks = 0..RANKS as u8;
    let mut combos: Vec<Combo> = ranks.clone().map(Combo::Single).collect();
    combos.extend([Combo::BigAce, Combo::Joker(false), Combo::Joker(true)]);
    combos.extend(ranks.clone().map(Combo::Pair));
    for &(width, lo, hi) in run_shapes(true) {
        for len in lo..=hi {
            for start in 0..CHAIN {
                if start + len <= CHAIN {
                    combos.push(Combo::Run { width, start, len });
                }
            }
        }
    }
    for rank in ranks {
        for n in 3..=8 {
            combos.push(Combo::Kind { rank, n });
        }
    }
    for red in 0..=2 {
        for black in 0..=2 {
            if red + black >= 2 {
                combos.push(Combo::Jokers { red, black });
            }
        }
    }
    combos.push(Combo::BigAcePair);
    let reads_back = |a: &Action| a.to_string().parse::<Action>().ok() == Some(*a);
    let mut out = vec![Action::Pass];
    for suit in Suit::ALL {
        for pair in [false, true] {
            out.push(Action::Expose { suit, pair });
        }
    }
    for combo in combos.into_iter().filter(|c| c.is_valid(true)) {
        for big in 0..=2 {
            let a = Action::Play(Play { combo, big });
            if reads_back(&a) {
                out.push(a);
            }
        }
    }
    out.extend((1..=8).map(Action::Capture).filter(|a| reads_back(a)));
    out
}

/// The abstract action space of 3 to 13 (docs/python.md).
pub mod rummy {
    use game_contract_rummy::{Action, End, FACES, Shape, State};

    /// New-meld sizes 3 to 13.
    const SIZES: usize = 11;
    /// Run places of the lowest card, 1 to 12.
    const LOWS: usize = 12;
    /// The first index of the sets, of the runs, of the additions; the size of the space.
    pub const SETS: usize = 3;
    /// The first index of the runs.
    pub const RUNS: usize = SETS + 13 * SIZES;
    /// The first index of the additions.
    pub const ADDS: usize = RUNS + 4 * LOWS * SIZES;
    /// The number of indices.
    pub const SIZE: usize = ADDS + FACES * 3;

    const SUITS: [&str; 4] = ["c", "d", "h", "s"];
    const RANKS: [&str; 13] = [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ];

    /// The description of every index.
    pub fn words() -> Vec<String> {
        let mut out = Vec::with_capacity(SIZE);
        out.extend(["draw", "pass", "done"].map(str::to_owned));
        for rank in RANKS {
            for n in 3..3 + SIZES {
                out.push(format!("meld set {rank} x{n}"));
            }
        }
        for suit in SUITS {
            for lo in 1..=LOWS {
                for n in 3..3 + SIZES {
                    out.push(format!("meld run {suit} from {lo} x{n}"));
                }
            }
        }
        for face in 0..FACES {
            let card = game_contract_rummy::Card::from_index(face)
                .map_or_else(|| "?".to_owned(), |c| c.to_string());
            for end in ["", " low", " high"] {
                out.push(format!("add {card}{end} to an own meld"));
            }
        }
        out
    }

    /// The index of `action` (`None`: a meld of a size outside 3 to 13, or a card outside the
    /// pack; never legal). An addition's index names the card and where it goes, not the meld:
    /// the index applies it to the first of one's own melds (in table order) that takes it.
    #[allow(clippy::trivially_copy_pass_by_ref)] // the signature every game's keyer shares
    pub fn key(_: &State, action: &Action) -> Option<usize> {
        match action {
            Action::Draw => Some(0),
            Action::Pass => Some(1),
            Action::Done => Some(2),
            Action::Meld(spec) => {
                let n = spec.len().checked_sub(3).filter(|&n| n < SIZES)?;
                match spec.shape() {
                    Shape::Set(rank) => Some(SETS + (usize::from(rank.number()) - 1) * SIZES + n),
                    Shape::Run { suit, lo } => {
                        let lo = usize::from(lo).checked_sub(1).filter(|&l| l < LOWS)?;
                        Some(RUNS + ((suit as usize) * LOWS + lo) * SIZES + n)
                    }
                }
            }
            Action::Add { card, end, .. } => {
                let end = match end {
                    End::Own => 0,
                    End::Low => 1,
                    End::High => 2,
                };
                (card.index() < FACES).then(|| ADDS + card.index() * 3 + end)
            }
        }
    }
}

/// The action space of the game `name` (built once).
pub fn space(name: &str) -> Arc<Space> {
    static SPACES: OnceLock<Vec<(&'static str, Arc<Space>)>> = OnceLock::new();
    let spaces = SPACES.get_or_init(|| {
        vec![
            ("grosse-kleine-a", Arc::new(Space::vocab(grosse_kleine_a()))),
            ("big-a", Arc::new(Space::vocab(big_a()))),
            ("einer-ist-immer", Arc::new(Space::vocab(einer_ist_immer()))),
            (
                "contract-rummy",
                Arc::new(Space::Abstract {
                    words: rummy::words(),
                }),
            ),
            ("cego", Arc::new(Space::vocab(cego()))),
        ]
    });
    spaces.iter().find(|(n, _)| *n == name).map_or_else(
        || Arc::new(Space::Abstract { words: Vec::new() }),
        |(_, s)| s.clone(),
    )
}
