//! The one list of the workspace's games. Every user of the list takes it from here: the
//! command's registry (`cards list`, play, simulate, replay, serve), the conformance, search
//! and soak suites, the structure test, the fuzz targets and their corpus seeder. Adding a game
//! is its crate plus one line in [`for_each_game!`] (and its dependency in this crate's
//! `Cargo.toml`); `CONTRIBUTING.md` says the rest.
//!
//! ```
//! use cards_core::Catalog;
//!
//! struct Names(Vec<&'static str>);
//! impl cards_games::Visit for Names {
//!     fn visit<G: Catalog>(&mut self) {
//!         self.0.push(G::NAME);
//!     }
//! }
//! let mut names = Names(Vec::new());
//! cards_games::visit_all(&mut names);
//! assert_eq!(names.0, cards_games::NAMES);
//! assert_eq!(cards_games::NAMES[0], "grosse-kleine-a");
//! ```

pub use cards_core;
pub use game_big_a;
pub use game_cego;
pub use game_contract_rummy;
pub use game_einer_ist_immer;
pub use game_grosse_kleine_a;

use cards_core::Catalog;

/// Calls the macro `$callback` with every game of the workspace, one `module: Type;` pair each
/// (a snake-case name for a module of per-game tests, and the game's type), in the order of
/// `cards list`, after a `{ … }` group of the caller's own tokens (`{}` when none is given).
///
/// ```
/// macro_rules! names {
///     ({} $($m:ident: $g:ty;)*) => { [$(stringify!($m)),*] };
/// }
/// let modules = cards_games::for_each_game!(names);
/// assert_eq!(modules.len(), cards_games::COUNT);
/// ```
///
/// `for_each_game!(callback, { tokens })` passes `{ tokens }` first, before the list.
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $crate::for_each_game! { $callback, {} }
    };
    ($callback:ident, { $($extra:tt)* }) => {
        $callback! {
            { $($extra)* }
            grosse_kleine_a: $crate::game_grosse_kleine_a::GrosseKleineA;
            big_a: $crate::game_big_a::BigA;
            einer_ist_immer: $crate::game_einer_ist_immer::EinerIstImmer;
            contract_rummy: $crate::game_contract_rummy::ContractRummy;
            cego: $crate::game_cego::Cego;
        }
    };
}

macro_rules! names {
    ({} $($m:ident: $g:ty;)*) => { [$(<$g as Catalog>::NAME),*] };
}

/// The games' command-line names, in the order of [`for_each_game!`].
pub const NAMES: [&str; COUNT] = for_each_game!(names);

macro_rules! count {
    ({} $($m:ident: $g:ty;)*) => { [$(stringify!($m)),*].len() };
}

/// How many games there are.
pub const COUNT: usize = for_each_game!(count);

/// Something done with each game's type: see [`visit_all`] and [`visit_index`].
pub trait Visit {
    /// Does it with the game `G`.
    fn visit<G: Catalog>(&mut self);
}

/// Calls `visitor` with every game, in the order of [`NAMES`].
pub fn visit_all(visitor: &mut impl Visit) {
    macro_rules! each {
        ({} $($m:ident: $g:ty;)*) => { $( visitor.visit::<$g>(); )* };
    }
    for_each_game!(each);
}

/// Calls `visitor` with the game at `index` of [`NAMES`]; `false` when there is none.
pub fn visit_index(index: usize, visitor: &mut impl Visit) -> bool {
    let mut at = 0;
    let mut found = false;
    macro_rules! one {
        ({} $($m:ident: $g:ty;)*) => {
            $(
                if at == index {
                    visitor.visit::<$g>();
                    found = true;
                }
                at += 1;
            )*
        };
    }
    for_each_game!(one);
    let _ = at;
    found
}

/// Calls `visitor` with the game named `name` (its command-line name); `false` when no game has
/// that name.
pub fn visit_named(name: &str, visitor: &mut impl Visit) -> bool {
    NAMES
        .iter()
        .position(|n| *n == name)
        .is_some_and(|i| visit_index(i, visitor))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Seen(Vec<&'static str>);

    impl Visit for Seen {
        fn visit<G: Catalog>(&mut self) {
            self.0.push(G::NAME);
        }
    }

    #[test]
    fn every_game_is_visited_once_in_order_and_found_by_name_and_index() {
        let mut all = Seen(Vec::new());
        visit_all(&mut all);
        assert_eq!(all.0, NAMES);
        for (i, name) in NAMES.iter().enumerate() {
            let mut one = Seen(Vec::new());
            assert!(visit_index(i, &mut one));
            assert!(visit_named(name, &mut one));
            assert_eq!(one.0, [*name, *name]);
        }
        let mut none = Seen(Vec::new());
        assert!(!visit_index(COUNT, &mut none));
        assert!(!visit_named("skat", &mut none));
        assert!(none.0.is_empty());
    }
}
