//! Fuzz target `state_json`: see [`cards_fuzz::state_json`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| cards_fuzz::state_json(data));
