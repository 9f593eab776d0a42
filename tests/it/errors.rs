//! Every `ErrorKind`, on hand-built inputs: the exact kind and the exact absolute offset,
//! plus the leniency the engines have (accepted by default, rejected in strict mode).

use crate::common;

use gdvariant::{
    Dialect, Error, ErrorKind, Limits, ObjectRef, ParseOptions, VariantBuf, VariantRef, VariantType,
};

const G3: Dialect = Dialect::Godot3;
const G4: Dialect = Dialect::Godot4;

// Godot 3 type ids (FORMAT.md §2.1).
mod g3 {
    pub const NIL: u32 = 0;
    pub const BOOL: u32 = 1;
    pub const INT: u32 = 2;
    pub const FLOAT: u32 = 3;
    pub const STRING: u32 = 4;
    pub const VECTOR2: u32 = 5;
    pub const VECTOR3: u32 = 7;
    pub const NODE_PATH: u32 = 15;
    pub const RID: u32 = 16;
    pub const OBJECT: u32 = 17;
    pub const DICTIONARY: u32 = 18;
    pub const ARRAY: u32 = 19;
    pub const BYTES: u32 = 20;
    pub const INTS: u32 = 21;
    pub const STRINGS: u32 = 23;
    pub const VECTOR3S: u32 = 25;
    pub const COLORS: u32 = 26;
}

// Godot 4 type ids (FORMAT.md §2.2).
mod g4 {
    pub const NIL: u32 = 0;
    pub const INT: u32 = 2;
    pub const FLOAT: u32 = 3;
    pub const STRING: u32 = 4;
    pub const VECTOR2: u32 = 5;
    pub const VECTOR2I: u32 = 6;
    pub const VECTOR3: u32 = 9;
    pub const COLOR: u32 = 20;
    pub const STRING_NAME: u32 = 21;
    pub const NODE_PATH: u32 = 22;
    pub const RID: u32 = 23;
    pub const OBJECT: u32 = 24;
    pub const SIGNAL: u32 = 26;
    pub const DICTIONARY: u32 = 27;
    pub const ARRAY: u32 = 28;
    pub const BYTES: u32 = 29;
    pub const INT64S: u32 = 31;
    pub const FLOAT64S: u32 = 33;
    pub const STRINGS: u32 = 34;
    pub const VECTOR4S: u32 = 38;
}

/// Bit 16: 64-bit numbers, object-as-id, or (G4 containers) the first type-kind bit.
const FLAG_16: u32 = 1 << 16;
/// `ContainerTypeKind::BUILTIN` in the key/element position (bits 16–17).
const KIND_BUILTIN: u32 = 1 << 16;
/// `ContainerTypeKind::BUILTIN` in the dictionary value position (bits 18–19).
const VALUE_KIND_BUILTIN: u32 = 1 << 18;
/// Bit 31 of an Array/Dictionary count (Godot 2's "shared"), of a NodePath name count.
const BIT31: u32 = 1 << 31;

/// Little-endian byte builder.
#[derive(Default, Clone)]
struct B(Vec<u8>);

