//! The observation of a seat: a fixed-length `f32` vector built from that seat's view alone
//! (`Game::view`, through its serde form) and the public seat to move. docs/python.md states the
//! layout; in short, for a game whose pack has `F` distinct card faces (sorted notation):
//!
//! | block | size | what |
//! | --- | --- | --- |
//! | hand | `F` | count of each face among the card tokens under the view's top-level `hand` |
//! | seen | `F` | count of each face among every other card token of the view |
//! | viewer | 10 | one-hot of the observing seat |
//! | to move | 10 | one-hot of the seat to move (zeros once the match is over) |
//! | facts | `HASH_DIM` | hashed features of every leaf of the view: `(path, token)` pairs count 1, numbers add `sign(x)·ln(1+|x|)` at `(path)` and 1 at `(path, x)` for small integers |
//!
//! Paths are the object keys from the root (an enum variant with data is a key too); an array's
//! elements keep their index (per-seat lists), except string elements (cards of a list), which
//! are a bag at the array's path. Card lists written as one string ("7h 10s") are split at
//! whitespace. The encoder walks the view's serde form directly, building no JSON value.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use std::fmt::Write as _;

use serde::{Serialize, ser};

/// Seats the one-hot blocks have room for (the largest player count of any game).
pub const SEATS: usize = 10;
/// Buckets of the hashed view facts.
pub const HASH_DIM: usize = 512;

/// Encodes the views of one configuration (its pack fixes the face blocks).
#[derive(Debug, Clone)]
pub struct Encoder {
    faces: Vec<String>,
    index: HashMap<String, usize, BuildHasherDefault<Fnv>>,
    /// The faces of up to 7 bytes packed into a `u64` (bytes, length in the top byte), sorted,
    /// with their index: a face lookup without hashing or string compares.
    short: Vec<(u64, usize)>,
    /// `ln(1 + x)` of 0 to 64.
    ln_1p: [f32; 65],
}

/// A string of up to 7 bytes packed into a `u64`.
fn pack7(s: &str) -> Option<u64> {
    let b = s.as_bytes();
    if b.len() > 7 {
        return None;
    }
    let mut v = (b.len() as u64) << 56;
    for (i, &x) in b.iter().enumerate() {
        v |= u64::from(x) << (8 * i);
    }
    Some(v)
}

/// FNV-1a as a `Hasher`: the face lookup hashes short card notations, where SipHash's setup
/// costs more than the lookup.
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0 = fnv(if self.0 == 0 { FNV_OFFSET } else { self.0 }, bytes);
    }
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
        let mut short: Vec<(u64, usize)> = faces
            .iter()
            .enumerate()
            .filter_map(|(i, f)| pack7(f).map(|k| (k, i)))
            .collect();
        short.sort_unstable();
        let mut ln_1p = [0f32; 65];
        for (i, v) in ln_1p.iter_mut().enumerate() {
            *v = (i as f64).ln_1p() as f32;
        }
        Encoder {
            faces,
            index,
            short,
            ln_1p,
        }
    }

    /// The index of a face, by notation.
    #[inline]
    fn face(&self, token: &str) -> Option<usize> {
        match pack7(token) {
            // A face of up to 7 bytes is in `short`; a longer one cannot equal this token.
            Some(k) => self
                .short
                .binary_search_by_key(&k, |&(key, _)| key)
                .ok()
                .map(|p| self.short[p].1),
            None => self.index.get(token).copied(),
        }
    }

    /// The distinct card faces, in the order of the face blocks.
    pub fn faces(&self) -> &[String] {
        &self.faces
    }

    /// The length of an observation.
    pub fn size(&self) -> usize {
        2 * self.faces.len() + 2 * SEATS + HASH_DIM
    }

    /// Writes the observation of `viewer` from its `view` into `out` (of [`Encoder::size`]),
    /// which must be all zeros (every caller passes a freshly zeroed buffer).
    pub fn encode<V: Serialize>(
        &self,
        view: &V,
        viewer: usize,
        to_move: Option<usize>,
        out: &mut [f32],
    ) {
        let f = self.faces.len();
        if viewer < SEATS {
            out[2 * f + viewer] = 1.0;
        }
        if let Some(t) = to_move.filter(|&t| t < SEATS) {
            out[2 * f + SEATS + t] = 1.0;
        }
        let (faces, facts) = out.split_at_mut(2 * f + 2 * SEATS);
        let mut w = Walker {
            enc: self,
            faces,
            facts,
            buf: String::new(),
        };
        // Straight from the view's serde form, with no JSON value built on the way.
        let _ = view.serialize(Leaf {
            w: &mut w,
            h: FNV_OFFSET,
            hs: FNV_OFFSET,
            in_hand: false,
            depth: 0,
        });
    }
}

