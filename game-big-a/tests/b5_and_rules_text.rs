//! Rulings B5 (as amended) and B12, and the claims of the rules text (`BigA::rules`) that go
//! beyond the seed's lists, each checked against the engine.

mod common;

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::card::FrenchCard;
use cards_core::game::Game;
use cards_core::rng::{derive_seed, rng_from_seed, shuffle};
use cards_core::seat::Seat;
use common::{act, from_pack, is_legal, position, refusal};
use game_big_a::{
    ACE, ASKED_DRAWS, Action, BigA, Combo, Config, Event, ExposeKind, MAX_REDEALS, Phase, Play,
    State, beats, full_pack,
};

// With S0 drawing first, pack position k goes to S0, S4, S3, S2, S1 for k mod 5 = 0 .. 4; the
// face-down cards are positions 103 (S2), 104 (S1), 105 (S0), 106 (S4) and 107 (S3).

fn pass_until(state: &mut State, done: impl Fn(&State) -> bool) {
    while !done(state) {
        act(state, "pass");
    }
}

/// Passes to the pick-up round and to `seat`'s turn in it.
fn to_pick_up_turn(state: &mut State, seat: Seat) {
    pass_until(state, |s| {
        matches!(s.phase(), Phase::PartnerExposure { .. })
    });
    pass_until(state, |s| BigA::to_move(s) == Some(seat));
}

fn exposed(events: &[Event], kind: ExposeKind) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::Exposed(x) if x.kind == kind))
}

/// After the pick-up, the declarer exposes the second Big Ace (alone, both exposed), and play
/// starts with every other seat publicly an opponent.
fn second_exposed_alone(mut s: State, declarer: Seat, suit: &str) {
    assert!(is_legal(&s, &format!("expose A{suit}")));
    let ev = act(&mut s, &format!("expose A{suit}"));
    assert!(exposed(&ev, ExposeKind::LoneSecond), "{ev:?}");
    assert_eq!(
        ev[0].to_string(),
        format!("{declarer} exposes A{suit} (the second copy): declarer alone")
    );
    pass_until(&mut s, |s| s.phase() == Phase::Play);
    assert_eq!(s.partner(), None);
    let view = BigA::view(&s, Seat((declarer.0 + 1) % 5));
    for x in Seat::all(5) {
        let want = if x == declarer {
            Some(true)
        } else {
            Some(false)
        };
        assert_eq!(view.teams[x.index()], want, "{x}");
    }
}

#[test]
fn b5_a_declarer_who_takes_up_the_second_big_ace_may_expose_it() {
    // S0 exposes Ac on its first draw; its face-down card (105) is the other Ac.
    let mut s = from_pack(&[(0, "Ac"), (105, "Ac")]);
    act(&mut s, "expose Ac");
    to_pick_up_turn(&mut s, Seat(0));
    second_exposed_alone(s, Seat(0), "c");
}

#[test]
fn b5_a_declarer_who_drew_both_and_did_not_protect_may_still_expose_after_the_pick_up() {
    // S0 draws both Ac during the draw (0 and 5), exposes the first and passes on the second.
    let mut s = from_pack(&[(0, "Ac"), (5, "Ac")]);
    act(&mut s, "expose Ac");
    pass_until(&mut s, |s| BigA::to_move(s) == Some(Seat(0)));
    assert!(is_legal(&s, "expose Ac"), "it could protect now");
    act(&mut s, "pass");
    to_pick_up_turn(&mut s, Seat(0));
    second_exposed_alone(s, Seat(0), "c");
}

