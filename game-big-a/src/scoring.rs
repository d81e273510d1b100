//! Scoring a finished hand from the seed's three tables (rulings B11).

use cards_core::seat::Seat;

/// One row of a team table: the team's places (unordered unless `declarer_at` is given) and
/// the scores of declarer, partner and each opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// The row's wording in the seed.
    pub label: &'static str,
    /// The two places of the Big Ace team (1 to 5).
    pub places: (u8, u8),
    /// For the asymmetric rows: the declarer's place.
    pub declarer_at: Option<u8>,
    /// Declarer's score.
    pub declarer: i32,
    /// Partner's score.
    pub partner: i32,
    /// Each opponent's score.
    pub opponent: i32,
}

const fn row(
    label: &'static str,
    places: (u8, u8),
    declarer_at: Option<u8>,
    s: (i32, i32, i32),
) -> Row {
    Row {
        label,
        places,
        declarer_at,
        declarer: s.0,
        partner: s.1,
        opponent: s.2,
    }
}

/// The normal table (the partner did not expose).
pub const NORMAL: [Row; 12] = [
    row("1st and 2nd", (1, 2), None, (6, 3, -3)),
    row("1st and 3rd", (1, 3), None, (4, 2, -2)),
    row("1st and 4th", (1, 4), None, (2, 1, -1)),
    row("1st and 5th", (1, 5), None, (0, 0, 0)),
    row("2nd and 3rd", (2, 3), None, (0, 0, 0)),
    row("2nd and 4th", (2, 4), None, (0, 0, 0)),
    row("declarer 2nd and partner 5th", (2, 5), Some(2), (-2, -1, 1)),
    row("partner 2nd and declarer 5th", (2, 5), Some(5), (-4, -2, 2)),
    row("3rd and 4th", (3, 4), None, (0, 0, 0)),
    row("declarer 3rd and partner 5th", (3, 5), Some(3), (-2, -1, 1)),
    row("partner 3rd and declarer 5th", (3, 5), Some(5), (-4, -2, 2)),
    row("4th and 5th", (4, 5), None, (-6, -3, 3)),
];

/// The table when the partner exposed the second Big Ace before play: doubled and shared.
pub const EXPOSED: [Row; 12] = [
    row("1st and 2nd", (1, 2), None, (9, 9, -6)),
    row("1st and 3rd", (1, 3), None, (6, 6, -4)),
    row("1st and 4th", (1, 4), None, (3, 3, -2)),
    row("1st and 5th", (1, 5), None, (0, 0, 0)),
    row("2nd and 3rd", (2, 3), None, (0, 0, 0)),
    row("2nd and 4th", (2, 4), None, (0, 0, 0)),
    row("declarer 2nd and partner 5th", (2, 5), Some(2), (-3, -3, 2)),
    row("partner 2nd and declarer 5th", (2, 5), Some(5), (-6, -6, 4)),
    row("3rd and 4th", (3, 4), None, (0, 0, 0)),
    row("declarer 3rd and partner 5th", (3, 5), Some(3), (-3, -3, 2)),
    row("partner 3rd and declarer 5th", (3, 5), Some(5), (-6, -6, 4)),
    row("4th and 5th", (4, 5), None, (-9, -9, 6)),
];

/// The lone declarer's table: (place, both Big Aces exposed, declarer, each opponent).
pub const ALONE: [(u8, bool, i32, i32); 10] = [
    (1, true, 64, -16),
    (1, false, 32, -8),
    (2, true, 0, 0),
    (2, false, 0, 0),
    (3, true, 0, 0),
    (3, false, 0, 0),
    (4, true, 0, 0),
    (4, false, 0, 0),
    (5, true, -64, 16),
    (5, false, -32, 8),
];

/// The row of a team table for the declarer's and partner's places.
pub fn team_row(table: &[Row; 12], declarer_place: u8, partner_place: u8) -> Option<Row> {
    let pair = (
        declarer_place.min(partner_place),
        declarer_place.max(partner_place),
    );
    table
        .iter()
        .find(|r| r.places == pair && r.declarer_at.is_none_or(|d| d == declarer_place))
        .copied()
}

/// The scores of a finished hand, per seat (zero-sum).
///
/// `places` is the finishing order (all five seats); `exposed` says the partner exposed before
/// play; `both_exposed` says a lone declarer exposed both Big Aces.
pub fn deal_scores(
    places: &[Seat],
    declarer: Seat,
    partner: Option<Seat>,
    exposed: bool,
    both_exposed: bool,
) -> [i32; 5] {
    let place = |s: Seat| {
        places
            .iter()
            .position(|&x| x == s)
            .map_or(5, |i| i as u8 + 1)
    };
    let mut out = [0; 5];
    let dp = place(declarer);
    match partner {
        None => {
            let (d, o) = ALONE
                .iter()
                .find(|r| r.0 == dp && r.1 == both_exposed)
                .map_or((0, 0), |r| (r.2, r.3));
            for (i, x) in out.iter_mut().enumerate() {
                *x = if i == declarer.index() { d } else { o };
            }
        }
        Some(p) => {
            let table = if exposed { &EXPOSED } else { &NORMAL };
            if let Some(r) = team_row(table, dp, place(p)) {
                for (i, x) in out.iter_mut().enumerate() {
                    *x = if i == declarer.index() {
                        r.declarer
                    } else if i == p.index() {
                        r.partner
                    } else {
                        r.opponent
                    };
                }
            }
        }
    }
    out
}