struct Walker<'a> {
    enc: &'a Encoder,
    faces: &'a mut [f32],
    facts: &'a mut [f32],
    buf: String,
}

impl Walker<'_> {
    fn token(&mut self, h: u64, token: &str, in_hand: bool) {
        if let Some(i) = self.enc.face(token) {
            let f = self.enc.faces.len();
            self.faces[if in_hand { i } else { f + i }] += 1.0;
        }
        self.facts[bucket(fnv(fnv(h, b"="), token.as_bytes()))] += 1.0;
    }

    fn string(&mut self, h: u64, s: &str, in_hand: bool) {
        // Notation is ASCII: split at ASCII whitespace (a non-ASCII byte stays in its token).
        for token in s.split(|c: char| c.is_ascii_whitespace()) {
            if !token.is_empty() {
                self.token(h, token, in_hand);
            }
        }
    }

    fn number(&mut self, h: u64, x: f64) {
        if x.fract() == 0.0 && x.abs() <= 64.0 {
            let small = x as i64;
            let log = self.enc.ln_1p[small.unsigned_abs() as usize];
            self.facts[bucket(fnv(h, b"#"))] += if small < 0 { -log } else { log };
            // |small| <= 64: one byte (two's complement) names it.
            self.facts[bucket(fnv(fnv(h, b"=#"), &[small as i8 as u8]))] += 1.0;
        } else {
            self.facts[bucket(fnv(h, b"#"))] += (x.signum() * x.abs().ln_1p()) as f32;
        }
    }

    fn mark(&mut self, h: u64, what: &[u8]) {
        self.facts[bucket(fnv(h, what))] += 1.0;
    }
}

/// Why encoding stopped (never in practice: views serialize).
#[derive(Debug)]
struct Stop(String);

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Stop {}

impl ser::Error for Stop {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Stop(msg.to_string())
    }
}

/// One value of the view at a path: `h` is the path's hash for every value but a string, `hs`
/// for a string (they differ for array elements: strings are bagged, the rest indexed).
struct Leaf<'w, 'a> {
    w: &'w mut Walker<'a>,
    h: u64,
    hs: u64,
    in_hand: bool,
    depth: usize,
}

impl<'a> Leaf<'_, 'a> {
    fn field(&mut self, key: &str) -> Leaf<'_, 'a> {
        let h = fnv(fnv(self.h, b"/"), key.as_bytes());
        Leaf {
            w: self.w,
            h,
            hs: h,
            in_hand: self.in_hand || (self.depth == 0 && key == "hand"),
            depth: self.depth + 1,
        }
    }

    fn element(&mut self, i: usize) -> Leaf<'_, 'a> {
        Leaf {
            w: self.w,
            h: fnv(self.h, &[b'[', i.min(255) as u8]),
            hs: fnv(self.h, b"[]"),
            in_hand: self.in_hand,
            depth: self.depth + 1,
        }
    }
}

/// A sequence or an object being walked.
struct Compound<'w, 'a> {
    leaf: Leaf<'w, 'a>,
    next: usize,
}

