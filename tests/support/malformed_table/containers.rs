//! Rows of the malformed table: wide and typed containers, NodePaths, objects, padding,
//! duplicate keys, store_var prefixes, the leniency both sides share, float payloads.

use super::*;

pub(super) fn rows() -> Vec<Row> {
    vec![
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
}
