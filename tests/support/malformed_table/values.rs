//! Rows of the malformed table: truncations, type ids, string lengths, UTF-8, counts,
//! overflows, negative counts, depth.

use super::*;

pub(super) fn rows() -> Vec<Row> {
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
    ]
}
