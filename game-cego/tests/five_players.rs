//! Cego for five (cego.md 3): "the dealer sits out each hand and pays or receives like a
//! defender". The deal rotates to the right as at four; the four others play it exactly as at
//! four players.

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::GameView;
use cards_core::Search;
use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_core::{Decision, Game, Seat};
use game_cego::examples::{Script, T8_DEAL, position};
use game_cego::{
    Cards, Cego, Config, ConfigError, Event, Position, Score, SetupError, State, first_dealer,
    seat_of_letter,
};

fn five() -> Config {
    <Cego as Game>::Config::for_players(5).unwrap()
}

/// The T8 deal at five players with `dealer` sitting out: the hands of A, B, C, D go to the
/// seats the letters name at this table.
fn five_position(deal: [&str; 5], dealer: Seat) -> Position {
    let four = position(deal);
    // `position` deals A-D to S0, S3, S2, S1 (dealer S1 at four).
    let abcd = [four.hands[0], four.hands[3], four.hands[2], four.hands[1]];
    let mut hands = [Cards::EMPTY; 4];
    for (letter, hand) in ['A', 'B', 'C', 'D'].into_iter().zip(abcd) {
        let real = seat_of_letter(letter, dealer, 5).unwrap();
        let local = real.index() - usize::from(real.index() > dealer.index());
        hands[local] = hand;
    }
    Position {
        dealer,
        hands,
        cego: four.cego,
    }
}

fn script_at_five(deal: [&str; 5], dealer: Seat, config: &Config) -> Script {
    let config = config.single_deal();
    let state = State::from_position(&config, 0, &five_position(deal, dealer)).unwrap();
    let lines = state
        .deal_events()
        .iter()
        .map(ToString::to_string)
        .collect();
    Script { state, lines }
}

#[test]
fn five_players_is_a_valid_configuration_and_other_counts_are_refused() {
    assert_eq!(Cego::PLAYERS, 3..=5);
    assert_eq!(five().players, 5);
    for n in [0, 2, 6] {
        let e = <Cego as Game>::Config::for_players(n).unwrap_err();
        assert_eq!(e, ConfigError::Players(n));
        assert!(
            e.to_string()
                .contains("or by 5 with the dealer sitting out")
        );
    }
    let refused = Config {
        players: 6,
        ..Config::default()
    };
    assert_eq!(
        State::new(&refused, 1).unwrap_err(),
        ConfigError::Players(6)
    );
}

#[test]
fn the_dealer_sits_out_and_the_four_others_play_a_to_d_from_his_right() {
    let s = script_at_five(T8_DEAL, Seat(2), &five());
    assert_eq!(s.state.sitting_out(), Some(Seat(2)));
    assert_eq!(s.state.dealer(), Seat(2));
    let abcd = ['A', 'B', 'C', 'D'].map(|l| seat_of_letter(l, Seat(2), 5).unwrap());
    assert_eq!(abcd, [Seat(1), Seat(0), Seat(4), Seat(3)]);
    assert_eq!(seat_of_letter('E', Seat(2), 5), None);
    assert_eq!(Cego::to_move(&s.state), Some(Seat(1)));
    assert_eq!(s.lines[0], "deal 1: S2 deals and sits out, S1 is forehand");
    assert_eq!(
        s.lines[1],
        "S1 is dealt T7 T8 T9 T10 T11 T12 T13 8c 9c 10c Rc"
    );
    assert_eq!(s.lines.len(), 5, "four hands are dealt: {:?}", s.lines);
    assert!(!s.lines.iter().any(|l| l.starts_with("S2 is dealt")));
    let out = Cego::view(&s.state, Seat(2));
    assert!(out.hand.is_empty());
    assert_eq!(out.hand_sizes, [11, 11, 0, 11, 11]);
    assert_eq!(out.sitting_out, Some(Seat(2)));
    assert_eq!(Cego::view(&s.state, Seat(4)).hand.len(), 11);
}

