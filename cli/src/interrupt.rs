//! Ctrl-C: `play` writes its log (marked unfinished) before it exits; `simulate` stops after the
//! deals under way and prints the results so far; a second Ctrl-C exits at once.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

/// Set by the first Ctrl-C.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// Ctrl-Cs seen.
static COUNT: AtomicU8 = AtomicU8::new(0);
/// Whether the first Ctrl-C ends the process (play) or only asks the work to stop (simulate).
static EXIT_AT_ONCE: AtomicBool = AtomicBool::new(true);
/// The log to write on Ctrl-C in `play`: its path and its text as of the last action.
static SAVE: Mutex<Option<(String, String)>> = Mutex::new(None);

/// The exit code after an interruption (128 + SIGINT, as shells report it).
pub const EXIT_CODE: u8 = 130;

/// Installs the handler. With `exit_at_once` (play) the first Ctrl-C writes the pending log and
/// exits; otherwise (simulate) it sets [`interrupted`] and a second one exits.
pub fn install(exit_at_once: bool) {
    EXIT_AT_ONCE.store(exit_at_once, Ordering::SeqCst);
    // Installing twice (only in tests that call run twice) is refused by ctrlc; the first
    // handler stays and reads the same statics, so the error is of no consequence.
    let _ = ctrlc::set_handler(|| {
        let n = COUNT.fetch_add(1, Ordering::SeqCst);
        INTERRUPTED.store(true, Ordering::SeqCst);
        if EXIT_AT_ONCE.load(Ordering::SeqCst) || n > 0 {
            save_pending();
            std::process::exit(i32::from(EXIT_CODE));
        }
        eprintln!("\nInterrupted: finishing the deals under way (Ctrl-C again to stop at once).");
    });
}

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// The log Ctrl-C should write now (`None` clears it).
pub fn set_pending_save(save: Option<(String, String)>) {
    if let Ok(mut slot) = SAVE.lock() {
        *slot = save;
    }
}

fn save_pending() {
    let pending = SAVE.lock().ok().and_then(|mut s| s.take());
    match pending {
        Some((path, text)) => match std::fs::write(&path, text) {
            Ok(()) => eprintln!("\nInterrupted; the log is saved to {path}, marked unfinished."),
            Err(e) => eprintln!("\nInterrupted; the log could not be saved to {path}: {e}"),
        },
        None => eprintln!("\nInterrupted."),
    }
}
