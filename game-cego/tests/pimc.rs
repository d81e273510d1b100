//! The PIMC bot (issue 16): registered as the game's `pimc` kind with its options checked, it
//! plays whole matches at three, four and five players, and it does not cheat: given the true
//! state or a determinization of it that the deciding seat cannot tell apart, and the same
//! generator, it chooses the same action.

use cards_core::bot::{BotSpec, BotSpecError, bot_kinds, make_bot, play_out};
use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_core::{Bot, Catalog, Decision, Game, PerSeat};
use game_cego::{Action, Cego, Config, Phase, State};

fn spec(text: &str) -> BotSpec {
    text.parse().unwrap()
}

#[test]
fn pimc_is_a_bot_kind_of_the_game_and_reports_its_spec() {
    assert!(bot_kinds::<Cego>().contains(&"pimc"));
    for text in [
        "pimc",
        "pimc:worlds=5,from=11,nodes=1000,iters=50,seed=3",
        "pimc:from=5,special=9",
        "pimc:margin=1",
        "pimc:auction=0",
        "pimc:bids=5,auction=1",
        "pimc:infer=0",
    ] {
        let bot = make_bot::<Cego>(&spec(text), None).unwrap();
        assert_eq!(bot.name(), text);
    }
    let clock: cards_core::search::Clock = std::sync::Arc::new(|| std::time::Duration::ZERO);
    assert!(make_bot::<Cego>(&spec("pimc:ms=20"), Some(clock)).is_ok());
}

#[test]
fn bad_pimc_options_are_refused() {
    for text in [
        "pimc:worlds=0",
        "pimc:worlds=many",
        "pimc:from=14",
        "pimc:from=-1",
        "pimc:special=14",
        "pimc:special=all",
        "pimc:nodes=0",
        "pimc:iters=0",
        "pimc:ms=0",
        "pimc:c=0.5",
        "pimc:depth=3",
        "pimc:margin=2",
        "pimc:auction=maybe",
        "pimc:infer=2",
        "pimc:bids=0",
        "pimc:ms=20",
    ] {
        let r = make_bot::<Cego>(&spec(text), None);
        assert!(
            matches!(r, Err(BotSpecError::BadOption { .. })),
            "{text} accepted"
        );
    }
}

#[test]
fn pimc_plays_whole_matches_at_three_four_and_five_players() {
    for players in 3..=5 {
        let config = Config {
            players,
            deals: 2,
            ..Config::default()
        };
        let mut state = Cego::new(&config, 40 + players as u64).unwrap();
        let mut bots: PerSeat<Box<dyn Bot<Cego>>> = PerSeat(
            (0..players)
                .map(|i| {
                    if i % 2 == 0 {
                        make_bot::<Cego>(&spec("pimc:worlds=3,from=11,iters=20,seed=1"), None)
                            .unwrap()
                    } else {
                        Cego::heuristic_bot()
                    }
                })
                .collect(),
        );
        let mut rng = rng_from_seed(1);
        play_out::<Cego, _>(&mut state, &mut bots, &mut rng, None).unwrap();
        assert!(Cego::is_over(&state));
        assert!(bots.0[0].iterations() > 0);
    }
}

/// States of heuristic single deals where a seat decides: in the auction and discards, in the
/// card play before the last 7 tricks, and in them.
fn states(deals: u64) -> Vec<State> {
    let config = Cego::single_deal(&Config::default());
    let mut out = Vec::new();
    let mut rng = rng_from_seed(5);
    let mut heuristic = Cego::heuristic_bot();
    for g in 0..deals {
        let mut s = Cego::new(&config, derive_seed(61, g)).unwrap();
        while let Some(seat) = Cego::to_move(&s) {
            let legal = Cego::legal_actions(&s);
            let late = s.deal.phase == Phase::Play && s.deal.trick_no >= 4;
            if legal.len() > 1 && (late || below(&mut rng, 8) == 0) {
                out.push(s.clone());
            }
            let i = heuristic.choose(&Decision::new(&s, seat, &legal), &mut rng);
            Cego::apply(&mut s, &legal[i]).unwrap();
        }
    }
    out
}

