//! What the terminal tells, in the reader's language: a game's narration and screen through
//! the catalogue ([`crate::i18n`]) where the game gives them as messages, and the run of moves
//! taken at once.

use cards_core::text::{Message, Screen};
use cards_core::{Catalog, Game, GameEvent, GameView, Seat};

use crate::i18n::Catalogue;

/// One event's line: its message in the catalogue's language, or its English `Display` where
/// the game has no messages.
pub fn event_line<G: Game>(words: &Catalogue, event: &G::Event) -> String {
    match event.message() {
        Some(m) => words.format(&m),
        None => event.to_string(),
    }
}

/// A seat's screen: its messages in the catalogue's language laid out as
/// [`cards_core::text::Screen`] lays out English, or the view's English `Display` where the game
/// has no messages. Ends with a line break.
pub fn view_text<G: Game>(words: &Catalogue, view: &G::View) -> String {
    if let Some(screen) = view.screen_messages() {
        return screen_text(words, screen);
    }
    let mut text = view.to_string();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// A screen of messages in the catalogue's language, laid out as the English
/// [`cards_core::text::Screen`]'s `Display` (which it equals in English, as a test checks).
pub fn screen_text(words: &Catalogue, screen: Screen<Message>) -> String {
    let s = screen.map(|m| words.format(&m));
    let seat = |seat: Seat| words.format(&Message::new("screen-seat").text("seat", seat));
    let mut out = String::new();
    let mut line = |text: &str| {
        out.push_str(text);
        out.push('\n');
    };
    line(
        &words.format(
            &Message::new("screen-heading")
                .text("heading", &s.heading)
                .text("seat", s.viewer),
        ),
    );
    if s.table.is_empty() {
        line(&words.word("screen-table-empty"));
    } else {
        line(&words.word("screen-table"));
        for fact in &s.table {
            line(&format!("  {fact}"));
        }
    }
    line(&words.word("screen-seats"));
    for (i, facts) in s.seats.iter().enumerate() {
        let at = Seat(u8::try_from(i).unwrap_or(u8::MAX));
        let name = if at == s.viewer {
            words.format(&Message::new("screen-you").text("seat", at))
        } else {
            seat(at)
        };
        let pad = " ".repeat(8usize.saturating_sub(name.chars().count()));
        let mut text = format!("  {name}{pad}  {}", facts.join(", "));
        if s.to_move == Some(at) {
            text.push_str("  ");
            text.push_str(&words.word("screen-to-move"));
        }
        line(text.trim_end());
    }
    if s.hand.is_empty() {
        line(&words.word("screen-hand-empty"));
    } else {
        line(
            &words.format(
                &Message::new("screen-hand")
                    .number("count", s.hand.len() as i64)
                    .text("cards", s.hand.join(" ")),
            ),
        );
    }
    for fact in &s.private {
        line(fact);
    }
    out
}

/// The title of a game in the catalogue's language.
pub fn title<G: Catalog>(words: &Catalogue) -> String {
    title_of(words, G::NAME, G::TITLE)
}

/// The title of the game `name` in the catalogue's language, `english` where it has none.
pub fn title_of(words: &Catalogue, name: &str, english: &str) -> String {
    let key = format!("game-title-{name}");
    if words.has(&key) {
        words.word(&key)
    } else {
        english.to_owned()
    }
}

/// The line that sums up a run of moves taken at once (as [`crate::narrate::run_summary`]
/// says it in English), its lines already told in the catalogue's language.
pub fn run_summary(
    words: &Catalogue,
    lines: &[String],
    moves: usize,
    phase: &str,
    forced: usize,
) -> String {
    let head = if phase == "play" {
        Message::new("play-run-head-play").number("moves", moves as i64)
    } else {
        let key = format!("phase-{phase}");
        let phase = if words.has(&key) {
            words.word(&key)
        } else {
            phase.to_owned()
        };
        Message::new("play-run-head-phase")
            .text("phase", phase)
            .number("moves", moves as i64)
    };
    let head = if forced == 0 {
        head
    } else {
        Message::new("play-run-head-forced").arg("head", head).arg(
            "forced",
            Message::new("play-run-forced").number("count", forced as i64),
        )
    };
    // The pseudo-locale's marks around each line are set aside while the lines are grouped,
    // and put around each group, so that no part of a group stands outside them.
    let (open, close) = crate::i18n::PSEUDO_MARKS;
    let marked = words.lang() == crate::i18n::Lang::Qps
        && lines
            .iter()
            .all(|l| l.starts_with(open) && l.ends_with(close));
    let told = if marked {
        let bare: Vec<String> = (lines.iter())
            .map(|l| l[open.len_utf8()..l.len() - close.len_utf8()].to_owned())
            .collect();
        (crate::narrate::group_run(&bare).into_iter())
            .map(|t| format!("{open}{t}{close}"))
            .collect()
    } else {
        crate::narrate::group_run(lines)
    };
    if told.is_empty() {
        words.format(&Message::new("play-run-bare").arg("head", head))
    } else {
        words.format(
            &Message::new("play-run")
                .arg("head", head)
                .text("told", told.join("; ")),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{run_summary, screen_text};
    use crate::i18n::{Catalogue, Lang};
    use cards_core::text::{Message, Screen};
    use cards_core::{Catalog, GameView, Seat};

    #[test]
    fn the_english_run_summary_is_the_one_the_browser_tells() {
        let en = Catalogue::get(Lang::En);
        let lines: Vec<String> = ["S1 draws a card", "S1 draws a card", "S0 draws 7♠"]
            .map(String::from)
            .into();
        for (moves, phase, forced) in [(3, "draw", 0), (3, "draw", 1), (5, "play", 2)] {
            assert_eq!(
                run_summary(en, &lines, moves, phase, forced),
                crate::narrate::run_summary(&lines, moves, phase, forced)
            );
        }
        assert_eq!(
            run_summary(en, &[], 2, "draw", 0),
            crate::narrate::run_summary(&[], 2, "draw", 0)
        );
    }

    #[test]
    fn a_screen_of_messages_reads_in_english_as_the_shared_layout() {
        let en = Catalogue::get(Lang::En);
        let messages = Screen {
            heading: Message::new("game-title-cego"),
            viewer: Seat(0),
            to_move: Some(Seat(1)),
            table: vec![],
            seats: vec![
                vec![Message::new("count-cards").number("count", 2)],
                vec![Message::new("count-cards").number("count", 1)],
            ],
            hand: vec!["Ac".into(), "2h".into()],
            private: vec![],
        };
        let english = messages.clone().map(|m| en.format(&m));
        assert_eq!(screen_text(en, messages), english.to_string());
    }

    /// Every screen and narrated event of a seeded match of `G`, seen by seat 0, in English
    /// through the catalogue equals the game's own English.
    fn catalogue_english_is_the_games_english<G: Catalog>() {
        let en = Catalogue::get(Lang::En);
        let mut state = G::new(&G::Config::default(), 20_261_202).unwrap();
        let mut legal = Vec::new();
        let mut rng = cards_core::Seed::Short(7).rng();
        let (mut screens, mut events) = (0, 0);
        for e in G::opening(&state) {
            assert_eq!(super::event_line::<G>(en, &e), e.to_string());
        }
        while let Some(seat) = G::to_move(&state) {
            let view = G::view(&state, seat);
            assert!(view.screen_messages().is_some(), "{} has messages", G::NAME);
            let mut shown = view.to_string();
            if !shown.ends_with('\n') {
                shown.push('\n');
            }
            assert_eq!(super::view_text::<G>(en, &view), shown);
            screens += 1;
            G::legal_actions_into(&state, &mut legal);
            let i = (cards_core::rng::next_u64(&mut rng) % legal.len() as u64) as usize;
            for e in G::apply(&mut state, &legal[i]).unwrap() {
                for seen in [Some(e.clone()), cards_core::GameEvent::redact(&e, Seat(1))] {
                    let Some(seen) = seen else { continue };
                    assert_eq!(super::event_line::<G>(en, &seen), seen.to_string());
                    events += 1;
                }
            }
        }
        let view = G::view(&state, Seat(0));
        let mut shown = view.to_string();
        if !shown.ends_with('\n') {
            shown.push('\n');
        }
        assert_eq!(super::view_text::<G>(en, &view), shown);
        assert!(
            screens > 50 && events > 100,
            "{screens} screens, {events} events"
        );
    }

    #[test]
    fn cego_reads_in_english_as_its_own_narration() {
        catalogue_english_is_the_games_english::<game_cego::Cego>();
    }

    #[test]
    fn big_a_reads_in_english_as_its_own_narration() {
        catalogue_english_is_the_games_english::<game_big_a::BigA>();
    }

    #[test]
    fn contract_rummy_reads_in_english_as_its_own_narration() {
        catalogue_english_is_the_games_english::<game_contract_rummy::ContractRummy>();
    }

    #[test]
    fn einer_ist_immer_reads_in_english_as_its_own_narration() {
        catalogue_english_is_the_games_english::<game_einer_ist_immer::EinerIstImmer>();
    }

    #[test]
    fn grosse_kleine_a_reads_in_english_as_its_own_narration() {
        catalogue_english_is_the_games_english::<game_grosse_kleine_a::GrosseKleineA>();
    }
}
