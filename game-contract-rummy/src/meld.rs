//! Melds (rulings C4): sets and runs, with the stand-in of every wild recorded, their notation,
//! and the fixed order in which equivalent wilds are taken from a hand.

use std::fmt;
use std::str::FromStr;

use cards_core::card::{Rank, Suit};
use cards_core::seat::Seat;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::cards::{Card, Hand};
use crate::rules::RoundInfo;

/// The most cards a new meld can hold (the largest hand, 13).
pub const MAX_NEW: usize = 13;
/// The most cards a meld on the table can hold (a set: 8 naturals, 4 jokers, 8 Aces, 8 wild-rank).
pub const MAX_MELD: usize = 28;

/// What a meld is: a set of one rank, or a run of one suit starting at place `lo`
/// (places 1 = Ace low, 2 .. 13, 14 = Ace high; rulings C4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Shape {
    /// A set of the rank.
    Set(Rank),
    /// A run of the suit whose lowest place is `lo`.
    Run {
        /// The suit.
        suit: Suit,
        /// The lowest place, 1 to 12.
        lo: u8,
    },
}

/// The place of a natural card in a run: its rank number (Ace: 1; it may also sit at 14).
const fn own_place(card: Card) -> u8 {
    card.rank_number()
}

/// Whether `card` sits as itself at `place` of a run of `suit`.
fn sits_at(card: Card, suit: Suit, place: u8) -> bool {
    card.suit() == Some(suit) && (own_place(card) == place || (place == 14 && own_place(card) == 1))
}

/// A new meld as put down from a hand: its shape and its cards (sorted by face, at most 13).
///
/// Ordered by shape, then size, then cards.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MeldSpec {
    /// Shape, size and cards packed for cheap comparison (a function of the other fields).
    key: [u64; 2],
    shape: Shape,
    len: u8,
    cards: [Card; MAX_NEW],
}

fn shape_code(shape: Shape) -> u64 {
    match shape {
        Shape::Set(r) => u64::from(r.number()),
        Shape::Run { suit, lo } => 16 + suit as u64 * 16 + u64::from(lo),
    }
}

impl PartialOrd for MeldSpec {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for MeldSpec {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}

impl MeldSpec {
    /// A meld of `shape` made of `cards` (any order). `None` when there are more than 13 cards.
    pub fn new(shape: Shape, cards: &[Card]) -> Option<MeldSpec> {
        if cards.len() > MAX_NEW {
            return None;
        }
        let mut arr = [Card::default(); MAX_NEW];
        arr[..cards.len()].copy_from_slice(cards);
        Some(MeldSpec::from_front(shape, &arr, cards.len()))
    }

    /// The meld of `shape` made of the first `len` cards of `cards` (at most 13, any order;
    /// the others are ignored): [`MeldSpec::new`] without copying a slice of unknown length.
    pub(crate) fn from_front(shape: Shape, cards: &[Card; MAX_NEW], len: usize) -> MeldSpec {
        let len = len.min(MAX_NEW);
        let mut arr: [Card; MAX_NEW] =
            std::array::from_fn(|i| if i < len { cards[i] } else { Card::default() });
        // Insertion sort: the cards come nearly sorted (naturals, then a few wilds).
        for i in 1..len {
            let mut j = i;
            while j > 0 && arr[j - 1] > arr[j] {
                arr.swap(j - 1, j);
                j -= 1;
            }
        }
        let b = arr.map(|c| c.index() as u8);
        let k0 = (shape_code(shape) << 56)
            | ((len as u64) << 48)
            | u64::from_be_bytes([0, 0, b[0], b[1], b[2], b[3], b[4], b[5]]);
        let k1 = u64::from_be_bytes([0, b[6], b[7], b[8], b[9], b[10], b[11], b[12]]);
        MeldSpec {
            key: [k0, k1],
            shape,
            len: len as u8,
            cards: arr,
        }
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cards, sorted by face.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..usize::from(self.len)]
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the meld has no cards (never true for a valid meld).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cards in meld order, each with the card or rank it stands for when it is not itself.
    pub fn placed(&self) -> Vec<(Card, Option<StandIn>)> {
        place(self.shape, self.cards())
    }
}

/// What a wild stands for: a rank in a set, a place of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StandIn {
    /// In a set: the set's rank.
    Rank(Rank),
    /// In a run: the card of that place.
    Card(Card),
}

impl fmt::Display for StandIn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StandIn::Rank(r) => write!(f, "{r}"),
            StandIn::Card(c) => write!(f, "{c}"),
        }
    }
}