#[test]
fn the_dealer_who_sits_out_pays_like_a_defender_in_a_counter_game() {
    // T8 (cego.md 9), played on with the first legal card each time: A wins One Blank, 90 per
    // defender. At four: A +270.
    let auction = "pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass, expose 8c";
    let mut four = Script::new(T8_DEAL, &Config::default());
    four.play(auction).finish();
    assert_eq!(four.state.totals, [270, -90, -90, -90]);
    let mut s = script_at_five(T8_DEAL, Seat(2), &five());
    s.play(auction).finish();
    assert!(s.state.over);
    // A = S1 receives 90 from each of B, C, D and from the dealer S2 who sat out.
    assert_eq!(s.state.totals, [-90, 360, -90, -90, -90]);
    let last = s.lines.iter().rev().nth(1).unwrap();
    assert_eq!(
        last,
        "S1 wins One Blank with 65 card points, 30 above 35; 30 x factor 3 = 90, a multiple of 5: 90 per defender: S0 -90, S1 +360, S2 -90, S3 -90, S4 -90; totals S0 -90, S1 +360, S2 -90, S3 -90, S4 -90"
    );
    // The same cards were played: the four who played did exactly what they did at four.
    let tricks_four: Vec<_> = four.state.deal.history.iter().map(|t| t.cards).collect();
    let tricks_five: Vec<_> = s.state.deal.history.iter().map(|t| t.cards).collect();
    assert_eq!(tricks_four, tricks_five);
}

#[test]
fn the_dealer_who_sits_out_receives_like_a_defender_when_the_soloist_loses() {
    // A opens Bettel and takes trick 1 (stop_when_decided): Bettel is lost, 30 per defender.
    let config = Config {
        stop_when_decided: true,
        ..five()
    };
    let mut s = script_at_five(T8_DEAL, Seat(0), &config);
    // Dealer S0: A = S4, B = S3, C = S2, D = S1.
    s.play("pass, pass, pass, pass, bettel, T13, T2, T4, T6");
    assert!(s.state.over, "{:#?}", s.lines);
    assert_eq!(s.state.totals, [30, 30, 30, 30, -120]);
}

#[test]
fn in_raeuber_the_dealer_who_sits_out_is_paid_by_every_loser_like_the_other_players() {
    // Ruling (the text is silent): in Räuber the one sitting out counts as one of "each other
    // player" the loser pays (cego.md 7.3).
    let mut saw = [false; 2];
    for g in 0..400 {
        let mut s = State::new(&five().single_deal(), derive_seed(77, g)).unwrap();
        let out = s.sitting_out().unwrap();
        let mut rng = rng_from_seed(g);
        let mut scored = None;
        while Cego::to_move(&s).is_some() {
            let legal = Cego::legal_actions(&s);
            // Steer the auction to Räuber: pass where possible, then choose Räuber.
            let a = legal
                .iter()
                .find(|a| a.to_string() == "raeuber")
                .or_else(|| legal.iter().find(|a| a.to_string() == "pass"))
                .or_else(|| legal.iter().find(|a| a.to_string() == "cego"))
                .copied()
                .unwrap_or(legal[below(&mut rng, legal.len() as u64) as usize]);
            for e in Cego::apply(&mut s, &a).unwrap() {
                if let Event::Scored {
                    score, payments, ..
                } = e
                {
                    scored = Some((score, payments));
                }
            }
        }
        let (score, payments) = scored.unwrap();
        let Score::Raeuber {
            half_points,
            sits_out,
        } = score
        else {
            panic!("{score:?}")
        };
        assert_eq!(sits_out, Some(out));
        assert_eq!(payments.iter().sum::<i32>(), 0);
        let best = payments.iter().copied().max().unwrap();
        assert!(best > 0);
        assert_eq!(payments[out.index()], best, "{payments:?} {half_points:?}");
        let forehand = seat_of_letter('A', out, 5).unwrap();
        let forehand_lost = payments[forehand.index()] < 0;
        saw[usize::from(forehand_lost)] = true;
        let losers = payments.iter().filter(|&&p| p < 0).count();
        if forehand_lost {
            assert_eq!(losers, 1);
            assert_eq!(payments[out.index()], 60);
        } else {
            assert_eq!(payments[out.index()], 30 * losers as i32);
        }
    }
    assert_eq!(saw, [true, true], "both kinds of Räuber loss were seen");
}

