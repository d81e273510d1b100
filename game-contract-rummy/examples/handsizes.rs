//! Hand sizes met by planner bots in single deals of round 1 (a diagnostic).
use cards_core::GameConfig;
use cards_core::rng::rng_from_seed;
use cards_core::{Bot, Decision, Game};
use game_contract_rummy::{ContractRummy, Phase, Planner};

fn main() {
    let config = (<ContractRummy as Game>::Config::default()).single_deal();
    let mut normal = [0u32; 40];
    let mut fin = [0u32; 40];
    let mut stall_possible = 0;
    let mut draws = 0;
    for deal in 1..=300u64 {
        let mut state = ContractRummy::new(&config, deal).unwrap();
        let mut rng = rng_from_seed(deal);
        while let Some(seat) = ContractRummy::to_move(&state) {
            let legal = ContractRummy::legal_actions(&state);
            let i = Planner.choose(&Decision::new(&state, seat, &legal), &mut rng);
            let n = state.hand(seat).len().min(39);
            if let Phase::Turn { final_turn, put_down: false, .. } = state.phase() {
                if final_turn { fin[n] += 1 } else { normal[n] += 1 }
                if !final_turn && legal.len() > 1 && matches!(legal[i], game_contract_rummy::Action::Draw) {
                    draws += 1;
                    stall_possible += 1;
                }
            }
            ContractRummy::apply(&mut state, &legal[i]).unwrap();
        }
    }
    println!("normal {normal:?}\nfinal {fin:?}\ndraw decisions with something to put down {stall_possible} of draws {draws}");
}
