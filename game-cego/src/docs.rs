//! The rules text, as `cards rules cego` prints it.

/// The rules as `cards rules cego` prints them: the "Rules" section of the crate documentation
/// (`README.md`), the one text of the rules (plain text with light Markdown).
pub const RULES: &str = cards_core::text::markdown_section(crate::README, "## Rules");
