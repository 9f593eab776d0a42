//! `gdvariant check`: validate only.

use crate::input::InputArgs;

/// Options of `check`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
}

pub fn run(args: &Args) -> Result<(), String> {
    let data = args.input.open()?;
    let input = args.input.parse(&data)?;
    println!(
        "OK: {} {}, {} bytes",
        match input.value.dialect() {
            gdvariant::Dialect::Godot3 => "Godot 3",
            _ => "Godot 4",
        },
        input.value.ty().name(input.value.dialect()),
        input.value.encoded().len()
    );
    Ok(())
}
