//! A bot program for the JSON-lines bot protocol (`docs/protocol.md`), written with
//! [`cards_core::protocol`]: it reads messages on stdin and answers each decision with a random
//! legal index. Build it and seat it with
//!
//! ```sh
//! cargo build --release -p cards-core --example protocol_bot
//! cards simulate big-a --bots 'exec:target/release/examples/protocol_bot'
//! ```

use std::io::{BufRead, Write};

use cards_core::protocol::{Message, PROTOCOL, Reply};
use cards_core::rng::{below, rng_from_seed};

fn main() -> std::io::Result<()> {
    let mut rng = rng_from_seed(1);
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let message: Message = serde_json::from_str(&line?).map_err(std::io::Error::other)?;
        match message {
            Message::Start { protocol, seat, .. } => {
                assert_eq!(protocol, PROTOCOL, "this bot speaks protocol {PROTOCOL}");
                rng = rng_from_seed(u64::from(seat));
            }
            Message::Decide { id, legal, .. } => {
                let index = legal[below(&mut rng, legal.len() as u64) as usize].index;
                let reply = serde_json::to_string(&Reply::Index {
                    id: Some(id),
                    index,
                })?;
                writeln!(out, "{reply}")?;
                out.flush()?;
            }
            // Ready at once: nothing to load.
            Message::Hello { .. } => {
                writeln!(out, "{}", cards_core::protocol::READY)?;
                out.flush()?;
            }
            Message::DealEnd { .. } | Message::End { .. } => {}
        }
    }
    Ok(())
}
