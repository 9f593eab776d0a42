//! `gdvariant reencode`: parse, then write back through the builder, in the input's dialect
//! or converted to another (`--to`): the only way to move a save between Godot 3, Godot 4
//! and Pandemonium's eras.

use std::path::PathBuf;

use gdvariant::{frame, Builder, Dialect, VariantRef};

use crate::context::{Ctx, Outcome};
use crate::dialect::GodotArg;
use crate::input::InputArgs;

/// Options of `reencode`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Where to write the result (`-` for stdout). A length-prefixed input gives frames
    /// again, one per value (new lengths, the same byte order). A compressed or encrypted
    /// input gives a file in the same container, with the same key (converted with --to
    /// between Godot 3 and 4, an encrypted file takes the layout of the target's engine).
    output: PathBuf,
    /// Convert to this dialect (`3`, `4`, `pm-a`, `pm-b`, `pm-c`; default: the input's).
    /// Types are matched by name; a value the target cannot express (a type it lacks,
    /// double precision, a typed container, a RID's id) is an error, and nothing is
    /// written.
    #[arg(long, value_enum)]
    to: Option<GodotArg>,
    #[command(flatten)]
    out: crate::output::BinaryOut,
}

pub fn run(args: &Args, ctx: &Ctx) -> Outcome {
    let data = args.input.open()?;
    let input = args.input.parse(&data, ctx)?;
    input.refuse_to_write_a_guess(args.out.force)?;
    let mut out = Vec::with_capacity(data.len());
    for (i, value) in input.values().enumerate() {
        let target = args.to.map_or(value.dialect(), GodotArg::dialect);
        match input.prefix() {
            // The new length, in the input's byte order.
            Some(order) => frame::write_with(&mut out, target, order, |b| b.value(value)),
            None => Builder::new(&mut out, target).value(value),
        }
        .map_err(|e| {
            let at = failing(value, target);
            match (args.to, input.count()) {
                (Some(_), 1) => format!("cannot convert to {target}: {at}: {e}"),
                (Some(_), _) => format!("cannot convert value #{i} to {target}: #{i}{at}: {e}"),
                (None, _) => format!("cannot re-encode: {at}: {e}"),
            }
        })?;
    }
    // Written over the input itself, it must not have changed since it was read.
    let read = data.stamp();
    if data.container().is_plain() {
        return crate::output::write_over(&args.output, &out, &args.out, read);
    }
    let wrapped = data.wrap(&out, args.to.map(GodotArg::dialect))?;
    crate::output::write_over(&args.output, &wrapped, &args.out, read)
}

/// Where in `value` the first part is that `target` cannot write, and its type: `/a/b/1
/// (an Array[int])`. Descends into the first child whose own conversion fails, down to a
/// value whose children all convert. Only run once a conversion has failed: O(size ×
/// depth).
fn failing(value: VariantRef<'_>, target: Dialect) -> String {
    let mut path = String::new();
    let mut at = value;
    'down: loop {
        for (edge, child) in at.children() {
            if Builder::new(&mut Vec::new(), target).value(child).is_err() {
                path = format!("{path}/{edge}");
                at = child;
                continue 'down;
            }
        }
        let path = if path.is_empty() { "/" } else { &path };
        let ty = at.ty().name(at.dialect());
        return format!("{path} ({} {ty})", crate::style::article(ty));
    }
}