/// Places cards in a meld: cards that can sit as themselves do, the others fill the gaps in
/// order and are marked with their stand-in.
fn place(shape: Shape, cards: &[Card]) -> Vec<(Card, Option<StandIn>)> {
    match shape {
        Shape::Set(r) => {
            let mut v: Vec<(Card, Option<StandIn>)> = cards
                .iter()
                .filter(|c| c.rank() == Some(r))
                .map(|&c| (c, None))
                .collect();
            v.extend(
                cards
                    .iter()
                    .filter(|c| c.rank() != Some(r))
                    .map(|&c| (c, Some(StandIn::Rank(r)))),
            );
            v
        }
        Shape::Run { suit, lo } => {
            let n = cards.len();
            let mut slots: Vec<Option<(Card, bool)>> = vec![None; n];
            let mut rest = Vec::new();
            for &c in cards {
                let mut done = false;
                for (i, slot) in slots.iter_mut().enumerate() {
                    let p = lo + i as u8;
                    if slot.is_none() && sits_at(c, suit, p) {
                        *slot = Some((c, true));
                        done = true;
                        break;
                    }
                }
                if !done {
                    rest.push(c);
                }
            }
            let mut rest = rest.into_iter();
            slots
                .into_iter()
                .enumerate()
                .filter_map(|(i, s)| {
                    let p = lo + i as u8;
                    match s {
                        Some((c, _)) => Some((c, None)),
                        None => rest
                            .next()
                            .map(|c| (c, Some(StandIn::Card(Card::at_place(suit, p))))),
                    }
                })
                .collect()
        }
    }
}

fn write_placed(f: &mut fmt::Formatter<'_>, placed: &[(Card, Option<StandIn>)]) -> fmt::Result {
    for (i, (c, s)) in placed.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        match s {
            Some(s) => write!(f, "{c}={s}")?,
            None => write!(f, "{c}")?,
        }
    }
    Ok(())
}

impl fmt::Display for MeldSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_placed(f, &self.placed())
    }
}

impl fmt::Debug for MeldSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} ({:?})", self.shape)
    }
}

/// A meld's notation that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid meld {text:?}: {reason}")]
pub struct ParseMeldError {
    /// The text given.
    pub text: String,
    /// What is wrong.
    pub reason: String,
}

/// One token of a meld's notation: a card, and after `=` what a wild stands for (a rank or a
/// suited card).
fn parse_token(t: &str) -> Result<(Card, Option<StandIn>), String> {
    let Some((c, st)) = t.split_once('=') else {
        return Ok((t.parse().map_err(|e| format!("{e}"))?, None));
    };
    let c: Card = c.parse().map_err(|e| format!("{e}"))?;
    let st = if let Ok(card) = st.parse::<Card>() {
        if card.is_joker() {
            return Err("a wild stands for a rank or a suited card".to_owned());
        }
        StandIn::Card(card)
    } else {
        StandIn::Rank(st.parse::<Rank>().map_err(|e| format!("{e}"))?)
    };
    Ok((c, Some(st)))
}

/// The shape a token list describes: a set when a wild stands for a rank or the bare cards
/// share a rank, a run when a wild stands for a card or the bare cards share a suit.
fn token_shape(toks: &[(Card, Option<StandIn>)]) -> Result<Shape, &'static str> {
    let set_rank = toks.iter().find_map(|t| match t.1 {
        Some(StandIn::Rank(r)) => Some(r),
        _ => None,
    });
    let run_card = toks.iter().find_map(|t| match t.1 {
        Some(StandIn::Card(c)) => Some(c),
        _ => None,
    });
    let bare: Vec<Card> = toks
        .iter()
        .filter(|t| t.1.is_none() && !t.0.is_joker())
        .map(|t| t.0)
        .collect();
    let run = || run_shape(toks).ok_or("cannot place the run");
    match (set_rank, run_card) {
        (Some(_), Some(_)) => Err("stand-ins mix a set and a run"),
        (Some(r), None) => Ok(Shape::Set(r)),
        (None, Some(_)) => run(),
        (None, None) => {
            let same_rank = bare.windows(2).all(|w| w[0].rank() == w[1].rank());
            let same_suit = bare.windows(2).all(|w| w[0].suit() == w[1].suit());
            if bare.len() >= 2 && same_rank {
                Ok(Shape::Set(bare[0].rank().unwrap_or(Rank::Ace)))
            } else if bare.len() >= 2 && same_suit {
                run()
            } else {
                Err("say what the wilds stand for, like Jk=7 (set) or Jk=8h (run)")
            }
        }
    }
}