#[test]
fn every_deal_pays_the_one_sitting_out_what_each_defender_pays() {
    let config = Config {
        deals: 10,
        ..five()
    };
    for g in 0..30 {
        let mut s = State::new(&config, derive_seed(5, g)).unwrap();
        let mut rng = rng_from_seed(g);
        let mut bot = Cego::heuristic_bot();
        let mut dealers = Vec::new();
        while Cego::to_move(&s).is_some() {
            if s.deal.history.is_empty() && s.deal.calls.is_empty() {
                dealers.push(s.dealer());
            }
            let out = s.sitting_out().unwrap();
            let mover = Cego::to_move(&s).unwrap();
            assert_ne!(mover, out, "the seat sitting out never moves");
            let legal = Cego::legal_actions(&s);
            let a = legal[bot.choose(&Decision::new(&s, mover, &legal), &mut rng)];
            for e in Cego::apply(&mut s, &a).unwrap() {
                let Event::Scored {
                    contract,
                    soloist,
                    payments,
                    ..
                } = e
                else {
                    continue;
                };
                assert_eq!(payments.len(), 5);
                assert_eq!(payments.iter().sum::<i32>(), 0);
                if let Some(solo) = soloist {
                    let per = payments[out.index()];
                    for seat in Seat::all(5).filter(|&x| x != solo) {
                        assert_eq!(payments[seat.index()], per, "{contract}");
                    }
                    assert_eq!(payments[solo.index()], -4 * per);
                }
            }
        }
        // The deal passes to the right: each seat deals, and sits out, twice in ten deals.
        let first = first_dealer(derive_seed(5, g), 5);
        let expected: Vec<Seat> = (0..10)
            .map(|k| first.step(5, cards_core::Direction::Anticlockwise, k))
            .collect();
        assert_eq!(dealers, expected);
        assert_eq!(s.results.len(), 10);
        assert!(s.results.iter().all(|r| r.len() == 5));
    }
}

#[test]
fn a_stated_position_at_five_names_a_dealer_of_the_table() {
    let mut p = five_position(T8_DEAL, Seat(4));
    assert!(State::from_position(&five(), 0, &p).is_ok());
    p.dealer = Seat(5);
    assert_eq!(
        State::from_position(&five(), 0, &p).unwrap_err(),
        SetupError::Dealer(Seat(5))
    );
    assert_eq!(
        SetupError::Dealer(Seat(5)).to_string(),
        "S5 is not a seat of the table"
    );
}

#[test]
fn a_five_player_state_reads_back_and_an_inconsistent_one_is_refused() {
    let mut s = script_at_five(T8_DEAL, Seat(3), &five());
    s.play("pass, pass, solo, pass, pass");
    let json = serde_json::to_value(&s.state).unwrap();
    let back: State = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, s.state);
    let refused = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = json.clone();
        f(&mut v);
        serde_json::from_value::<State>(v).unwrap_err().to_string()
    };
    let e = refused(&|v| {
        v.as_object_mut().unwrap().remove("sitting_out");
    });
    assert!(e.contains("at five players the dealer sits out"), "{e}");
    let e = refused(&|v| v["sitting_out"] = serde_json::json!(1));
    assert!(e.contains("sits out with the deal's dealer"), "{e}");
    let e = refused(&|v| v["totals"] = serde_json::json!([0, 0, 0, 0]));
    assert!(e.contains("the match totals has 4 entries"), "{e}");
}

