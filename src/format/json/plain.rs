//! Plain JSON, for jq and every other JSON tool: a Dictionary is a JSON object, a Vector2
//! is `[1.0, 2.0]`, so `jq .player.pos[0]` works. It is **lossy**: JSON has no type for a
//! StringName, a Vector2 or a PackedInt32Array, so reading plain JSON back gives the value
//! in the JSON types alone (the table below), unless the types are taken from the value it
//! was written from ([`read_like`]). For a lossless form use [`crate::json::write`].
//!
//! ```
//! use gdvariant::json::{self, plain};
//! use gdvariant::{Dialect, VariantRef};
//!
//! // var_to_bytes({"hp": 10, "pos": Vector2(1, 2)}) in Godot 4
//! let save = gdvariant::text::read(r#"{"hp": 10, "pos": Vector2(1, 2)}"#, Dialect::Godot4)?;
//! let mut text = Vec::new();
//! plain::write(&mut text, VariantRef::parse(&save, Dialect::Godot4)?, &json::WriteOptions::new())?;
//! assert_eq!(text, br#"{"hp":10,"pos":[1.0,2.0]}"#);
//!
//! // Alone, the JSON gives its own types: `pos` comes back an Array of floats.
//! let bytes = plain::read(&text, Dialect::Godot4)?;
//! assert_eq!(VariantRef::parse(&bytes, Dialect::Godot4)?.to_string(), "{\n\"hp\": 10,\n\"pos\": [1.0, 2.0]\n}");
//!
//! // With the save as the template, every value keeps its type: the same bytes.
//! let like = plain::read_like(&text, VariantRef::parse(&save, Dialect::Godot4)?)?;
//! assert_eq!(like.bytes, save);
//! assert!(like.changes.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Writing: Variant → plain JSON
//!
//! | Variant | plain JSON |
//! |---|---|
//! | null, bool, int | `null`, `true` / `false`, `42` |
//! | float | a number with a `.` or an exponent (`1.0`, `0.1`, `1e300`, `-0.0`), the shortest digits that read back to the same f64; NaN and infinities are the strings `"nan"`, `"inf"`, `"-inf"` (JSON has no number for them) |
//! | String, StringName, NodePath | a string (`"/root/Main:position:x"`) |
//! | math types | a flat array of the components in wire order (see [`crate::read::math::MathRef`]): Vector2 `[x, y]`, Rect2 `[x, y, w, h]`, Color `[r, g, b, a]`, Transform2D 6 numbers, Basis 9, Transform3D 12, Projection 16; `*i` types integers; f32 components with the shortest digits that read back to the same f32 |
//! | RID | its id: `94489280513` |
//! | Object | a null object `null`; written as an id `{"id": 1234}`; written whole `{"class": "Resource", "properties": {"name": value, …}}` |
//! | Callable, Signal | `null` (the engine writes no payload); `{"name": "ready", "object": 1234}` |
//!
//! Ids (of RIDs, objects, a Signal's object) are written as GDScript sees them
//! (`get_instance_id()`): signed 64-bit ints, so `-9223372036854775807` for an id with its
//! top bit set. (The tagged form writes them unsigned; reading with a template takes both.)
//! | Array (typed or not) | an array |
//! | Dictionary, every key a String or StringName | an object, in the dictionary's order |
//! | Dictionary, every key an int | an object, the keys in decimal: `{"0": "sword", "7": "shield"}` |
//! | any other Dictionary (mixed keys, Vector2 keys, two keys of the same text) | an array of `[key, value]` pairs |
//! | packed arrays | arrays: `[1, 2]`; vectors and colors `[[1.0, 2.0], …]`; PackedByteArray `[0, 255]` |
//!
//! No key of an object is written twice (a Dictionary that would need it is written as
//! pairs, an Object whose property names repeat has its properties as pairs too).
//!
//! # Reading: plain JSON → Variant ([`read`])
//!
//! | JSON | Variant |
//! |---|---|
//! | `null`, `true` / `false` | null, bool |
//! | an integer (no `.`, no exponent) | int (32-bit on the wire unless it needs 64; beyond i64 an error) |
//! | a number with a `.` or an exponent | float (32-bit on the wire iff it is exactly an f32, as the engine writes it) |
//! | a string | String |
//! | an array | Array |
//! | an object | Dictionary with String keys, in the object's order (a key twice is an error) |
//!
//! # What is lost
//!
//! Reading plain JSON alone gives these back as another type:
//!
//! | written from | read back as |
//! |---|---|
//! | StringName, NodePath | String |
//! | math types | Array of floats (of ints for the `*i` types) |
//! | packed arrays | Array (of ints, floats, Strings or Arrays) |
//! | typed Array, typed Dictionary | untyped |
//! | Dictionary with int keys | Dictionary with String keys (`"7"`) |
//! | Dictionary with other keys | Array of `[key, value]` Arrays |
//! | Object | Dictionary (`{"class": …, "properties": …}` or `{"id": …}`); a null one null |
//! | Signal | Dictionary; RID: int; Callable: null |
//! | float NaN, inf, -inf | String `"nan"`, `"inf"`, `"-inf"` |
//! | f32 components (math, packed float arrays) | f64 floats of the same value |
//! | double-precision math (Godot 4 `double` builds) | floats |
//!
//! [`read_like`] takes all of these back from a template, the value the JSON was written
//! from. Even then these are lost: String bytes after a NUL or a leading BOM (the text is
//! what Godot reads), a NaN's payload (`"nan"` is read as the engine's own NaN), Godot 3's
//! NodePath padding, which the engine leaves uninitialised (written as zeros), and the
//! types of an Object whose property names repeat (written as pairs, read back as a
//! Dictionary; the engine writes none).
//!
//! # Reading with a template ([`read_like`])
//!
//! Where the JSON's place (its path) exists in the template, the template's type is kept
//! when the JSON's value fits it:
//!
//! | template | JSON that fits it |
//! |---|---|
//! | int | an integral number (`10`, `10.0`, `1e3`) |
//! | float | any number (`10` is `10.0`), or `"nan"`, `"inf"`, `"-inf"` |
//! | String, StringName, NodePath | a string |
//! | math type | an array of exactly its number of components (integral ones for `*i` types; `"nan"`/`"inf"` strings for float ones), f64 when the template is double-precision |
//! | packed array | an array whose every element fits (ints in range, numbers, strings, or component arrays) |
//! | Array | an array: element `i` takes element `i` of the template; a typed Array keeps its type, and new elements must be of it |
//! | Dictionary | an object: a key takes the template's entry of the same text (its key type: String, StringName or int, and its value); a typed Dictionary keeps its types, new keys and values must be of them; in a Dictionary whose keys are all ints, new keys are ints too. A Dictionary written as pairs takes an array of `[key, value]` pairs, pair `i` like entry `i` (given an object instead, its keys are new keys: Strings) |
//! | Object | `null`, `{"id": n}`, or `{"class": …, "properties": {…}}` (properties by name) |
//! | RID, Callable, Signal, bool, null | an integer id; `null`; `{"name": …, "object": …}`; a bool; `null` |
//!
//! A JSON value that does not fit the template's type at its place (a string where the
//! template has a Vector2, `1.5` where it has an int) is read with the plain mapping, and
//! the change is reported in [`Like::changes`] (a [`TypeChange`] with its path, say
//! `.player.pos`), never silently. Inside a typed container the declared type is a rule:
//! a value that fits neither the template nor that type is an error
//! ([`JsonErrorKind::TypedMismatch`]), since the engine would refuse the bytes. JSON
//! places the template does not have (new keys, elements past the template's end) are read
//! with the plain mapping (or their typed container's type), without a report.
//!
//! Which form a document is in, tagged or plain, is told by [`detect`]: the first JSON
//! object's first key decides.

