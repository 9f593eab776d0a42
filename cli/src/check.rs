//! `gdvariant check`: validate only.

use gdvariant::frame::PrefixOrder;

use crate::context::{Ctx, Outcome};
use crate::input::InputArgs;
use crate::style::{counted, thousands};

/// Options of `check`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
}

pub fn run(args: &Args, ctx: &Ctx) -> Outcome {
    let data = args.input.open()?;
    let name = args.input.file.display().to_string();
    if let Some(resource) = crate::resource_file::detect(&name, &data, None)? {
        return crate::resource_verbs::check(&resource, data.len());
    }
    if let Some(config) = crate::config_file::detect(&args.input, &data, ctx)? {
        return crate::config_verbs::check(&config, &data);
    }
    let input = args.input.parse(&data, ctx)?;
    let dialect = input.dialect_text();
    let wrapped = data.container();
    // ` in a Zstd-compressed file (GCPF, 4096-byte blocks)`, and the size of the file.
    let (within, file_size) = match wrapped.is_plain() {
        true => (String::new(), String::new()),
        false => (
            format!(" in {wrapped}"),
            format!(" ({} in the file)", thousands(data.file_len() as u64)),
        ),
    };
    let size = format!("{} bytes{file_size}", thousands(data.len() as u64));
    let Some(first) = input.detected().map(|found| found.value) else {
        // Only a container can hold nothing and be valid.
        println!("OK: 0 values{within}, {size}");
        return Ok(());
    };
    let line = match input.prefix() {
        None => {
            let len = first.encoded().len();
            let mut line = format!(
                "OK: {dialect} {}{within}, {} bytes{file_size}",
                first.ty().name(input.dialect()),
                thousands(len as u64)
            );
            if len < data.len() {
                line.push_str(&format!(
                    "; {} after it, which bytes_to_var ignores",
                    counted((data.len() - len) as u64, "byte", "bytes")
                ));
            }
            line
        }
        Some(order) => {
            let frames = match order {
                PrefixOrder::Big => "big-endian store_var frame",
                PrefixOrder::Little => "store_var frame",
            };
            let mut line = if input.is_multi() {
                format!(
                    "OK: {} ({frames}s){within}, {dialect}, {size}",
                    counted(input.count() as u64, "value", "values"),
                )
            } else {
                format!(
                    "OK: {dialect} {} in a {frames}{within}, {size}",
                    first.ty().name(input.dialect()),
                )
            };
            line.push_str(&slack(&input));
            line
        }
    };
    match input.detected().and_then(crate::ambiguity::also) {
        Some(also) => println!("{line}; {also}"),
        None => println!("{line}"),
    }
    Ok(())
}

/// `; frame #1 has 4 bytes after its value, which get_var ignores`, or nothing when every
/// value fills its frame (as store_var writes them).
fn slack(input: &crate::input::Input<'_>) -> String {
    let Some(frames) = input.detected().and_then(|found| found.frames()) else {
        return String::new();
    };
    let mut loose = frames.flatten().filter(|f| f.unused() > 0);
    let Some(first) = loose.next() else {
        return String::new();
    };
    let unused = counted(first.unused() as u64, "byte", "bytes");
    match loose.count() {
        0 => format!(
            "; frame #{} has {unused} after its value, which get_var ignores",
            first.index
        ),
        more => format!(
            "; {} frames have bytes after their value (the first, #{}, {unused}), which \
             get_var ignores",
            thousands(more as u64 + 1),
            first.index
        ),
    }
}