impl<'w, 'a> ser::Serializer for Leaf<'w, 'a> {
    type Ok = ();
    type Error = Stop;
    type SerializeSeq = Compound<'w, 'a>;
    type SerializeTuple = Compound<'w, 'a>;
    type SerializeTupleStruct = Compound<'w, 'a>;
    type SerializeTupleVariant = Compound<'w, 'a>;
    type SerializeMap = Compound<'w, 'a>;
    type SerializeStruct = Compound<'w, 'a>;
    type SerializeStructVariant = Compound<'w, 'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Stop> {
        self.w.mark(self.h, if v { b"=true" } else { b"=false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Stop> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<(), Stop> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<(), Stop> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<(), Stop> {
        self.serialize_f64(v as f64)
    }
    fn serialize_u8(self, v: u8) -> Result<(), Stop> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<(), Stop> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<(), Stop> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<(), Stop> {
        self.serialize_f64(v as f64)
    }
    fn serialize_f32(self, v: f32) -> Result<(), Stop> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<(), Stop> {
        if v.is_finite() {
            self.w.number(self.h, v);
        } else {
            self.w.mark(self.h, b"=null");
        }
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Stop> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<(), Stop> {
        self.w.string(self.hs, v, self.in_hand);
        Ok(())
    }
    fn collect_str<T: std::fmt::Display + ?Sized>(self, v: &T) -> Result<(), Stop> {
        let mut buf = std::mem::take(&mut self.w.buf);
        buf.clear();
        let _ = write!(buf, "{v}");
        self.w.string(self.hs, &buf, self.in_hand);
        self.w.buf = buf;
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Stop> {
        let mut c = Compound {
            leaf: self,
            next: 0,
        };
        for b in v {
            ser::SerializeSeq::serialize_element(&mut c, b)?;
        }
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Stop> {
        self.w.mark(self.h, b"=null");
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), Stop> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Stop> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Stop> {
        self.serialize_none()
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Stop> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Stop> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        mut self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<(), Stop> {
        v.serialize(self.field(variant))
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Compound<'w, 'a>, Stop> {
        Ok(Compound {
            leaf: self,
            next: 0,
        })
    }
    fn serialize_tuple(self, _: usize) -> Result<Compound<'w, 'a>, Stop> {
        Ok(Compound {
            leaf: self,
            next: 0,
        })
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Compound<'w, 'a>, Stop> {
        Ok(Compound {
            leaf: self,
            next: 0,
        })
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Compound<'w, 'a>, Stop> {
        Ok(Compound {
            leaf: self.into_field(variant),
            next: 0,
        })
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Compound<'w, 'a>, Stop> {
        Ok(Compound {
            leaf: self,
            next: 0,
        })
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Compound<'w, 'a>, Stop> {
        Ok(Compound {
            leaf: self,
            next: 0,
        })
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Compound<'w, 'a>, Stop> {
        Ok(Compound {
            leaf: self.into_field(variant),
            next: 0,
        })
    }
}

impl<'w, 'a> Leaf<'w, 'a> {
    fn into_field(self, key: &str) -> Leaf<'w, 'a> {
        let h = fnv(fnv(self.h, b"/"), key.as_bytes());
        Leaf {
            in_hand: self.in_hand || (self.depth == 0 && key == "hand"),
            depth: self.depth + 1,
            w: self.w,
            h,
            hs: h,
        }
    }
}

impl ser::SerializeSeq for Compound<'_, '_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Stop> {
        let i = self.next;
        self.next += 1;
        v.serialize(self.leaf.element(i))
    }
    fn end(self) -> Result<(), Stop> {
        Ok(())
    }
}

impl ser::SerializeTuple for Compound<'_, '_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Stop> {
        ser::SerializeSeq::serialize_element(self, v)
    }
    fn end(self) -> Result<(), Stop> {
        Ok(())
    }
}

impl ser::SerializeTupleStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Stop> {
        ser::SerializeSeq::serialize_element(self, v)
    }
    fn end(self) -> Result<(), Stop> {
        Ok(())
    }
}

impl ser::SerializeTupleVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Stop> {
        ser::SerializeSeq::serialize_element(self, v)
    }
    fn end(self) -> Result<(), Stop> {
        Ok(())
    }
}

impl ser::SerializeStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Stop> {
        v.serialize(self.leaf.field(key))
    }
    fn end(self) -> Result<(), Stop> {
        Ok(())
    }
}

impl ser::SerializeStructVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Stop> {
        v.serialize(self.leaf.field(key))
    }
    fn end(self) -> Result<(), Stop> {
        Ok(())
    }
}

impl ser::SerializeMap for Compound<'_, '_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Stop> {
        // Keys as JSON writes them (strings as themselves, numbers as their digits).
        let text = match serde_json::to_value(key) {
            Ok(serde_json::Value::String(s)) => s,
            Ok(other) => other.to_string(),
            Err(e) => return Err(Stop(e.to_string())),
        };
        self.leaf.w.buf.clear();
        self.leaf.w.buf.push_str(&text);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Stop> {
        let key = std::mem::take(&mut self.leaf.w.buf);
        v.serialize(self.leaf.field(&key))
    }
    fn end(self) -> Result<(), Stop> {
        Ok(())
    }
}
