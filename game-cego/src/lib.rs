//! Cego: the tarock game of Baden, with its auction, contracts and payments.
//!
//! The engine is not written yet.
