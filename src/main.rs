//! The `gdvariant` command: inspect Godot Variant blobs.

// One `unsafe` block, the memory map of the input file, lives in `cli::input` (SAFETY.md).
#![deny(unsafe_code)]

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
