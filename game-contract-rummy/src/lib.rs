//! 3 to 13: a progressive contract rummy over eleven rounds with rotating wilds.
//!
//! The engine is not written yet.
