//! Bot specs: `kind[:key=value,...]`, one syntax for every command (`--bots`, serve's seats,
//! the conformance harness), read here and built into bots by [`crate::catalog::make_bot`].

use std::fmt;

/// The bot kinds every game offers.
pub const BOT_KINDS: [&str; 3] = ["random", "heuristic", "ismcts"];

/// A bot spec, `kind[:key=value,...]`, e.g. `heuristic`, `ismcts:iters=2000`,
/// `ismcts:ms=200,c=0.5`: one syntax for every command and for [`crate::catalog::make_bot`]. Its `Display` is
/// the spec as given, the name the bot reports under.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BotSpec {
    /// The bot kind (see [`BOT_KINDS`]).
    pub kind: String,
    /// The options, in the order given.
    pub params: Vec<(String, String)>,
}

/// Why a bot spec is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotSpecError {
    /// Nothing where a spec was expected.
    #[error("an empty bot spec (write kind[:key=value,...], e.g. ismcts:iters=1000)")]
    Empty,
    /// An option without a bot before it, or not of the form `key=value`.
    #[error("{text:?} is not of the form kind[:key=value,...]")]
    Malformed {
        /// The text.
        text: String,
    },
    /// No such bot kind.
    #[error("unknown bot kind {kind:?} (known: {known})")]
    UnknownKind {
        /// The kind asked for.
        kind: String,
        /// The kinds there are.
        known: String,
    },
    /// An option the bot kind does not take or a value out of range.
    #[error("bot {spec}: {reason}")]
    BadOption {
        /// The spec.
        spec: String,
        /// What is wrong and what is allowed.
        reason: String,
    },
}

impl BotSpec {
    /// The value of an option, the last one given.
    pub fn param(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Reads a comma-separated list of specs. A piece of the form `key=value` belongs to the
    /// spec before it, so `ismcts:iters=2000,c=0.5,heuristic` is two bots.
    ///
    /// # Errors
    /// An empty piece, or an option with no bot before it.
    pub fn parse_list(text: &str) -> Result<Vec<BotSpec>, BotSpecError> {
        let mut specs: Vec<BotSpec> = Vec::new();
        for piece in text.split(',').map(str::trim) {
            match (
                piece.contains('=') && !piece.contains(':'),
                specs.last_mut(),
            ) {
                (true, Some(last)) => {
                    let (k, v) = key_value(piece)?;
                    last.params.push((k, v));
                }
                (true, None) => {
                    return Err(BotSpecError::Malformed {
                        text: piece.to_owned(),
                    });
                }
                (false, _) => specs.push(piece.parse()?),
            }
        }
        Ok(specs)
    }
}

fn key_value(piece: &str) -> Result<(String, String), BotSpecError> {
    match piece.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() && !v.trim().is_empty() => {
            Ok((k.trim().to_owned(), v.trim().to_owned()))
        }
        _ => Err(BotSpecError::Malformed {
            text: piece.to_owned(),
        }),
    }
}

impl std::str::FromStr for BotSpec {
    type Err = BotSpecError;