#[test]
fn b5_a_declarer_forced_by_the_heart_ace_who_holds_both_may_expose_the_second() {
    // S3 sees an Ah (position 2) and takes up the other as its face-down card (107).
    let mut s = from_pack(&[(2, "Ah"), (107, "Ah")]);
    pass_until(&mut s, |s| s.declarer().is_some());
    assert_eq!(s.declarer(), Some(Seat(3)));
    to_pick_up_turn(&mut s, Seat(3));
    second_exposed_alone(s, Seat(3), "h");
    // Both seen during the draw (positions 2 and 7): the same.
    let mut s = from_pack(&[(2, "Ah"), (7, "Ah")]);
    to_pick_up_turn(&mut s, Seat(3));
    second_exposed_alone(s, Seat(3), "h");
}

#[test]
fn b5_the_forced_heart_case_bars_the_partner_only() {
    // S3 is forced with the Ah at 2; S1 holds the other (4).
    let mut s = from_pack(&[(2, "Ah"), (4, "Ah")]);
    to_pick_up_turn(&mut s, Seat(3));
    assert_eq!(
        BigA::legal_actions(&s),
        [Action::Pass],
        "one Ah: nothing to expose"
    );
    let e = refusal(&s, "expose Ah");
    assert!(e.contains("do not hold Ah") && e.contains("B5"), "{e}");
    pass_until(&mut s, |s| BigA::to_move(s) == Some(Seat(1)));
    assert_eq!(BigA::legal_actions(&s), [Action::Pass]);
    let e = refusal(&s, "expose Ah");
    assert!(e.contains("forced heart ace") && e.contains("B5"), "{e}");
}

#[test]
fn b5_after_the_pick_up_a_declarer_with_one_copy_or_any_other_ace_is_refused() {
    let mut s = from_pack(&[(0, "Ac"), (1, "Ac"), (5, "Ad"), (10, "Ad")]);
    act(&mut s, "expose Ac");
    to_pick_up_turn(&mut s, Seat(0));
    assert_eq!(BigA::legal_actions(&s), [Action::Pass]);
    let e = refusal(&s, "expose Ac");
    assert!(e.contains("do not hold Ac") && e.contains("B5"), "{e}");
    for other in ["expose Ad", "expose Ad Ad", "expose Ac Ac"] {
        let e = refusal(&s, other);
        assert!(
            e.contains("only the ace matching the big ace") && e.contains("B5"),
            "{e}"
        );
    }
    // The partner (S4) may, as B5 says.
    pass_until(&mut s, |s| BigA::to_move(s) == Some(Seat(4)));
    let ev = act(&mut s, "expose Ac");
    assert!(exposed(&ev, ExposeKind::Partner));
}

#[test]
fn b5_once_the_declarer_protected_during_the_draw_nobody_exposes_after_the_pick_up() {
    let mut s = from_pack(&[(0, "Ac"), (5, "Ac"), (1, "Ad"), (6, "Ad")]);
    act(&mut s, "expose Ac");
    pass_until(&mut s, |s| BigA::to_move(s) == Some(Seat(0)));
    act(&mut s, "expose Ac");
    to_pick_up_turn(&mut s, Seat(0));
    assert_eq!(BigA::legal_actions(&s), [Action::Pass]);
    let e = refusal(&s, "expose Ac");
    assert!(e.contains("settled") && e.contains("B5"), "{e}");
}

#[test]
fn b12_redeals_are_bounded_and_the_bound_is_cited() {
    assert_eq!(MAX_REDEALS, 16);
    let config = Config::default().single_deal();
    let per_hand = (MAX_REDEALS as usize + 1) * 103 + 5 + 220 * 5;
    assert_eq!(config.max_actions(), per_hand);
    assert!(BigA::rules().contains("B12"));
}

