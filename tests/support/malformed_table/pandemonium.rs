//! Rows for Pandemonium's three eras. No Pandemonium engine runs here: the engine columns
//! are the engine's own decoding recorded with the fixtures (`tests/fixtures/pandemonium/`,
//! `Reject`/`Accept`: measured), or, for inputs the fixtures do not hold, what its
//! `core/io/marshalls.cpp` does with them (`SourceReject`/`SourceAccept`: read, not
//! measured).

use super::*;

const PM_A: Dialect = Dialect::PandemoniumA;
const PM_B: Dialect = Dialect::PandemoniumB;
const PM_C: Dialect = Dialect::PandemoniumC;

/// A fixture's bytes.
fn fixture(era: &str, name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pandemonium")
        .join(era)
        .join(format!("{name}.bin"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

const WHY_PROJECTION: &str = "the engine's decoder demands 62 floats (248 bytes) after a \
    Projection's header but reads 16 (FORMAT.md §6, marshalls.cpp:384), so it refuses every \
    Projection its own encoder writes unless 184 more bytes happen to follow. We read the 64 \
    bytes the encoder wrote: the value is in the bytes, nothing is read past them";
const WHY_VECTOR4_12: &str = "the engine's decoder reads a Vector4 / Vector4i's 16 bytes \
    but advances by 12 (marshalls.cpp:268, 282): inside a container the next value is read \
    from w, so the engine sees a different value (a NIL here) or fails. We advance by the 16 \
    bytes the encoder wrote and read the value it wrote";
const WHY_POOL_W: &str = "the engine's decoder reads each w of a PoolVector4Array from \
    the z slot (marshalls.cpp:1033): the w it wrote is lost on reading. We read w from its \
    own slot, the value the encoder wrote";
const WHY_TYPED_UNKNOWN: &str = "era C's decoder takes any element type number without a \
    range check; its array then refuses every element and drops it silently (push_back's \
    result is ignored), so the value read is not the value in the bytes. We refuse the \
    number (InvalidContainerType), as we refuse a Godot 4 container type no type has: no \
    value is silently emptied, and every value we accept can be written back";

pub(super) fn rows() -> Vec<Row> {
    vec![
        // --- Type ids past each era's VARIANT_MAX (33, 38, 40).
        row("unknown type id", "type_id_past_max_pma", PM_A, || h(33).done())
            .ours(Ours::Err(K::UnknownType(33), 0))
            .engine("pma", SourceReject("(type & 0xFF) >= VARIANT_MAX (33): ERR_INVALID_DATA")),
        row("unknown type id", "type_id_past_max_pmb", PM_B, || h(38).done())
            .ours(Ours::Err(K::UnknownType(38), 0))
            .engine("pmb", SourceReject("(type & 0xFF) >= VARIANT_MAX (38): ERR_INVALID_DATA")),
        row("unknown type id", "type_id_past_max_pmc", PM_C, || h(40).done())
            .ours(Ours::Err(K::UnknownType(40), 0))
            .engine("pmc", SourceReject("(type & 0xFF) >= VARIANT_MAX (40): ERR_INVALID_DATA")),
        // --- Era A's ids are Godot 3's renumbered: id 24 is a PoolByteArray there.
        row("truncated", "pool_bytes_short_pma", PM_A, || h(24).u32(8).u32(0).done())
            .ours(Ours::Err(K::LengthOutOfBounds, 4))
            .engine("pma", SourceReject("count > len: ERR_INVALID_DATA")),
        row("truncated", "vector2i_short_pma", PM_A, || h(6).u32(1).done())
            .ours(Ours::Err(K::UnexpectedEnd, 4))
            .engine("pma", SourceReject("len < 4 * 2: ERR_INVALID_DATA")),
        // --- The decoder bugs, on the engines' own bytes (measured).
        row("engine decoder bug", "projection_persp_pmb", PM_B, || fixture("pmb", "projection_persp"))
            .ours(Ours::Ok("Projection(1.1547, 0, 0, 0, 0, 1.73205, 0, 0, 0, 0, -1.002, -1, 0, 0, -0.2002, 0)"))
            .engine("pmb", Reject("Condition \"(size_t)len < sizeof(float) * 62\" is true. Returned: ERR_INVALID_DATA"))
            .why(WHY_PROJECTION),
        row("engine decoder bug", "projection_vectors_pmc", PM_C, || fixture("pmc", "projection_vectors"))
            .ours(Ours::Ok("Projection(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)"))
            .engine("pmc", Reject("Condition \"(size_t)len < sizeof(float) * 62\" is true. Returned: ERR_INVALID_DATA"))
            .why(WHY_PROJECTION),
        row("engine decoder bug", "array_vector4_then_int_pmb", PM_B, || fixture("pmb", "array_vector4_then_int"))
            .ours(Ours::Ok("[ Vector4( 1, 2, 3, 4 ), 5 ]"))
            .engine("pmb", Accept("[ Vector4( 1, 2, 3, 4 ), null ]"))
            .why(WHY_VECTOR4_12),
        row("engine decoder bug", "array_vector4i_bad_w_pmb", PM_B, || fixture("pmb", "array_vector4i_bad_w"))
            .ours(Ours::Ok("[ Vector4i( 1, 2, 3, 200 ), 1 ]"))
            .engine("pmb", Reject("Condition \"(type & 0xFF) >= Variant::VARIANT_MAX\" is true. Returned: ERR_INVALID_DATA"))
            .why(WHY_VECTOR4_12),
        row("engine decoder bug", "typed_vector4_pmc", PM_C, || fixture("pmc", "typed_vector4"))
            .ours(Ours::Ok("TypedArray( Vector4 , Vector4( 1, 2, 3, 4 ), Vector4( 5, 6, 7, 8 ) )"))
            .engine("pmc", Accept("TypedArray( Vector4 , Vector4( 1, 2, 3, 4 ) )"))
            .why(WHY_VECTOR4_12),
        row("engine decoder bug", "pool_vector4_pmb", PM_B, || fixture("pmb", "pv4_1"))
            .ours(Ours::Ok("PoolVector4Array( 1, 2, 3, 4 )"))
            .engine("pmb", Accept("PoolVector4Array( 1, 2, 3, 3 )"))
            .why(WHY_POOL_W),
        // The encoder writes z in a PoolVector4iArray's w slot: both read what is there.
        row("engine decoder bug", "pool_vector4i_pmc", PM_C, || fixture("pmc", "pv4i_1"))
            .ours(Ours::Ok("PoolVector4iArray( 1, 2, 3, 3 )"))
            .engine("pmc", Accept("PoolVector4iArray( 1, 2, 3, 3 )")),
        row("truncated", "projection_short_pmc", PM_C, || h(19).zeros(60).done())
            .ours(Ours::Err(K::UnexpectedEnd, 4))
            .engine("pmc", SourceReject("len < sizeof(float) * 62: ERR_INVALID_DATA")),
        // --- Era C's typed arrays.
        row("typed array", "typed_unknown_element_type_pmc", PM_C, || {
            h(27).u32(200).u32(1).int(7).done()
        })
        .ours(Ours::Err(K::InvalidContainerType(200), 4))
        .engine("pmc", SourceAccept("TypedArray(  ,  )"))
        .why(WHY_TYPED_UNKNOWN),
        row("typed array", "typed_class_not_string_name_pmc", PM_C, || {
            h(27).u32(23).string(b"Node").u32(0).done()
        })
        .ours(Ours::Err(K::InvalidContainerType(4), 8))
        .engine("pmc", SourceReject("class name not a STRING_NAME: Error when trying to decode Variant.")),
        row("typed array", "typed_count_past_end_pmc", PM_C, || h(27).u32(2).u32(5).int(1).done())
        .ours(Ours::Err(K::LengthOutOfBounds, 8))
        .engine("pmc", SourceReject("the third element's header is past the end: ERR_INVALID_DATA")),
        row("typed array", "typed_count_missing_pmc", PM_C, || {
            h(27).u32(23).u32(24).str(b"Node").done()
        })
        .ours(Ours::Err(K::UnexpectedEnd, 20))
        // The engine reads this count 4 bytes past the input (no length check after the
        // class name): undefined behaviour that a later check may or may not catch. We
        // check the length first.
        .engine("pmc", SourceReject("reads the count past the end (no len check), then fails")),
    ]
}
