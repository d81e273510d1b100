//! Einer ist immer der ...: a President game with ranks, seating and card exchange.
//!
//! The engine is not written yet.