#[test]
fn rules_text_a_big_ace_with_another_ace_is_an_ordinary_pair_of_aces() {
    assert!(BigA::rules().contains("a Big Ace with another Ace is an ordinary pair of Aces"));
    let mut s = position(["Ah As 9c", "2c 2d 5c", "6c", "7c", "Ah 8c"], 0, Some(4), 0);
    assert!(is_legal(&s, "A BA"));
    let p: Play = "A BA".parse().unwrap();
    assert_eq!(p.combo, Combo::Pair(ACE));
    act(&mut s, "A BA");
    // S4 passes; S3, S2 pass; S1 beats it with an ordinary pair of Twos.
    assert!(is_legal(&s, "pass"));
    act(&mut s, "pass");
    act(&mut s, "pass");
    act(&mut s, "pass");
    assert!(is_legal(&s, "2 2"));
    act(&mut s, "2 2");
    // Only both Big Aces make the Big Ace pair bomb.
    assert_eq!("BA BA".parse::<Play>().unwrap().combo, Combo::BigAcePair);
}

#[test]
fn rules_text_big_aces_in_sequences_and_bombs_count_as_ordinary_aces() {
    assert!(BigA::rules().contains("a Big Ace counts as an"));
    let p = |t: &str| t.parse::<Play>().unwrap();
    // The same combination, whether or not a Big Ace is among its Aces.
    assert_eq!(p("Q K BA").combo, p("Q K A").combo);
    assert_eq!(p("A A BA").combo, p("A A A").combo);
    assert_eq!(p("BA 2 3").combo, p("A 2 3").combo);
    assert_eq!(p("A A A BA").combo, p("A A A A").combo);
    assert_eq!(p("K K K A A BA").combo, p("K K K A A A").combo);
    // An egg of Aces with a Big Ace is beaten by Twos and beats Kings, as any egg of Aces.
    let egg = p("A A BA").combo;
    assert!(beats(p("2 2 2").combo, egg, false).is_ok());
    assert!(beats(egg, p("K K K").combo, false).is_ok());
    // In play: Q K BA is a sequence, beaten by nothing but a higher one of its length.
    let mut s = position(
        ["Qc Kc Ah 5c", "Jd Qd Kd", "9c", "8c", "Ah 7c"],
        0,
        Some(4),
        0,
    );
    act(&mut s, "Q K BA");
    assert!(BigA::legal_actions(&s).iter().all(|a| *a == Action::Pass));
    // And Fours capture an egg that holds a Big Ace (B9) without changing the teams (B6).
    let mut s = position(
        ["Ah Ac Ad 9c", "4c 4d 5c", "6c", "7c", "Ah 8c"],
        0,
        Some(4),
        0,
    );
    act(&mut s, "A A BA");
    act(&mut s, "pass"); // S4
    act(&mut s, "pass"); // S3
    act(&mut s, "pass"); // S2
    assert!(is_legal(&s, "capture 4 4"));
    act(&mut s, "capture 4 4");
    assert_eq!(s.partner(), Some(Seat(4)));
    assert_eq!(s.declarer(), Some(Seat(0)));
}

#[test]
fn rules_text_the_player_of_the_last_highest_combination_leads_the_next_trick() {
    assert!(
        BigA::rules()
            .contains("the player of that last, highest combination leads the\nnext trick")
    );
    let mut s = position(
        ["5c 6c", "7c 8c", "9c 10c", "Qc Kc", "Ah Jc"],
        0,
        Some(4),
        0,
    );
    act(&mut s, "5"); // S0
    act(&mut s, "pass"); // S4
    act(&mut s, "Q"); // S3
    act(&mut s, "pass"); // S2
    act(&mut s, "pass"); // S1
    act(&mut s, "pass"); // S0
    act(&mut s, "BA"); // S4, who passed before
    for _ in 0..3 {
        act(&mut s, "pass"); // S3, S2, S1
    }
    let ev = act(&mut s, "pass"); // S0: four passes in succession
    assert!(ev.contains(&Event::TrickWon { seat: Seat(4) }));
    assert_eq!(BigA::to_move(&s), Some(Seat(4)));
    assert!(!is_legal(&s, "pass"), "a new lead");
}

/// The seeded pack of the first hand's redeal `attempt` of a match from `seed`, before B12's
/// guarantee is applied (the engine's shuffle: G1).
fn plain_redeal_pack(seed: u64, attempt: u32) -> Vec<FrenchCard> {
    let seed = derive_seed(derive_seed(seed, 0), u64::from(attempt));
    let mut pack = full_pack();
    shuffle(&mut rng_from_seed(seed), &mut pack);
    pack
}

