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

mod pandemonium;

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
    vec![
        // --- Truncated at every field of several types.
        row("truncated", "empty_input_g3", G3, Vec::new)
        .ours(Ours::Err(K::UnexpectedEnd, 0))
        .g32(Reject("decode_variant: Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA")),
        row("truncated", "header_3_of_4_bytes_g4", G4, || vec![2, 0, 0])
        .ours(Ours::Err(K::UnexpectedEnd, 0))
        .g4(Reject("Condition \"len < 4\" is true. Returning: ERR_INVALID_DATA")),
        row("truncated", "int32_payload_g4", G4, || {
            h(g4::INT).raw(&[5, 0]).done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 4))
        .g4(Reject("Condition \"len < 4\" is true. Returning: ERR_INVALID_DATA")),
        row("truncated", "int64_payload_g3", G3, || {
            h(g3::INT | FLAG_16).u32(1).done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 4))
        .g32(Reject("decode_variant: Condition \"len < 8\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"len < 8\" is true. Returned: ERR_INVALID_DATA")),
        row("truncated", "float64_payload_g4", G4, || {
            h(g4::FLOAT | FLAG_16).raw(&[0; 6]).done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 4))
        .g4(Reject("Condition \"(size_t)len < sizeof(double)\" is true. Returning: ERR_INVALID_DATA")),
        row("truncated", "vector3_payload_g3", G3, || {
            h(g3::VECTOR3).f32(1.0).f32(2.0).done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 4))
        .g32(Reject("decode_variant: Condition \"len < 4 * 3\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"len < 4 * 3\" is true. Returned: ERR_INVALID_DATA")),
        row("truncated", "transform3d_f64_payload_g4", G4, || {
            h(g4::TRANSFORM3D | FLAG_16).zeros(48).done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 4))
        .g4(Reject("Condition \"(size_t)len < sizeof(double) * 12\" is true. Returning: ERR_INVALID_DATA")),
        row("truncated", "string_length_word_g3", G3, || {
            h(g3::STRING).done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 4))
        .g32(Reject("_decode_string: Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA")),
        row("truncated", "string_bytes_g4", G4, || {
            h(g4::STRING).u32(5).raw(b"ab").done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"strlen < 0 || strlen + pad > len\" is true. Returning: ERR_FILE_EOF")),
        row("truncated", "node_path_flags_word_g3", G3, || {
            h(g3::NODE_PATH).u32(BIT31 | 1).u32(0).done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 12))
        .g32(Reject("decode_variant: Condition \"len < 12\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"len < 12\" is true. Returned: ERR_INVALID_DATA")),
        row("truncated", "node_path_component_g4", G4, || {
            h(g4::NODE_PATH)
                .u32(BIT31 | 1)
                .u32(0)
                .u32(0)
                .u32(8)
                .raw(b"abcd")
                .done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 16))
        .g4(Reject("Condition \"strlen < 0 || strlen + pad > len\" is true. Returning: ERR_FILE_EOF")),
        row("truncated", "array_count_g4", G4, || {
            h(g4::ARRAY).raw(&[1, 0]).done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 4))
        .g4(Reject("Condition \"len < 4\" is true. Returning: ERR_INVALID_DATA")),
        row("truncated", "array_second_element_g3", G3, || {
            h(g3::ARRAY).u32(2).int(7).done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 16))
        .g32(Reject("decode_variant: Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA")),
        row("truncated", "dictionary_value_g4", G4, || {
            h(g4::DICTIONARY).u32(1).string(b"k").done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 20))
        .g4(Reject("Condition \"len < 4\" is true. Returning: ERR_INVALID_DATA")),
        row("truncated", "typed_array_descriptor_g4", G4, || {
            h(g4::ARRAY | KIND_BUILTIN).done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 4))
        .g4(Reject("Condition \"len < 4\" is true. Returning: ERR_INVALID_DATA")),
        row("truncated", "object_id_g4", G4, || {
            h(g4::OBJECT | FLAG_16).u32(1).done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 4))
        .g4(Reject("Condition \"len < 8\" is true. Returning: ERR_INVALID_DATA")),
        row("truncated", "rid_g4", G4, || h(g4::RID).u32(1).done())
        .ours(Ours::Err(K::UnexpectedEnd, 4))
        .g4(Reject("Condition \"len < 8\" is true. Returning: ERR_INVALID_DATA")),
        row("truncated", "signal_object_id_g4", G4, || {
            h(g4::SIGNAL).str(b"s").u32(1).done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 12))
        .g4(Reject("Condition \"len < 8\" is true. Returning: ERR_INVALID_DATA")),
        row("truncated", "object_property_value_g3", G3, || {
            h(g3::OBJECT)
                .str(b"Resource")
                .u32(1)
                .str(b"resource_name")
                .done()
        })
        .engine_objects()
        .ours(Ours::Err(K::UnexpectedEnd, 40))
        .g32(Reject("decode_variant: Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA")),
        row("truncated", "packed_count_g4", G4, || {
            h(g4::BYTES).raw(&[1, 0, 0]).done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 4))
        .g4(Reject("Condition \"len < 4\" is true. Returning: ERR_INVALID_DATA")),
        row("truncated", "packed_int32_elements_g4", G4, || {
            h(g4::INT32S).u32(3).u32(1).u32(2).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"count < 0 || count * 4 > len\" is true. Returning: ERR_INVALID_DATA")),
        row("truncated", "pool_string_second_item_g3", G3, || {
            h(g3::STRINGS).u32(2).str(b"a\0").done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 16))
        .g32(Reject("_decode_string: Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA")),
        // --- Unknown type ids.
        row("unknown type id", "type_27_g3", G3, || h(27).done())
        .ours(Ours::Err(K::UnknownType(27), 0))
        .g32(Reject("decode_variant: Condition \"(type & 0xFF) >= Variant::VARIANT_MAX\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"(type & 0xFF) >= Variant::VARIANT_MAX\" is true. Returned: ERR_INVALID_DATA")),
        row("unknown type id", "type_39_g4", G4, || h(39).done())
        .ours(Ours::Err(K::UnknownType(39), 0))
        .g4(Reject("Condition \"(header & 0xFF) >= Variant::VARIANT_MAX\" is true. Returning: ERR_INVALID_DATA")),
        row("unknown type id", "type_255_in_array_g4", G4, || {
            h(g4::ARRAY).u32(1).u32(255).done()
        })
        .ours(Ours::Err(K::UnknownType(255), 8))
        .g4(Reject("Condition \"(header & 0xFF) >= Variant::VARIANT_MAX\" is true. Returning: ERR_INVALID_DATA")),
        row(
            "unused header bits",
            "byte_1_of_header_is_ignored_g3",
            G3,
            || h(0x0000_0100 | g3::INT).u32(7).done(),
        )
        .ours(Ours::Ok("7"))
        .g32(Accept("7"))
        .g36(Accept("7")),
        // --- String lengths.
        row(
            "string length past the end",
            "length_past_the_end_g3",
            G3,
            || h(g3::STRING).u32(100).raw(b"abcd").done(),
        )
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g32(Reject("_decode_string: Condition \"strlen < 0 || strlen + pad > len\" is true. Returned: ERR_FILE_EOF"))
        .g36(Reject("Condition \"strlen < 0 || strlen + pad > len\" is true. Returned: ERR_FILE_EOF")),
        row(
            "string length past the end",
            "length_0x7fffffff_g4",
            G4,
            || h(g4::STRING).u32(I32_MAX).raw(b"abcd").done(),
        )
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"((int32_t)(pad)) < 0 || ((int32_t)(strlen)) < 0 || ((int32_t)(strlen)) > 0x7fffffff - ((int32_t)(pad))\" is true. Returning: ERR_FILE_EOF")),
        row(
            "string length past the end",
            "length_0xffffffff_g3",
            G3,
            || h(g3::STRING).u32(u32::MAX).raw(b"abcd").done(),
        )
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g32(Reject("_decode_string: Condition \"((int32_t)pad) < 0 || ((int32_t)strlen) < 0 || ((int32_t)strlen) > 0x7fffffff - ((int32_t)pad)\" is true. Returned: ERR_FILE_EOF"))
        .g36(Reject("Condition \"((int32_t)pad) < 0 || ((int32_t)strlen) < 0 || ((int32_t)strlen) > 0x7fffffff - ((int32_t)pad)\" is true. Returned: ERR_FILE_EOF")),
        row(
            "string length past the end",
            "length_0x7ffffffe_pad_overflows_g4",
            G4,
            || h(g4::STRING).u32(I32_MAX - 1).raw(b"abcd").done(),
        )
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"((int32_t)(pad)) < 0 || ((int32_t)(strlen)) < 0 || ((int32_t)(strlen)) > 0x7fffffff - ((int32_t)(pad))\" is true. Returning: ERR_FILE_EOF")),
        row("missing string padding", "missing_padding_g3", G3, || {
            h(g3::STRING).u32(2).raw(b"ab").done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g32(Reject("_decode_string: Condition \"strlen < 0 || strlen + pad > len\" is true. Returned: ERR_FILE_EOF"))
        .g36(Reject("Condition \"strlen < 0 || strlen + pad > len\" is true. Returned: ERR_FILE_EOF")),
        row("missing string padding", "missing_padding_g4", G4, || {
            h(g4::STRING).u32(5).raw(b"abcde").done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"strlen < 0 || strlen + pad > len\" is true. Returning: ERR_FILE_EOF")),
        // --- Invalid UTF-8.
        row("utf-8 overlong", "overlong_nul_g3", G3, || {
            h(g3::STRING).str(b"a\xc0\x80").done()
        })
        .ours(Ours::Err(K::InvalidUtf8, 8))
        .g32(Reject("Unicode error: overlong rejected | _decode_string: Condition \"str.parse_utf8((const char *)buf, strlen)\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Unicode error: overlong rejected | Condition \"str.parse_utf8((const char *)buf, strlen)\" is true. Returned: ERR_INVALID_DATA")),
        row("utf-8 overlong", "overlong_slash_g4", G4, || {
            h(g4::STRING).str(b"\xe0\x80\xaf").done()
        })
        .ours(Ours::Err(K::InvalidUtf8, 8))
        .g4(Reject("Unicode parsing error: Byte 80 is not a correct continuation byte after e0 | Unicode parsing error, some characters were replaced with � (U+FFFD): Invalid UTF-8 leading byte (80) | Unicode parsing error, some characters were replaced with � (U+FFFD): Invalid UTF-8 leading byte (af) | Condition \"str.append_utf8((const char *)buf, strlen) != OK\" is true. Returning: ERR_INVALID_DATA")),
        row("utf-8 overlong", "overlong_3_byte_u07ff_g3", G3, || {
            h(g3::STRING).str(b"a\xe0\x9f\xbfz").done()
        })
        .ours(Ours::Err(K::InvalidUtf8, 8))
        .g32(Accept("\"a߿z\""))
        .g36(Accept("\"a߿z\""))
        .why(WHY_OVERLONG),
        row("utf-8 overlong", "overlong_4_byte_uffff_g3", G3, || {
            h(g3::STRING).str(b"a\xf0\x8f\xbf\xbfz").done()
        })
        .ours(Ours::Err(K::InvalidUtf8, 8))
        .g32(Accept("\"a\u{ffff}z\""))
        .g36(Accept("\"a\u{ffff}z\""))
        .why(WHY_OVERLONG),
        row("utf-8 surrogate", "surrogate_g3", G3, || {
            h(g3::STRING).str(b"\xed\xa0\x80").done()
        })
        .why(WHY_SURROGATE)
        .ours(Ours::Err(K::InvalidUtf8, 8))
        .g32(Accept("\"���\""))
        .g36(Accept("\" \"")),
        row("utf-8 surrogate", "surrogate_g4", G4, || {
            h(g4::STRING).str(b"\xed\xa0\x80").done()
        })
        .ours(Ours::Err(K::InvalidUtf8, 8))
        .g4(Reject("Unicode parsing error: Byte a0 is not a correct continuation byte after ed | Unicode parsing error, some characters were replaced with � (U+FFFD): Invalid UTF-8 leading byte (a0) | Unicode parsing error, some characters were replaced with � (U+FFFD): Invalid UTF-8 leading byte (80) | Condition \"str.append_utf8((const char *)buf, strlen) != OK\" is true. Returning: ERR_INVALID_DATA")),
        row("utf-8 beyond U+10FFFF", "five_byte_form_g3", G3, || {
            h(g3::STRING).str(b"\xf8\x88\x80\x80\x80").done()
        })
        .why(WHY_LONG_FORM)
        .ours(Ours::Err(K::InvalidUtf8, 8))
        .g32(Accept("\"�����\""))
        .g36(Accept("\"�����\"")),
        row("utf-8 beyond U+10FFFF", "six_byte_form_g3", G3, || {
            h(g3::STRING).str(b"\xfc\x84\x80\x80\x80\x80").done()
        })
        .why(WHY_LONG_FORM)
        .ours(Ours::Err(K::InvalidUtf8, 8))
        .g32(Accept("\"������\""))
        .g36(Accept("\"������\"")),
        row("utf-8 beyond U+10FFFF", "above_u10ffff_g4", G4, || {
            h(g4::STRING).str(b"\xf4\x90\x80\x80").done()
        })
        .ours(Ours::Err(K::InvalidUtf8, 8))
        .g4(Reject("Unicode parsing error: Byte 90 is not a correct continuation byte after f4 | Unicode parsing error, some characters were replaced with � (U+FFFD): Invalid UTF-8 leading byte (90) | Unicode parsing error, some characters were replaced with � (U+FFFD): Invalid UTF-8 leading byte (80) | Condition \"str.append_utf8((const char *)buf, strlen) != OK\" is true. Returning: ERR_INVALID_DATA")),
        row(
            "utf-8 truncated sequence",
            "truncated_sequence_g3",
            G3,
            || h(g3::STRING).str(b"ab\xe6\x97").done(),
        )
        .ours(Ours::Err(K::InvalidUtf8, 8))
        .g32(Reject("Unicode error: no space left | _decode_string: Condition \"str.parse_utf8((const char *)buf, strlen)\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Unicode error: no space left | Condition \"str.parse_utf8((const char *)buf, strlen)\" is true. Returned: ERR_INVALID_DATA")),
        row(
            "utf-8 truncated sequence",
            "truncated_sequence_g4",
            G4,
            || h(g4::STRING).str(b"ab\xe6\x97").done(),
        )
        .ours(Ours::Err(K::InvalidUtf8, 8))
        .g4(Reject("Unicode parsing error, some characters were replaced with � (U+FFFD): Missing e6 97 UTF-8 continuation byte | Unicode parsing error, some characters were replaced with � (U+FFFD): Invalid UTF-8 leading byte (97) | Condition \"str.append_utf8((const char *)buf, strlen) != OK\" is true. Returning: ERR_INVALID_DATA")),
        row("utf-8 stray byte", "lone_continuation_g4", G4, || {
            h(g4::STRING_NAME).str(b"\x80").done()
        })
        .ours(Ours::Err(K::InvalidUtf8, 8))
        .g4(Reject("Unicode parsing error, some characters were replaced with � (U+FFFD): Invalid UTF-8 leading byte (80) | Condition \"str.append_utf8((const char *)buf, strlen) != OK\" is true. Returning: ERR_INVALID_DATA")),
        row(
            "string view (NUL, BOM)",
            "garbage_after_nul_is_ignored_g3",
            G3,
            || h(g3::STRING).str(b"ab\0\xff").done(),
        )
        .ours(Ours::Ok("\"ab\""))
        .g32(Accept("\"ab\""))
        .g36(Accept("\"ab\"")),
        row(
            "string view (NUL, BOM)",
            "leading_bom_is_skipped_g4",
            G4,
            || h(g4::STRING).str(b"\xef\xbb\xbfab").done(),
        )
        .ours(Ours::Ok("\"ab\""))
        .g4(Accept("\"ab\"")),
        // --- Counts of 2^31 - 1 with a few bytes of input.
        row("count 2^31-1 (containers)", "array_g3", G3, || {
            h(g3::ARRAY).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g32(Reject("decode_variant: Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA")),
        row("count 2^31-1 (containers)", "array_g4", G4, || {
            h(g4::ARRAY).u32(I32_MAX).int(1).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"len < 4\" is true. Returning: ERR_INVALID_DATA")),
        row("count 2^31-1 (containers)", "dictionary_g3", G3, || {
            h(g3::DICTIONARY).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g32(Reject("decode_variant: Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA")),
        row("count 2^31-1 (containers)", "dictionary_g4", G4, || {
            h(g4::DICTIONARY).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"len < 4\" is true. Returning: ERR_INVALID_DATA")),
        row("count 2^31-1 (packed)", "pool_byte_1_g3", G3, || {
            h(g3::BYTES).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g32(Reject("decode_variant: Condition \"count < 0 || count > len\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"count < 0 || count > len\" is true. Returned: ERR_INVALID_DATA")),
        row("count 2^31-1 (packed)", "pool_int_4_g3", G3, || {
            h(g3::INTS).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g32(Reject("decode_variant: Condition \"((int32_t)count) < 0 || ((int32_t)4) <= 0 || ((int32_t)count) > 0x7fffffff / ((int32_t)4)\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"((int32_t)count) < 0 || ((int32_t)4) <= 0 || ((int32_t)count) > 0x7fffffff / ((int32_t)4)\" is true. Returned: ERR_INVALID_DATA")),
        row("count 2^31-1 (packed)", "pool_real_4_g3", G3, || {
            h(g3::REALS).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g32(Reject("decode_variant: Condition \"((int32_t)count) < 0 || ((int32_t)4) <= 0 || ((int32_t)count) > 0x7fffffff / ((int32_t)4)\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"((int32_t)count) < 0 || ((int32_t)4) <= 0 || ((int32_t)count) > 0x7fffffff / ((int32_t)4)\" is true. Returned: ERR_INVALID_DATA")),
        row("count 2^31-1 (packed)", "pool_vector2_8_g3", G3, || {
            h(g3::VECTOR2S).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g32(Reject("decode_variant: Condition \"((int32_t)count) < 0 || ((int32_t)4 * 2) <= 0 || ((int32_t)count) > 0x7fffffff / ((int32_t)4 * 2)\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"((int32_t)count) < 0 || ((int32_t)4 * 2) <= 0 || ((int32_t)count) > 0x7fffffff / ((int32_t)4 * 2)\" is true. Returned: ERR_INVALID_DATA")),
        row("count 2^31-1 (packed)", "pool_vector3_12_g3", G3, || {
            h(g3::VECTOR3S).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g32(Reject("decode_variant: Condition \"((int32_t)count) < 0 || ((int32_t)4 * 3) <= 0 || ((int32_t)count) > 0x7fffffff / ((int32_t)4 * 3)\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"((int32_t)count) < 0 || ((int32_t)4 * 3) <= 0 || ((int32_t)count) > 0x7fffffff / ((int32_t)4 * 3)\" is true. Returned: ERR_INVALID_DATA")),
        row("count 2^31-1 (packed)", "pool_color_16_g3", G3, || {
            h(g3::COLORS).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g32(Reject("decode_variant: Condition \"((int32_t)count) < 0 || ((int32_t)4 * 4) <= 0 || ((int32_t)count) > 0x7fffffff / ((int32_t)4 * 4)\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"((int32_t)count) < 0 || ((int32_t)4 * 4) <= 0 || ((int32_t)count) > 0x7fffffff / ((int32_t)4 * 4)\" is true. Returned: ERR_INVALID_DATA")),
        row("count 2^31-1 (packed)", "pool_string_g3", G3, || {
            h(g3::STRINGS).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g32(Reject("_decode_string: Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA")),
        row("count 2^31-1 (packed)", "packed_byte_1_g4", G4, || {
            h(g4::BYTES).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"count < 0 || count > len\" is true. Returning: ERR_INVALID_DATA")),
        row("count 2^31-1 (packed)", "packed_float32_4_g4", G4, || {
            h(g4::FLOAT32S).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"((int32_t)(count)) < 0 || ((int32_t)(4)) <= 0 || ((int32_t)(count)) > 0x7fffffff / ((int32_t)(4))\" is true. Returning: ERR_INVALID_DATA")),
        row("count 2^31-1 (packed)", "packed_int64_8_g4", G4, || {
            h(g4::INT64S).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"((int32_t)(count)) < 0 || ((int32_t)(8)) <= 0 || ((int32_t)(count)) > 0x7fffffff / ((int32_t)(8))\" is true. Returning: ERR_INVALID_DATA")),
        row("count 2^31-1 (packed)", "packed_vector3_12_g4", G4, || {
            h(g4::VECTOR3S).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"((int32_t)(count)) < 0 || ((int32_t)(sizeof(float) * 3)) <= 0 || ((int32_t)(count)) > 0x7fffffff / ((int32_t)(sizeof(float) * 3))\" is true. Returning: ERR_INVALID_DATA")),
        row("count 2^31-1 (packed)", "packed_color_16_g4", G4, || {
            h(g4::COLORS).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"((int32_t)(count)) < 0 || ((int32_t)(4 * 4)) <= 0 || ((int32_t)(count)) > 0x7fffffff / ((int32_t)(4 * 4))\" is true. Returning: ERR_INVALID_DATA")),
        row(
            "count 2^31-1 (packed)",
            "packed_vector3_f64_24_g4",
            G4,
            || h(g4::VECTOR3S | FLAG_16).u32(I32_MAX).done(),
        )
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"((int32_t)(count)) < 0 || ((int32_t)(sizeof(double) * 3)) <= 0 || ((int32_t)(count)) > 0x7fffffff / ((int32_t)(sizeof(double) * 3))\" is true. Returning: ERR_INVALID_DATA")),
        row(
            "count 2^31-1 (packed)",
            "packed_vector4_f64_32_g4",
            G4,
            || h(g4::VECTOR4S | FLAG_16).u32(I32_MAX).done(),
        )
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"((int32_t)(count)) < 0 || ((int32_t)(sizeof(double) * 4)) <= 0 || ((int32_t)(count)) > 0x7fffffff / ((int32_t)(sizeof(double) * 4))\" is true. Returning: ERR_INVALID_DATA")),
        row("count 2^31-1 (packed)", "packed_string_g4", G4, || {
            h(g4::STRINGS).u32(I32_MAX).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"len < 4\" is true. Returning: ERR_INVALID_DATA")),
        row(
            "count 2^31-1 (containers)",
            "node_path_names_g4",
            G4,
            || h(g4::NODE_PATH).u32(u32::MAX).u32(0).u32(0).done(),
        )
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"len < 4\" is true. Returning: ERR_INVALID_DATA")),
        row(
            "count 2^31-1 (containers)",
            "object_properties_g3",
            G3,
            || h(g3::OBJECT).str(b"Resource").u32(I32_MAX).done(),
        )
        .engine_objects()
        .ours(Ours::Err(K::LengthOutOfBounds, 16))
        .g32(Reject("_decode_string: Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA")),
        // --- count * element size overflows 32 bits (and wraps to what is present).
        row(
            "count x size overflow",
            "pool_int_0x40000000_x4_wraps_to_0_g3",
            G3,
            || h(g3::INTS).u32(0x4000_0000).done(),
        )
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g32(Reject("decode_variant: Condition \"((int32_t)count) < 0 || ((int32_t)4) <= 0 || ((int32_t)count) > 0x7fffffff / ((int32_t)4)\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"((int32_t)count) < 0 || ((int32_t)4) <= 0 || ((int32_t)count) > 0x7fffffff / ((int32_t)4)\" is true. Returned: ERR_INVALID_DATA")),
        row(
            "count x size overflow",
            "pool_vector3_0x15555556_x12_wraps_to_8_g3",
            G3,
            || h(g3::VECTOR3S).u32(0x1555_5556).zeros(8).done(),
        )
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g32(Reject("decode_variant: Condition \"((int32_t)count) < 0 || ((int32_t)4 * 3) <= 0 || ((int32_t)count) > 0x7fffffff / ((int32_t)4 * 3)\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"((int32_t)count) < 0 || ((int32_t)4 * 3) <= 0 || ((int32_t)count) > 0x7fffffff / ((int32_t)4 * 3)\" is true. Returned: ERR_INVALID_DATA")),
        row(
            "count x size overflow",
            "packed_color_0x10000001_x16_wraps_to_16_g4",
            G4,
            || h(g4::COLORS).u32(0x1000_0001).zeros(16).done(),
        )
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"((int32_t)(count)) < 0 || ((int32_t)(4 * 4)) <= 0 || ((int32_t)(count)) > 0x7fffffff / ((int32_t)(4 * 4))\" is true. Returning: ERR_INVALID_DATA")),
        row(
            "count x size overflow",
            "packed_vector4_f64_0x08000001_x32_wraps_to_32_g4",
            G4,
            || h(g4::VECTOR4S | FLAG_16).u32(0x0800_0001).zeros(32).done(),
        )
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"((int32_t)(count)) < 0 || ((int32_t)(sizeof(double) * 4)) <= 0 || ((int32_t)(count)) > 0x7fffffff / ((int32_t)(sizeof(double) * 4))\" is true. Returning: ERR_INVALID_DATA")),
        // --- Negative counts.
        row("negative count", "packed_int32_0x80000000_g4", G4, || {
            h(g4::INT32S).u32(BIT31).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"((int32_t)(count)) < 0 || ((int32_t)(4)) <= 0 || ((int32_t)(count)) > 0x7fffffff / ((int32_t)(4))\" is true. Returning: ERR_INVALID_DATA")),
        row("negative count", "pool_string_0xffffffff_g3", G3, || {
            h(g3::STRINGS).u32(u32::MAX).done()
        })
        .ours(Ours::Ok("PoolStringArray(  )"))
        .g32(Accept("PoolStringArray(  )"))
        .g36(Accept("PoolStringArray(  )")),
        row("negative count", "packed_string_0x80000000_g4", G4, || {
            h(g4::STRINGS).u32(BIT31).done()
        })
        .ours(Ours::Ok("PackedStringArray()"))
        .g4(Accept("PackedStringArray()")),
        row(
            "negative count",
            "object_properties_0xffffffff_g3",
            G3,
            || h(g3::OBJECT).str(b"Resource").u32(u32::MAX).done(),
        )
        .engine_objects()
        .why(WHY_INSTANCE_TEXT)
        .ours(Ours::Ok("Object(Resource,)\n"))
        .g32(Accept("Object(Resource,\"resource_local_to_scene\":false,\"resource_name\":\"\",\"script\":null)\n"))
        .g36(Accept("Object(Resource,\"resource_local_to_scene\":false,\"resource_name\":\"\",\"script\":null)\n")),
        row(
            "negative count",
            "array_count_bit31_is_masked_g4",
            G4,
            || h(g4::ARRAY).u32(BIT31 | 1).int(5).done(),
        )
        .ours(Ours::Ok("[5]"))
        .g4(Accept("[5]")),
        // --- Depth.
        row("depth bomb", "arrays_1e6_g3", G3, || {
            nested_arrays(g3::ARRAY, 1_000_000)
        })
        .why(WHY_DEPTH_G32)
        .ours(Ours::Err(K::TooDeep, 8200))
        .g32(Crash(139))
        .g36(Reject("Variant is too deep. Bailing.")),
        row("depth bomb", "arrays_1e6_g4", G4, || {
            nested_arrays(g4::ARRAY, 1_000_000)
        })
        .ours(Ours::Err(K::TooDeep, 8200))
        .g4(Reject("Variant is too deep. Bailing.")),
        row("depth bomb", "arrays_1026_levels_g3", G3, || {
            nested_arrays(g3::ARRAY, 1026)
        })
        .why(WHY_DEPTH_G32)
        .ours(Ours::Err(K::TooDeep, 8200))
        .g32(AcceptDigest(4104, 0xe8ad3d0437375615))
        .g36(Reject("Variant is too deep. Bailing.")),
        row("depth bomb", "arrays_1026_levels_g4", G4, || {
            nested_arrays(g4::ARRAY, 1026)
        })
        .ours(Ours::Err(K::TooDeep, 8200))
        .g4(Reject("Variant is too deep. Bailing.")),
        row("depth bomb", "arrays_1025_levels_are_fine_g4", G4, || {
            nested_arrays(g4::ARRAY, 1025)
        })
        .ours(Ours::OkDigest(204, 0x1159de252e52e835))
        .g4(AcceptDigest(204, 0x1159de252e52e835)),
        row(
            "depth bomb (dictionaries)",
            "dictionary_values_1e5_g4",
            G4,
            || {
                let mut out = Vec::new();
                for _ in 0..100_000 {
                    out.extend(h(g4::DICTIONARY).u32(1).string(b"k").done());
                }
                out.extend(h(g4::NIL).done());
                out
            },
        )
        .ours(Ours::Err(K::TooDeep, 20488))
        .g4(Reject("Variant is too deep. Bailing.")),
        // --- Wide containers.
        row("wide dictionary", "claims_1e7_pairs_g3", G3, || {
            h(g3::DICTIONARY).u32(10_000_000).string(b"k").int(1).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g32(Reject("decode_variant: Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Condition \"len < 4\" is true. Returned: ERR_INVALID_DATA")),
        row("wide dictionary", "claims_1e7_pairs_g4", G4, || {
            h(g4::DICTIONARY).u32(10_000_000).string(b"k").int(1).done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Reject("Condition \"len < 4\" is true. Returning: ERR_INVALID_DATA")),
        // --- Typed containers (Godot 4).
        row(
            "typed container builtin id",
            "array_builtin_39_g4",
            G4,
            || h(g4::ARRAY | KIND_BUILTIN).u32(39).u32(0).done(),
        )
        .ours(Ours::Err(K::InvalidContainerType(39), 4))
        .g4(Reject("Index bt = 39 is out of bounds (Variant::VARIANT_MAX = 39).")),
        row(
            "typed container builtin id",
            "dictionary_value_0xffffffff_g4",
            G4,
            || {
                h(g4::DICTIONARY | KIND_BUILTIN | VALUE_KIND_BUILTIN)
                    .u32(g4::STRING)
                    .u32(u32::MAX)
                    .u32(0)
                    .done()
            },
        )
        .ours(Ours::Err(K::InvalidContainerType(4294967295), 8))
        .g4(Reject("Index bt = -1 is out of bounds (Variant::VARIANT_MAX = 39).")),
        row(
            "typed container class name",
            "array_class_name_invalid_utf8_g4",
            G4,
            || h(g4::ARRAY | KIND_CLASS_NAME).str(b"\xff").u32(0).done(),
        )
        .ours(Ours::Err(K::InvalidUtf8, 8))
        .g4(Reject("Unicode parsing error, some characters were replaced with � (U+FFFD): Invalid UTF-8 leading byte (ff) | Condition \"str.append_utf8((const char *)buf, strlen) != OK\" is true. Returning: ERR_INVALID_DATA")),
        row("typed container class name", "array_script_kind_objects_refused_g4", G4, || {
            h(g4::ARRAY | KIND_SCRIPT).str(b"res://no_such_script.gd").u32(0).done()
        })
        .why(WHY_CONTAINER_CLASS_ERASED)
        .ours(Ours::Ok("Array[Resource(\"res://no_such_script.gd\")]([])"))
        .g4(Accept("Array[EncodedObjectAsID]([])")),
        row("typed container class name", "array_script_kind_objects_allowed_g4", G4, || {
            h(g4::ARRAY | KIND_SCRIPT).str(b"res://no_such_script.gd").u32(0).done()
        })
        .engine_objects()
        .why(WHY_CONTAINER_SCRIPT_LOAD)
        .ours(Ours::Ok("Array[Resource(\"res://no_such_script.gd\")]([])"))
        .g4(Reject("Invalid script path \"res://no_such_script.gd\"."))
        ,
        row(
            "typed element mismatch",
            "array_of_int_holding_a_string_g4",
            G4,
            || {
                h(g4::ARRAY | KIND_BUILTIN)
                    .u32(g4::INT)
                    .u32(2)
                    .int(1)
                    .string(b"x")
                    .done()
            },
        )
        .why(WHY_TYPED_MISMATCH)
        .ours(Ours::Ok("Array[int]([1, \"x\"])"))
        .g4(AcceptNoisy("Array[int]([1])", "Attempted to push_back a variable of type 'String' into a TypedArray of type 'int'. | Condition \"!_p->typed.validate(value, \"push_back\")\" is true.")),
        row(
            "typed element mismatch",
            "dictionary_string_int_holding_a_float_g4",
            G4,
            || {
                h(g4::DICTIONARY | KIND_BUILTIN | VALUE_KIND_BUILTIN)
                    .u32(g4::STRING)
                    .u32(g4::INT)
                    .u32(1)
                    .string(b"a")
                    .u32(g4::FLOAT)
                    .f32(1.5)
                    .done()
            },
        )
        .ours(Ours::Ok("Dictionary[String, int]({\n\"a\": 1.5\n})"))
        .g4(Accept("Dictionary[String, int]({\n\"a\": 1.5\n})")),
        // --- NodePath.
        row("node path old format", "names_without_bit31_g3", G3, || {
            h(g3::NODE_PATH).u32(1).u32(0).u32(0).str(b"a").done()
        })
        .ours(Ours::Err(K::OldNodePath, 4))
        .g32(Reject("decode_variant: Method failed. Returning: ERR_INVALID_DATA"))
        .g36(Reject("Method failed. Returning: ERR_INVALID_DATA")),
        row("node path old format", "names_without_bit31_g4", G4, || {
            h(g4::NODE_PATH).u32(0).u32(0).u32(0).done()
        })
        .ours(Ours::Err(K::OldNodePath, 4))
        .g4(Reject("Method/function failed. Returning: ERR_INVALID_DATA")),
        row(
            "node path old format",
            "flag_bit1_reads_one_more_subname_g4",
            G4,
            || {
                h(g4::NODE_PATH)
                    .u32(BIT31 | 1)
                    .u32(0)
                    .u32(2)
                    .str(b"a")
                    .str(b"b")
                    .done()
            },
        )
        .ours(Ours::Ok("NodePath(\"a:b\")"))
        .g4(Accept("NodePath(\"a:b\")")),
        row("node path count wraparound", "subnames_0xffffffff_g3", G3, || {
            h(g3::NODE_PATH)
                .u32(BIT31 | 2)
                .u32(u32::MAX)
                .u32(0)
                .str(b"a")
                .str(b"b")
                .done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 8))
        .g32(Accept("NodePath(\"a\")"))
        .g36(Accept("NodePath(\"a\")"))
        .why(WHY_NODE_PATH_WRAP),
        row("node path count wraparound", "names_2p31_minus_1_subnames_2p31_plus_2_g4", G4, || {
            h(g4::NODE_PATH)
                .u32(u32::MAX)
                .u32(BIT31 | 2)
                .u32(0)
                .str(b"a")
                .done()
        })
        .ours(Ours::Err(K::LengthOutOfBounds, 4))
        .g4(Accept("NodePath(\"a\")"))
        .why(WHY_NODE_PATH_WRAP),
        row("node path text", "empty_absolute_path_g3", G3, || {
            h(g3::NODE_PATH).u32(BIT31).u32(0).u32(1).done()
        })
        .ours(Ours::Ok("NodePath(\"\")"))
        .g32(Accept("NodePath(\"\")"))
        .g36(Accept("NodePath(\"\")")),
        row("node path text", "empty_absolute_path_g4", G4, || {
            h(g4::NODE_PATH).u32(BIT31).u32(0).u32(1).done()
        })
        .ours(Ours::Ok("NodePath(\"/\")"))
        .g4(Accept("NodePath(\"/\")")),
        row("node path text", "one_empty_subname_g3", G3, || {
            h(g3::NODE_PATH).u32(BIT31 | 1).u32(1).u32(0).str(b"a").str(b"").done()
        })
        .ours(Ours::Ok("NodePath(\"a:\")"))
        .g32(Accept("NodePath(\"a:\")"))
        .g36(Accept("NodePath(\"a:\")")),
        row("node path text", "one_empty_subname_g4", G4, || {
            h(g4::NODE_PATH).u32(BIT31 | 1).u32(1).u32(0).str(b"a").str(b"").done()
        })
        .ours(Ours::Ok("NodePath(\"a\")"))
        .g4(Accept("NodePath(\"a\")")),
        row("64-bit math, 32-bit engine", "vector3_f64_g4", G4, || {
            h(g4::VECTOR3 | FLAG_16)
                .u64(0.1f64.to_bits())
                .u64(1e300f64.to_bits())
                .u64(1e-300f64.to_bits())
                .done()
        })
        .ours(Ours::Ok("Vector3(0.1, 1e+300, 1e-300)"))
        .g4(Accept("Vector3(0.1, inf, 0)"))
        .why(WHY_NARROWED),
        // --- Objects.
        row(
            "object class name utf-8",
            "class_name_invalid_utf8_g3",
            G3,
            || h(g3::OBJECT).str(b"Res\xffurce").u32(0).done(),
        )
        .engine_objects()
        .ours(Ours::Err(K::InvalidUtf8, 8))
        .g32(Reject("Unicode error: invalid skip | _decode_string: Condition \"str.parse_utf8((const char *)buf, strlen)\" is true. Returned: ERR_INVALID_DATA"))
        .g36(Reject("Unicode error: invalid skip | Condition \"str.parse_utf8((const char *)buf, strlen)\" is true. Returned: ERR_INVALID_DATA")),
        row(
            "object class name utf-8",
            "class_name_invalid_utf8_g4",
            G4,
            || h(g4::OBJECT).str(b"Res\xffurce").u32(0).done(),
        )
        .engine_objects()
        .ours(Ours::Err(K::InvalidUtf8, 8))
        .g4(Reject("Unicode parsing error, some characters were replaced with � (U+FFFD): Invalid UTF-8 leading byte (ff) | Condition \"str.append_utf8((const char *)buf, strlen) != OK\" is true. Returning: ERR_INVALID_DATA")),
        row("full object", "default_g3", G3, || g3_resource(b"x").done())
        .why(WHY_FULL_OBJECT_DEFAULT)
        .ours(Ours::Ok("Object(Resource,\"resource_local_to_scene\":false,\"resource_name\":\"x\",\"script\":null)\n"))
        .g32(Reject("decode_variant: Condition \"!p_allow_objects\" is true. Returned: ERR_UNAUTHORIZED"))
        .g36(Reject("Condition \"!p_allow_objects\" is true. Returned: ERR_UNAUTHORIZED")),
        row("full object", "allowed_g3", G3, || g3_resource(b"x").done())
        .engine_objects()
        .ours(Ours::Ok("Object(Resource,\"resource_local_to_scene\":false,\"resource_name\":\"x\",\"script\":null)\n"))
        .g32(Accept("Object(Resource,\"resource_local_to_scene\":false,\"resource_name\":\"x\",\"script\":null)\n"))
        .g36(Accept("Object(Resource,\"resource_local_to_scene\":false,\"resource_name\":\"x\",\"script\":null)\n")),
        row("full object", "refused_g3", G3, || g3_resource(b"x").done())
        .refuse_objects()
        .ours(Ours::Err(K::FullObjectNotAllowed, 0))
        .g32(Reject("decode_variant: Condition \"!p_allow_objects\" is true. Returned: ERR_UNAUTHORIZED"))
        .g36(Reject("Condition \"!p_allow_objects\" is true. Returned: ERR_UNAUTHORIZED")),
        row("full object", "default_g4", G4, || g4_resource(b"x").done())
        .why(WHY_FULL_OBJECT_DEFAULT)
        .ours(Ours::Ok("Object(Resource,\"resource_local_to_scene\":false,\"resource_name\":\"x\",\"script\":null)\n"))
        .g4(Reject("Condition \"!p_allow_objects\" is true. Returning: ERR_UNAUTHORIZED")),
        row("full object", "allowed_g4", G4, || g4_resource(b"x").done())
        .engine_objects()
        .ours(Ours::Ok("Object(Resource,\"resource_local_to_scene\":false,\"resource_name\":\"x\",\"script\":null)\n"))
        .g4(Accept("Object(Resource,\"resource_local_to_scene\":false,\"resource_name\":\"x\",\"script\":null)\n")),
        row("full object", "refused_g4", G4, || g4_resource(b"x").done())
        .refuse_objects()
        .ours(Ours::Err(K::FullObjectNotAllowed, 0))
        .g4(Reject("Condition \"!p_allow_objects\" is true. Returning: ERR_UNAUTHORIZED")),
        row("object unknown class", "unknown_class_g3", G3, || {
            h(g3::OBJECT).str(b"NoSuchClass").u32(0).done()
        })
        .engine_objects()
        .why(WHY_NO_CLASSDB)
        .ours(Ours::Ok("Object(NoSuchClass,)\n"))
        .g32(Reject("instance: Cannot get class 'NoSuchClass'. | decode_variant: Condition \"!obj\" is true. Returned: ERR_UNAVAILABLE"))
        .g36(Reject("Cannot get class 'NoSuchClass'. | Condition \"!obj\" is true. Returned: ERR_UNAVAILABLE")),
        row("object unknown class", "unknown_class_g4", G4, || {
            h(g4::OBJECT).str(b"NoSuchClass").u32(0).done()
        })
        .engine_objects()
        .why(WHY_NO_CLASSDB)
        .ours(Ours::Ok("Object(NoSuchClass,)\n"))
        .g4(Reject("Cannot get class 'NoSuchClass'. | Condition \"!ClassDB::can_instantiate(str)\" is true. Returning: ERR_INVALID_DATA")),
        row(
            "object script property",
            "script_property_int_g4",
            G4,
            || {
                h(g4::OBJECT)
                    .str(b"Resource")
                    .u32(1)
                    .str(b"script")
                    .int(1)
                    .done()
            },
        )
        .engine_objects()
        .ours(Ours::Err(K::InvalidScriptProperty, 32))
        .g4(Reject("Invalid value for \"script\" property, expected script path as String.")),
        row(
            "object script property",
            "script_property_missing_res_path_g4",
            G4,
            || {
                h(g4::OBJECT)
                    .str(b"Resource")
                    .u32(1)
                    .str(b"script")
                    .string(b"res://no_such_script.gd")
                    .done()
            },
        )
        .engine_objects()
        .why(WHY_SCRIPT_PATH)
        .ours(Ours::Ok("Object(Resource,\"script\":\"res://no_such_script.gd\")\n"))
        .g4(Reject("Invalid script path \"res://no_such_script.gd\".")),
        row(
            "null object forms",
            "empty_class_name_is_null_g3",
            G3,
            || h(g3::OBJECT).str(b"").done(),
        )
        .engine_objects()
        .ours(Ours::Ok("null"))
        .g32(Accept("null"))
        .g36(Accept("null")),
        row("null object forms", "object_id_zero_is_null_g4", G4, || {
            h(g4::OBJECT | FLAG_16).u64(0).done()
        })
        .ours(Ours::Ok("null"))
        .g4(Accept("null")),
        // --- Byte array padding.
        row("byte array padding", "missing_final_padding_g3", G3, || {
            h(g3::BYTES).u32(1).raw(&[7]).done()
        })
        .ours(Ours::Ok("PoolByteArray( 7 )"))
        .g32(Accept("PoolByteArray( 7 )"))
        .g36(Accept("PoolByteArray( 7 )")),
        row("byte array padding", "missing_final_padding_g4", G4, || {
            h(g4::BYTES).u32(5).raw(&[1, 2, 3, 4, 5]).done()
        })
        .ours(Ours::Ok("PackedByteArray(1, 2, 3, 4, 5)"))
        .g4(Accept("PackedByteArray(1, 2, 3, 4, 5)")),
        row(
            "byte array padding",
            "missing_padding_last_in_array_g4",
            G4,
            || h(g4::ARRAY).u32(1).u32(g4::BYTES).u32(1).raw(&[7]).done(),
        )
        .ours(Ours::Ok("[PackedByteArray(7)]"))
        .g4(Accept("[PackedByteArray(7)]")),
        row(
            "byte array padding",
            "missing_padding_then_an_element_g3",
            G3,
            || {
                h(g3::ARRAY)
                    .u32(2)
                    .u32(g3::BYTES)
                    .u32(1)
                    .raw(&[7])
                    .int(9)
                    .done()
            },
        )
        .ours(Ours::Ok("[ PoolByteArray( 7 ), null ]"))
        .g32(Accept("[ PoolByteArray( 7 ), null ]"))
        .g36(Accept("[ PoolByteArray( 7 ), null ]")),
        // --- Duplicate keys.
        row(
            "dictionary duplicate keys",
            "same_string_key_twice_g3",
            G3,
            || {
                h(g3::DICTIONARY)
                    .u32(2)
                    .string(b"a")
                    .int(1)
                    .string(b"a")
                    .int(2)
                    .done()
            },
        )
        .why(WHY_DUP_KEYS)
        .ours(Ours::Ok("{\n\"a\": 1,\n\"a\": 2\n}"))
        .g32(Accept("{\n\"a\": 2\n}"))
        .g36(Accept("{\n\"a\": 2\n}")),
        row(
            "dictionary duplicate keys",
            "same_int_key_twice_g4",
            G4,
            || {
                h(g4::DICTIONARY)
                    .u32(2)
                    .int(1)
                    .int(10)
                    .int(1)
                    .int(20)
                    .done()
            },
        )
        .why(WHY_DUP_KEYS)
        .ours(Ours::Ok("{\n1: 10,\n1: 20\n}"))
        .g4(Accept("{\n1: 20\n}")),
        // --- store_var prefixes.
        row(
            "store_var prefix",
            "claims_100_has_8_get_var_g3",
            G3,
            || store_var(100, B::default().int(5)),
        )
        .input(Input::StoreVarGetVar)
        .why(WHY_GET_VAR_G32)
        .ours(Ours::Incomplete(92))
        .g32(Accept("5"))
        .g36(Reject("Condition \"(uint32_t)buff.size() != len\" is true. Returned: Variant()")),
        row(
            "store_var prefix",
            "claims_100_has_8_payload_g3",
            G3,
            || store_var(100, B::default().int(5)),
        )
        .input(Input::StoreVarPayload)
        .ours(Ours::Ok("5"))
        .g32(Accept("5"))
        .g36(Accept("5")),
        row(
            "store_var prefix",
            "claims_100_has_8_get_var_g4",
            G4,
            || store_var(100, B::default().int(5)),
        )
        .input(Input::StoreVarGetVar)
        .ours(Ours::Incomplete(92))
        .g4(Reject("Condition \"(uint32_t)buff.size() != len\" is true. Returning: Variant()")),
        row(
            "store_var prefix",
            "claims_100_has_8_payload_g4",
            G4,
            || store_var(100, B::default().int(5)),
        )
        .input(Input::StoreVarPayload)
        .ours(Ours::Ok("5"))
        .g4(Accept("5")),
        // --- Leniency both sides share.
        row(
            "trailing bytes",
            "trailing_bytes_are_ignored_g4",
            G4,
            || h(g4::INT).u32(3).raw(b"junk").done(),
        )
        .ours(Ours::Ok("3"))
        .g4(Accept("3")),
        row(
            "unused header bits",
            "unused_flag_bit_on_vector2_g3",
            G3,
            || h(g3::VECTOR2 | FLAG_16).f32(1.0).f32(2.0).done(),
        )
        .ours(Ours::Ok("Vector2( 1, 2 )"))
        .g32(Accept("Vector2( 1, 2 )"))
        .g36(Accept("Vector2( 1, 2 )")),
        row(
            "unused header bits",
            "unused_flag_bit_on_color_g4",
            G4,
            || {
                h(g4::COLOR | FLAG_16)
                    .f32(1.0)
                    .f32(0.5)
                    .f32(0.25)
                    .f32(1.0)
                    .done()
            },
        )
        .ours(Ours::Ok("Color(1, 0.5, 0.25, 1)"))
        .g4(Accept("Color(1, 0.5, 0.25, 1)")),
        row("float payloads", "real_nan_payload_g3", G3, || {
            h(g3::REAL).u32(0x7fc0_0001).done()
        })
        .ours(Ours::Ok("nan"))
        .g32(Accept("nan"))
        .g36(Accept("nan")),
    ]
    .into_iter()
    .chain(pandemonium::rows())
    .collect()
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