impl B {
    fn new() -> Self {
        B(Vec::new())
    }
    fn u32(mut self, v: u32) -> Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn i32(self, v: i32) -> Self {
        self.u32(v as u32)
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
    /// A Godot string field: u32 length, the bytes, zero padding to 4.
    fn str(self, s: &[u8]) -> Self {
        let pad = (4 - s.len() % 4) % 4;
        self.u32(s.len() as u32).raw(s).raw(&[0; 3][..pad])
    }
    /// A string field whose padding bytes are `fill`.
    fn str_padded_with(self, s: &[u8], fill: u8) -> Self {
        let pad = (4 - s.len() % 4) % 4;
        self.u32(s.len() as u32).raw(s).raw(&[fill; 3][..pad])
    }
    fn rep(mut self, times: usize, unit: &[u8]) -> Self {
        self.0.reserve(times * unit.len());
        for _ in 0..times {
            self.0.extend_from_slice(unit);
        }
        self
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn done(self) -> Vec<u8> {
        self.0
    }
}

fn strict() -> ParseOptions {
    ParseOptions::new().strict(true)
}

fn limits(limits: Limits) -> ParseOptions {
    ParseOptions::new().limits(limits)
}

#[track_caller]
fn parse_err_with(bytes: &[u8], dialect: Dialect, options: &ParseOptions) -> Error {
    match VariantRef::parse_with(bytes, dialect, options) {
        Ok(v) => panic!("accepted {:?} as {v:?}", bytes.get(..bytes.len().min(64))),
        Err(e) => e,
    }
}

/// Asserts that parsing fails with exactly `kind` at exactly `offset`.
#[track_caller]
fn assert_err_with(
    bytes: &[u8],
    dialect: Dialect,
    options: &ParseOptions,
    kind: ErrorKind,
    offset: usize,
) {
    let e = parse_err_with(bytes, dialect, options);
    assert_eq!((e.kind(), e.offset()), (kind, offset), "error was: {e}");
    assert_eq!(e, Error::new(kind, offset));
}

#[track_caller]
fn assert_err(bytes: &[u8], dialect: Dialect, kind: ErrorKind, offset: usize) {
    assert_err_with(bytes, dialect, &ParseOptions::default(), kind, offset);
}

/// Asserts the default options accept `bytes` and consume exactly `consumed` bytes.
#[track_caller]
fn assert_ok(bytes: &[u8], dialect: Dialect, consumed: usize) -> VariantRef<'_> {
    let (value, len) =
        VariantRef::parse_prefix(bytes, dialect).unwrap_or_else(|e| panic!("rejected: {e}"));
    assert_eq!(len, consumed);
    value
}

/// `open` arrays of one element each, around an empty array: `open + 1` levels, the
/// innermost at depth `open`. Each level is 8 bytes.
fn nested_arrays(array_id: u32, open: usize) -> Vec<u8> {
    let unit = B::new().u32(array_id).u32(1).done();
    B::new().rep(open, &unit).u32(array_id).u32(0).done()
}

// ---------------------------------------------------------------- UnexpectedEnd

#[test]
fn empty_and_short_inputs_end_inside_the_header() {
    for d in [G3, G4] {
        assert_err(&[], d, ErrorKind::UnexpectedEnd, 0);
        assert_err(&[2], d, ErrorKind::UnexpectedEnd, 0);
        assert_err(&[2, 0], d, ErrorKind::UnexpectedEnd, 0);
        assert_err(&[2, 0, 0], d, ErrorKind::UnexpectedEnd, 0);
    }
}

#[test]
fn truncated_scalars_report_the_start_of_the_payload() {
    for d in [G3, G4] {
        // bool, int, float headers with no or partial payload
        assert_err(
            &B::new().u32(g3::BOOL).done(),
            d,
            ErrorKind::UnexpectedEnd,
            4,
        );
        assert_err(
            &B::new().u32(g3::INT).done(),
            d,
            ErrorKind::UnexpectedEnd,
            4,
        );
        assert_err(
            &B::new().u32(g3::INT).raw(&[1, 0]).done(),
            d,
            ErrorKind::UnexpectedEnd,
            4,
        );
        assert_err(
            &B::new().u32(g3::FLOAT).raw(&[0, 0, 0]).done(),
            d,
            ErrorKind::UnexpectedEnd,
            4,
        );
        // 64-bit int / float: 4 or 7 bytes where 8 are needed
        assert_err(
            &B::new().u32(g3::INT | FLAG_16).u32(5).done(),
            d,
            ErrorKind::UnexpectedEnd,
            4,
        );
        assert_err(
            &B::new().u32(g3::FLOAT | FLAG_16).raw(&[0; 7]).done(),
            d,
            ErrorKind::UnexpectedEnd,
            4,
        );
        // the same 64-bit int complete is fine
        let ok = B::new().u32(g3::INT | FLAG_16).u64(1 << 40).done();
        assert_eq!(assert_ok(&ok, d, 12).as_int(), Some(1 << 40));
    }
}

#[test]
fn truncated_vectors() {
    // G3 Vector3 (id 7) needs 12 bytes.
    assert_err(
        &B::new().u32(g3::VECTOR3).f32(1.0).f32(2.0).done(),
        G3,
        ErrorKind::UnexpectedEnd,
        4,
    );
    // G4 Vector3 (id 9): 12 bytes narrow, 24 bytes with the 64-bit flag.
    let twelve = B::new().u32(g4::VECTOR3 | FLAG_16).raw(&[0; 12]).done();
    assert_err(&twelve, G4, ErrorKind::UnexpectedEnd, 4);
    let narrow = B::new().u32(g4::VECTOR3).raw(&[0; 12]).done();
    assert_ok(&narrow, G4, 16);
    // G3 ignores bit 16 on vectors: the same 12 payload bytes suffice.
    let g3_flagged = B::new().u32(g3::VECTOR3 | FLAG_16).raw(&[0; 12]).done();
    assert_ok(&g3_flagged, G3, 16);
    // G4 Vector2i ignores the flag: 8 bytes of i32.
    let v2i = B::new().u32(g4::VECTOR2I | FLAG_16).i32(-1).i32(7).done();
    let value = assert_ok(&v2i, G4, 12);
    assert_eq!(value.as_math().unwrap().to_array_i32::<2>(), Some([-1, 7]));
}

#[test]
fn truncated_u64_fields() {
    // G4 RID: u64
    assert_err(
        &B::new().u32(g4::RID).u32(1).done(),
        G4,
        ErrorKind::UnexpectedEnd,
        4,
    );
    // G3 RID has no payload at all.
    assert_ok(&B::new().u32(g3::RID).done(), G3, 4);
    // object-as-id, 7 of 8 bytes
    assert_err(
        &B::new().u32(g3::OBJECT | FLAG_16).raw(&[0; 7]).done(),
        G3,
        ErrorKind::UnexpectedEnd,
        4,
    );
    assert_err(
        &B::new().u32(g4::OBJECT | FLAG_16).raw(&[0; 7]).done(),
        G4,
        ErrorKind::UnexpectedEnd,
        4,
    );
    // Signal: name "ab" (8 bytes) then only 4 of the 8 id bytes
    let signal = B::new().u32(g4::SIGNAL).str(b"ab").u32(9).done();
    assert_err(&signal, G4, ErrorKind::UnexpectedEnd, 12);
}

#[test]
fn truncated_fields_inside_containers_report_absolute_offsets() {
    // G3 [1, <int header + 2 bytes>]: array 0, count 4, int 8..16, int header 16, payload 20.
    let bytes = B::new()
        .u32(g3::ARRAY)
        .u32(2)
        .u32(g3::INT)
        .i32(1)
        .u32(g3::INT)
        .raw(&[7, 0])
        .done();
    assert_err(&bytes, G3, ErrorKind::UnexpectedEnd, 20);
    // G4 {null: <float header + 2 bytes>}: dict 0, count 4, key 8, value header 12, payload 16.
    let bytes = B::new()
        .u32(g4::DICTIONARY)
        .u32(1)
        .u32(g4::NIL)
        .u32(g4::FLOAT)
        .raw(&[0, 0])
        .done();
    assert_err(&bytes, G4, ErrorKind::UnexpectedEnd, 16);
    // G4 [[<Vector3 with 8 of 12 bytes>]]: 0, 8, vector header 16, payload 20.
    let bytes = B::new()
        .u32(g4::ARRAY)
        .u32(1)
        .u32(g4::ARRAY)
        .u32(1)
        .u32(g4::VECTOR3)
        .raw(&[0; 8])
        .done();
    assert_err(&bytes, G4, ErrorKind::UnexpectedEnd, 20);
}

#[test]
fn truncated_counts_and_descriptors() {
    // Array header without count.
    assert_err(
        &B::new().u32(g3::ARRAY).done(),
        G3,
        ErrorKind::UnexpectedEnd,
        4,
    );
    // G4 typed array header without its builtin type id.
    assert_err(
        &B::new().u32(g4::ARRAY | KIND_BUILTIN).done(),
        G4,
        ErrorKind::UnexpectedEnd,
        4,
    );
    // G4 typed array: type id present, count missing.
    assert_err(
        &B::new().u32(g4::ARRAY | KIND_BUILTIN).u32(2).done(),
        G4,
        ErrorKind::UnexpectedEnd,
        8,
    );
    // Packed array header without count.
    assert_err(
        &B::new().u32(g3::INTS).done(),
        G3,
        ErrorKind::UnexpectedEnd,
        4,
    );
    // NodePath: needs three words; only two present.
    assert_err(
        &B::new().u32(g3::NODE_PATH).u32(BIT31).u32(0).done(),
        G3,
        ErrorKind::UnexpectedEnd,
        12,
    );
    // Full object: class name present, property count missing.
    let obj = B::new().u32(g4::OBJECT).str(b"Resource").done();
    assert_err(&obj, G4, ErrorKind::UnexpectedEnd, 16);
    // String header without its length word.
    assert_err(
        &B::new().u32(g3::STRING).raw(&[1, 0]).done(),
        G3,
        ErrorKind::UnexpectedEnd,
        4,
    );
}

// ---------------------------------------------------------------- LengthOutOfBounds

#[test]
fn string_length_past_the_end() {
    for d in [G3, G4] {
        let bytes = B::new().u32(g3::STRING).u32(10).raw(b"abcd").done();
        assert_err(&bytes, d, ErrorKind::LengthOutOfBounds, 4);
        for len in [0x7fff_ffff, 0x8000_0000, 0xffff_ffff] {
            let bytes = B::new().u32(g3::STRING).u32(len).raw(b"abcdefgh").done();
            assert_err(&bytes, d, ErrorKind::LengthOutOfBounds, 4);
        }
    }
}

#[test]
fn string_padding_must_be_present_even_at_the_end() {
    // "abc" without its pad byte: 11 bytes.
    let bytes = B::new().u32(g4::STRING).u32(3).raw(b"abc").done();
    assert_eq!(bytes.len(), 11);
    assert_err(&bytes, G4, ErrorKind::LengthOutOfBounds, 4);
    // With it, fine.
    let bytes = B::new().u32(g4::STRING).str(b"abc").done();
    assert_eq!(assert_ok(&bytes, G4, 12).as_str(), Some("abc"));
    // Nested: G3 ["x", <"abc" unpadded>]: the second length word is at 8 + 12 + 4 = 24.
    let bytes = B::new()
        .u32(g3::ARRAY)
        .u32(2)
        .u32(g3::STRING)
        .str(b"x")
        .u32(g3::STRING)
        .u32(3)
        .raw(b"abc")
        .done();
    assert_err(&bytes, G3, ErrorKind::LengthOutOfBounds, 24);
}

#[test]
fn packed_counts_past_the_end() {
    // PoolIntArray: 3 elements claimed, 2 present.
    let bytes = B::new().u32(g3::INTS).u32(3).i32(1).i32(2).done();
    assert_err(&bytes, G3, ErrorKind::LengthOutOfBounds, 4);
    // PoolVector3Array: 2 × 12 claimed, 12 present.
    let bytes = B::new().u32(g3::VECTOR3S).u32(2).raw(&[0; 12]).done();
    assert_err(&bytes, G3, ErrorKind::LengthOutOfBounds, 4);
    // PoolColorArray: 1 × 16 claimed, 12 present.
    let bytes = B::new().u32(g3::COLORS).u32(1).raw(&[0; 12]).done();
    assert_err(&bytes, G3, ErrorKind::LengthOutOfBounds, 4);
    // G4 PackedVector4Array with the 64-bit flag: 32 bytes per element, 16 present...
    let wide = B::new()
        .u32(g4::VECTOR4S | FLAG_16)
        .u32(1)
        .raw(&[0; 16])
        .done();
    assert_err(&wide, G4, ErrorKind::LengthOutOfBounds, 4);
    // ...while the same count narrow fits exactly.
    let narrow = B::new().u32(g4::VECTOR4S).u32(1).raw(&[0; 16]).done();
    assert_ok(&narrow, G4, 24);
    // Byte array: 5 bytes claimed, 4 present.
    let bytes = B::new().u32(g4::BYTES).u32(5).raw(&[1, 2, 3, 4]).done();
    assert_err(&bytes, G4, ErrorKind::LengthOutOfBounds, 4);
}

#[test]
fn huge_and_negative_packed_counts() {
    // The #20558 crasher shape: bytes2var([20,0,0,0, 0,0,0,255]) — count 0xFF000000.
    assert_err(
        &[20, 0, 0, 0, 0, 0, 0, 255],
        G3,
        ErrorKind::LengthOutOfBounds,
        4,
    );
    for (dialect, id) in [
        (G3, g3::BYTES),
        (G3, g3::INTS),
        (G4, g4::INT64S),
        (G4, g4::FLOAT64S),
    ] {
        for count in [0x7fff_ffff, 0x8000_0000, 0xffff_ffff, 0x2000_0000] {
            let bytes = B::new().u32(id).u32(count).raw(&[0; 8]).done();
            assert_err(&bytes, dialect, ErrorKind::LengthOutOfBounds, 4);
        }
    }
}

#[test]
fn packed_string_array_items_past_the_end() {
    // 3 items claimed, 8 bytes left: at least 12 needed.
    let bytes = B::new().u32(g4::STRINGS).u32(3).raw(&[0; 8]).done();
    assert_err(&bytes, G4, ErrorKind::LengthOutOfBounds, 4);
    // 2 items: "a\0" fine (8 bytes at 8), the second length word (at 16) claims 100.
    let bytes = B::new()
        .u32(g4::STRINGS)
        .u32(2)
        .str(b"a\0")
        .u32(100)
        .raw(&[0; 8])
        .done();
    assert_err(&bytes, G4, ErrorKind::LengthOutOfBounds, 16);
}

#[test]
fn container_counts_past_the_end() {
    // Array: 5 elements claimed, 16 bytes left (at least 20 needed).
    let bytes = B::new().u32(g3::ARRAY).u32(5).rep(4, &[0; 4]).done();
    assert_err(&bytes, G3, ErrorKind::LengthOutOfBounds, 4);
    // Dictionary: 2 pairs claimed, 12 bytes left (at least 16 needed).
    let bytes = B::new().u32(g3::DICTIONARY).u32(2).rep(3, &[0; 4]).done();
    assert_err(&bytes, G3, ErrorKind::LengthOutOfBounds, 4);
    // G4 typed array: the count follows the type word.
    let bytes = B::new()
        .u32(g4::ARRAY | KIND_BUILTIN)
        .u32(g4::INT)
        .u32(3)
        .u32(g4::INT)
        .done();
    assert_err(&bytes, G4, ErrorKind::LengthOutOfBounds, 8);
    // Nested: [[<count 9>]] — inner count at 12.
    let bytes = B::new()
        .u32(g4::ARRAY)
        .u32(1)
        .u32(g4::ARRAY)
        .u32(9)
        .u32(0)
        .done();
    assert_err(&bytes, G4, ErrorKind::LengthOutOfBounds, 12);
    // Full object: 0x7fffffff properties claimed.
    let bytes = B::new()
        .u32(g4::OBJECT)
        .str(b"Node")
        .u32(0x7fff_ffff)
        .rep(4, &[0; 4])
        .done();
    assert_err(&bytes, G4, ErrorKind::LengthOutOfBounds, 12);
}

#[test]
fn array_count_i32_max_with_eight_bytes_fails_at_once() {
    // Nothing is ever allocated from a count; this must fail on the count word itself.
    for (d, id) in [
        (G3, g3::ARRAY),
        (G4, g4::ARRAY),
        (G3, g3::DICTIONARY),
        (G4, g4::DICTIONARY),
    ] {
        let bytes = B::new().u32(id).u32(0x7fff_ffff).done();
        assert_eq!(bytes.len(), 8);
        assert_err(&bytes, d, ErrorKind::LengthOutOfBounds, 4);
        // 0xffffffff is masked to 0x7fffffff, the same.
        let bytes = B::new().u32(id).u32(0xffff_ffff).done();
        assert_err(&bytes, d, ErrorKind::LengthOutOfBounds, 4);
    }
}

#[test]
fn node_path_subname_count_past_the_end() {
    // 0 names, 3 subnames, 4 bytes of strings: 12 needed. Reported at the subname count (8).
    let bytes = B::new()
        .u32(g3::NODE_PATH)
        .u32(BIT31)
        .u32(3)
        .u32(0)
        .u32(0)
        .done();
    assert_err(&bytes, G3, ErrorKind::LengthOutOfBounds, 8);
    // 0 names, 0 subnames but the legacy "property" flag (bit 1): one more subname, absent.
    let bytes = B::new()
        .u32(g4::NODE_PATH)
        .u32(BIT31)
        .u32(0)
        .u32(0b10)
        .done();
    assert_err(&bytes, G4, ErrorKind::LengthOutOfBounds, 8);
}

#[test]
fn node_path_name_count_past_the_end_points_at_the_name_count() {
    let bytes = B::new()
        .u32(g3::NODE_PATH)
        .u32(BIT31 | 5)
        .u32(0)
        .u32(0)
        .str(b"a")
        .done();
    assert_err(&bytes, G3, ErrorKind::LengthOutOfBounds, 4);
}

// ---------------------------------------------------------------- UnknownType

#[test]
fn unknown_type_ids_per_dialect() {
    // Godot 3 has 27 types, Godot 4 has 39.
    assert_err(
        &B::new().u32(27).u32(0).done(),
        G3,
        ErrorKind::UnknownType(27),
        0,
    );
    assert_err(
        &B::new().u32(38).u32(0).done(),
        G3,
        ErrorKind::UnknownType(38),
        0,
    );
    assert_err(
        &B::new().u32(39).u32(0).done(),
        G4,
        ErrorKind::UnknownType(39),
        0,
    );
    for d in [G3, G4] {
        assert_err(
            &B::new().u32(0xFF).u32(0).done(),
            d,
            ErrorKind::UnknownType(0xFF),
            0,
        );
        // Only the low byte is the type: 0x0001_00FF is still 0xFF.
        assert_err(
            &B::new().u32(0x0001_00FF).u32(0).done(),
            d,
            ErrorKind::UnknownType(0xFF),
            0,
        );
    }
    // 27 is Dictionary in Godot 4: {} parses.
    let dict = assert_ok(&[27, 0, 0, 0, 0, 0, 0, 0], G4, 8);
    assert_eq!(dict.ty(), VariantType::Dictionary);
}

#[test]
fn unknown_type_inside_a_container() {
    // G3 [1, <0x63>]: the bad header is at 16.
    let bytes = B::new()
        .u32(g3::ARRAY)
        .u32(2)
        .u32(g3::INT)
        .i32(1)
        .u32(0x63)
        .u32(0)
        .done();
    assert_err(&bytes, G3, ErrorKind::UnknownType(0x63), 16);
    // G4 {"k": <39>}: dict 0, count 4, key 8..20, value at 20.
    let bytes = B::new()
        .u32(g4::DICTIONARY)
        .u32(1)
        .u32(g4::STRING)
        .str(b"k")
        .u32(39)
        .done();
    assert_err(&bytes, G4, ErrorKind::UnknownType(39), 20);
}

#[test]
fn id_7_is_vector3_in_godot3_and_rect2_in_godot4() {
    let bytes = B::new().u32(7).f32(1.0).f32(2.0).f32(3.0).f32(4.0).done();
    let (v3, len3) = VariantRef::parse_prefix(&bytes, G3).unwrap();
    assert_eq!((v3.ty(), len3), (VariantType::Vector3, 16));
    assert_eq!(v3.as_math().unwrap().to_array::<3>(), Some([1.0, 2.0, 3.0]));
    let (r2, len4) = VariantRef::parse_prefix(&bytes, G4).unwrap();
    assert_eq!((r2.ty(), len4), (VariantType::Rect2, 20));
    assert_eq!(
        r2.as_math().unwrap().to_array::<4>(),
        Some([1.0, 2.0, 3.0, 4.0])
    );
    // And parse (strict or not) sees the Godot 3 reading as having 4 bytes too many.
    let left_4 = ErrorKind::TrailingBytes { left: 4, frames: 0 };
    assert_err_with(&bytes, G3, &strict(), left_4, 16);
    assert_err(&bytes, G3, left_4, 16);
}

// ---------------------------------------------------------------- InvalidUtf8

fn string_value(text: &[u8]) -> Vec<u8> {
    B::new().u32(g4::STRING).str(text).done()
}

#[test]
fn invalid_utf8_is_reported_at_the_first_byte_of_the_string() {
    let cases: [&[u8]; 7] = [
        b"\xC0\x80",          // overlong NUL
        b"\xE0\x80\xAF",      // overlong '/'
        b"\xED\xA0\x80",      // UTF-16 surrogate D800
        b"ab\xE6\x97",        // 日 cut after two bytes
        b"\x80",              // lone continuation byte
        b"x\xF4\x90\x80\x80", // above U+10FFFF
        b"\xFF\0",            // invalid before the NUL is still checked
    ];
    for text in cases {
        assert_err(&string_value(text), G4, ErrorKind::InvalidUtf8, 8);
    }
    // Godot 3 rejects bad lead/continuation bytes and truncated sequences (FORMAT.md §1.1;
    // it accepts surrogates and 5/6-byte forms, which this crate cannot return as `str`).
    let g3_cases: [&[u8]; 3] = [b"ab\xE6\x97", b"\x80", b"\xFF\0"];
    for text in g3_cases {
        let mut g3_bytes = string_value(text);
        g3_bytes[0] = g3::STRING as u8;
        assert_err(&g3_bytes, G3, ErrorKind::InvalidUtf8, 8);
    }
    // StringName is checked the same way.
    let name = B::new().u32(g4::STRING_NAME).str(b"\x80").done();
    assert_err(&name, G4, ErrorKind::InvalidUtf8, 8);
}

#[test]
fn invalid_utf8_in_nested_strings() {
    // G3 ["ok", "\x80"]: 0, 4, "ok" 8..20, second header 20, length 24, bytes 28.
    let bytes = B::new()
        .u32(g3::ARRAY)
        .u32(2)
        .u32(g3::STRING)
        .str(b"ok")
        .u32(g3::STRING)
        .str(b"\x80")
        .done();
    assert_err(&bytes, G3, ErrorKind::InvalidUtf8, 28);
    // Dictionary key.
    let bytes = B::new()
        .u32(g4::DICTIONARY)
        .u32(1)
        .u32(g4::STRING)
        .str(b"\xC1\xBF")
        .u32(g4::NIL)
        .done();
    assert_err(&bytes, G4, ErrorKind::InvalidUtf8, 16);
    // Full object class name: header 0, length 4, bytes 8.
    let bytes = B::new().u32(g4::OBJECT).str(b"No\xFFde").u32(0).done();
    assert_err(&bytes, G4, ErrorKind::InvalidUtf8, 8);
    // Object property name: class "Node" 4..12, count 12, name length 16, bytes 20.
    let bytes = B::new()
        .u32(g4::OBJECT)
        .str(b"Node")
        .u32(1)
        .str(b"\x80x")
        .u32(g4::NIL)
        .done();
    assert_err(&bytes, G4, ErrorKind::InvalidUtf8, 20);
    // NodePath second name: words 4, 8, 12; "a" 16..24; second length 24, bytes 28.
    let bytes = B::new()
        .u32(g3::NODE_PATH)
        .u32(BIT31 | 2)
        .u32(0)
        .u32(0)
        .str(b"a")
        .str(b"\xE6\x97")
        .done();
    assert_err(&bytes, G3, ErrorKind::InvalidUtf8, 28);
    // PackedStringArray second item: count 4, "a\0" 8..16, length 16, bytes 20.
    let bytes = B::new()
        .u32(g4::STRINGS)
        .u32(2)
        .str(b"a\0")
        .str(b"\xED\xBF\xBF\0")
        .done();
    assert_err(&bytes, G4, ErrorKind::InvalidUtf8, 20);
    // G4 typed array class name: header 0, length 4, bytes 8.
    let bytes = B::new()
        .u32(g4::ARRAY | (2 << 16))
        .str(b"\x80")
        .u32(0)
        .done();
    assert_err(&bytes, G4, ErrorKind::InvalidUtf8, 8);
    // Signal name.
    let bytes = B::new().u32(g4::SIGNAL).str(b"\x80").u64(0).done();
    assert_err(&bytes, G4, ErrorKind::InvalidUtf8, 8);
}

#[test]
fn bytes_after_a_nul_are_not_checked() {
    for d in [G3, G4] {
        let bytes = string_value(b"ab\0\xFF\xFE");
        let value = assert_ok(&bytes, d, 16);
        assert_eq!(value.as_str(), Some("ab"));
        let gd = value.as_gd_str().unwrap();
        assert_eq!(gd.raw_bytes(), b"ab\0\xFF\xFE");
        assert_eq!(gd.len(), 2);
    }
}

#[test]
fn a_leading_bom_is_skipped() {
    let bytes = string_value(b"\xEF\xBB\xBFhi");
    let value = assert_ok(&bytes, G4, 16);
    assert_eq!(value.as_str(), Some("hi"));
    let gd = value.as_gd_str().unwrap();
    assert_eq!(gd.raw_bytes(), b"\xEF\xBB\xBFhi");
    assert_eq!(gd, "hi");
    assert_eq!(gd.len(), 2);
    // Only one BOM is skipped: the second is text (U+FEFF).
    let bytes = string_value(b"\xEF\xBB\xBF\xEF\xBB\xBFx");
    assert_eq!(assert_ok(&bytes, G4, 16).as_str(), Some("\u{FEFF}x"));
    // Bytes after the BOM are still checked: the error is at the string's first byte.
    assert_err(
        &string_value(b"\xEF\xBB\xBF\x80"),
        G4,
        ErrorKind::InvalidUtf8,
        8,
    );
}

// ---------------------------------------------------------------- TooDeep

#[test]
fn godot_depth_limit_is_1025_levels() {
    for (d, id) in [(G3, g3::ARRAY), (G4, g4::ARRAY)] {
        // 1025 levels (depths 0..=1024): accepted.
        let ok = nested_arrays(id, 1024);
        let mut value = assert_ok(&ok, d, ok.len());
        for depth in 0..1024 {
            let array = value.as_array().unwrap();
            assert_eq!(array.len(), 1, "depth {depth}");
            value = array.get(0).unwrap();
            assert_eq!(value.offset(), 8 * (depth + 1));
        }
        assert!(value.as_array().unwrap().is_empty());
        // 1026 levels: the array at depth 1025 (offset 8 * 1025) is too deep.
        let deep = nested_arrays(id, 1025);
        assert_err(&deep, d, ErrorKind::TooDeep, 8 * 1025);
        // A scalar at depth 1025 is too deep as well.
        let scalar = B::new()
            .rep(1025, &B::new().u32(id).u32(1).done())
            .u32(0)
            .done();
        assert_err(&scalar, d, ErrorKind::TooDeep, 8 * 1025);
    }
}

#[test]
fn max_depth_above_1024_is_clamped() {
    let options = limits(Limits::new().max_depth(u16::MAX));
    assert_err_with(
        &nested_arrays(g3::ARRAY, 1025),
        G3,
        &options,
        ErrorKind::TooDeep,
        8200,
    );
}

#[test]
fn custom_lower_max_depth() {
    let options = limits(Limits::new().max_depth(3));
    let ok = nested_arrays(g4::ARRAY, 3);
    VariantRef::parse_with(&ok, G4, &options).expect("depths 0..=3");
    assert_err_with(
        &nested_arrays(g4::ARRAY, 4),
        G4,
        &options,
        ErrorKind::TooDeep,
        32,
    );
    // Depth 0 only: an empty array is fine, an element is not.
    let options = limits(Limits::new().max_depth(0));
    VariantRef::parse_with(&nested_arrays(g3::ARRAY, 0), G3, &options).expect("depth 0");
    let one = B::new().u32(g3::ARRAY).u32(1).u32(g3::NIL).done();
    assert_err_with(&one, G3, &options, ErrorKind::TooDeep, 8);
    // Dictionary keys count as one level deeper: {null: null} at max_depth 0.
    let dict = B::new()
        .u32(g3::DICTIONARY)
        .u32(1)
        .u32(g3::NIL)
        .u32(g3::NIL)
        .done();
    assert_err_with(&dict, G3, &options, ErrorKind::TooDeep, 8);
    // Object property values too: header 0, "Node" 4..12, count 12, "p" 16..24, value 24.
    let obj = B::new()
        .u32(g4::OBJECT)
        .str(b"Node")
        .u32(1)
        .str(b"p")
        .u32(g4::NIL)
        .done();
    assert_err_with(&obj, G4, &options, ErrorKind::TooDeep, 24);
}

#[test]
fn the_depth_limit_applies_to_fixtures_too() {
    // array_deep_1000 holds 1001 levels.
    for engine in ["g32", "g36", "g4"] {
        let c = common::case(engine, "array_deep_1000");
        VariantRef::parse(c.value_bytes(), c.dialect()).expect("1001 levels");
        let options = limits(Limits::new().max_depth(999));
        // Each level is 8 bytes; the array at depth 1000 is the first too deep.
        assert_err_with(
            c.value_bytes(),
            c.dialect(),
            &options,
            ErrorKind::TooDeep,
            8 * 1000,
        );
    }
}

#[test]
fn hundred_thousand_levels_fail_without_recursion() {
    let run = || {
        for (d, id) in [(G3, g3::ARRAY), (G4, g4::ARRAY)] {
            let unit = B::new().u32(id).u32(1).done();
            let bytes = B::new().rep(100_000, &unit).done();
            assert_eq!(bytes.len(), 800_000);
            assert_err(&bytes, d, ErrorKind::TooDeep, 8 * 1025);
        }
        // The same through dictionary values: {null: {null: ...}}, 12 bytes a level.
        // The key of the dictionary at depth 1024 sits at depth 1025, offset 12*1024 + 8.
        let unit = B::new().u32(g3::DICTIONARY).u32(1).u32(g3::NIL).done();
        let bytes = B::new().rep(100_000, &unit).done();
        assert_err(&bytes, G3, ErrorKind::TooDeep, 12 * 1024 + 8);
    };
    // A recursive decoder would need far more than 256 KiB of stack for this.
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(run)
        .expect("spawn")
        .join()
        .expect("no stack overflow, no panic");
}

// ---------------------------------------------------------------- TooManyNodes

#[test]
fn max_nodes_counts_every_value() {
    // G3 [1, 2, 3]: 4 nodes; elements at 8, 16, 24.
    let bytes = B::new()
        .u32(g3::ARRAY)
        .u32(3)
        .rep(3, &B::new().u32(g3::INT).i32(1).done())
        .done();
    let at = |n| limits(Limits::new().max_nodes(n));
    VariantRef::parse_with(&bytes, G3, &at(4)).expect("4 nodes allowed");
    assert_err_with(&bytes, G3, &at(3), ErrorKind::TooManyNodes, 24);
    assert_err_with(&bytes, G3, &at(1), ErrorKind::TooManyNodes, 8);
    assert_err_with(&bytes, G3, &at(0), ErrorKind::TooManyNodes, 0);
    // {"a": 1}: dict, key, value = 3 nodes; the value is at 8 + 12 = 20.
    let dict = B::new()
        .u32(g4::DICTIONARY)
        .u32(1)
        .u32(g4::STRING)
        .str(b"a")
        .u32(g4::INT)
        .i32(1)
        .done();
    VariantRef::parse_with(&dict, G4, &at(3)).expect("3 nodes");
    assert_err_with(&dict, G4, &at(2), ErrorKind::TooManyNodes, 20);
    // Object property values count (names do not): object + 2 values.
    let obj = B::new()
        .u32(g4::OBJECT)
        .str(b"Node")
        .u32(2)
        .str(b"a")
        .u32(g4::NIL)
        .str(b"b")
        .u32(g4::NIL)
        .done();
    VariantRef::parse_with(&obj, G4, &at(3)).expect("3 nodes");
    // header 0, "Node" 4..12, count 12, "a" 16..24, nil 24, "b" 28..36, nil 36.
    assert_err_with(&obj, G4, &at(2), ErrorKind::TooManyNodes, 36);
}

// ---------------------------------------------------------------- InvalidContainerType

#[test]
fn typed_container_with_an_unknown_builtin_type() {
    let bytes = B::new().u32(g4::ARRAY | KIND_BUILTIN).u32(39).u32(0).done();
    assert_err(&bytes, G4, ErrorKind::InvalidContainerType(39), 4);
    let bytes = B::new()
        .u32(g4::ARRAY | KIND_BUILTIN)
        .u32(0xffff_ffff)
        .u32(0)
        .done();
    assert_err(&bytes, G4, ErrorKind::InvalidContainerType(0xffff_ffff), 4);
    // 38 (PackedVector4Array) is the last valid id; 0 (Nil) is accepted too.
    for id in [38, 0] {
        let bytes = B::new().u32(g4::ARRAY | KIND_BUILTIN).u32(id).u32(0).done();
        assert_ok(&bytes, G4, 12);
    }
    // Dictionary[int, <40>]: key type at 4, value type at 8.
    let bytes = B::new()
        .u32(g4::DICTIONARY | KIND_BUILTIN | VALUE_KIND_BUILTIN)
        .u32(2)
        .u32(40)
        .u32(0)
        .done();
    assert_err(&bytes, G4, ErrorKind::InvalidContainerType(40), 8);
    // Nested: [Array[<39>]] — the inner type word is at 12.
    let bytes = B::new()
        .u32(g4::ARRAY)
        .u32(1)
        .u32(g4::ARRAY | KIND_BUILTIN)
        .u32(39)
        .u32(0)
        .done();
    assert_err(&bytes, G4, ErrorKind::InvalidContainerType(39), 12);
    // Godot 3 has no typed containers: bits 16-17 are ignored, no type word is read.
    let g3_bytes = B::new().u32(g3::ARRAY | KIND_BUILTIN).u32(0).done();
    assert!(assert_ok(&g3_bytes, G3, 8).as_array().unwrap().is_empty());
}

// ---------------------------------------------------------------- OldNodePath

#[test]
fn node_path_without_the_new_format_bit() {
    let bytes = B::new()
        .u32(g3::NODE_PATH)
        .u32(1)
        .u32(0)
        .u32(0)
        .str(b"a")
        .done();
    assert_err(&bytes, G3, ErrorKind::OldNodePath, 4);
    let bytes = B::new().u32(g4::NODE_PATH).u32(0).u32(0).u32(0).done();
    assert_err(&bytes, G4, ErrorKind::OldNodePath, 4);
    // Inside an array: the name-count word is at 8 + 4.
    let bytes = B::new()
        .u32(g4::ARRAY)
        .u32(1)
        .u32(g4::NODE_PATH)
        .u32(0)
        .u32(0)
        .u32(0)
        .done();
    assert_err(&bytes, G4, ErrorKind::OldNodePath, 12);
    // With the bit: the empty path, 16 bytes.
    let bytes = B::new().u32(g4::NODE_PATH).u32(BIT31).u32(0).u32(0).done();
    assert!(assert_ok(&bytes, G4, 16).as_node_path().unwrap().is_empty());
}

// ---------------------------------------------------------------- FullObjectNotAllowed

fn no_objects() -> ParseOptions {
    limits(Limits::new().allow_full_objects(false))
}

#[test]
fn full_objects_can_be_refused() {
    let full = B::new().u32(g4::OBJECT).str(b"Resource").u32(0).done();
    VariantRef::parse(&full, G4).expect("allowed by default");
    assert_err_with(&full, G4, &no_objects(), ErrorKind::FullObjectNotAllowed, 0);
    // A full null object (empty class name) is refused too: the engine checks first.
    let null = B::new().u32(g3::OBJECT).u32(0).done();
    assert_err_with(&null, G3, &no_objects(), ErrorKind::FullObjectNotAllowed, 0);
    // Nested in an array after an int: at 16.
    let nested = B::new()
        .u32(g4::ARRAY)
        .u32(2)
        .u32(g4::INT)
        .i32(1)
        .raw(&full)
        .done();
    assert_err_with(
        &nested,
        G4,
        &no_objects(),
        ErrorKind::FullObjectNotAllowed,
        16,
    );
}

#[test]
fn object_ids_are_always_accepted() {
    let as_id = B::new().u32(g4::OBJECT | FLAG_16).u64(1234).done();
    let value = VariantRef::parse_with(&as_id, G4, &no_objects()).expect("object-as-id");
    assert!(matches!(value.as_object(), Some(ObjectRef::Id(1234))));
    // Engine fixtures, written without and with full objects.
    for engine in ["g32", "g4"] {
        let c = common::case(engine, "object_in_array");
        VariantRef::parse_with(c.value_bytes(), c.dialect(), &no_objects()).expect("ids only");
        // [1, Object, "s"]: array 0, count 4, int 8..16, object at 16.
        let c = common::case(engine, "object_in_array__fo");
        assert_err_with(
            c.value_bytes(),
            c.dialect(),
            &no_objects(),
            ErrorKind::FullObjectNotAllowed,
            16,
        );
    }
}

// ---------------------------------------------------------------- InvalidScriptProperty

fn object_with_script(value: &[u8]) -> Vec<u8> {
    // header 0, "Resource" 4..16, count 16, "script" 20..32, value at 32.
    B::new()
        .u32(g4::OBJECT)
        .str(b"Resource")
        .u32(1)
        .str(b"script")
        .raw(value)
        .done()
}

#[test]
fn godot4_script_property_must_be_null_or_a_string() {
    let int_script = object_with_script(&B::new().u32(g4::INT).i32(5).done());
    assert_err(&int_script, G4, ErrorKind::InvalidScriptProperty, 32);
    // A StringName is not a String for the engine either.
    let name_script = object_with_script(&B::new().u32(g4::STRING_NAME).str(b"res://a.gd").done());
    assert_err(&name_script, G4, ErrorKind::InvalidScriptProperty, 32);
    // null and String are fine.
    assert_ok(&object_with_script(&[0, 0, 0, 0]), G4, 36);
    let path = object_with_script(&B::new().u32(g4::STRING).str(b"res://a.gd").done());
    assert_ok(&path, G4, 52);
    // Godot 3 has no such check (its script property is a full object).
    let mut g3_bytes = int_script.clone();
    g3_bytes[0] = g3::OBJECT as u8;
    assert_ok(&g3_bytes, G3, 40);
    // Nested one object deeper: outer header 0, "Node" 4..12, count 12, "child" 16..28,
    // inner object at 28; its script value at 28 + 32 = 60.
    let nested = B::new()
        .u32(g4::OBJECT)
        .str(b"Node")
        .u32(1)
        .str(b"child")
        .raw(&int_script)
        .done();
    assert_err(&nested, G4, ErrorKind::InvalidScriptProperty, 60);
}

#[test]
fn script_property_name_is_compared_as_godot_reads_it() {
    // header 0, "Resource" 4..16, count 16, "script\0" 20..32, value at 32.
    let bytes = B::new()
        .u32(g4::OBJECT)
        .str(b"Resource")
        .u32(1)
        .str(b"script\0")
        .u32(g4::INT)
        .i32(5)
        .done();
    assert_err(&bytes, G4, ErrorKind::InvalidScriptProperty, 32);
    let bom = B::new()
        .u32(g4::OBJECT)
        .str(b"Resource")
        .u32(1)
        .str(b"\xEF\xBB\xBFscript")
        .u32(g4::INT)
        .i32(5)
        .done();
    assert_err(&bom, G4, ErrorKind::InvalidScriptProperty, 36);
}

#[test]
fn class_name_that_reads_as_empty_is_a_null_object() {
    for (d, id) in [(G3, g3::OBJECT), (G4, g4::OBJECT)] {
        let bytes = B::new().u32(id).str(b"\0").done();
        let value = assert_ok(&bytes, d, 12);
        assert!(matches!(value.as_object(), Some(ObjectRef::Null)));
    }
}

// ---------------------------------------------------------------- strict mode

#[test]
fn trailing_bytes() {
    for d in [G3, G4] {
        for extra in [1usize, 3, 4, 100] {
            let bytes = B::new().u32(0).raw(&vec![0xAA; extra]).done();
            let kind = ErrorKind::TrailingBytes {
                left: extra,
                frames: 0,
            };
            assert_err_with(&bytes, d, &strict(), kind, 4);
            // parse refuses them in every mode, as serde_json refuses trailing characters.
            assert_err(&bytes, d, kind, 4);
            assert!(matches!(
                VariantBuf::new(bytes.clone(), d).map(drop),
                Err(e) if e == Error::new(kind, 4)
            ));
            // parse_prefix is the engine's lenient reading: the rest is the caller's.
            let (value, len) = VariantRef::parse_prefix(&bytes, d).expect("lenient");
            assert!(value.is_nil());
            assert_eq!((value.encoded().len(), len), (4, 4));
            let (_, len) = VariantRef::parse_prefix_with(&bytes, d, &strict()).expect("prefix");
            assert_eq!(len, 4);
        }
    }
    // A store_var file still has its length prefix (12): read as a header, that is type 12
    // (Vector4), which needs 16 bytes where 12 remain.
    let c = common::case("g4", "w_string__store_var");
    assert_eq!(&c.file[..4], &[12, 0, 0, 0]);
    assert_err(&c.file, c.dialect(), ErrorKind::UnexpectedEnd, 4);
    VariantRef::parse_with(c.value_bytes(), c.dialect(), &strict()).expect("without the prefix");
}

/// A file of several store_var frames read as one value: the first length prefix parses as
/// a header, and the error says the input is frames. (Before, `parse` returned a Vector4
/// of denormals from the first 20 bytes.)
#[test]
fn store_var_frames_read_as_one_value_say_so() {
    let parts = [
        "w_int64__store_var",
        "w_string__store_var",
        "w_object_fo__store_var",
    ];
    for dir in ["g4", "g36"] {
        let mut file = Vec::new();
        for _ in 0..3 {
            for name in parts {
                file.extend_from_slice(&common::case(dir, name).file);
            }
        }
        let d = common::case(dir, parts[0]).dialect();
        // Frame 0 is store_var(an int64): its prefix, 12, is a header (Vector4 in Godot 4,
        // Basis in Godot 3) that the next bytes fill.
        match VariantRef::parse(&file, d) {
            Err(e) => {
                let ErrorKind::TrailingBytes { left, frames } = e.kind() else {
                    panic!("{dir}: {e}");
                };
                assert_eq!(frames, 9, "{dir}: {e}");
                assert_eq!(left, file.len() - e.offset(), "{dir}");
                assert!(
                    e.to_string().contains("this looks like 9 store_var frames"),
                    "{e}"
                );
            }
            Ok(v) => panic!("{dir}: read {v:?} from a file of frames"),
        }
        assert!(VariantBuf::new(file.clone(), d).is_err());
        // The detecting constructor refuses several frames too, and names them.
        let e = VariantRef::detect(&file).unwrap_err();
        assert!(
            matches!(e, gdvariant::frame::AutoError::Frames { count: 9, .. }),
            "{e}"
        );
    }
}

#[test]
fn unused_header_bits() {
    // Bit 8 on an int: ignored by default, non-canonical when strict.
    for d in [G3, G4] {
        let bytes = B::new().u32(g3::INT | 1 << 8).i32(-3).done();
        assert_eq!(assert_ok(&bytes, d, 8).as_int(), Some(-3));
        assert_err_with(&bytes, d, &strict(), ErrorKind::NonCanonical, 0);
        let bytes = B::new().u32(g3::NIL | 1 << 31).done();
        assert!(assert_ok(&bytes, d, 4).is_nil());
        assert_err_with(&bytes, d, &strict(), ErrorKind::NonCanonical, 0);
    }
    // Bit 16 on a Godot 3 Vector2: ignored (still two f32), non-canonical when strict.
    let bytes = B::new()
        .u32(g3::VECTOR2 | FLAG_16)
        .f32(1.5)
        .f32(-2.0)
        .done();
    let value = assert_ok(&bytes, G3, 12);
    assert_eq!(value.as_math().unwrap().to_array::<2>(), Some([1.5, -2.0]));
    assert!(!value.is_double());
    assert_err_with(&bytes, G3, &strict(), ErrorKind::NonCanonical, 0);
    // ...but in Godot 4 it is the 64-bit flag: used, so strict accepts it.
    let bytes = B::new()
        .u32(g4::VECTOR2 | FLAG_16)
        .u64(1.5f64.to_bits())
        .u64((-2.0f64).to_bits())
        .done();
    let value = VariantRef::parse_with(&bytes, G4, &strict()).expect("f64 Vector2");
    assert_eq!(value.as_math().unwrap().to_array::<2>(), Some([1.5, -2.0]));
    assert!(value.as_math().unwrap().is_double());
    // Bit 16 on a Godot 4 Color is not used: still 4 × f32.
    let bytes = B::new()
        .u32(g4::COLOR | FLAG_16)
        .f32(1.0)
        .f32(0.5)
        .f32(0.25)
        .f32(1.0)
        .done();
    let value = assert_ok(&bytes, G4, 20);
    assert_eq!(
        value.as_math().unwrap().to_array_f32::<4>(),
        Some([1.0, 0.5, 0.25, 1.0])
    );
    assert_err_with(&bytes, G4, &strict(), ErrorKind::NonCanonical, 0);
    // Godot 4 containers use bits 16-17 (Array) and 16-19 (Dictionary), no more.
    let array = B::new().u32(g4::ARRAY | 1 << 18).u32(0).done();
    assert_ok(&array, G4, 8);
    assert_err_with(&array, G4, &strict(), ErrorKind::NonCanonical, 0);
    let dict = B::new().u32(g4::DICTIONARY | 1 << 20).u32(0).done();
    assert_ok(&dict, G4, 8);
    assert_err_with(&dict, G4, &strict(), ErrorKind::NonCanonical, 0);
    // Godot 3 containers use none: a typed-looking G3 array is non-canonical.
    let g3_array = B::new().u32(g3::ARRAY | KIND_BUILTIN).u32(0).done();
    assert_err_with(&g3_array, G3, &strict(), ErrorKind::NonCanonical, 0);
    // Nested: G3 [<int with bit 8>] — the element header is at 8.
    let nested = B::new()
        .u32(g3::ARRAY)
        .u32(1)
        .u32(g3::INT | 1 << 8)
        .i32(0)
        .done();
    assert_ok(&nested, G3, 16);
    assert_err_with(&nested, G3, &strict(), ErrorKind::NonCanonical, 8);
}

#[test]
fn shared_bit_on_container_counts() {
    // [null] with bit 31 on the count: masked by default, non-canonical when strict.
    for (d, id) in [(G3, g3::ARRAY), (G4, g4::ARRAY)] {
        let bytes = B::new().u32(id).u32(BIT31 | 1).u32(0).done();
        let value = assert_ok(&bytes, d, 12);
        let array = value.as_array().unwrap();
        assert_eq!(array.len(), 1);
        assert!(array.get(0).unwrap().is_nil());
        assert_err_with(&bytes, d, &strict(), ErrorKind::NonCanonical, 4);
    }
    // {null: 7}, G3.
    let bytes = B::new()
        .u32(g3::DICTIONARY)
        .u32(BIT31 | 1)
        .u32(g3::NIL)
        .u32(g3::INT)
        .i32(7)
        .done();
    let dict = assert_ok(&bytes, G3, 20).as_dictionary().unwrap();
    assert_eq!(dict.len(), 1);
    assert_err_with(&bytes, G3, &strict(), ErrorKind::NonCanonical, 4);
    // Only the bit: an empty array by default.
    let bytes = B::new().u32(g4::ARRAY).u32(BIT31).done();
    assert!(assert_ok(&bytes, G4, 8).as_array().unwrap().is_empty());
    assert_err_with(&bytes, G4, &strict(), ErrorKind::NonCanonical, 4);
}

#[test]
fn negative_packed_string_array_count() {
    for (d, id) in [(G3, g3::STRINGS), (G4, g4::STRINGS)] {
        let bytes = B::new().u32(id).u32(0xffff_ffff).done();
        let value = assert_ok(&bytes, d, 8);
        let packed = value.as_packed().unwrap();
        assert_eq!(packed.len(), 0);
        assert_eq!(packed.strings().unwrap().iter().count(), 0);
        assert_err_with(&bytes, d, &strict(), ErrorKind::NonCanonical, 4);
        // A negative count followed by bytes: they are trailing, not items.
        let bytes = B::new().u32(id).u32(0x8000_0000).str(b"a").done();
        assert_ok(&bytes, d, 8);
    }
}

#[test]
fn negative_object_property_count() {
    // header 0, "Resource" 4..16, count at 16.
    let bytes = B::new()
        .u32(g4::OBJECT)
        .str(b"Resource")
        .u32(0xffff_fffe)
        .done();
    let value = assert_ok(&bytes, G4, 20);
    match value.as_object() {
        Some(ObjectRef::Full(full)) => {
            assert_eq!(full.class(), "Resource");
            assert_eq!(full.len(), 0);
            assert_eq!(full.properties().count(), 0);
        }
        other => panic!("expected a full object, got {other:?}"),
    }
    assert_err_with(&bytes, G4, &strict(), ErrorKind::NonCanonical, 16);
}

#[test]
fn byte_array_padding_cut_off_at_the_end() {
    for (d, id) in [(G3, g3::BYTES), (G4, g4::BYTES)] {
        // [1, 2, 3] without its pad byte: 11 bytes; the pad would start at 11.
        let bytes = B::new().u32(id).u32(3).raw(&[1, 2, 3]).done();
        let value = assert_ok(&bytes, d, 11);
        assert_eq!(value.as_packed().unwrap().as_u8(), Some(&[1u8, 2, 3][..]));
        assert_err_with(&bytes, d, &strict(), ErrorKind::NonCanonical, 11);
        // Partly present (1 of 3 pad bytes): same error, at the start of the padding (9).
        let bytes = B::new().u32(id).u32(1).raw(&[9, 0]).done();
        assert_ok(&bytes, d, 10);
        assert_err_with(&bytes, d, &strict(), ErrorKind::NonCanonical, 9);
        // Padded: strict is happy.
        let bytes = B::new().u32(id).u32(3).raw(&[1, 2, 3, 0]).done();
        VariantRef::parse_with(&bytes, d, &strict()).expect("padded");
    }
    // Nested at the very end: [<bytes [0xAA] without pad>] — data at 16, pad would be 17.
    let bytes = B::new()
        .u32(g4::ARRAY)
        .u32(1)
        .u32(g4::BYTES)
        .u32(1)
        .raw(&[0xAA])
        .done();
    let value = assert_ok(&bytes, G4, 17);
    let inner = value.as_array().unwrap().get(0).unwrap();
    assert_eq!(inner.as_packed().unwrap().as_u8(), Some(&[0xAAu8][..]));
    assert_err_with(&bytes, G4, &strict(), ErrorKind::NonCanonical, 17);
}

#[test]
fn strict_mode_does_not_check_padding_contents() {
    // FORMAT.md §1.1: Godot 3 NodePath pads are uninitialised memory; decoders must never
    // validate pad contents. Strict mode agrees.
    let bytes = B::new()
        .u32(g4::STRING)
        .str_padded_with(b"abc", 0xFF)
        .done();
    let value = VariantRef::parse_with(&bytes, G4, &strict()).expect("non-zero pad");
    assert_eq!(value.as_str(), Some("abc"));
    let bytes = B::new().u32(g3::BYTES).u32(1).raw(&[7, 1, 2, 3]).done();
    VariantRef::parse_with(&bytes, G3, &strict()).expect("non-zero byte-array pad");
}

#[test]
fn strict_mode_accepts_everything_the_engines_wrote() {
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            let bytes = c.value_bytes();
            if c.decoded_text.is_none() || bytes.is_empty() {
                continue; // engine failures kept on purpose
            }
            if let Err(e) = VariantRef::parse_with(bytes, c.dialect(), &strict()) {
                panic!("{engine}/{}: strict rejects engine output: {e}", c.name);
            }
        }
    }
}