    fn from_str(text: &str) -> Result<Self, BotSpecError> {
        let text = text.trim();
        let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
        let kind = kind.trim();
        if kind.is_empty() {
            return Err(if text.is_empty() {
                BotSpecError::Empty
            } else {
                BotSpecError::Malformed {
                    text: text.to_owned(),
                }
            });
        }
        if kind == "exec" {
            // `exec:COMMAND LINE`: the rest is the command, kept whole as option `cmd`.
            let cmd = rest.trim();
            if cmd.is_empty() {
                return Err(BotSpecError::Malformed {
                    text: text.to_owned(),
                });
            }
            return Ok(BotSpec {
                kind: kind.to_owned(),
                params: vec![("cmd".to_owned(), cmd.to_owned())],
            });
        }
        if kind.contains('=') || kind.chars().any(char::is_whitespace) {
            return Err(BotSpecError::Malformed {
                text: text.to_owned(),
            });
        }
        let params = if rest.trim().is_empty() {
            Vec::new()
        } else {
            rest.split(',').map(key_value).collect::<Result<_, _>>()?
        };
        Ok(BotSpec {
            kind: kind.to_owned(),
            params,
        })
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.kind)?;
        if let ("exec", Some(cmd)) = (self.kind.as_str(), self.param("cmd")) {
            return write!(f, ":{cmd}");
        }
        for (i, (k, v)) in self.params.iter().enumerate() {
            write!(f, "{}{k}={v}", if i == 0 { ':' } else { ',' })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_list_splits_bots_and_keeps_options_with_their_bot() {
        let specs = BotSpec::parse_list("ismcts:iters=2000,c=0.5, heuristic,random").unwrap();
        assert_eq!(specs.len(), 3);
        assert_eq!(specs[0].kind, "ismcts");
        assert_eq!(specs[0].param("iters"), Some("2000"));
        assert_eq!(specs[0].param("c"), Some("0.5"));
        assert_eq!(specs[0].to_string(), "ismcts:iters=2000,c=0.5");
        assert_eq!(specs[1].to_string(), "heuristic");
        assert_eq!(specs[2].to_string(), "random");
    }

    #[test]
    fn an_exec_spec_keeps_its_command_line_whole() {
        let specs = BotSpec::parse_list("exec:python3 my_bot.py --fast,random").unwrap();
        assert_eq!(specs.len(), 2);
        assert_eq!(specs[0].kind, "exec");
        assert_eq!(specs[0].param("cmd"), Some("python3 my_bot.py --fast"));
        assert_eq!(specs[0].to_string(), "exec:python3 my_bot.py --fast");
        assert_eq!(specs[1].to_string(), "random");
        assert!(matches!(
            "exec:".parse::<BotSpec>(),
            Err(BotSpecError::Malformed { .. })
        ));
    }

    #[test]
    fn malformed_specs_are_refused() {
        assert_eq!(BotSpec::parse_list(""), Err(BotSpecError::Empty));
        assert_eq!(
            BotSpec::parse_list("random,,heuristic"),
            Err(BotSpecError::Empty)
        );
        assert!(matches!(
            BotSpec::parse_list("iters=5,random"),
            Err(BotSpecError::Malformed { .. })
        ));
        assert!(matches!(
            "ismcts:iters".parse::<BotSpec>(),
            Err(BotSpecError::Malformed { .. })
        ));
        assert!(matches!(
            ":iters=3".parse::<BotSpec>(),
            Err(BotSpecError::Malformed { .. })
        ));
    }

    #[test]
    fn search_options_are_set_by_key_and_bad_values_refused() {
        let mut o = crate::search::IsmctsOptions::default();
        o.set("iters", "250").unwrap();
        o.set("c", "1.5").unwrap();
        o.set("rollout", "mixed30").unwrap();
        o.set("cutoff", "40").unwrap();
        o.set("widen", "2/0.5").unwrap();
        o.set("seed", "9").unwrap();
        o.set("ms", "20").unwrap();
        assert_eq!(
            o.describe(),
            "iters=250,ms=20,c=1.5,rollout=mixed30,cutoff=40,widen=2/0.5,seed=9"
        );
        o.set("cutoff", "0").unwrap();
        assert_eq!(
            o.cutoff,
            Some(0),
            "0: the estimate at the new node, no rollout"
        );
        o.set("cutoff", "none").unwrap();
        o.set("widen", "none").unwrap();
        assert_eq!((o.cutoff, o.widening), (None, None));
        for (k, v) in [
            ("iters", "0"),
            ("iters", "many"),
            ("ms", "0"),
            ("c", "-1"),
            ("c", "NaN"),
            ("rollout", "mixed101"),
            ("rollout", "clever"),
            ("widen", "2"),
            ("widen", "2/1.5"),
            ("depth", "3"),
        ] {
            let before = o.clone();
            assert!(o.set(k, v).is_err(), "{k}={v} accepted");
            assert_eq!(o, before, "{k}={v} changed the options");
        }
    }
}
