//! Encode benchmarks (stub; filled in by the encode-bench work).
fn main() {}