// ---------------------------------------------------------------- Error itself

#[test]
fn error_display_names_the_offset_in_hex() {
    let bytes = B::new()
        .u32(g3::ARRAY)
        .u32(2)
        .u32(g3::INT)
        .i32(1)
        .u32(0x63)
        .done();
    let e = VariantRef::parse(&bytes, G3).unwrap_err();
    assert_eq!(e.to_string(), "unknown type id 0x63 at offset 0x10");
    assert!(e.to_string().contains("at offset 0x10"));
    let e = VariantRef::parse(&[4, 0, 0, 0, 9, 0, 0, 0], G4).unwrap_err();
    assert_eq!(
        e.to_string(),
        "length or count exceeds the remaining input at offset 0x4"
    );
    // 0x1234 nils then an unknown id at 8 + 0x1234 * 4 = 0x48d8.
    let array = B::new()
        .u32(g4::ARRAY)
        .u32(0x1235)
        .rep(0x1234, &[0; 4])
        .u32(0xEE)
        .done();
    let e = VariantRef::parse(&array, G4).unwrap_err();
    assert_eq!(e.offset(), 0x48d8);
    assert!(e.to_string().ends_with("at offset 0x48d8"), "{e}");
    let e = VariantRef::parse(&[28, 0, 1, 0, 39, 0, 0, 0, 0, 0, 0, 0], G4).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid typed-container element type 39 at offset 0x4"
    );
}

#[test]
fn builder_sanity() {
    // The helpers themselves, against hand-written bytes.
    assert_eq!(
        B::new().str(b"abc").done(),
        [3, 0, 0, 0, b'a', b'b', b'c', 0]
    );
    assert_eq!(B::new().str(b"abcd").len(), 8);
    assert_eq!(B::new().str(b"").done(), [0, 0, 0, 0]);
    assert_eq!(
        nested_arrays(19, 1),
        [19, 0, 0, 0, 1, 0, 0, 0, 19, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(
        B::new().i32(-2).u64(1).done(),
        [0xFE, 0xFF, 0xFF, 0xFF, 1, 0, 0, 0, 0, 0, 0, 0]
    );
}
