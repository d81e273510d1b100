//! Das Grosse und das kleine A (Wolfgang Kramer): a climbing card game for 3 to 9 players.
//!
//! The engine is not written yet.
