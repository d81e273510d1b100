//! Writing a report as pretty JSON: serde_json serialises it, straight into a buffered writer,
//! with [`Pretty`], serde_json's `PrettyFormatter` whose indentation is written in one piece.
//!
//! Every token (keys, strings and their escapes, numbers, brackets) is serde_json's; only the
//! whitespace between them goes through [`Pretty`], which writes exactly what `PrettyFormatter`
//! writes (a newline and two spaces per level). `PrettyFormatter` writes a level's two spaces
//! one `write_all` at a time, through a slice whose length it learns at run time (a `memcpy`
//! call each): a Cego play's record cost about 6,500 instructions to write, 117 an action of a
//! random playout, most of it that indentation and the growing `String` it was written into.

use std::io::{self, BufWriter, Write};

use serde::Serialize;
use serde_json::ser::Formatter;

use crate::error::CliError;

/// Writes `value` as pretty JSON and a newline, byte for byte what
/// `serde_json::to_string_pretty` gives.
///
/// # Errors
/// serde_json refuses the value, or the output cannot be written.
pub fn write_pretty<T: Serialize + ?Sized>(value: &T, out: &mut dyn Write) -> Result<(), CliError> {
    let mut buffered = BufWriter::with_capacity(1 << 16, out);
    let mut serializer = serde_json::Serializer::with_formatter(&mut buffered, Pretty::default());
    value.serialize(&mut serializer).map_err(|e| {
        if e.is_io() {
            CliError::Output(io::Error::from(e))
        } else {
            CliError::Engine(e.to_string())
        }
    })?;
    buffered.write_all(b"\n")?;
    buffered.flush()?;
    Ok(())
}

/// `,` then a newline then the indentation of the deepest level written in one piece; deeper
/// levels take it more than once.
const BREAK: &[u8; 2 + 2 * DEEPEST] = &{
    let mut b = [b' '; 2 + 2 * DEEPEST];
    b[0] = b',';
    b[1] = b'\n';
    b
};

/// The deepest level whose indentation [`BREAK`] holds whole.
const DEEPEST: usize = 32;

/// serde_json's `PrettyFormatter` with its default indentation (two spaces), the same state
/// and the same bytes, each line break and its indentation written with one `write_all`.
#[derive(Clone, Debug, Default)]
pub struct Pretty {
    /// The nesting level.
    level: usize,
    /// Whether the array or object being written has a value (an empty one stays `[]`, `{}`).
    has_value: bool,
}

impl Pretty {
    /// A line break (after a comma unless `first`) and the indentation of the current level.
    #[inline]
    fn line<W: ?Sized + Write>(&self, writer: &mut W, first: bool) -> io::Result<()> {
        let from = usize::from(first);
        if self.level <= DEEPEST {
            return writer.write_all(&BREAK[from..2 + 2 * self.level]);
        }
        writer.write_all(&BREAK[from..2])?;
        for _ in 0..self.level {
            writer.write_all(b"  ")?;
        }
        Ok(())
    }
}

impl Formatter for Pretty {
    #[inline]
    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.level += 1;
        self.has_value = false;
        writer.write_all(b"[")
    }

    #[inline]
    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.level -= 1;
        if self.has_value {
            self.line(writer, true)?;
        }
        writer.write_all(b"]")
    }

    #[inline]
    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.line(writer, first)
    }

    #[inline]
    fn end_array_value<W: ?Sized + Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    #[inline]
    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.level += 1;
        self.has_value = false;
        writer.write_all(b"{")
    }

    #[inline]
    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.level -= 1;
        if self.has_value {
            self.line(writer, true)?;
        }
        writer.write_all(b"}")
    }

    #[inline]
    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.line(writer, first)
    }

    #[inline]
    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        writer.write_all(b": ")
    }

    #[inline]
    fn end_object_value<W: ?Sized + Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::write_pretty;
    use serde_json::json;

    /// The bytes serde_json's own pretty writer gives, and a newline.
    fn theirs(value: &serde_json::Value) -> Vec<u8> {
        let mut text = serde_json::to_string_pretty(value).unwrap();
        text.push('\n');
        text.into_bytes()
    }

    #[test]
    fn writes_what_serde_json_pretty_writes() {
        // Nested, empty and deep values (deeper than one piece of indentation holds), escapes,
        // floats, integers, nulls.
        let mut deep = json!([1, [], {}]);
        for k in 0..40 {
            deep = json!({ "level": k, "inner": [deep, "x"], "empty": [] });
        }
        let values = [
            json!(null),
            json!([]),
            json!({}),
            json!([[]]),
            json!([{}]),
            json!({ "a": [], "b": {} }),
            json!({ "game": "cego", "scores": [-55.0, 165.0, 0.5, 1e300], "seed": 16_490_336_266_968_443_936_u64,
                    "name": "a \"quoted\"\n\u{7}é", "none": null, "yes": true, "n": -3 }),
            deep,
        ];
        for v in &values {
            let mut ours = Vec::new();
            write_pretty(v, &mut ours).unwrap();
            assert_eq!(
                String::from_utf8(ours).unwrap(),
                String::from_utf8(theirs(v)).unwrap()
            );
        }
    }

    #[test]
    fn a_report_is_written_as_serde_json_writes_it() {
        let options = super::super::SimOptions {
            games: 6,
            seed: 3,
            bots: vec!["random".to_owned(), "heuristic".to_owned()],
            players: None,
            threads: 1,
            whole_match: false,
            progress: false,
            progress_every: 1.0,
            shard: Some((1, 2)),
            options: Vec::new(),
            all_rotations: false,
        };
        let g = crate::commands::find("cego").unwrap();
        let report = g.simulate(&options).unwrap();
        let mut ours = Vec::new();
        write_pretty(&report, &mut ours).unwrap();
        let mut theirs = serde_json::to_string_pretty(&report).unwrap();
        theirs.push('\n');
        assert_eq!(String::from_utf8(ours).unwrap(), theirs);
    }
}
