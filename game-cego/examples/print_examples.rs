//! Prints every worked example, and one player's view in the middle of T11 (for review).

use cards_core::Catalog;
use cards_core::{Game, Seat};
use game_cego::examples::{Script, T11_DEAL};
use game_cego::{Cego, Config};

fn main() {
    for e in Cego::examples() {
        println!("=== {}: {}\n{}", e.name, e.title, e.transcript);
    }
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play(
        "pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, pass, \
         pass, pass, expose 8s, expose 7s, 8s+7s",
    );
    println!(
        "=== view of S3 during the double lead\n{}",
        Cego::view(&s.state, Seat(3))
    );
    println!("=== view of S0\n{}", Cego::view(&s.state, Seat(0)));
}