mod emit;
mod like;
mod lookup;
mod tape;
mod write;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

pub use write::write;

use crate::format::json::reader::error::{JsonError, JsonErrorKind};
use crate::read::value::VariantRef;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::types::VariantType;

renamed! {
    to_bytes => read "renamed to `json::plain::read`" (json: &[u8], dialect: Dialect) -> Result<Vec<u8>, JsonError>;
    to_bytes_like => read_like "renamed to `json::plain::read_like`" (json: &[u8], template: VariantRef<'_>) -> Result<Like, JsonError>;
}

/// Reads plain JSON (RFC 8259, UTF-8) with the plain mapping (see [the module](self)) and
/// returns the Variant bytes in `dialect` (`var_to_bytes`; no `store_var` prefix).
///
/// Validates the whole input: JSON syntax, no key twice in one object, integers within
/// i64, Godot's depth limit (values at depth 0 to [`GODOT_MAX_DEPTH`]; deeper is
/// [`JsonErrorKind::TooDeep`], never a stack overflow: nothing recurses), and what the
/// dialect can hold. Errors ([`JsonError`]) say what and where (byte, line, column).
///
/// Cost: two passes over the input, O(length). Memory: the output, and a 24-byte entry per
/// JSON value (read in full before anything is written; JSON has no counts to trust).
///
/// ```
/// use gdvariant::json::{plain, JsonErrorKind};
/// use gdvariant::Dialect;
///
/// // var_to_bytes({"hp": 10}) in Godot 4
/// let bytes = plain::read(br#"{"hp": 10}"#, Dialect::Godot4)?;
/// assert_eq!(bytes, [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0, 2, 0, 0, 0, 10, 0, 0, 0]);
///
/// let error = plain::read(b"{\"a\": 1,\n \"a\": 2}", Dialect::Godot4).unwrap_err();
/// assert_eq!(*error.kind(), JsonErrorKind::DuplicateKey);
/// assert_eq!((error.line(), error.column()), (2, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`GODOT_MAX_DEPTH`]: crate::GODOT_MAX_DEPTH
pub fn read(json: &[u8], dialect: Dialect) -> Result<Vec<u8>, JsonError> {
    let mut out = Vec::with_capacity(json.len());
    run(json, &mut out, dialect, emit::Want::default())?;
    Ok(out)
}

/// Reads plain JSON with the types of `template`, the value it was written from (or one
/// of the same shape), and returns the bytes in the template's dialect and what changed
/// type. [`write()`](fn@write) then `read_like` with the same value gives its bytes back, byte for
/// byte, for every value the engine writes (see [the module](self) for the rules and the
/// few bytes that plain JSON cannot carry).
///
/// Validates as [`read`] does, and that typed containers hold values of their type
/// ([`JsonErrorKind::TypedMismatch`]). A JSON value that does not fit the template's
/// type at its place is read with the plain mapping and listed in [`Like::changes`].
///
/// Cost: as [`read`], plus O(1) per value to follow the template; the entries of a
/// template Dictionary or Object are indexed (one hash map, built once) only when the
/// JSON's keys are not in the template's order. Memory: as [`read`], plus that index.
///
/// ```
/// use gdvariant::json::plain;
/// use gdvariant::{Dialect, VariantRef, VariantType};
///
/// let save = gdvariant::text::read(r#"{"pos": Vector2(1, 2), "hp": 10, "speed": 2.5}"#, Dialect::Godot4)?;
/// let template = VariantRef::parse(&save, Dialect::Godot4)?;
///
/// // jq '.pos[0] = 3 | .speed = 4 | .hp = "full"'
/// let edited = br#"{"pos": [3, 2], "hp": "full", "speed": 4}"#;
/// let like = plain::read_like(edited, template)?;
/// let value = VariantRef::parse(&like.bytes, Dialect::Godot4)?;
/// // (The engine's text form lists keys sorted; the bytes keep the JSON's order.)
/// assert_eq!(value.to_string(), "{\n\"hp\": \"full\",\n\"pos\": Vector2(3, 2),\n\"speed\": 4.0\n}");
///
/// // `hp` was an int: the string is kept, and reported.
/// let change = &like.changes[0];
/// assert_eq!((change.path.as_str(), change.template, change.written), (".hp", VariantType::Int, VariantType::String));
/// assert_eq!(change.to_string(), ".hp (line 1, column 23): int in the template, written as String");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_like(json: &[u8], template: VariantRef<'_>) -> Result<Like, JsonError> {
    let mut out = Vec::with_capacity(json.len());
    let want = emit::Want {
        like: Some(template),
        decl: ContainerType::Untyped,
    };
    let changes = run(json, &mut out, template.dialect(), want)?;
    Ok(Like {
        bytes: out,
        changes,
    })
}