#[test]
fn pimc_chooses_alike_in_states_the_seat_cannot_tell_apart() {
    let mut pimc_decisions = 0;
    for (k, s) in states(12).iter().enumerate() {
        let seat = Cego::to_move(s).unwrap();
        let mut rng0 = rng_from_seed(derive_seed(3, k as u64));
        let t = Cego::determinize(s, seat, &mut rng0);
        assert_eq!(Cego::view(s, seat), Cego::view(&t, seat));
        let legal = Cego::legal_actions(s);
        assert_eq!(legal, Cego::legal_actions(&t));
        for text in [
            "pimc:worlds=4,nodes=200000,iters=30,seed=9",
            "pimc:worlds=4,nodes=200000,iters=30,seed=9,margin=1",
        ] {
            let mut choices = Vec::new();
            for state in [s, &t] {
                let mut bot = make_bot::<Cego>(&spec(text), None).unwrap();
                let mut rng = rng_from_seed(derive_seed(4, k as u64));
                choices.push(bot.choose(&Decision::new(state, seat, &legal), &mut rng));
            }
            assert_eq!(choices[0], choices[1], "{text}, state {k}: {legal:?}");
        }
        if matches!(legal[0], Action::Play(_)) && s.deal.trick_no >= 4 {
            pimc_decisions += 1;
        }
    }
    assert!(
        pimc_decisions > 50,
        "{pimc_decisions} PIMC decisions checked"
    );
}

/// The deal of T12 with A's hand and the cego swapped round: A holds the Gstieß and Trocks 21
/// down to 15, so he takes at least two tricks however the others hold their cards, and
/// Piccolo and Bettel lose in every world; B holds Trock 1 and may call Ulti.
const STRONG_A: [&str; 5] = [
    "Gs T21 T20 T19 T18 T17 T16 T15 1h 10c Kd",
    "Kh 3h 8c 9c T1 T2 T3 T4 T5 T6 T7",
    "Kc 2h Qc T8 T9 T10 T11 T12 T13 T14 Qd",
    "Rh Jh Qh Rc Jc Rd Jd 1d 2d 3d 4d",
    "4h 7c Ks Qs Rs Js 10s 9s 8s 7s",
];

fn scripted(deal: [&str; 5], actions: &str) -> State {
    let config = Cego::single_deal(&Config::default());
    let mut s = State::from_position(&config, 0, &game_cego::examples::position(deal)).unwrap();
    for text in actions.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let a = Cego::parse_action(&s, text).unwrap();
        Cego::apply(&mut s, &a).unwrap();
    }
    s
}

#[test]
fn pimc_never_calls_a_piccolo_or_bettel_that_loses_in_every_world() {
    // A opens after four passes: Cego, Piccolo or Bettel. An ISMCTS of a single iteration
    // chooses almost blindly, so over a few seeds it picks the doomed calls too; the PIMC bot
    // strikes them first and leaves ISMCTS only Cego.
    let s = scripted(STRONG_A, "pass, pass, pass, pass");
    let seat = Cego::to_move(&s).unwrap();
    let legal = Cego::legal_actions(&s);
    assert!(legal.contains(&Action::Bid(game_cego::Contract::Piccolo)));
    let doomed = |a: &Action| {
        matches!(
            a,
            Action::Bid(game_cego::Contract::Piccolo | game_cego::Contract::Bettel)
        )
    };
    let mut blind = 0;
    for seed in 0..12 {
        for (text, auction) in [
            (format!("pimc:iters=1,bids=5,seed={seed}"), true),
            (format!("pimc:iters=1,auction=0,seed={seed}"), false),
        ] {
            let mut bot = make_bot::<Cego>(&spec(&text), None).unwrap();
            let i = bot.choose(&Decision::new(&s, seat, &legal), &mut rng_from_seed(seed));
            if auction {
                assert!(!doomed(&legal[i]), "{text}: {:?}", legal[i]);
            } else if doomed(&legal[i]) {
                blind += 1;
            }
        }
    }
    assert!(blind > 0, "ISMCTS alone never picked a doomed call");
}

