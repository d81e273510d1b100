//! Fuzz target `replay_log`: see [`cards_fuzz::replay_log`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| cards_fuzz::replay_log(data));
