//! The malformed-input table of issue 5: hostile input, row by row, next to what the real
//! engines do with the same bytes. Shared by the library's tests (`tests/it/malformed.rs`:
//! the table holds for us, and its export for the Python and JavaScript packages) and the
//! engine tests (`tests/engines/malformed.rs`: the engines still do what it says).
//!
//! Every row is one bad (or borderline) input: its class, a name, the dialect, the bytes
//! (built by the small helpers below), what we do (`ErrorKind` and offset, or the text we
//! print when we accept), and what each engine of the dialect did when it was measured
//! (Godot 3.2.3 `g32` and 3.6.2 `g36` for Godot 3 bytes, 4.6.3 `g4` for Godot 4 bytes):
//! accepted with its `var2str`/`var_to_str` text, rejected with its own error messages, or
//! crashed with the exit status.
//!
//! Where we and an engine differ (one accepts, the other refuses, or the texts differ) the
//! row carries `why`: which behaviour is safer and why. A `why` on a row where everyone
//! agrees is an error too (stale note).

#![allow(dead_code)]

mod containers;
mod pandemonium;
mod values;

use std::path::PathBuf;

use crate::common::fnv64;
use gdvariant::frame::{self, Frame, FrameOptions};
use gdvariant::{Dialect, ErrorKind, ParseOptions, VariantRef};

const G3: Dialect = Dialect::Godot3;
const G4: Dialect = Dialect::Godot4;

/// Godot 3 type ids (FORMAT.md §2.1).
mod g3 {
    pub const INT: u32 = 2;
    pub const REAL: u32 = 3;
    pub const STRING: u32 = 4;
    pub const VECTOR2: u32 = 5;
    pub const VECTOR3: u32 = 7;
    pub const NODE_PATH: u32 = 15;
    pub const OBJECT: u32 = 17;
    pub const DICTIONARY: u32 = 18;
    pub const ARRAY: u32 = 19;
    pub const BYTES: u32 = 20;
    pub const INTS: u32 = 21;
    pub const REALS: u32 = 22;
    pub const STRINGS: u32 = 23;
    pub const VECTOR2S: u32 = 24;
    pub const VECTOR3S: u32 = 25;
    pub const COLORS: u32 = 26;
}

/// Godot 4 type ids (FORMAT.md §2.2).
mod g4 {
    pub const NIL: u32 = 0;
    pub const INT: u32 = 2;
    pub const FLOAT: u32 = 3;
    pub const STRING: u32 = 4;
    pub const VECTOR3: u32 = 9;
    pub const TRANSFORM3D: u32 = 18;
    pub const COLOR: u32 = 20;
    pub const STRING_NAME: u32 = 21;
    pub const NODE_PATH: u32 = 22;
    pub const RID: u32 = 23;
    pub const OBJECT: u32 = 24;
    pub const SIGNAL: u32 = 26;
    pub const DICTIONARY: u32 = 27;
    pub const ARRAY: u32 = 28;
    pub const BYTES: u32 = 29;
    pub const INT32S: u32 = 30;
    pub const INT64S: u32 = 31;
    pub const FLOAT32S: u32 = 32;
    pub const STRINGS: u32 = 34;
    pub const VECTOR3S: u32 = 36;
    pub const COLORS: u32 = 37;
    pub const VECTOR4S: u32 = 38;
}

/// Bit 16: 64-bit numbers / math, object-as-id, or a container's first type-kind bit.
const FLAG_16: u32 = 1 << 16;
/// Godot 4 `ContainerTypeKind` in bits 16–17 (element / key) and 18–19 (value).
const KIND_BUILTIN: u32 = 1 << 16;
const KIND_CLASS_NAME: u32 = 2 << 16;
const KIND_SCRIPT: u32 = 3 << 16;
const VALUE_KIND_BUILTIN: u32 = 1 << 18;
/// Bit 31: NodePath "new format", the old "shared" bit of container counts.
const BIT31: u32 = 1 << 31;
const I32_MAX: u32 = i32::MAX as u32;

