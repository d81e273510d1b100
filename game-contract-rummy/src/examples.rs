//! The rule text's worked examples, replayed from stated positions and narrated.

use cards_core::Example;

/// Every worked example.
pub fn all() -> Vec<Example> {
    Vec::new()
}
