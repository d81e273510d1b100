//! Each conformance check, shown catching a deliberately broken wrapper around a real game
//! (and passing on the real game, so that none of these tests can pass vacuously).

mod broken;

use broken::{Broken, WConfig, mode};
use cards_core::Game;
use cards_core::GameConfig;
use cards_core::testing::{
    Check, Policy, RunOptions, behaviour_digest, run_checks, run_checks_from, run_checks_with,
};
use game_grosse_kleine_a::GrosseKleineA as Real;

fn catches<const MODE: u8>(check: Check) {
    let config = (<Real as Game>::Config::default()).single_deal();
    run_checks::<Real>(&config, 3, 11, &[check]).expect("the real game passes");
    let err = run_checks::<Broken<Real, MODE>>(&WConfig(config.clone()), 3, 11, &[check])
        .expect_err("the broken game must be caught");
    assert_eq!(err.check, check, "{err}");
    catches_sampled::<MODE>(check);
}

/// The soak's sampling (tests/soak.rs: a few listed actions per state, the census at one step
/// in 32 and at the end, the expensive checks at one state in 256, no playout in full) still
/// catches the broken game within 60 playouts.
fn catches_sampled<const MODE: u8>(check: Check) {
    let config = (<Real as Game>::Config::default()).single_deal();
    let options = RunOptions {
        policy: Policy::Random,
        deep_every: 256,
        search_every: 16,
        full_first: false,
        listed_sample: Some(4),
        census_every: 32,
    };
    run_checks_with::<Real>(&config, 5, 0..60, &[check], &options).expect("the real game passes");
    let err = run_checks_with::<Broken<Real, MODE>>(
        &WConfig(config.clone()),
        5,
        0..60,
        &[check],
        &options,
    )
    .expect_err("the soak's sampling must catch the broken game too");
    assert_eq!(err.check, check, "{err}");
}

#[test]
fn legal_list_check_catches_an_unsorted_list() {
    catches::<{ mode::UNSORTED }>(Check::LegalList);
}

#[test]
fn legal_list_check_catches_a_listed_action_that_is_refused() {
    catches::<{ mode::LISTED_REFUSED }>(Check::LegalList);
}

#[test]
fn legal_list_check_catches_notation_that_does_not_round_trip() {
    catches::<{ mode::BAD_NOTATION }>(Check::LegalList);
}

#[test]
fn refusal_check_catches_a_game_that_accepts_unlisted_actions() {
    catches::<{ mode::ACCEPTS_ALL }>(Check::Refusal);
}

#[test]
fn conservation_check_catches_a_lost_card() {
    catches::<{ mode::LOSES_CARD }>(Check::Conservation);
}

#[test]
fn serde_check_catches_a_lossy_state() {
    catches::<{ mode::SERDE_LOSSY }>(Check::Serde);
}

#[test]
fn clone_check_catches_a_clone_that_differs() {
    catches::<{ mode::CLONE_DIFFERS }>(Check::Clone);
}

#[test]
fn determinism_check_catches_hidden_global_state() {
    catches::<{ mode::NONDETERMINISTIC }>(Check::Determinism);
}

#[test]
fn no_leak_check_catches_a_view_that_shows_another_hand() {
    catches::<{ mode::LEAKS }>(Check::NoLeaks);
}

#[test]
fn no_leak_check_catches_a_determinized_state_that_does_not_read_back() {
    catches::<{ mode::DETERMINIZES_UNREADABLE }>(Check::NoLeaks);
}

#[test]
fn score_check_catches_a_false_zero_sum() {
    catches::<{ mode::SCORE_SUM }>(Check::Scores);
}

#[test]
fn termination_check_catches_a_match_longer_than_declared() {
    catches::<{ mode::TOO_LONG }>(Check::Termination);
}

#[test]
fn corruption_check_catches_a_game_that_trusts_its_input() {
    catches::<{ mode::TRUSTS_INPUT }>(Check::Corruption);
}

#[test]
fn no_cheating_check_catches_a_bot_that_reads_hidden_cards_through_a_back_door() {
    catches::<{ mode::PEEKS }>(Check::NoCheating);
}

#[test]
fn no_cheating_check_catches_a_game_bot_kind_of_its_own_that_reads_hidden_cards() {
    // Like the search bot, the game's own kinds run at the sampled states only (every state of
    // the first playout, about one in sixteen deep states after it), so the full run shows it.
    type OwnPeeker = Broken<Real, { mode::OWN_KIND_PEEKS }>;
    let config = (<Real as Game>::Config::default()).single_deal();
    let check = Check::NoCheating;
    run_checks::<Real>(&config, 3, 11, &[check]).expect("the real game passes");
    let err = run_checks::<OwnPeeker>(&WConfig(config.clone()), 3, 11, &[check])
        .expect_err("the game's own peeking kind must be caught");
    assert_eq!(err.check, check, "{err}");
    assert!(err.to_string().contains("bot peeker"), "{err}");
}

#[test]
fn a_check_spec_the_bot_factory_refuses_fails_the_no_cheating_check_naming_it_once() {
    type Bad = Broken<Real, { mode::BAD_CHECK_SPEC }>;
    let config = (<Real as Game>::Config::default()).single_deal();
    let err = run_checks::<Bad>(&WConfig(config.clone()), 1, 11, &[Check::NoCheating])
        .expect_err("a refused check spec must fail the check");
    assert_eq!(err.check, Check::NoCheating, "{err}");
    let text = err.to_string();
    assert_eq!(text.matches("ismcts:iters=zero").count(), 1, "{text}");
}

#[test]
fn checks_from_a_given_state_pass_on_the_real_game_and_catch_a_broken_one() {
    type Lossy = Broken<Real, { mode::LOSES_CARD }>;
    let config = (<Real as Game>::Config::default()).single_deal();
    let mut state = Real::new(&config, 5).expect("the default configuration is valid");
    for _ in 0..3 {
        let legal = Real::legal_actions(&state);
        Real::apply(&mut state, &legal[legal.len() / 2]).expect("a listed action applies");
    }
    let options = RunOptions::default();
    let all = &Check::ALL;
    let summary =
        run_checks_from::<Real>(&state, 9, 12, all, &options).expect("the real game passes");
    assert_eq!(summary.playouts, 1);
    assert!(summary.actions > 0 && summary.actions <= 12, "{summary:?}");
    let start =
        Lossy::new(&WConfig(config.clone()), 5).expect("the default configuration is valid");
    let err = run_checks_from::<Lossy>(&start, 9, 12, &[Check::Conservation], &options)
        .expect_err("the broken game must be caught");
    assert_eq!(err.check, Check::Conservation, "{err}");
}

#[test]
fn the_behaviour_digest_repeats_for_a_seed_and_tells_a_changed_engine_apart() {
    let config = (<Real as Game>::Config::default()).single_deal();
    let a = behaviour_digest::<Real>(&config, 20, 3).expect("the default configuration is valid");
    assert!(a.actions > 0);
    assert_eq!(behaviour_digest::<Real>(&config, 20, 3), Ok(a));
    assert_ne!(
        behaviour_digest::<Real>(&config, 20, 4).map(|d| d.hash),
        Ok(a.hash)
    );
    // An engine that lists the same actions in another order is told apart.
    let unsorted =
        behaviour_digest::<Broken<Real, { mode::UNSORTED }>>(&WConfig(config.clone()), 20, 3)
            .expect("the broken game still plays");
    assert_ne!(unsorted.hash, a.hash);
}
