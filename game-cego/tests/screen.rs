//! The shared screen layout (`Game::screen`) of Cego views, and the view's `Display`.

use cards_core::GameView;
use cards_core::{Game, Seat};
use game_cego::examples::{Script, T8_DEAL, T11_DEAL};
use game_cego::{Cego, Config};

fn screens(s: &Script, seats: &[u8]) -> String {
    seats
        .iter()
        .map(|&i| Cego::view(&s.state, Seat(i)).to_string())
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[test]
fn the_screen_shows_the_auction_the_game_the_trick_and_the_soloists_private_cards() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    let mut out = vec![format!("== the deal, S0 to open\n{}", screens(&s, &[0]))];
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass, expose 8c");
    out.push(format!(
        "== One Blank fixed, trick 1 to lead: the soloist S0 and the defender S3\n{}",
        screens(&s, &[0, 3])
    ));
    s.play("Kc, Qc, Jc");
    out.push(format!("== trick 1 under way\n{}", screens(&s, &[1])));
    s.play("7c");
    out.push(format!(
        "== trick 1 complete: the soloist no longer sees his discards (CG21)\n{}",
        screens(&s, &[0])
    ));
    s.finish();
    out.push(format!("== the match is over\n{}", screens(&s, &[2])));
    let text = out.join("\n\n");
    assert!(!text.contains('{') && !text.contains('['), "{text}");
    insta::assert_snapshot!("screens-t8", text);
}

#[test]
fn the_double_lead_shows_both_tricks_and_the_face_up_trock() {
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, pass, pass, pass")
        .play("expose 8s, expose 7s, 8s+7s");
    let screen = Cego::view(&s.state, Seat(3)).screen();
    assert_eq!(
        screen.table[2..],
        [
            "game: Two Blanks by S0, factor 4",
            "exposed: 7s 8s",
            "discarded face up: T2",
            "trick 1: S0 8s",
            "trick 2: S0 7s",
        ]
    );
    assert_eq!(screen.to_move, Some(Seat(3)));
    assert!(screen.private.is_empty(), "a defender has no private lines");
}

#[test]
fn the_cego_of_a_solo_is_shown_to_nobody_until_the_deal_ends_then_to_everyone_6_6() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, solo, pass, pass, pass");
    assert_eq!(s.state.deal.contract, Some(game_cego::Contract::Solo));
    let cego = s.state.deal.cego;
    assert_eq!(cego.len(), 10);
    let line = format!("the cego: {cego}");
    for seat in 0..4 {
        let v = Cego::view(&s.state, Seat(seat));
        assert_eq!(v.cego, None, "S{seat}");
        assert!(!v.screen().table.contains(&line), "S{seat}");
    }
    s.finish();
    assert!(s.state.over);
    for seat in 0..4 {
        let v = Cego::view(&s.state, Seat(seat));
        assert_eq!(v.cego, Some(cego), "S{seat}");
        assert!(
            v.screen().table.contains(&line),
            "S{seat}: {:?}",
            v.screen().table
        );
    }
}
