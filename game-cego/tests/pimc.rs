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
        "pimc:margin=1",
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
        "pimc:nodes=0",
        "pimc:iters=0",
        "pimc:ms=0",
        "pimc:c=0.5",
        "pimc:depth=3",
        "pimc:margin=2",
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
