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

/// One player's screen, laid out the same way in every game: where the match stands, the
/// table, every seat's public facts with the viewer and the seat to move marked, and the
/// viewer's own cards. Games build it from a view ([`crate::GameView::screen`]), so it holds only
/// what that seat may know; the CLI shows its `Display` and a browser page can read its fields.
///
/// ```
/// use cards_core::text::Screen;
/// use cards_core::Seat;
/// let screen = Screen {
///     heading: "Big A, hand 1 of 5".into(),
///     viewer: Seat(0),
///     to_move: Some(Seat(1)),
///     table: vec!["stock: 99 cards".into()],
///     seats: vec![vec!["2 cards".into(), "total +0".into()], vec!["1 card".into()]],
///     hand: vec!["Ac".into(), "2h".into()],
///     private: vec![],
/// };
/// assert_eq!(
///     screen.to_string(),
///     "Big A, hand 1 of 5 | you are S0\n\
///      Table:\n  stock: 99 cards\n\
///      Seats:\n  S0 (you)  2 cards, total +0\n  S1        1 card  <- to move\n\
///      Your hand (2 cards): Ac 2h\n"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Screen {
    /// The game and where the match stands, e.g. `Big A, hand 1 of 5`.
    pub heading: String,
    /// Whose screen it is.
    pub viewer: crate::Seat,
    /// The seat whose turn it is; none once the match is over.
    pub to_move: Option<crate::Seat>,
    /// What lies on the table for everyone to see (the trick, melds, stock, contract), one
    /// fact per line; empty shows `-`.
    pub table: Vec<String>,
    /// Each seat's public facts in seat order (hand size, total, role), shown comma-separated.
    pub seats: Vec<Vec<String>>,
    /// The viewer's hand, one card per entry, in the game's notation.
    pub hand: Vec<String>,
    /// Further facts only the viewer knows (a discard, exchanged cards), one per line.
    pub private: Vec<String>,
}

impl fmt::Display for Screen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} | you are {}", self.heading, self.viewer)?;
        if self.table.is_empty() {
            writeln!(f, "Table: -")?;
        } else {
            writeln!(f, "Table:")?;
            for line in &self.table {
                writeln!(f, "  {line}")?;
            }
        }
        writeln!(f, "Seats:")?;
        for (i, facts) in self.seats.iter().enumerate() {
            let seat = crate::Seat(u8::try_from(i).unwrap_or(u8::MAX));
            let name = if seat == self.viewer {
                format!("{seat} (you)")
            } else {
                seat.to_string()
            };
            let mut line = format!("  {name:<8}  {}", facts.join(", "));
            if self.to_move == Some(seat) {
                line.push_str("  <- to move");
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        if self.hand.is_empty() {
            writeln!(f, "Your hand: empty")?;
        } else {
            writeln!(
                f,
                "Your hand ({}): {}",
                Count(self.hand.len(), "card"),
                self.hand.join(" ")
            )?;
        }
        for line in &self.private {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// The text under the line `heading` of `text` up to the next `## ` heading, trimmed; the whole
/// `text` when no line is `heading` (so it never fails). A `const fn`, so a crate can take a
/// section of its `README.md` at compile time: each game's rules text (`cards rules GAME`) is
/// the "Rules" section of its README, which is also its crate documentation.
///
/// ```
/// use cards_core::text::markdown_section;
/// const README: &str = "# A game\n\n## Rules\n\nPlay well.\n\n## Bots\n\nNone.\n";
/// const RULES: &str = markdown_section(README, "## Rules");
/// assert_eq!(RULES, "Play well.");
/// assert_eq!(markdown_section(README, "## Missing"), README);
/// assert_eq!(markdown_section("## Rules", "## Rules"), "");
/// ```
pub const fn markdown_section(text: &'static str, heading: &str) -> &'static str {
    const fn starts_at(t: &[u8], i: usize, p: &[u8]) -> bool {
        if i + p.len() > t.len() {
            return false;
        }
        let mut k = 0;
        while k < p.len() {
            if t[i + k] != p[k] {
                return false;
            }
            k += 1;
        }
        true
    }
    let (t, h) = (text.as_bytes(), heading.as_bytes());
    let mut start = 0;
    loop {
        if start + h.len() > t.len() {
            return text;
        }
        let line_start = start == 0 || t[start - 1] == b'\n';
        let end = start + h.len();
        let line_end = end == t.len() || t[end] == b'\n' || t[end] == b'\r';
        if line_start && line_end && starts_at(t, start, h) {
            start = end;
            break;
        }
        start += 1;
    }
    let mut end = start;
    while end < t.len() && !(t[end - 1] == b'\n' && starts_at(t, end, b"## ")) {
        end += 1;
    }
    let (_, rest) = t.split_at(start);
    let (body, _) = rest.split_at(end - start);
    match core::str::from_utf8(body) {
        Ok(s) => s.trim_ascii(),
        Err(_) => text,
    }
}
