//! The rule text's worked example: the six rounds of Anna, Bernd, Christian and Doris.

use cards_core::Game;
use game_grosse_kleine_a::GrosseKleineA;

#[test]
fn the_six_rounds_replay() {
    let examples = GrosseKleineA::examples();
    println!("{}", examples[0].transcript);
}
