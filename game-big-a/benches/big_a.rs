//! Benchmarks (to come with the engine).
fn main() {}