impl FromStr for MeldSpec {
    type Err = ParseMeldError;
    /// Reads `7h 8h Jk=9h` (a run; a wild's stand-in is a card), `7h 7s Jk=7` (a set; a wild's
    /// stand-in is a rank). Cards written bare sit as themselves; a run is written in place order.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |reason: &str| ParseMeldError {
            text: s.to_owned(),
            reason: reason.to_owned(),
        };
        let toks = s
            .split_whitespace()
            .map(parse_token)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| err(&e))?;
        if toks.len() > MAX_NEW {
            return Err(err("a new meld holds at most 13 cards"));
        }
        if toks.is_empty() {
            return Err(err("no cards"));
        }
        let shape = token_shape(&toks).map_err(err)?;
        if toks.len() < 3 {
            return Err(err("a meld has at least 3 cards (C4)"));
        }
        let cards: Vec<Card> = toks.iter().map(|t| t.0).collect();
        MeldSpec::new(shape, &cards).ok_or_else(|| err("too many cards"))
    }
}

/// The run a token list in place order describes: the suit of its first placed token, and the
/// place of its first token.
fn run_shape(toks: &[(Card, Option<StandIn>)]) -> Option<Shape> {
    let mut suit = None;
    let mut lo = None;
    for (i, (c, st)) in toks.iter().enumerate() {
        let (s, p) = match st {
            Some(StandIn::Card(x)) => (x.suit(), x.rank_number()),
            Some(StandIn::Rank(_)) => return None,
            None if c.is_joker() => continue,
            None => (c.suit(), c.rank_number()),
        };
        let p = if p == 1 && i > 0 { 14 } else { p };
        if suit.is_none() {
            suit = s;
        }
        if lo.is_none() {
            lo = Some(i16::from(p) - i as i16);
        }
    }
    let lo = lo?;
    if !(1..=14).contains(&lo) {
        return None;
    }
    Some(Shape::Run {
        suit: suit?,
        lo: lo as u8,
    })
}

impl FromStr for Shape {
    type Err = ParseMeldError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse::<MeldSpec>().map(|m| m.shape)
    }
}

/// A meld on the table: its owner, shape and cards in meld order (a run's card `i` sits at place
/// `lo + i`; every wild's stand-in follows from that).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Meld {
    owner: Seat,
    shape: Shape,
    len: u8,
    cards: [Card; MAX_MELD],
}

impl Meld {
    /// The meld a player puts down.
    pub fn from_spec(owner: Seat, spec: &MeldSpec) -> Meld {
        let mut cards = [Card::default(); MAX_MELD];
        let src = spec.cards();
        let n = src.len();
        match spec.shape {
            Shape::Set(r) => {
                let mut k = 0;
                for pass in [true, false] {
                    for &c in src {
                        if (c.rank() == Some(r)) == pass {
                            cards[k] = c;
                            k += 1;
                        }
                    }
                }
            }
            Shape::Run { suit, lo } => {
                // The same placement as `MeldSpec::placed`, without allocating.
                let mut filled = [false; MAX_NEW];
                let mut rest = [Card::default(); MAX_NEW];
                let mut nr = 0;
                for &c in src {
                    let slot = (0..n).find(|&i| !filled[i] && sits_at(c, suit, lo + i as u8));
                    if let Some(i) = slot {
                        filled[i] = true;
                        cards[i] = c;
                    } else {
                        rest[nr] = c;
                        nr += 1;
                    }
                }
                let mut next = 0;
                for i in 0..n {
                    if !filled[i] && next < nr {
                        cards[i] = rest[next];
                        next += 1;
                    }
                }
            }
        }
        Meld {
            owner,
            shape: spec.shape,
            len: n as u8,
            cards,
        }
    }

    /// The owner.
    pub fn owner(&self) -> Seat {
        self.owner
    }

    /// The shape (a run's `lo` moves down when cards are added below).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cards in meld order.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..usize::from(self.len)]
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the meld is empty (never, for a meld on the table).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// A run's lowest and highest places; `None` for a set.
    pub fn window(&self) -> Option<(Suit, u8, u8)> {
        match self.shape {
            Shape::Run { suit, lo } => Some((suit, lo, lo + self.len - 1)),
            Shape::Set(_) => None,
        }
    }

