//! The report as JSON (`cards simulate --json`): byte for byte serde_json's pretty JSON, with
//! the plays written here.
//!
//! serde_json's pretty writer spends about 6,600 instructions on a play's record (about 360
//! bytes: a call per key, value, comma and indentation), which was a sixth of a random Cego
//! run (120 instructions an action of 720). The records are all alike, so they are written
//! here with their constant parts copied whole, and serde_json writes the rest of the report
//! (and any record this does not know how to write: one with decisions or faults). A test
//! checks the output against serde_json's on reports of every shape.

use std::io::Write;

use super::SimReport;
use crate::error::CliError;
use crate::plays::PlayRecord;

/// Writes `report` as pretty JSON and a newline: the very bytes of
/// `serde_json::to_string_pretty(report)` and `"\n"`, in less time.
///
/// # Errors
/// Writing to `out` failed, or serde_json refused the report.
pub fn write_json(report: &SimReport, out: &mut dyn Write) -> Result<(), CliError> {
    let text = to_json(report)?;
    out.write_all(&text)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// The end of serde_json's pretty JSON of a report without records: they come last.
const EMPTY_RECORDS: &[u8] = b"\n  \"records\": []\n}";

/// [`write_json`]'s text, without the last newline.
fn to_json(report: &SimReport) -> Result<Vec<u8>, CliError> {
    let json = |e: serde_json::Error| CliError::Engine(e.to_string());
    let head = serde_json::to_vec_pretty(&without_records(report)).map_err(json)?;
    if report.records.is_empty() || !head.ends_with(EMPTY_RECORDS) {
        // Nothing to write here, or a report whose fields no longer end with the records.
        return serde_json::to_vec_pretty(report).map_err(json);
    }
    let mut text = head;
    // Up to `"records": `.
    text.truncate(text.len() - b"[]\n}".len());
    text.push(b'[');
    let mut seen = Seen::default();
    for (i, record) in report.records.iter().enumerate() {
        text.extend_from_slice(if i == 0 { b"\n    " } else { b",\n    " });
        let start = text.len();
        write_record(&mut text, record, &mut seen).map_err(json)?;
        if i == 0 {
            // Room for the others at once (growing the text copies all of it so far).
            let each = text.len() - start + 8;
            text.reserve(each.saturating_mul(report.records.len()));
        }
    }
    text.extend_from_slice(b"\n  ]\n}");
    Ok(text)
}

/// The report without its records (each field but them cloned: a field added to
/// [`SimReport`] must be added here, which the compiler asks for).
fn without_records(report: &SimReport) -> SimReport {
    let SimReport {
        game,
        unit,
        games,
        shard,
        completed,
        interrupted,
        partial,
        plays,
        seatings,
        all_rotations,
        seed,
        players,
        total_actions,
        mean_actions,
        elapsed_s,
        ns_per_action,
        threads,
        bots,
        paired,
        records: _,
    } = report;
    SimReport {
        game: game.clone(),
        unit: unit.clone(),
        games: *games,
        shard: shard.clone(),
        completed: *completed,
        interrupted: *interrupted,
        partial: *partial,
        plays: *plays,
        seatings: *seatings,
        all_rotations: *all_rotations,
        seed: *seed,
        players: *players,
        total_actions: *total_actions,
        mean_actions: *mean_actions,
        elapsed_s: *elapsed_s,
        ns_per_action: *ns_per_action,
        threads: *threads,
        bots: bots.clone(),
        paired: paired.clone(),
        records: Vec::new(),
    }
}

/// One record at the depth of the report's `records` (its braces at 4 spaces, its fields at 6,
/// their items at 8), as serde_json writes it there.
fn write_record(
    text: &mut Vec<u8>,
    r: &PlayRecord,
    seen: &mut Seen,
) -> Result<(), serde_json::Error> {
    if !r.thinking.is_empty() || !r.faults.is_empty() {
        // serde_json's own, indented to this depth (a string's newlines are escaped, so every
        // newline of the text starts a line).
        let own = serde_json::to_vec_pretty(r)?;
        for &b in &own {
            text.push(b);
            if b == b'\n' {
                text.extend_from_slice(b"    ");
            }
        }
        return Ok(());
    }
    text.extend_from_slice(b"{\n      \"deal\": ");
    push_u64(text, r.deal as u64);
    text.extend_from_slice(b",\n      \"seed\": ");
    push_u64(text, r.seed);
    text.extend_from_slice(b",\n      \"rotation\": ");
    push_u64(text, r.rotation as u64);
    text.extend_from_slice(b",\n      \"kinds\": ");
    push_items(text, &r.kinds, |text, &k| {
        push_u64(text, k as u64);
        Ok(())
    })?;
    text.extend_from_slice(b",\n      \"bots\": ");
    push_items(text, &r.bots, |text, b| seen.name(text, b.as_str()))?;
    text.extend_from_slice(b",\n      \"scores\": ");
    push_items(text, &r.scores, |text, &x| seen.number(text, x))?;
    text.extend_from_slice(b",\n      \"actions\": ");
    push_u64(text, r.actions as u64);
    text.extend_from_slice(b"\n    }");
    Ok(())
}

/// An array of a record's field: each item on a line of its own at 8 spaces, `[]` when empty.
fn push_items<T>(
    text: &mut Vec<u8>,
    items: &[T],
    mut item: impl FnMut(&mut Vec<u8>, &T) -> Result<(), serde_json::Error>,
) -> Result<(), serde_json::Error> {
    if items.is_empty() {
        text.extend_from_slice(b"[]");
        return Ok(());
    }
    text.push(b'[');
    for (i, x) in items.iter().enumerate() {
        text.extend_from_slice(if i == 0 {
            b"\n        "
        } else {
            b",\n        "
        });
        item(text, x)?;
    }
    text.extend_from_slice(b"\n      ]");
    Ok(())
}

/// A number in decimal, as serde_json writes an integer (two digits at a time).
fn push_u64(text: &mut Vec<u8>, mut n: u64) {
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
        2021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859\
        6061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899";
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    while n >= 100 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        at -= 2;
        digits[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    if n >= 10 {
        at -= 2;
        let pair = n as usize * 2;
        digits[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    } else {
        at -= 1;
        digits[at] = b'0' + n as u8;
    }
    text.extend_from_slice(&digits[at..]);
}

/// The bot names and scores met so far, as serde_json writes them: a run's records share a
/// few names (each an `Arc<str>`, so each is escaped once and known again by its address),
/// and many scores repeat.
#[derive(Default)]
struct Seen {
    /// Each name's address and length, and its JSON string.
    names: Vec<(usize, usize, Vec<u8>)>,
    /// The last few numbers' bits and JSON text (length, bytes), a new one replacing the
    /// oldest.
    numbers: [(u64, u8, [u8; 32]); 8],
    /// The slot of `numbers` the next new number takes.
    next: usize,
}

impl Seen {
    /// At most this many names are kept (a run has one per bot spec).
    const NAMES: usize = 16;

    /// Writes `name` as a JSON string.
    fn name(&mut self, text: &mut Vec<u8>, name: &str) -> Result<(), serde_json::Error> {
        let key = (name.as_ptr() as usize, name.len());
        if let Some((.., json)) = self.names.iter().find(|(p, n, _)| (*p, *n) == key) {
            text.extend_from_slice(json);
            return Ok(());
        }
        let json = serde_json::to_vec(name)?;
        text.extend_from_slice(&json);
        if self.names.len() < Self::NAMES {
            self.names.push((key.0, key.1, json));
        }
        Ok(())
    }

    /// Writes `x` as serde_json does (`null` when it is not finite).
    fn number(&mut self, text: &mut Vec<u8>, x: f64) -> Result<(), serde_json::Error> {
        let bits = x.to_bits();
        // A slot never written holds bits 0 and no text: +0.0 is not taken from it.
        if let Some((_, len, json)) = self
            .numbers
            .iter()
            .find(|(b, len, _)| *b == bits && *len > 0)
        {
            text.extend_from_slice(&json[..usize::from(*len)]);
            return Ok(());
        }
        let mut json = [0u8; 32];
        let mut rest = &mut json[..];
        serde_json::to_writer(&mut rest, &x)?;
        let len = 32 - rest.len();
        text.extend_from_slice(&json[..len]);
        self.numbers[self.next] = (bits, len as u8, json);
        self.next = (self.next + 1) % self.numbers.len();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plays::{BotName, Thinking};
    use crate::simulate::{BotStats, Paired, PhaseThink};

    fn record(deal: usize, bots: &[BotName]) -> PlayRecord {
        PlayRecord {
            deal,
            seed: u64::MAX - deal as u64,
            rotation: deal % 3,
            kinds: (0..bots.len()).collect(),
            bots: bots.to_vec(),
            scores: vec![-55.0, 165.0, 0.5, 1e21, -0.0][..bots.len()].to_vec(),
            actions: 61 + deal,
            thinking: Vec::new(),
            faults: Vec::new(),
        }
    }

    fn report(records: Vec<PlayRecord>) -> SimReport {
        SimReport {
            game: "cego".into(),
            unit: "deals".into(),
            games: 7,
            shard: None,
            completed: 7,
            interrupted: false,
            partial: false,
            plays: records.len(),
            seatings: 1,
            all_rotations: false,
            seed: 1,
            players: 4,
            total_actions: 400,
            mean_actions: 55.257,
            elapsed_s: 0.582_461_48,
            ns_per_action: 5_270.476_862_659_934,
            threads: 1,
            bots: vec![BotStats {
                name: "random".into(),
                samples: 8,
                deals: 2,
                mean: 0.0,
                ci95: None,
                win_rate: 0.25,
                win_ci95: Some(0.1),
                decisions: 10,
                iterations: 0,
                faults: 0,
                random: 0,
                late: 0,
                stopped_at: Vec::new(),
                think_s: 0.0,
                think_median_ms: 0.0,
                think_median_real_ms: 0.0,
                think_by_phase: Vec::new(),
            }],
            paired: None,
            records,
        }
    }

    fn same_as_serde(report: &SimReport) {
        let mut ours = Vec::new();
        write_json(report, &mut ours).unwrap();
        let serde = serde_json::to_string_pretty(report).unwrap() + "\n";
        assert_eq!(String::from_utf8(ours).unwrap(), serde);
    }

    #[test]
    fn numbers_are_written_as_serde_json_writes_them() {
        let mut seen = Seen::default();
        for n in [
            0,
            7,
            9,
            10,
            42,
            99,
            100,
            101,
            999,
            1000,
            65_536,
            u64::MAX - 1,
            u64::MAX,
        ] {
            let mut text = Vec::new();
            push_u64(&mut text, n);
            assert_eq!(text, serde_json::to_vec(&n).unwrap(), "{n}");
        }
        let xs = [
            0.0,
            -0.0,
            1.0,
            -55.0,
            0.1,
            1e21,
            1e-7,
            f64::NAN,
            f64::NEG_INFINITY,
        ];
        for &x in xs
            .iter()
            .chain(&xs)
            .chain(&[f64::MAX, f64::MIN_POSITIVE, 0.0, 2.5])
        {
            let mut text = Vec::new();
            seen.number(&mut text, x).unwrap();
            assert_eq!(text, serde_json::to_vec(&x).unwrap(), "{x}");
        }
    }

    #[test]
    fn the_json_is_serde_json_s_pretty_json() {
        let random = BotName::from("random");
        let odd = BotName::from("exec:\"my bot\"\\ \u{e9}\t\n");
        let four = [random.clone(), random.clone(), odd.clone(), random.clone()];
        // No records; records of every shape.
        same_as_serde(&report(Vec::new()));
        same_as_serde(&report(vec![record(0, &four)]));
        let mut records: Vec<PlayRecord> = (0..5).map(|d| record(d, &four)).collect();
        records.push(record(5, &[]));
        records.push(record(6, &four[..3]));
        records[1].scores[0] = f64::NAN;
        records[2].scores[1] = f64::INFINITY;
        records[3].kinds.clear();
        records[3].faults = vec!["exec:x at S1: exited\nat once".into()];
        records[4].thinking = vec![
            Thinking {
                decisions: 3,
                times: vec![(0.25, true), (1e-9, false)],
                phases: vec!["play".into(), "auction".into()],
                iterations: 7,
                stopped_at: Some(4),
                ..Thinking::default()
            },
            Thinking::default(),
        ];
        let mut r = report(records);
        same_as_serde(&r);
        // Every optional field of the report set.
        r.shard = Some("2/3".into());
        r.paired = Some(Paired {
            a: "random".into(),
            b: "heuristic".into(),
            deals: 7,
            mean: -1.5,
            ci95: Some(0.25),
        });
        r.bots[0].stopped_at = vec![3, 9];
        r.bots[0].faults = 2;
        r.bots[0].think_by_phase = vec![PhaseThink {
            phase: "play".into(),
            decisions: 4,
            median_real_ms: 0.5,
        }];
        same_as_serde(&r);
        // More names than are kept, each its own allocation.
        let many: Vec<BotName> = (0..40)
            .map(|i| BotName::from(format!("n{i}").as_str()))
            .collect();
        same_as_serde(&report(vec![record(0, &many[..4]), record(1, &many[36..])]));
        let mut wide = record(2, &many[..4]);
        wide.bots = many.clone();
        wide.kinds = (0..40).collect();
        same_as_serde(&report(vec![wide]));
    }
}
