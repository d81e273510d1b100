//! Prints every worked example (for review).

use cards_core::Game;

fn main() {
    for e in game_cego::Cego::examples() {
        println!("=== {}: {}\n{}", e.name, e.title, e.transcript);
    }
}