    /// The cards with their stand-ins.
    pub fn placed(&self) -> Vec<(Card, Option<StandIn>)> {
        match self.shape {
            Shape::Set(r) => self
                .cards()
                .iter()
                .map(|&c| (c, (c.rank() != Some(r)).then_some(StandIn::Rank(r))))
                .collect(),
            Shape::Run { suit, lo } => self
                .cards()
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    let p = lo + i as u8;
                    (
                        c,
                        (!sits_at(c, suit, p)).then_some(StandIn::Card(Card::at_place(suit, p))),
                    )
                })
                .collect(),
        }
    }

    /// Adds a card: to a set, or at the low or high end of a run. Returns what it stands for.
    /// The caller has checked that the meld stays valid.
    pub fn add(&mut self, card: Card, low: bool) -> Option<StandIn> {
        if usize::from(self.len) >= MAX_MELD {
            return None;
        }
        match &mut self.shape {
            Shape::Set(r) => {
                self.cards[usize::from(self.len)] = card;
                self.len += 1;
                (card.rank() != Some(*r)).then_some(StandIn::Rank(*r))
            }
            Shape::Run { suit, lo } => {
                let suit = *suit;
                let p;
                if low {
                    *lo = lo.saturating_sub(1);
                    p = *lo;
                    self.cards.copy_within(0..usize::from(self.len), 1);
                    self.cards[0] = card;
                } else {
                    p = *lo + self.len;
                    self.cards[usize::from(self.len)] = card;
                }
                self.len += 1;
                (!sits_at(card, suit, p)).then_some(StandIn::Card(Card::at_place(suit, p)))
            }
        }
    }

    /// Whether this meld's cards form a valid set or run in a round (used to check positions).
    pub fn is_valid(&self, info: RoundInfo) -> bool {
        let ok_len = self.len >= 3;
        match self.shape {
            Shape::Set(r) => {
                ok_len
                    && self
                        .cards()
                        .iter()
                        .all(|&c| info.is_wild(c) || c.rank() == Some(r))
            }
            Shape::Run { suit, lo } => {
                ok_len
                    && lo >= 1
                    && u16::from(lo) + u16::from(self.len) - 1 <= 14
                    && self
                        .cards()
                        .iter()
                        .enumerate()
                        .all(|(i, &c)| info.is_wild(c) || sits_at(c, suit, lo + i as u8))
            }
        }
    }

    /// Builds a meld from notation (for stated positions): the cards in place order for a run.
    ///
    /// # Errors
    /// When the text is not a meld.
    pub fn parse(owner: Seat, text: &str) -> Result<Meld, ParseMeldError> {
        let spec: MeldSpec = text.parse()?;
        let mut m = Meld::from_spec(owner, &spec);
        // Keep the written order (it records the stand-ins).
        let written: Vec<Card> = text
            .split_whitespace()
            .filter_map(|t| t.split('=').next())
            .filter_map(|c| c.parse().ok())
            .collect();
        for (slot, c) in m.cards.iter_mut().zip(written) {
            *slot = c;
        }
        Ok(m)
    }
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_placed(f, &self.placed())
    }
}

impl fmt::Debug for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} [{self}]", self.owner)
    }
}

#[derive(Serialize, Deserialize)]
struct MeldRepr {
    owner: Seat,
    shape: Shape,
    cards: Vec<Card>,
}

impl Serialize for Meld {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        MeldRepr {
            owner: self.owner,
            shape: self.shape,
            cards: self.cards().to_vec(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Meld {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let r = MeldRepr::deserialize(d)?;
        if r.cards.len() > MAX_MELD {
            return Err(serde::de::Error::custom(format!(
                "a meld holds at most {MAX_MELD} cards, not {}",
                r.cards.len()
            )));
        }
        if r.cards.len() < 3 {
            return Err(serde::de::Error::custom(format!(
                "a meld has at least 3 cards, not {} (C4)",
                r.cards.len()
            )));
        }
        if let Shape::Run { lo, .. } = r.shape {
            if lo == 0 || usize::from(lo) + r.cards.len() - 1 > 14 {
                return Err(serde::de::Error::custom(format!(
                    "a run of {} cards from place {lo} leaves the places 1 (Ace low) to 14 (Ace high) (C4)",
                    r.cards.len()
                )));
            }
        }
        let mut cards = [Card::default(); MAX_MELD];
        cards[..r.cards.len()].copy_from_slice(&r.cards);
        Ok(Meld {
            owner: r.owner,
            shape: r.shape,
            len: r.cards.len() as u8,
            cards,
        })
    }
}

/// The order in which equivalent wilds are taken from a hand (rulings C3: jokers and Aces are
/// interchangeable 25-point wilds, cards of the wild rank are interchangeable too).
///
/// High wilds: the Ace of the run's suit first where the run covers place 1 or 14, Aces first
/// in a set of Aces, otherwise the joker first; then Aces by suit (c, d, h, s). Wild-rank cards:
/// the run's suit first where the run covers the wild rank's place, then by suit.
#[derive(Clone, Copy, Debug)]
pub struct WildOrder {
    /// High wilds, most preferred first.
    pub high: [Card; 5],
    /// Wild-rank cards, most preferred first.
    pub rank: [Card; 4],
}

impl WildOrder {
    /// The order for a meld of `shape` covering places `lo..=hi` (runs), in a round.
    pub fn new(shape: Shape, lo: u8, hi: u8, info: RoundInfo) -> WildOrder {
        let aces = Suit::ALL.map(|s| Card::new(Rank::Ace, s));
        let wild = info.wild_rank();
        let mut high = [Card::JOKER, aces[0], aces[1], aces[2], aces[3]];
        let mut rank = Suit::ALL.map(|s| Card::new(wild, s));
        match shape {
            Shape::Set(Rank::Ace) => high = [aces[0], aces[1], aces[2], aces[3], Card::JOKER],
            Shape::Set(_) => {}
            Shape::Run { suit, .. } => {
                if lo <= 1 || hi >= 14 {
                    let a = Card::new(Rank::Ace, suit);
                    let mut k = 2;
                    high[0] = a;
                    high[1] = Card::JOKER;
                    for c in aces {
                        if c != a {
                            high[k] = c;
                            k += 1;
                        }
                    }
                }
                if (lo..=hi).contains(&info.wild) {
                    let w = Card::new(wild, suit);
                    rank[0] = w;
                    let mut k = 1;
                    for s in Suit::ALL {
                        if s != suit {
                            rank[k] = Card::new(wild, s);
                            k += 1;
                        }
                    }
                }
            }
        }
        WildOrder { high, rank }
    }

