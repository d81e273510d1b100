//! The planner (the search bots' rollout policy): it goes out where the rules allow it in one
//! turn, a new meld and then additions, which the heuristic bot's solver does not see; it
//! draws otherwise and puts down all it can in a final turn.

use cards_core::GameConfig;
use cards_core::bot::play_out;
use cards_core::rng::rng_from_seed;
use cards_core::seat::{PerSeat, Seat};
use cards_core::{Bot, Decision, Game};
use game_contract_rummy::{
    Action, Config, ContractRummy, Heuristic, Phase, Planner, Position, State,
};

fn round_one(hands: [&str; 2]) -> State {
    let pos = Position {
        round: 1,
        dealer: 1,
        to_move: 0,
        hands: hands.iter().map(|h| (*h).to_owned()).collect(),
        melds: vec![],
        stock: None,
        totals: vec![],
    };
    let config = Config {
        players: 2,
        rounds: 1,
        ..Config::default()
    };
    State::from_position(&config, &pos).unwrap()
}

fn pick(bot: &mut dyn Bot<ContractRummy>, state: &State) -> Action {
    let seat = ContractRummy::to_move(state).unwrap();
    let legal = ContractRummy::legal_actions(state);
    let i = bot.choose(&Decision::new(state, seat, &legal), &mut rng_from_seed(1));
    legal[i]
}

#[test]
fn the_planner_goes_out_with_a_meld_and_an_addition_where_the_heuristic_draws() {
    // Round 1 melds have exactly 3 cards: the solver leaves the Ace; a meld and an added wild
    // take the whole hand down.
    let mut state = round_one(["7h 8h Jk As", "2c 5d 9s"]);
    assert_eq!(pick(&mut Heuristic, &state), Action::Draw);
    let mut steps = 0;
    while ContractRummy::to_move(&state) == Some(Seat(0)) {
        let a = pick(&mut Planner, &state);
        assert_ne!(a, Action::Draw, "the planner draws instead of going out");
        ContractRummy::apply(&mut state, &a).unwrap();
        steps += 1;
    }
    assert!(
        state.hand(Seat(0)).is_empty(),
        "seat 0 went out in {steps} steps"
    );
    assert!(matches!(
        state.phase(),
        Phase::Turn {
            final_turn: true,
            ..
        }
    ));
}

#[test]
fn the_planner_draws_when_it_cannot_go_out() {
    // A wild-free meld is down the heuristic's way; the planner keeps drawing.
    let state = round_one(["7h 8h 9h Kc", "2c 5d 9s"]);
    assert!(matches!(pick(&mut Heuristic, &state), Action::Meld(_)));
    assert_eq!(pick(&mut Planner, &state), Action::Draw);
}

#[test]
fn the_planner_scores_fewer_points_than_the_heuristic_bot() {
    let config = Config::default().single_deal();
    let (mut planner, mut heuristic) = (0u64, 0u64);
    for deal in 0..24u64 {
        for shift in 0..2 {
            let is_planner = |s: Seat| (s.index() + shift) % 2 == 0;
            let mut bots: PerSeat<Box<dyn Bot<ContractRummy>>> =
                PerSeat::from_fn(config.players, |s| {
                    if is_planner(s) {
                        Box::new(Planner) as Box<dyn Bot<ContractRummy>>
                    } else {
                        Box::new(Heuristic)
                    }
                });
            let mut state = ContractRummy::new(&config, deal).unwrap();
            play_out(&mut state, &mut bots, &mut rng_from_seed(deal), None).unwrap();
            for (s, &t) in state.totals().iter() {
                if is_planner(s) {
                    planner += u64::from(t);
                } else {
                    heuristic += u64::from(t);
                }
            }
        }
    }
    assert!(
        planner < heuristic,
        "planner {planner} points, heuristic {heuristic}"
    );
}
