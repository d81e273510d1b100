//! The worked examples of cego.md §9, replayed and narrated.

use cards_core::Example;

/// Every worked example.
pub fn all() -> Vec<Example> {
    Vec::new()
}