// ---------------------------------------------------------------------------------------
// Byte builders.

/// Little-endian byte builder.
#[derive(Default)]
struct B(Vec<u8>);

fn h(header: u32) -> B {
    B::default().u32(header)
}

impl B {
    fn u32(mut self, v: u32) -> Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn u64(mut self, v: u64) -> Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn f32(self, v: f32) -> Self {
        self.u32(v.to_bits())
    }
    fn raw(mut self, bytes: &[u8]) -> Self {
        self.0.extend_from_slice(bytes);
        self
    }
    fn zeros(mut self, n: usize) -> Self {
        self.0.resize(self.0.len() + n, 0);
        self
    }
    /// A string field: u32 length, the bytes, zero padding to 4.
    fn str(self, s: &[u8]) -> Self {
        let pad = (4 - s.len() % 4) % 4;
        self.u32(s.len() as u32).raw(s).zeros(pad)
    }
    /// A String value (header 4 in both dialects).
    fn string(self, s: &[u8]) -> Self {
        self.u32(g3::STRING).str(s)
    }
    fn int(self, v: i32) -> Self {
        self.u32(g3::INT).u32(v as u32)
    }
    fn done(self) -> Vec<u8> {
        self.0
    }
}

/// `levels` nested arrays: each holds the next, the innermost is empty.
fn nested_arrays(array_id: u32, levels: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(levels * 8);
    for i in 0..levels {
        out.extend_from_slice(&array_id.to_le_bytes());
        out.extend_from_slice(&u32::from(i + 1 < levels).to_le_bytes());
    }
    out
}

/// A Godot 3 full `Resource` with its three storage properties.
fn g3_resource(name: &[u8]) -> B {
    h(g3::OBJECT)
        .str(b"Resource")
        .u32(3)
        .str(b"resource_local_to_scene")
        .u32(1)
        .u32(0)
        .str(b"resource_name")
        .string(name)
        .str(b"script")
        .u32(0)
}

/// A Godot 4 full `Resource` with its three storage properties.
fn g4_resource(name: &[u8]) -> B {
    h(g4::OBJECT)
        .str(b"Resource")
        .u32(3)
        .str(b"resource_local_to_scene")
        .u32(1)
        .u32(0)
        .str(b"resource_name")
        .string(name)
        .str(b"script")
        .u32(g4::NIL)
}

/// A store_var file: u32 length claiming `claimed` bytes, then the value.
fn store_var(claimed: u32, value: B) -> Vec<u8> {
    h(claimed).raw(&value.done()).done()
}

// ---------------------------------------------------------------------------------------
// The table's types.

/// What we do with a row's bytes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ours {
    /// `parse` fails with this kind at this absolute offset.
    Err(ErrorKind, usize),
    /// Accepted; our text (`Display`: Godot 3.6 / Godot 4 style).
    Ok(&'static str),
    /// Accepted; our text is long: its length and FNV-1a digest.
    OkDigest(usize, u64),
    /// (store_var rows read with `frame::read`) the frame is incomplete: this many more
    /// bytes are needed.
    Incomplete(usize),
}