#[test]
fn the_one_sitting_out_sees_the_public_play_and_no_hand() {
    let mut s = script_at_five(T8_DEAL, Seat(2), &five());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass, expose 8c, Kc, Qc");
    let v = Cego::view(&s.state, Seat(2));
    assert!(v.hand.is_empty());
    assert_eq!(v.legage, None);
    assert_eq!(v.cego_taken, None);
    assert_eq!(v.soloist, Some(Seat(1)));
    assert_eq!(
        v.table[0].plays,
        [
            (Seat(1), "Kc".parse().unwrap()),
            (Seat(0), "Qc".parse().unwrap())
        ]
    );
    assert_eq!(v.to_move, Some(Seat(4)));
    // Determinized from his seat, the four hands are redealt and his view stays the same.
    let mut rng = rng_from_seed(3);
    let d = s.state.determinize(Seat(2), &mut rng);
    assert_eq!(d.validate(), Ok(()));
    assert_eq!(Cego::view(&d, Seat(2)), v);
    let screen = v.screen();
    assert!(
        screen
            .heading
            .contains("S2 deals and sits out, S1 is forehand")
    );
    assert!(screen.seats[2].iter().any(|f| f == "dealer, sits out"));
}

#[test]
fn the_five_player_screen_marks_the_seat_sitting_out() {
    let mut s = script_at_five(T8_DEAL, Seat(2), &five());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass, expose 8c");
    let mut text = vec![
        format!("== S2 sits out\n{}", Cego::view(&s.state, Seat(2))),
        format!("== the soloist S1\n{}", Cego::view(&s.state, Seat(1))),
    ];
    s.finish();
    text.push(format!(
        "== the match is over, S4\n{}",
        Cego::view(&s.state, Seat(4))
    ));
    insta::assert_snapshot!("screens-five-players", text.join("\n\n"));
}

#[test]
fn the_gstiess_ending_at_five_ends_with_the_deal_the_noted_holder_deals() {
    let config = Config {
        deals: 1,
        gstiess_ending: true,
        ..five()
    };
    let mut lengths = std::collections::BTreeSet::new();
    for g in 0..60 {
        let mut s = State::new(&config, derive_seed(9, g)).unwrap();
        let mut rng = rng_from_seed(g);
        let mut dealers = vec![s.dealer()];
        let mut noted = None;
        while Cego::to_move(&s).is_some() {
            let legal = Cego::legal_actions(&s);
            let a = legal[below(&mut rng, legal.len() as u64) as usize];
            let before = s.clone();
            for e in Cego::apply(&mut s, &a).unwrap() {
                match e {
                    Event::DealStarted { dealer, .. } => dealers.push(dealer),
                    Event::GstiessNoted { seat, last_deal } => {
                        assert_eq!(before.deal.index, 1, "noted at the end of deal 2");
                        noted = Some((seat, last_deal));
                    }
                    _ => {}
                }
            }
        }
        let (holder, last) = noted.expect("the holder is noted");
        let played = s.results.len() as u32;
        assert_eq!(played, last);
        assert!((3..=7).contains(&played), "{played} deals");
        assert_eq!(dealers[last as usize - 1], holder);
        assert!(!dealers[2..last as usize - 1].contains(&holder));
        lengths.insert(played);
        assert_eq!(s.totals.iter().sum::<i32>(), 0);
        assert!(s.validate().is_ok());
    }
    assert!(lengths.len() >= 3, "match lengths {lengths:?}");
}

#[test]
fn the_gstiess_in_a_cego_nobody_took_up_at_five_is_held_by_the_dealer_who_sat_out() {
    let mut s = script_at_five(T8_DEAL, Seat(2), &five());
    s.play("pass, pass, solo, pass, pass, pass").finish();
    assert_eq!(s.state.gstiess_holder(), Seat(2));
    let mut s = script_at_five(T8_DEAL, Seat(2), &five());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass, expose 8c")
        .finish();
    assert_eq!(s.state.gstiess_holder(), Seat(1), "A took it up");
}