fn heart_aces_face_down(pack: &[FrenchCard]) -> bool {
    let ah: FrenchCard = "Ah".parse().unwrap();
    pack[usize::from(ASKED_DRAWS)..]
        .iter()
        .filter(|&&c| c == ah)
        .count()
        == 2
}

/// A first hand from `seed` at redeal `attempt` whose stock has both heart Aces face down, read
/// back from JSON (so a state the engine accepts), passed through to its next redeal; returns
/// the state at the start of that redeal and the stock it draws from.
fn redeal_after(seed: u64, attempt: u32) -> (State, Vec<FrenchCard>) {
    let s = from_pack(&[(103, "Ah"), (104, "Ah")]);
    let mut v = serde_json::to_value(&s).unwrap();
    v["seed"] = serde_json::json!(seed);
    v["attempt"] = serde_json::json!(attempt);
    let mut s: State = serde_json::from_value(v).expect("reads back");
    let mut events = Vec::new();
    while !events.iter().any(|e| matches!(e, Event::Redeal { .. })) {
        events = act(&mut s, "pass");
    }
    assert!(
        events.iter().any(|e| matches!(
            e,
            Event::DealStarted { attempt: a, .. } if *a == attempt + 1
        )),
        "{events:?}"
    );
    let v = serde_json::to_value(&s).unwrap();
    let stock: Vec<FrenchCard> = serde_json::from_value(v["stock"].clone()).unwrap();
    (s, stock)
}

/// B12: "redeals bounded (16 in a row, then a heart Ace is seen)". The 16th redeal in a row
/// whose seeded shuffle puts both heart Aces face down again is changed, by moving one heart
/// Ace to a seen place and nothing else, so the draw ends with a forced heart Ace (B5) instead
/// of a 17th redeal.
#[test]
fn b12_from_the_sixteenth_redeal_on_a_heart_ace_is_seen() {
    let seed = (0..20_000)
        .find(|&seed| heart_aces_face_down(&plain_redeal_pack(seed, MAX_REDEALS)))
        .expect("a seed whose 16th redeal shuffles both heart aces face down");
    let plain = plain_redeal_pack(seed, MAX_REDEALS);
    let (mut s, stock) = redeal_after(seed, MAX_REDEALS - 1);
    // The pack, with one heart Ace moved from a face-down place to a seen one.
    let mut sorted = stock.clone();
    sorted.sort();
    assert_eq!(sorted, full_pack());
    assert!(!heart_aces_face_down(&stock));
    let moved: Vec<usize> = (0..stock.len()).filter(|&i| stock[i] != plain[i]).collect();
    assert_eq!(moved.len(), 2, "one exchange: {moved:?}");
    let (i, j) = (moved[0], moved[1]);
    assert_eq!((stock[i], stock[j]), (plain[j], plain[i]));
    assert_eq!(stock[i].to_string(), "Ah");
    assert!(i < usize::from(ASKED_DRAWS) && j >= usize::from(ASKED_DRAWS));
    // Nobody exposes: the heart Ace seen is forced, and the hand goes on to the pick-up.
    let mut events = Vec::new();
    while s.phase() == Phase::Draw {
        events.extend(act(&mut s, "pass"));
    }
    assert!(!events.iter().any(|e| matches!(e, Event::Redeal { .. })));
    assert!(exposed(&events, ExposeKind::ForcedHeart), "{events:?}");
    assert!(matches!(s.phase(), Phase::PartnerExposure { .. }));
}

