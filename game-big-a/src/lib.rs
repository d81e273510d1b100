//! Big A (打大A): a five-player climbing game with bombs and hidden partners.
//!
//! The engine is not written yet.
