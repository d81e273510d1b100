//! Colour on a terminal: red and black suits, and the person's turn. None for pipes and files,
//! none with `NO_COLOR` set (<https://no-color.org>); `CLICOLOR_FORCE=1` forces it.

use std::io::IsTerminal;

const RED: &str = "\x1b[31m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// Whether output to stdout is coloured.
pub fn enabled() -> bool {
    if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        return false;
    }
    std::env::var("CLICOLOR_FORCE").is_ok_and(|v| v != "0") || std::io::stdout().is_terminal()
}

/// The text with every French-suited card of a red suit (`7h`, `10d`, `Qh`) in red.
pub fn suits(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for piece in text.split_inclusive(char::is_whitespace) {
        let word = piece.trim_end();
        if is_red_card(word) {
            out.push_str(RED);
            out.push_str(word);
            out.push_str(RESET);
            out.push_str(&piece[word.len()..]);
        } else {
            out.push_str(piece);
        }
    }
    out
}

fn is_red_card(word: &str) -> bool {
    let word = word.trim_end_matches([',', ';', ')', '.']);
    let Some(rank) = word.strip_suffix(['h', 'd']) else {
        return false;
    };
    matches!(
        rank,
        "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "J" | "Q" | "K" | "A" | "R"
    )
}

/// The prompt of the person's turn, in bold.
pub fn turn(text: &str) -> String {
    format!("{BOLD}{text}{RESET}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_red_suited_cards_are_coloured() {
        assert_eq!(
            suits("hand: 7h 10s Qd, K"),
            format!("hand: {RED}7h{RESET} 10s {RED}Qd,{RESET} K")
        );
        assert_eq!(suits("the hand ended"), "the hand ended");
        assert_eq!(suits("Qd\nnext"), format!("{RED}Qd{RESET}\nnext"));
    }
}