/// B12 changes nothing else: a 16th redeal whose shuffle already shows a heart Ace is the
/// seeded shuffle itself (G1), and redeals before the 16th are never changed.
#[test]
fn b12_a_redeal_that_shows_a_heart_ace_is_the_seeded_shuffle() {
    let seed = (0..100)
        .find(|&seed| !heart_aces_face_down(&plain_redeal_pack(seed, MAX_REDEALS)))
        .unwrap();
    assert_eq!(
        redeal_after(seed, MAX_REDEALS - 1).1,
        plain_redeal_pack(seed, MAX_REDEALS)
    );
    let early = (0..20_000)
        .find(|&seed| heart_aces_face_down(&plain_redeal_pack(seed, 1)))
        .unwrap();
    let (mut s, stock) = redeal_after(early, 0);
    assert_eq!(stock, plain_redeal_pack(early, 1));
    // That redeal is itself redealt.
    let mut events = Vec::new();
    while s.phase() == Phase::Draw && !events.iter().any(|e| matches!(e, Event::Redeal { .. })) {
        events.extend(act(&mut s, "pass"));
    }
    assert!(events.iter().any(|e| matches!(e, Event::Redeal { .. })));
}

/// A hand at redeal `attempt` (from a stacked pack read back from JSON) whose stock hides both
/// heart Aces among the face-down cards, nobody having declared.
fn hiding_both_at(attempt: u32) -> serde_json::Value {
    let s = from_pack(&[(103, "Ah"), (104, "Ah")]);
    let mut v = serde_json::to_value(&s).unwrap();
    v["attempt"] = serde_json::json!(attempt);
    v
}

/// B12: from redeal 16 on the pack always shows a heart Ace, so a state read back at redeal 16
/// whose stock hides both heart Aces, nobody having declared, is one the engine never reaches
/// (its draw would redeal a 17th time, beyond the bound): refused, naming B12. Before, it read
/// back, and passing through its draw reached redeal 17, which the check refuses. At redeal 15
/// the same stock is a state the engine reaches (its redeal is the 16th).
#[test]
fn b12_a_sixteenth_redeal_hiding_both_heart_aces_is_refused() {
    let e = serde_json::from_value::<State>(hiding_both_at(MAX_REDEALS)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "redeal 16 cannot happen: from redeal 16 on a heart ace is always seen (B12)"
    );
    let s: State = serde_json::from_value(hiding_both_at(MAX_REDEALS - 1)).unwrap();
    assert_eq!(s.validate(), Ok(()));
}

/// B12 is public: at redeal 16, before anybody declares, every seat knows a heart Ace is among
/// the seen cards, so no determinization hides both face down; each reads back (and so its
/// draw ends within the bound).
#[test]
fn b12_determinizations_at_the_sixteenth_redeal_show_a_heart_ace() {
    use cards_core::GameState;
    let seed = (0..100)
        .find(|&seed| !heart_aces_face_down(&plain_redeal_pack(seed, MAX_REDEALS)))
        .unwrap();
    let (mut s, _) = redeal_after(seed, MAX_REDEALS - 1);
    let ah: FrenchCard = "Ah".parse().unwrap();
    let mut rng = rng_from_seed(12);
    let mut hidden = 0;
    // Every few draws up to the last asked one, for the seats that hold no heart Ace.
    loop {
        if s.declarer().is_none() && s.phase() == Phase::Draw {
            for seat in Seat::all(5).filter(|&x| s.hand(x).count(ah) == 0) {
                for _ in 0..300 {
                    let d = s.determinize(seat, &mut rng);
                    if let Err(e) = d.validate() {
                        panic!("{seat}: {e}");
                    }
                    let v = serde_json::to_value(&d).unwrap();
                    let stock: Vec<FrenchCard> =
                        serde_json::from_value(v["stock"].clone()).unwrap();
                    assert!(!heart_aces_face_down(&stock));
                    hidden += 1;
                }
            }
        }
        if s.phase() != Phase::Draw {
            break;
        }
        for _ in 0..20 {
            if s.phase() == Phase::Draw {
                act(&mut s, "pass");
            }
        }
    }
    assert!(hidden > 0);
}