/// B holds Trock 1 with the ten highest Trocks: he takes every trick and the last with
/// Trock 1, so Ulti wins in every world.
const ULTI_B: [&str; 5] = [
    "Kh 3h 8c 9c T2 T3 T4 T5 T6 T7 Kc",
    "T1 Gs T21 T20 T19 T18 T17 T16 T15 T14 T13",
    "2h Qc T8 T9 T10 T11 T12 Qd Rh Jh Qh",
    "Rc Jc Rd Jd 1d 2d 3d 4d 4h 7c Ks",
    "Qs Rs Js 10s 9s 8s 7s Kd 1h 10c",
];

#[test]
fn pimc_calls_a_special_contract_that_wins_in_most_worlds() {
    // After A's pass B may pass, call Solo or call Ulti. ISMCTS of a single iteration picks
    // almost blindly; the PIMC bot calls the Ulti it wins in every world (proving the win
    // takes the solver a few million nodes, hence the budget and a single world).
    let s = scripted(ULTI_B, "pass");
    let seat = Cego::to_move(&s).unwrap();
    let legal = Cego::legal_actions(&s);
    let ulti = Action::Bid(game_cego::Contract::Ulti);
    assert!(legal.contains(&ulti));
    let mut blind = 0;
    for seed in 0..12 {
        let choose = |text: String| {
            let mut bot = make_bot::<Cego>(&spec(&text), None).unwrap();
            legal[bot.choose(&Decision::new(&s, seat, &legal), &mut rng_from_seed(seed))]
        };
        if seed < 2 {
            let text = format!("pimc:iters=1,bids=1,nodes=20000000,seed={seed}");
            assert_eq!(choose(text), ulti);
        }
        if choose(format!("pimc:iters=1,auction=0,seed={seed}")) != ulti {
            blind += 1;
        }
    }
    assert!(blind > 0, "ISMCTS alone always called Ulti");
}

#[test]
fn pimc_leaves_cards_the_worlds_cannot_tell_apart_to_ismcts() {
    // A calls Bettel holding the Gstieß and Trocks 21 to 15: he loses in every world whatever
    // he leads, so every card pays the same. The PIMC bot used to play the first card of the
    // legal list then; ISMCTS now chooses among the tied cards.
    let s = scripted(STRONG_A, "pass, pass, pass, pass, bettel");
    let seat = Cego::to_move(&s).unwrap();
    let legal = Cego::legal_actions(&s);
    assert!(legal.len() > 5 && legal.iter().all(|a| matches!(a, Action::Play(_))));
    let mut chosen = std::collections::BTreeSet::new();
    for seed in 0..8 {
        let text = format!("pimc:worlds=3,from=11,iters=30,seed={seed}");
        let mut bot = make_bot::<Cego>(&spec(&text), None).unwrap();
        chosen.insert(bot.choose(&Decision::new(&s, seat, &legal), &mut rng_from_seed(seed)));
        assert!(
            bot.iterations() > 3,
            "{text}: no search among the tied cards"
        );
    }
    assert!(chosen.len() > 1, "always {chosen:?}");
}

#[test]
fn special_sets_where_pimc_starts_in_ulti_piccolo_bettel_and_raeuber() {
    // The first lead of a Bettel: 11 tricks left. `special` (default 13, every trick) governs
    // it, not `from` (the counter games' threshold).
    let s = scripted(STRONG_A, "pass, pass, pass, pass, bettel");
    let seat = Cego::to_move(&s).unwrap();
    let legal = Cego::legal_actions(&s);
    for (text, solved) in [
        ("pimc:worlds=3,iters=5,seed=1", 3),
        ("pimc:worlds=3,from=0,iters=5,seed=1", 3),
        ("pimc:worlds=3,special=11,iters=5,seed=1", 3),
        ("pimc:worlds=3,special=10,iters=5,seed=1", 0),
        ("pimc:worlds=3,from=13,special=0,iters=5,seed=1", 0),
    ] {
        let mut bot = game_cego::Pimc::from_spec(&spec(text), None).unwrap();
        bot.choose(&Decision::new(&s, seat, &legal), &mut rng_from_seed(1));
        assert_eq!(bot.worlds_solved(), solved, "{text}");
    }
}
