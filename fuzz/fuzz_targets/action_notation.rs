//! Fuzz target `action_notation`: see [`cards_fuzz::action_notation`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| cards_fuzz::action_notation(data));
