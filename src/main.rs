//! The `gdvariant` command: inspect Godot Variant blobs.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