/// What an engine does with a row's bytes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Eng {
    /// Decoded silently; its text.
    Accept(&'static str),
    /// Decoded, but the engine printed errors while doing it: the text, and the messages
    /// joined by ` | `.
    AcceptNoisy(&'static str, &'static str),
    /// Decoded; a long text: its length and FNV-1a digest.
    AcceptDigest(usize, u64),
    /// Refused (null result), with the engine's messages joined by ` | `.
    Reject(&'static str),
    /// The engine process died on it with this exit status.
    Crash(i32),
    /// Not measured (no such engine here): what the engine's source does, refusing.
    SourceReject(&'static str),
    /// Not measured: what the engine's source does, accepting with this text.
    SourceAccept(&'static str),
}

/// How the row's bytes are read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Input {
    /// The bytes are one encoded value: `VariantRef::parse_prefix` / `bytes2var`.
    Value,
    /// A store_var file: ours `frame::read`, the engine `File(Access).get_var`.
    StoreVarGetVar,
    /// A store_var file whose prefix is dropped, the rest decoded as a value (what
    /// `decode.sh --prefixed` does first).
    StoreVarPayload,
}

pub struct Row {
    pub class: &'static str,
    pub name: &'static str,
    pub dialect: Dialect,
    pub bytes: fn() -> Vec<u8>,
    pub input: Input,
    /// Ours with `Limits::new().allow_full_objects(false)`.
    pub refuse_objects: bool,
    /// The engine decodes with objects allowed (`bytes2var(b, true)`,
    /// `bytes_to_var_with_objects`).
    pub engine_objects: bool,
    pub ours: Option<Ours>,
    pub engines: Vec<(&'static str, Eng)>,
    pub why: Option<&'static str>,
}

fn row(class: &'static str, name: &'static str, dialect: Dialect, bytes: fn() -> Vec<u8>) -> Row {
    Row {
        class,
        name,
        dialect,
        bytes,
        input: Input::Value,
        refuse_objects: false,
        engine_objects: false,
        ours: None,
        engines: Vec::new(),
        why: None,
    }
}

impl Row {
    fn ours(mut self, ours: Ours) -> Self {
        self.ours = Some(ours);
        self
    }
    fn g32(mut self, e: Eng) -> Self {
        self.engines.push(("g32", e));
        self
    }
    fn g36(mut self, e: Eng) -> Self {
        self.engines.push(("g36", e));
        self
    }
    fn g4(mut self, e: Eng) -> Self {
        self.engines.push(("g4", e));
        self
    }
    fn engine(mut self, engine: &'static str, e: Eng) -> Self {
        self.engines.push((engine, e));
        self
    }
    fn why(mut self, why: &'static str) -> Self {
        self.why = Some(why);
        self
    }
    fn input(mut self, input: Input) -> Self {
        self.input = input;
        self
    }
    /// The engine decodes with objects allowed.
    fn engine_objects(mut self) -> Self {
        self.engine_objects = true;
        self
    }
    /// We parse with `allow_full_objects: false` (the engine's default).
    fn refuse_objects(mut self) -> Self {
        self.refuse_objects = true;
        self
    }
}

pub use gdvariant::ErrorKind as K;
pub use Eng::{Accept, AcceptDigest, AcceptNoisy, Crash, Reject, SourceAccept, SourceReject};

// Reasons shared by several rows.
const WHY_SURROGATE: &str = "Godot 3's UTF-8 decoder lets surrogate code points \
    (U+D800-U+DFFF) through; they are not Unicode scalar values, cannot be a Rust &str, and \
    re-encode as invalid UTF-8 (Godot 4 rejects them). Rejecting is safer: every string we \
    hand out is valid UTF-8";
const WHY_LONG_FORM: &str = "Godot 3's UTF-8 decoder accepts the obsolete 5- and 6-byte \
    forms (code points above U+10FFFF), which are not Unicode; Godot 4 and Rust reject them. \
    Rejecting is safer: every string we hand out is valid UTF-8";
const WHY_DEPTH_G32: &str = "Godot 3.2.3 has no decoding depth limit (added in 3.3.5/3.4.3/\
    3.5, PR #58111): it recurses once per level on the C stack. We stop at Godot's own \
    limit of 1024 (as 3.6 and 4.x do) with a non-recursive validator: bounded stack, no \
    crash";
const WHY_FULL_OBJECT_DEFAULT: &str = "by default we accept a full object as inert data \
    (class name + properties) because we never instantiate a class, run a setter or load a \
    script; the engine's bytes_to_var refuses it because it would instantiate. Our reading \
    is as safe as the refusal, and Limits::new().allow_full_objects(false) refuses exactly \
    like the engine (see the _refused row)";
const WHY_NO_CLASSDB: &str = "the engine instantiates the class and fails on a name it \
    does not know; we never instantiate and have no class database, so the object is kept \
    as inert data (class name + properties). Safe: nothing runs; a caller that needs the \
    engine's refusal sets allow_full_objects: false";
const WHY_DUP_KEYS: &str = "the engine inserts pairs into a hash map, so a later duplicate \
    key overwrites the earlier value and the text shows one pair. We are a zero-copy view of \
    the bytes: iteration and the text show every pair as encoded, and lookups (get, find) \
    return the last match, i.e. the value the engine keeps. Neither is unsafe; showing all \
    pairs hides nothing that is in the bytes";

const WHY_INSTANCE_TEXT: &str = "the engine instantiates the class and prints the new \
    instance's storage properties (here their defaults: a negative count sets none); we never \
    instantiate, so our text shows the properties that are in the bytes (none). Not a safety \
    difference: printing defaults would need the engine's class database";
const WHY_TYPED_MISMATCH: &str = "FORMAT.md open question 6, measured: decode_variant \
    succeeds, then Array::push_back checks each element against the declared type, prints \
    'Attempted to push_back a variable of type 'String' into a TypedArray of type 'int'' and \
    drops the element, so the engine's array is shorter than its count. We report the \
    declared type (ArrayRef::element_type) and show every element as encoded, each with its \
    own type: the typed accessors (as_int, ...) return None for the String, so there is no \
    type confusion through our API, and nothing is silently lost or re-indexed. The engine's \
    filtering is the safer default only for code that trusts the declared type without \
    checking elements";
const WHY_SCRIPT_PATH: &str = "the engine loads the script named by the res:// path and \
    attaches it to the new instance (the code-execution path of full objects); it refuses \
    here only because the file does not exist. We never load or run anything: the path is a \
    String property of inert data. Ours is the safer reading of untrusted bytes; \
    allow_full_objects: false refuses like bytes_to_var";
const WHY_CONTAINER_CLASS_ERASED: &str = "without objects the engine replaces the \
    class or script of an object-typed container by EncodedObjectAsID, whatever the bytes \
    say; we have no allow-objects mode for container types and print the script path that \
    is in the bytes (what bytes_to_var_with_objects shows when the script exists). A text \
    difference only: nothing is loaded either way";
const WHY_CONTAINER_SCRIPT_LOAD: &str = "with objects allowed the engine loads the \
    script that a SCRIPT-typed container names (res:// path) and refuses here because it \
    does not exist. We never load anything: the path is reported as data \
    (ContainerType) and printed. Safer for untrusted bytes: no file access, no script";
const WHY_OVERLONG: &str = "Godot 3's UTF-8 decoder rejects 2-byte overlongs (C0, C1) \
    and longer overlongs of U+0000, but lets other 3- and 4-byte overlongs through (E0 9F BF \
    reads as U+07FF). Overlongs are invalid UTF-8 (the classic way to smuggle '/' or NUL \
    past a byte-level filter) and Godot 4 rejects them; rejecting is safer";
const WHY_NODE_PATH_WRAP: &str = "the engine adds the name and subname counts in 32 \
    bits: 2 + 0xFFFFFFFF (or 0x7FFFFFFF + 0x80000002) wraps to 1, so it reads one component \
    and ignores the rest of the header's claim. We read each count as Godot's int32 and \
    check it against the input: a negative or oversized count is rejected \
    (LengthOutOfBounds). Safer: no arithmetic wraparound decides what is read";
const WHY_NARROWED: &str = "these engines are single-precision builds: they read the \
    doubles of a 64-bit-flagged Vector3 and narrow them to f32 (1e300 -> inf, 1e-300 -> 0). \
    Our text shows the doubles, as a double-precision build prints them; the accessors give \
    the doubles. Not a safety difference";
const WHY_GET_VAR_G32: &str = "Godot 3.2.3's File.get_var decodes whatever part of the \
    frame is there (8 of the 100 bytes the prefix claims); 3.6 and 4.6 check that the whole \
    frame was read and return null. A frame shorter than its prefix is a truncated file or \
    stream: we report it incomplete (92 more bytes needed), as the newer engines refuse it. \
    Safer: decoding a partial frame would make the next frame start inside this one";

// ---------------------------------------------------------------------------------------
// The table.

pub fn rows() -> Vec<Row> {
    let mut rows = values::rows();
    rows.extend(containers::rows());
    rows.extend(pandemonium::rows());
    rows
}

// ---------------------------------------------------------------------------------------
// Evaluation.

impl Row {
    pub fn options(&self) -> ParseOptions {
        ParseOptions::new().allow_full_objects(!self.refuse_objects)
    }

    /// What we do now, with our text in `style`'s form.
    pub fn run_ours(&self, bytes: &[u8], style: Option<gdvariant::text::TextStyle>) -> Ours {
        let text = |v: VariantRef<'_>| {
            let text = match style {
                Some(style) => v.text(style).to_string(),
                None => v.to_string(),
            };
            if text.len() > 200 {
                Ours::OkDigest(text.len(), fnv64(&text))
            } else {
                Ours::Ok(Box::leak(text.into_boxed_str()))
            }
        };
        let value = match self.input {
            Input::Value => bytes,
            Input::StoreVarPayload => bytes.get(4..).unwrap_or(&[]),
            Input::StoreVarGetVar => {
                let options = FrameOptions::new(self.dialect).parse(self.options());
                return match frame::read(bytes, &options) {
                    Ok(Frame::Complete { value, .. }) => text(value),
                    Ok(Frame::Incomplete { needed }) => Ours::Incomplete(needed),
                    Err(frame::FrameError::Value(e)) => Ours::Err(e.kind(), e.offset() + 4),
                    Err(e) => panic!("{}: {e}", self.name),
                };
            }
        };
        // bytes2var ignores bytes after the value: its counterpart is parse_prefix (parse
        // refuses them); strict mode's is parse.
        let options = self.options();
        let read = if options.strict {
            VariantRef::parse_with(value, self.dialect, &options)
        } else {
            VariantRef::parse_prefix_with(value, self.dialect, &options).map(|(v, _)| v)
        };
        match read {
            Ok(v) => text(v),
            Err(e) => Ours::Err(e.kind(), e.offset()),
        }
    }
}

/// Do we and the engine agree? (Both refuse, or both accept with the same text.)
pub fn agrees(ours: &Ours, engine: &Eng) -> bool {
    match (ours, engine) {
        (Ours::Err(..) | Ours::Incomplete(_), Reject(_) | SourceReject(_)) => true,
        (Ours::Ok(a), Accept(b) | AcceptNoisy(b, _) | SourceAccept(b)) => a == b,
        (Ours::OkDigest(n, d), AcceptDigest(m, e)) => n == m && d == e,
        _ => false,
    }
}

pub fn ours_summary(ours: &Ours) -> String {
    match ours {
        Ours::Err(kind, offset) => format!("{kind:?} @{offset}"),
        Ours::Ok(text) => format!("accept {}", short(text)),
        Ours::OkDigest(len, _) => format!("accept ({len} chars)"),
        Ours::Incomplete(n) => format!("incomplete frame (needs {n} more)"),
    }
}

pub fn engine_summary(engine: &Eng) -> String {
    match engine {
        Accept(text) => format!("accept {}", short(text)),
        AcceptNoisy(text, message) => {
            format!("accept {} (prints: {})", short(text), short(message))
        }
        AcceptDigest(len, _) => format!("accept ({len} chars)"),
        Reject(message) => format!("reject: {}", short(message)),
        Crash(status) => format!("CRASH (exit {status})"),
        SourceReject(message) => format!("reject (its source, not measured): {}", short(message)),
        SourceAccept(text) => format!("accept (its source, not measured) {}", short(text)),
    }
}

pub fn short(text: &str) -> String {
    let flat = text.replace('\n', "\\n");
    if flat.chars().count() > 60 {
        format!("{}…", flat.chars().take(60).collect::<String>())
    } else {
        flat
    }
}
