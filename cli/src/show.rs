//! `gdvariant show`: the engine's text form, streamed to stdout.

use std::io::{self, Write};

use gdvariant::text::TextStyle;

use crate::context::{Ctx, Outcome};
use crate::input::InputArgs;

/// Options of `show`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Which engine version's text form to print (default: 3.6 for Godot 3, 4 for Godot 4).
    #[arg(long, value_enum)]
    text_style: Option<StyleArg>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum StyleArg {
    /// Godot 3.0–3.4 (verified on 3.2.3).
    #[value(name = "3.2")]
    Godot32,
    /// Godot 3.5+ (verified on 3.6.2).
    #[value(name = "3.6")]
    Godot36,
    /// Godot 4 (verified on 4.6.3).
    #[value(name = "4")]
    Godot4,
}

pub fn run(args: &Args, ctx: &Ctx) -> Outcome {
    let data = args.input.open()?;
    let asked = args.text_style.map(|style| match style {
        StyleArg::Godot32 => TextStyle::Godot32,
        StyleArg::Godot36 => TextStyle::Godot36,
        StyleArg::Godot4 => TextStyle::Godot4,
    });
    let name = args.input.file.display().to_string();
    if let Some(resource) = crate::resource_file::detect(&name, &data, asked)? {
        return crate::resource_verbs::show(&resource);
    }
    if let Some(config) = crate::config_file::detect(&args.input, &data, ctx)? {
        return crate::config_verbs::show(&config, asked);
    }
    let input = args.input.parse(&data, ctx)?;
    let style = asked.unwrap_or_else(|| TextStyle::for_dialect(input.dialect()));
    let spinner = crate::style::output_spinner(data.len(), "show", ctx.quiet);
    let mut out = io::BufWriter::with_capacity(1 << 16, spinner.wrap_write(io::stdout().lock()));
    // Several values: each after a line with its number, `#0`, `#1`, … (its address).
    let multi = input.is_multi();
    let written = input
        .values()
        .enumerate()
        .try_for_each(|(i, value)| {
            if multi {
                writeln!(out, "#{i}")?;
            }
            writeln!(out, "{}", value.text(style))
        })
        .and_then(|()| out.flush());
    spinner.finish_and_clear();
    crate::stdout_result(written)
}
