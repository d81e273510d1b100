//! The rules text shown by `cards rules big-a`.

/// The rules as `cards rules big-a` prints them: the "Rules" section of the crate documentation
/// (`README.md`), the one text of the rules.
pub const RULES: &str = cards_core::text::markdown_section(crate::README, "## Rules");
