//! The worked examples: stated positions replayed and narrated.

use cards_core::Example;

/// Every worked example.
pub fn all() -> Vec<Example> {
    Vec::new()
}