/// What [`read_like`] returns: the bytes, and the places where the JSON's value did not
/// fit the template's type (in the order of the JSON). Holding it costs the bytes and one
/// [`TypeChange`] (a path string) per change.
///
/// ```
/// use gdvariant::json::plain;
/// use gdvariant::{Dialect, VariantRef};
///
/// let template = gdvariant::text::read("[Vector2(1, 2)]", Dialect::Godot4)?;
/// let like = plain::read_like(b"[[3, 4], [5, 6]]", VariantRef::parse(&template, Dialect::Godot4)?)?;
/// // Element 0 takes the template's type; element 1 is new: an Array.
/// assert_eq!(VariantRef::parse(&like.bytes, Dialect::Godot4)?.to_string(), "[Vector2(3, 4), [5, 6]]");
/// assert!(like.changes.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Like {
    /// The Variant bytes (`var_to_bytes`; no `store_var` prefix).
    pub bytes: Vec<u8>,
    /// Every value (or Dictionary key) written with another type than the template's.
    pub changes: Vec<TypeChange>,
}

/// A value of plain JSON that [`read_like`] wrote with another type than its template's,
/// because the JSON's value did not fit that type (a string where the template has a
/// Vector2). Its `Display` reads like `.player.pos (line 3, column 12): Vector2 in the
/// template, written as String`.
///
/// ```
/// use gdvariant::json::plain;
/// use gdvariant::{Dialect, VariantRef, VariantType};
///
/// let template = gdvariant::text::read(r#"{"slots": {0: "sword"}}"#, Dialect::Godot4)?;
/// let json = br#"{"slots": {"0": "bow", "extra": "axe"}}"#;
/// let like = plain::read_like(json, VariantRef::parse(&template, Dialect::Godot4)?)?;
/// // The keys are ints in the template: "extra" cannot be one.
/// let change = &like.changes[0];
/// assert_eq!((change.path.as_str(), change.key, change.written), (".slots.extra", true, VariantType::String));
/// assert_eq!((change.line, change.column, change.offset), (1, 24, 23));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TypeChange {
    /// Where, as a jq path: `.player.pos`, `.items[2]`, `.["odd key"]`, `.` for the whole
    /// value. An Object's property is `.obj.properties.name`; in a Dictionary written as
    /// pairs, `.d[1][0]` is the key of pair 1 and `.d[1][1]` its value.
    pub path: String,
    /// The byte offset of the JSON value (or key) in the input.
    pub offset: usize,
    /// Its 1-based line.
    pub line: usize,
    /// Its 1-based column, in characters.
    pub column: usize,
    /// The type in the template.
    pub template: VariantType,
    /// The type written.
    pub written: VariantType,
    /// A Dictionary key (the template's keys there are ints; this one is not an integer).
    pub key: bool,
}

