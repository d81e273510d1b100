//! The observation of a seat: a fixed-length `f32` vector built from that seat's view alone
//! (`Game::view`, through its serde form) and the public seat to move. docs/python.md states the
//! layout; in short, for a game whose pack has `F` distinct card faces (sorted notation):
//!
//! | block | size | what |
//! | --- | --- | --- |
//! | hand | `F` | count of each face among the card tokens under the view's top-level `hand` |
//! | seen | `F` | count of each face among every other card token of the view |
//! | viewer | 9 | one-hot of the observing seat |
//! | to move | 9 | one-hot of the seat to move (zeros once the match is over) |
//! | facts | `HASH_DIM` | hashed features of every leaf of the view: `(path, token)` pairs count 1, numbers add `sign(x)·ln(1+|x|)` at `(path)` and 1 at `(path, x)` for small integers |
//!
//! Paths are the object keys from the root; an array's elements keep their index (per-seat
//! lists), except arrays of strings (card lists), which are bags. Card lists written as one string
//! ("7h 10s") are split at whitespace.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::Value;

/// Seats the one-hot blocks have room for (the largest player count of any game).
pub const SEATS: usize = 9;
/// Buckets of the hashed view facts.
pub const HASH_DIM: usize = 512;

/// Encodes the views of one configuration (its pack fixes the face blocks).
#[derive(Debug, Clone)]
pub struct Encoder {
    faces: Vec<String>,
    index: HashMap<String, usize>,
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0100_0000_01b3;

#[inline]
fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(FNV_PRIME);
    }
    h
}

#[inline]
fn bucket(h: u64) -> usize {
    let mut z = h;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    ((z ^ (z >> 31)) % HASH_DIM as u64) as usize
}

impl Encoder {
    /// The encoder of a pack (every physical card by notation; duplicates count once).
    pub fn new(pack: &[String]) -> Self {
        let mut faces: Vec<String> = pack.to_vec();
        faces.sort();
        faces.dedup();
        let index = faces
            .iter()
            .enumerate()
            .map(|(i, f)| (f.clone(), i))
            .collect();
        Encoder { faces, index }
    }

    /// The distinct card faces, in the order of the face blocks.
    pub fn faces(&self) -> &[String] {
        &self.faces
    }

    /// The length of an observation.
    pub fn size(&self) -> usize {
        2 * self.faces.len() + 2 * SEATS + HASH_DIM
    }

    /// Writes the observation of `viewer` from its `view` into `out` (of [`Encoder::size`]).
    pub fn encode<V: Serialize>(
        &self,
        view: &V,
        viewer: usize,
        to_move: Option<usize>,
        out: &mut [f32],
    ) {
        out.fill(0.0);
        let f = self.faces.len();
        if viewer < SEATS {
            out[2 * f + viewer] = 1.0;
        }
        if let Some(t) = to_move.filter(|&t| t < SEATS) {
            out[2 * f + SEATS + t] = 1.0;
        }
        let Ok(value) = serde_json::to_value(view) else {
            return;
        };
        let (faces, facts) = out.split_at_mut(2 * f + 2 * SEATS);
        let mut w = Walker {
            enc: self,
            faces,
            facts,
        };
        w.walk(&value, FNV_OFFSET, false, 0);
    }
}

struct Walker<'a> {
    enc: &'a Encoder,
    faces: &'a mut [f32],
    facts: &'a mut [f32],
}

impl Walker<'_> {
    fn token(&mut self, h: u64, token: &str, in_hand: bool) {
        if let Some(&i) = self.enc.index.get(token) {
            let f = self.enc.faces.len();
            self.faces[if in_hand { i } else { f + i }] += 1.0;
        }
        self.facts[bucket(fnv(fnv(h, b"="), token.as_bytes()))] += 1.0;
    }

    fn walk(&mut self, v: &Value, h: u64, in_hand: bool, depth: usize) {
        match v {
            Value::Null => self.facts[bucket(fnv(h, b"=null"))] += 1.0,
            Value::Bool(b) => {
                self.facts[bucket(fnv(h, if *b { b"=true" } else { b"=false" }))] += 1.0;
            }
            Value::Number(n) => {
                let x = n.as_f64().unwrap_or(0.0);
                self.facts[bucket(fnv(h, b"#"))] += (x.signum() * x.abs().ln_1p()) as f32;
                if x.fract() == 0.0 && x.abs() <= 64.0 {
                    let small = x as i64;
                    self.facts[bucket(fnv(fnv(h, b"=#"), &small.to_le_bytes()))] += 1.0;
                }
            }
            Value::String(s) => {
                for token in s.split_whitespace() {
                    self.token(h, token, in_hand);
                }
            }
            Value::Array(items) => {
                let bag = items.iter().all(Value::is_string);
                for (i, item) in items.iter().enumerate() {
                    let h = if bag {
                        fnv(h, b"[]")
                    } else {
                        fnv(h, &[b'[', i.min(255) as u8])
                    };
                    self.walk(item, h, in_hand, depth + 1);
                }
            }
            Value::Object(map) => {
                for (k, item) in map {
                    let h = fnv(fnv(h, b"/"), k.as_bytes());
                    let in_hand = in_hand || (depth == 0 && k == "hand");
                    self.walk(item, h, in_hand, depth + 1);
                }
            }
        }
    }
}