    /// The wilds of `hand` in this order, each copy once: the one sequence from which every
    /// meld takes its wilds (the first `a` high wilds and the first `b` wild-rank cards; rulings
    /// C3). Legal-action generation, `check` and the rewriting of typed melds all use it.
    pub(crate) fn held(&self, hand: &Hand) -> HeldWilds {
        let mut held = HeldWilds {
            high: [Card::default(); 12],
            high_len: 0,
            rank: [Card::default(); 12],
            rank_len: 0,
        };
        for (order, buf, len) in [
            (&self.high[..], &mut held.high, &mut held.high_len),
            (&self.rank[..], &mut held.rank, &mut held.rank_len),
        ] {
            for &c in order {
                for _ in 0..hand.count(c) {
                    if *len < buf.len() {
                        buf[*len] = c;
                        *len += 1;
                    }
                }
            }
        }
        held
    }

    /// Takes the first `n` cards of `order` held in `hand`, writing them to `out`. `false` when the
    /// hand holds fewer.
    pub fn take(hand: &Hand, order: &[Card], n: usize, out: &mut Vec<Card>) -> bool {
        let mut need = n;
        for &c in order {
            if need == 0 {
                break;
            }
            let k = usize::from(hand.count(c)).min(need);
            out.extend(std::iter::repeat_n(c, k));
            need -= k;
        }
        need == 0
    }
}

/// A hand's wilds in the order of a [`WildOrder`]: high wilds (jokers, Aces) and wild-rank cards.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HeldWilds {
    high: [Card; 12],
    high_len: usize,
    rank: [Card; 12],
    rank_len: usize,
}

impl HeldWilds {
    /// Writes the wilds a meld with `high` high wilds and `rank` wild-rank cards takes (the
    /// first of each sequence) to the front of `out`. `false` (and `out` untouched) when the
    /// hand holds fewer or `out` is too short.
    pub(crate) fn fill(&self, high: usize, rank: usize, out: &mut [Card]) -> bool {
        if high > self.high_len || rank > self.rank_len || high + rank > out.len() {
            return false;
        }
        out[..high].copy_from_slice(&self.high[..high]);
        out[high..high + rank].copy_from_slice(&self.rank[..rank]);
        true
    }

    /// [`HeldWilds::fill`] into `buf` from `at` (the wilds end at `at + high + rank`, at most
    /// 13), in copies of fixed length that may write past that end. `false` (and `buf`
    /// untouched) when the hand holds fewer or the end would pass 13.
    pub(crate) fn fill_at(&self, high: usize, rank: usize, buf: &mut MeldBuf, at: usize) -> bool {
        if high > self.high_len || rank > self.rank_len || at + high + rank > MAX_NEW {
            return false;
        }
        buf[at..at + 12].copy_from_slice(&self.high);
        buf[at + high..at + high + 12].copy_from_slice(&self.rank);
        true
    }
}

/// A new meld's cards being put together: 13 and room for a copy of 12 wilds written from any
/// of them ([`HeldWilds::fill_at`]).
pub(crate) type MeldBuf = [Card; MAX_NEW + 24];
