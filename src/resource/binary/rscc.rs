//! Compressed binary resources (`RSCC`).
