//! Small pieces of narration shared by the games.

use std::fmt;

/// A count with its noun, singular for one: `Count(1, "card")` shows `1 card`, `Count(3,
/// "card")` shows `3 cards`. Width and alignment options apply to the number.
///
/// ```
/// use cards_core::text::Count;
/// assert_eq!(Count(1, "card").to_string(), "1 card");
/// assert_eq!(Count(0, "trick").to_string(), "0 tricks");
/// assert_eq!(format!("{:>2}", Count(7, "card")), " 7 cards");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count<'a>(pub usize, pub &'a str);

impl fmt::Display for Count<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)?;
        write!(f, " {}{}", self.1, if self.0 == 1 { "" } else { "s" })
    }
}
