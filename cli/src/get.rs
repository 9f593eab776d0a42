//! `gdvariant get`: the value at a path.

use std::io::{self, Write};

use gdvariant::query::Found;
use gdvariant::{Builder, Dialect, PackedArray, VariantRef, VariantType};

use crate::input::InputArgs;

/// Options of `get`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// `player/inventory/3/name`: dictionary keys and array indices separated by `/`;
    /// `"a/b"` quotes a key, `[42]` is an int key.
    path: String,
    /// Write the value's encoded bytes (a valid blob on their own) instead of its text.
    #[arg(long, conflicts_with = "json")]
    raw: bool,
    /// Write the value as JSON (the schema of `gdvariant json`).
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Result<(), String> {
    let data = args.input.open()?;
    let input = args.input.parse(&data)?;
    let found = input.value.query(&args.path).map_err(|e| e.to_string())?;
    // A packed array element is not a value on the wire: encode it as one.
    let element_bytes;
    let value = match found {
        Found::Value(v) => v,
        Found::Element(packed, i) => {
            element_bytes = element(&packed, i, input.value.dialect())?;
            VariantRef::parse(&element_bytes, input.value.dialect()).map_err(|e| e.to_string())?
        }
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = if args.raw {
        out.write_all(value.encoded())
    } else if args.json {
        gdvariant::json::write(&mut out, value, false).and_then(|()| writeln!(out))
    } else {
        writeln!(out, "{value}")
    };
    crate::stdout_result(written.and_then(|()| out.flush()))
}

/// Element `i` of `packed`, encoded as a value of its own (an int, a float, a String, a
/// Vector2/3/4 or a Color).
fn element(packed: &PackedArray<'_>, i: usize, dialect: Dialect) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let b = Builder::new(&mut out, dialect);
    let missing = || "no such element".to_string();
    let result = if let Some(bytes) = packed.as_u8() {
        b.int(i64::from(*bytes.get(i).ok_or_else(missing)?))
    } else if let Some(p) = packed.as_i32() {
        b.int(i64::from(p.get(i).ok_or_else(missing)?))
    } else if let Some(p) = packed.as_i64() {
        b.int(p.get(i).ok_or_else(missing)?)
    } else if let Some(p) = packed.as_f32() {
        b.float(f64::from(p.get(i).ok_or_else(missing)?))
    } else if let Some(p) = packed.as_f64() {
        b.float(p.get(i).ok_or_else(missing)?)
    } else if let Some(mut items) = packed.strings() {
        b.string(items.nth(i).ok_or_else(missing)?.as_str())
    } else if let Some(p) = packed.as_vector2() {
        b.math(VariantType::Vector2, &p.get(i).ok_or_else(missing)?)
    } else if let Some(p) = packed.as_vector3() {
        b.math(VariantType::Vector3, &p.get(i).ok_or_else(missing)?)
    } else if let Some(p) = packed.as_vector4() {
        b.math(VariantType::Vector4, &p.get(i).ok_or_else(missing)?)
    } else if let Some(p) = packed.as_vector2_f64() {
        b.math_f64(VariantType::Vector2, &p.get(i).ok_or_else(missing)?)
    } else if let Some(p) = packed.as_vector3_f64() {
        b.math_f64(VariantType::Vector3, &p.get(i).ok_or_else(missing)?)
    } else if let Some(p) = packed.as_vector4_f64() {
        b.math_f64(VariantType::Vector4, &p.get(i).ok_or_else(missing)?)
    } else if let Some(p) = packed.as_color() {
        b.color(p.get(i).ok_or_else(missing)?)
    } else {
        return Err(missing());
    };
    result.map_err(|e| e.to_string())?;
    Ok(out)
}
