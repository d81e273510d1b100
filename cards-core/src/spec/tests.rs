//! The spec tests: round trips, typed settings, refusals said once.

// The refusal test is a table of cases, one line each: long, not complex.
#![allow(clippy::too_many_lines)]

use super::*;

/// A game's own kind for the tests: every sort of value.
static OWN: [BotKind; 2] = [
    BotKind {
        name: "oracle",
        about: "a test kind",
        keys: &[
            BotKey {
                key: "worlds",
                takes: Takes::Whole { min: 1, max: 100 },
                about: "worlds",
            },
            BotKey {
                key: "fast",
                takes: Takes::Flag,
                about: "a switch",
            },
            ITERS,
            MS,
            SEED,
        ],
    },
    BotKind {
        name: "quick",
        about: "a test kind without keys",
        keys: &[],
    },
];

fn parse(text: &str) -> Result<BotSpec, BotSpecError> {
    BotSpec::parse_with(text, &OWN)
}

fn refusal(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn every_kind_and_key_prints_back_as_given() {
    for text in [
        "random",
        "heuristic",
        "ismcts",
        "ismcts:iters=2000",
        "ismcts:ms=200,c=0.5",
        "ismcts:c=1.5,rollout=mixed30,cutoff=40,widen=2/0.5,seed=9",
        "ismcts:rollout=random,cutoff=none,widen=none",
        "ismcts:rollout=heuristic,cutoff=0,iters=5,iters=6",
        "oracle",
        "oracle:worlds=3,fast=1,iters=20,ms=5,seed=0",
        "oracle:fast=0",
        "quick",
        "exec:python3 my_bot.py --fast",
        "exec:ms=500 on_error=random python3 bot.py",
        "exec:python3 bot.py,ms=500,on_error=random",
    ] {
        let spec = parse(text).unwrap();
        assert_eq!(spec.to_string(), text);
        assert_eq!(parse(&spec.to_string()).unwrap(), spec, "{text}");
    }
    // Numbers and switches in their canonical form.
    for (text, canonical) in [
        ("ismcts:c=0.50", "ismcts:c=0.5"),
        ("ismcts:iters=007", "ismcts:iters=7"),
        ("oracle:fast=yes", "oracle:fast=1"),
        (" ismcts : iters = 5 ", "ismcts:iters=5"),
        ("exec:python3   bot.py", "exec:python3 bot.py"),
    ] {
        assert_eq!(parse(text).unwrap().to_string(), canonical, "{text}");
    }
    // Every key of every kind of the table is read and printed back.
    for kind in GENERIC_KINDS.iter().chain(&OWN) {
        for key in kind.keys {
            let value = match key.takes {
                Takes::Whole { min, .. } | Takes::WholeOrNone { min, .. } => min.to_string(),
                Takes::Number { .. } => "0.25".to_owned(),
                Takes::Flag => "1".to_owned(),
                Takes::Rollout => "mixed50".to_owned(),
                Takes::Widen => "1.5/0.25".to_owned(),
                Takes::Fallback => "random".to_owned(),
            };
            let text = format!("{}:{}={value}", kind.name, key.key);
            assert_eq!(parse(&text).unwrap().to_string(), text);
        }
    }
}

#[test]
fn the_settings_are_typed() {
    let BotSpec::Ismcts(s) = parse("ismcts:iters=250,c=1.5,cutoff=none,widen=2/0.5").unwrap()
    else {
        panic!("an ismcts spec")
    };
    assert_eq!(
        s.settings,
        [
            IsmctsSetting::Iters(250),
            IsmctsSetting::C(1.5),
            IsmctsSetting::Cutoff(None),
            IsmctsSetting::Widen(Some(Widening { k: 2.0, alpha: 0.5 })),
        ]
    );
    let o = s.options(IsmctsOptions {
        cutoff: Some(7),
        ..IsmctsOptions::default()
    });
    assert_eq!(
        (o.iterations, o.exploration, o.cutoff),
        (250, 1.5, None),
        "applied in order over the defaults"
    );
    let own = parse("oracle:worlds=3,fast=yes,worlds=4").unwrap();
    assert_eq!(
        own.get("worlds"),
        Some(BotValue::Whole(4)),
        "the last one wins"
    );
    assert_eq!(own.get("fast"), Some(BotValue::Flag(true)));
    assert_eq!(parse("oracle:ms=30").unwrap().millis(), Some(30));
    assert_eq!(parse("exec:ms=30 prog").unwrap().millis(), None);
    let BotSpec::Exec(e) = parse("exec:ms=30 prog --x,ms=40").unwrap() else {
        panic!("an exec spec")
    };
    assert_eq!(
        (e.command(), e.millis()),
        (&["prog".to_owned(), "--x".to_owned()][..], Some(40))
    );
}

#[test]
fn a_time_budget_is_added_only_to_kinds_that_take_one() {
    for (text, timed) in [
        ("ismcts", "ismcts:ms=1000"),
        ("ismcts:iters=50", "ismcts:iters=50,ms=1000"),
        ("ismcts:ms=20", "ismcts:ms=20"),
        ("oracle", "oracle:ms=1000"),
        ("quick", "quick"),
        ("random", "random"),
        ("heuristic", "heuristic"),
        ("expert", "expert"),
        ("expert:seed=3", "expert:seed=3"),
        ("exec:prog", "exec:prog"),
    ] {
        assert_eq!(
            parse(text).unwrap().with_default_ms(1000).to_string(),
            timed
        );
    }
}

#[test]
fn a_spec_list_splits_bots_and_keeps_options_with_their_bot() {
    let specs =
        BotSpec::parse_list_with("ismcts:iters=2000,c=0.5, heuristic,random", &OWN).unwrap();
    let texts: Vec<String> = specs.iter().map(ToString::to_string).collect();
    assert_eq!(texts, ["ismcts:iters=2000,c=0.5", "heuristic", "random"]);
    let specs =
        BotSpec::parse_list_with("exec:python3 my_bot.py --fast,ms=50,random", &OWN).unwrap();
    let texts: Vec<String> = specs.iter().map(ToString::to_string).collect();
    assert_eq!(texts, ["exec:python3 my_bot.py --fast,ms=50", "random"]);
}

#[test]
fn each_refusal_says_what_is_wrong_once() {
    for (text, says) in [
        (
            "",
            "an empty bot spec (write kind[:key=value,...], e.g. ismcts:iters=1000)",
        ),
        (
            "ismcts:iters",
            "\"ismcts:iters\" is not of the form kind[:key=value,...]",
        ),
        (
            ":iters=3",
            "\":iters=3\" is not of the form kind[:key=value,...]",
        ),
        ("exec:", "\"exec:\" is not of the form kind[:key=value,...]"),
        (
            "exec:ms=5",
            "\"exec:ms=5\" is not of the form kind[:key=value,...]",
        ),
        (
            "wizard:x=1",
            "unknown bot kind \"wizard\" (known: random, heuristic, ismcts, expert, oracle, quick, exec)",
        ),
        (
            "ismcts:depth=3",
            "bot ismcts:depth=3: ismcts takes iters, ms, c, rollout, cutoff, widen, seed, not \"depth\"",
        ),
        (
            "heuristic:ms=3",
            "bot heuristic:ms=3: heuristic takes no options, not \"ms\"",
        ),
        (
            "random:x=1",
            "bot random:x=1: random takes no options, not \"x\"",
        ),
        (
            "quick:iters=1",
            "bot quick:iters=1: quick takes no options, not \"iters\"",
        ),
        (
            "oracle:c=1",
            "bot oracle:c=1: oracle takes worlds, fast, iters, ms, seed, not \"c\"",
        ),
        (
            "ismcts:iters=abc",
            "bot ismcts:iters=abc: iters takes a whole number >= 1, not \"abc\"",
        ),
        (
            "ismcts:iters=0",
            "bot ismcts:iters=0: iters takes a whole number >= 1, not \"0\"",
        ),
        (
            "ismcts:iters=4294967296",
            "bot ismcts:iters=4294967296: iters takes a whole number >= 1, not \"4294967296\"",
        ),
        (
            "ismcts:ms=0",
            "bot ismcts:ms=0: ms takes a whole number >= 1, not \"0\"",
        ),
        (
            "ismcts:c=-1",
            "bot ismcts:c=-1: c takes a number >= 0, not \"-1\"",
        ),
        (
            "ismcts:c=NaN",
            "bot ismcts:c=NaN: c takes a number >= 0, not \"NaN\"",
        ),
        (
            "ismcts:rollout=mixed101",
            "bot ismcts:rollout=mixed101: rollout takes random, heuristic or mixedP (P from 0 to 100), not \"mixed101\"",
        ),
        (
            "ismcts:cutoff=some",
            "bot ismcts:cutoff=some: cutoff takes a whole number >= 0, or none, not \"some\"",
        ),
        (
            "ismcts:widen=2",
            "bot ismcts:widen=2: widen takes K/ALPHA with K > 0 and 0 < ALPHA < 1, or none, not \"2\"",
        ),
        (
            "ismcts:widen=2/1.5",
            "bot ismcts:widen=2/1.5: widen takes K/ALPHA with K > 0 and 0 < ALPHA < 1, or none, not \"2/1.5\"",
        ),
        (
            "ismcts:seed=-1",
            "bot ismcts:seed=-1: seed takes any whole number, not \"-1\"",
        ),
        (
            "oracle:worlds=101",
            "bot oracle:worlds=101: worlds takes a whole number from 1 to 100, not \"101\"",
        ),
        (
            "oracle:fast=maybe",
            "bot oracle:fast=maybe: fast takes 1 or 0, not \"maybe\"",
        ),
        (
            "exec:on_error=forfeit prog",
            "bot exec:on_error=forfeit prog: on_error takes random (there is no rule for \
             forfeiting a match in any game here), not \"forfeit\"",
        ),
        (
            "exec:prog,ms=0",
            "bot exec:prog,ms=0: ms takes a whole number >= 1, not \"0\"",
        ),
        (
            "exec:prog,cmd=x",
            "bot exec:prog,cmd=x: exec takes ms, on_error, not \"cmd\"",
        ),
    ] {
        assert_eq!(refusal(text), says, "{text}");
    }
    for (list, error) in [
        ("random,,heuristic", BotSpecError::Empty),
        ("random,", BotSpecError::Empty),
        ("iters=5,random", malformed("iters=5")),
    ] {
        assert_eq!(BotSpec::parse_list_with(list, &OWN), Err(error), "{list}");
    }
}

#[test]
fn the_words_of_what_a_key_takes() {
    assert_eq!(ITERS.takes.words(), "a whole number >= 1");
    assert_eq!(SEED.takes.words(), "any whole number");
    assert_eq!(
        Takes::Whole { min: 10, max: 22 }.words(),
        "a whole number from 10 to 22"
    );
    assert_eq!(
        GENERIC_KINDS[2].keys_text(),
        "iters, ms, c, rollout, cutoff, widen, seed"
    );
    assert_eq!(GENERIC_KINDS[0].keys_text(), "no options");
    let names: Vec<&str> = GENERIC_KINDS.iter().map(|k| k.name).collect();
    assert_eq!(names, BOT_KINDS);
}

#[test]
fn expert_is_a_search_at_a_fixed_budget_with_only_a_seed_to_set() {
    assert_eq!(parse("expert").unwrap(), BotSpec::Expert { seed: None });
    let seeded = parse("expert:seed=7,seed=9").unwrap();
    assert_eq!(seeded, BotSpec::Expert { seed: Some(9) });
    assert_eq!(seeded.to_string(), "expert:seed=9");
    assert!(seeded.is_search());
    assert_eq!(seeded.kind(), "expert");
    // Nothing that changes what a decision costs: no iterations, no time budget.
    for text in ["expert:iters=5", "expert:ms=5"] {
        assert!(refusal(text).contains("expert takes seed"), "{text}");
    }
}