impl fmt::Display for TypeChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |ty: VariantType| ty.name(Dialect::Godot4);
        write!(
            f,
            "{} (line {}, column {}): ",
            self.path, self.line, self.column
        )?;
        if self.key {
            write!(
                f,
                "a key where the template's keys are {}, written as {}",
                name(self.template),
                name(self.written)
            )
        } else {
            write!(
                f,
                "{} in the template, written as {}",
                name(self.template),
                name(self.written)
            )
        }
    }
}

/// Which JSON form a document is in, by [`detect`]'s rule.
///
/// ```
/// use gdvariant::json::plain::{detect, JsonForm};
///
/// assert_eq!(detect(br#"[1, 2]"#), JsonForm::Either);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonForm {
    /// The tagged, lossless form of [`crate::json::write`] (read it with
    /// [`crate::json::read`]).
    Tagged,
    /// Plain JSON (read it with [`read`] or [`read_like`]).
    Plain,
    /// No JSON object: both forms read it the same way (arrays, numbers, strings, `true`,
    /// `false` and `null` mean the same in both). With a template, read it as plain.
    Either,
}

/// Tells the tagged form from plain JSON, by one rule that every front end shares: the
/// first JSON object in the document (in the text's order) decides. If its first key is a
/// key of the tagged schema (a type name such as `"Dictionary"`, `"Vector2"`, `"float"`,
/// or `"type"`, `"key_type"`, `"value_type"`, `"double"`), the document is
/// [`JsonForm::Tagged`]; any other key, or an empty object, makes it
/// [`JsonForm::Plain`]; no object at all, [`JsonForm::Either`]. Every document the tagged
/// writer writes is `Tagged` or `Either`; a plain document whose first object's first key
/// happens to be a type name (`{"Color": [1, 0, 0, 1]}`) is taken for tagged: say which
/// form it is where that matters (the command line's `from-json --plain`).
///
/// Nothing is validated (an invalid document gets the form whose reader will report its
/// error). Cost: O(offset of the first object's first key); no allocation.
///
/// ```
/// use gdvariant::json::plain::{detect, JsonForm};
///
/// assert_eq!(detect(br#"{"Dictionary": [["hp", 10]]}"#), JsonForm::Tagged);
/// assert_eq!(detect(br#"[1, {"type": "int", "Array": [1]}]"#), JsonForm::Tagged);
/// assert_eq!(detect(br#"{"hp": 10}"#), JsonForm::Plain);
/// assert_eq!(detect(br#"[1, "{\"Vector2\": []}", 2.5]"#), JsonForm::Either);
/// ```
pub fn detect(json: &[u8]) -> JsonForm {
    // The first `{` outside a string.
    let mut in_string = false;
    let mut escaped = false;
    let mut open = None;
    for (i, &b) in json.iter().enumerate() {
        match (in_string, escaped, b) {
            (true, true, _) => escaped = false,
            (true, false, b'\\') => escaped = true,
            (true, false, b'"') => in_string = false,
            (true, false, _) => {}
            (false, _, b'"') => in_string = true,
            (false, _, b'{') => {
                open = Some(i);
                break;
            }
            _ => {}
        }
    }
    let Some(open) = open else {
        return JsonForm::Either;
    };
    let rest = json.get(open + 1..).unwrap_or(&[]);
    let Some(start) = rest.iter().position(|b| !b" \t\r\n".contains(b)) else {
        return JsonForm::Plain;
    };
    if rest.get(start) != Some(&b'"') {
        return JsonForm::Plain;
    }
    // Schema keys have no escapes: a key with one is not one of them.
    let key = rest.get(start + 1..).unwrap_or(&[]);
    let key = key
        .iter()
        .position(|&b| b == b'"' || b == b'\\')
        .filter(|&end| key.get(end) == Some(&b'"'))
        .and_then(|end| key.get(..end))
        .and_then(|k| core::str::from_utf8(k).ok());
    match key.map(crate::format::json::reader::tag::classify) {
        Some(Some(_)) => JsonForm::Tagged,
        _ => JsonForm::Plain,
    }
}

