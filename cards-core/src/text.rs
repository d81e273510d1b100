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
///
/// A game that can be told in more than one language also builds a `Screen<Message>`
/// ([`crate::GameView::screen_messages`]): the same facts as catalogue keys and arguments, which
/// a front end formats in its language. Cards in hand stay in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Screen<T = String> {
    /// The game and where the match stands, e.g. `Big A, hand 1 of 5`.
    pub heading: T,
    /// Whose screen it is.
    pub viewer: crate::Seat,
    /// The seat whose turn it is; none once the match is over.
    pub to_move: Option<crate::Seat>,
    /// What lies on the table for everyone to see (the trick, melds, stock, contract), one
    /// fact per line; empty shows `-`.
    pub table: Vec<T>,
    /// Each seat's public facts in seat order (hand size, total, role), shown comma-separated.
    pub seats: Vec<Vec<T>>,
    /// The viewer's hand, one card per entry, in the game's notation.
    pub hand: Vec<String>,
    /// Further facts only the viewer knows (a discard, exchanged cards), one per line.
    pub private: Vec<T>,
}

impl<T> Screen<T> {
    /// The same screen with every text passed through `f` (a catalogue formatting each
    /// message in one language).
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> Screen<U> {
        Screen {
            heading: f(self.heading),
            viewer: self.viewer,
            to_move: self.to_move,
            table: self.table.into_iter().map(&mut f).collect(),
            seats: (self.seats.into_iter())
                .map(|facts| facts.into_iter().map(&mut f).collect())
                .collect(),
            hand: self.hand,
            private: self.private.into_iter().map(&mut f).collect(),
        }
    }
}

/// One value a [`Message`] is formatted with.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Arg {
    /// Text shown as it is: card and seat notation, a seed, a name.
    Text(String),
    /// A whole number: a catalogue may choose words by it (`1 card`, `2 cards`).
    Number(i64),
    /// A message of its own, formatted in the same language (a contract's name, a clause).
    Message(Box<Message>),
    /// A list of messages, formatted in the same language and joined by `sep`.
    List {
        /// The messages.
        items: Vec<Message>,
        /// What stands between two of them, e.g. `", "`.
        sep: &'static str,
    },
}

impl From<i64> for Arg {
    fn from(n: i64) -> Self {
        Arg::Number(n)
    }
}

impl From<Message> for Arg {
    fn from(m: Message) -> Self {
        Arg::Message(Box::new(m))
    }
}

/// A sentence or phrase to be told in the reader's language: a key of the message catalogue
/// and the arguments it is formatted with. Libraries build messages; a front end (the `cards`
/// command, the page) formats them with its catalogue. A game keeps its English `Display`
/// beside them, and a test of the catalogue checks that both say the same.
///
/// ```
/// use cards_core::text::{Arg, Message};
/// use cards_core::Seat;
/// let m = Message::new("cego-trick-won").text("seat", Seat(2)).number("trick", 3);
/// assert_eq!(m.key, "cego-trick-won");
/// assert_eq!(m.args[0], ("seat", Arg::Text("S2".into())));
/// assert_eq!(m.args[1], ("trick", Arg::Number(3)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Message {
    /// The catalogue key, e.g. `cego-trick-won`: lowercase words joined by `-`, the game's
    /// name first for a game's own words.
    pub key: &'static str,
    /// The named arguments, in the order given.
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    /// A message with no arguments yet.
    pub const fn new(key: &'static str) -> Self {
        Message {
            key,
            args: Vec::new(),
        }
    }

    /// The message with one more argument.
    #[must_use]
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Self {
        self.args.push((name, value.into()));
        self
    }

    /// The message with a text argument, shown as its `Display` (notation, seats).
    #[must_use]
    pub fn text(self, name: &'static str, value: impl fmt::Display) -> Self {
        self.arg(name, Arg::Text(value.to_string()))
    }

    /// The message with a number argument.
    #[must_use]
    pub fn number(self, name: &'static str, value: impl Into<i64>) -> Self {
        self.arg(name, Arg::Number(value.into()))
    }

    /// The message with a list of messages joined by `sep`.
    #[must_use]
    pub fn list(self, name: &'static str, items: Vec<Message>, sep: &'static str) -> Self {
        self.arg(name, Arg::List { items, sep })
    }
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
