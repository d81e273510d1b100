//! What several of the command's test files share.

/// Waits (on Linux, up to 20 s) until process `pid` has installed its Ctrl-C handler, so that a
/// SIGINT sent next is caught rather than killing a process still starting on a loaded machine.
#[cfg(unix)]
pub fn wait_for_ctrl_c_handler(pid: u32) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while std::time::Instant::now() < deadline {
        let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
            // No /proc (not Linux): the caller's own pause has to do.
            return;
        };
        let caught = status
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|mask| mask & (1 << 1) != 0);
        if caught {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