/// Both passes: the JSON's structure (`tape`), then the bytes (`emit`).
fn run(
    json: &[u8],
    out: &mut Vec<u8>,
    dialect: Dialect,
    root: emit::Want<'_>,
) -> Result<Vec<TypeChange>, JsonError> {
    let text = core::str::from_utf8(json)
        .map_err(|e| JsonError::locate(json, e.valid_up_to(), JsonErrorKind::InvalidUtf8))?;
    let base = out.len();
    let located =
        |f: crate::format::json::reader::error::Fail| JsonError::locate(json, f.at, f.kind);
    let tape = tape::build(text).map_err(located)?;
    let changes = emit::run(text, &tape, out, dialect, root).map_err(|f| {
        out.truncate(base);
        located(f)
    })?;
    Ok(locate(json, changes))
}

/// The changes with their lines and columns, counted in one pass (they are in the
/// input's order).
fn locate(json: &[u8], changes: Vec<emit::Change>) -> Vec<TypeChange> {
    let (mut line, mut line_start, mut pos) = (1, 0, 0);
    changes
        .into_iter()
        .map(|c| {
            let at = c.at.min(json.len());
            if at < pos {
                // Out of order (never, but cheap to be right): count from the start.
                (line, line_start, pos) = (1, 0, 0);
            }
            for (i, &b) in json.get(pos..at).unwrap_or(&[]).iter().enumerate() {
                if b == b'\n' {
                    line += 1;
                    line_start = pos + i + 1;
                }
            }
            pos = at;
            let column = 1 + json
                .get(line_start..at)
                .unwrap_or(&[])
                .iter()
                .filter(|&&b| b & 0xC0 != 0x80)
                .count();
            TypeChange {
                path: c.path,
                offset: at,
                line,
                column,
                template: c.template,
                written: c.written,
                key: c.key,
            }
        })
        .collect()
}
