//! The rules summary and the rulings applied.

/// The rules summary and rulings, as `cards rules cego` prints them.
pub const RULES: &str = "Cego (rules summary pending)";
