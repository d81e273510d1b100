//! Fuzz target `action_sequence`: see [`cards_fuzz::action_sequence`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| cards_fuzz::action_sequence(data));
