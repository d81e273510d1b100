//! Fuzz target `play_line`: see [`cards_fuzz::play_line`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| cards_fuzz::play_line(data));
