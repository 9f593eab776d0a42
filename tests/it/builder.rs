//! The builder: re-encoding every engine fixture gives the engine's bytes back.

use crate::common;

use gdvariant::{BuildError, Builder, ContainerType, Dialect, VariantRef, VariantType};

#[test]
fn reencoding_every_engine_fixture_gives_the_engine_bytes() {
    let mut checked = 0;
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            let bytes = c.value_bytes();
            if bytes.is_empty() {
                continue; // the engine's own failure case
            }
            let value = VariantRef::parse(bytes, c.dialect()).unwrap();
            let mut out = Vec::new();
            Builder::new(&mut out, c.dialect()).value(value).unwrap();
            let mut expected = bytes.to_vec();
            if c.dialect() == Dialect::Godot3 {
                common::zero_node_path_padding(&mut expected, Dialect::Godot3);
            }
            assert_eq!(out, expected, "{engine}/{}", c.name);
            checked += 1;
        }
    }
    assert_eq!(
        checked, 332,
        "333 engine cases, one of them the engine's own empty failure"
    );
}

#[test]
fn builder_writes_what_godot_4_writes() {
    // Each expectation is a fixture written by Godot 4.6.3.
    let check = |name: &str, build: &dyn Fn(Builder<'_>) -> Result<(), BuildError>| {
        let mut out = Vec::new();
        build(Builder::new(&mut out, Dialect::Godot4)).unwrap();
        assert_eq!(out, common::case("g4", name).value_bytes(), "{name}");
    };
    check("int_i32_max", &|b| b.int(2147483647));
    check("int_2p31", &|b| b.int(2147483648));
    check("int_i64_min", &|b| b.int(i64::MIN));
    check("float_0_1", &|b| b.float(0.1));
    check("float_m1_5", &|b| b.float(-1.5));
    check("str_emoji_mixed", &|b| b.string("a😀béc👍🏽"));
    check("stringname_utf8", &|b| b.string_name("nöde_日"));
    check("vector3", &|b| b.vector3([1.0, -2.0, 3.5]));
    check("vector3i", &|b| {
        b.math_i32(VariantType::Vector3i, &[1, -2, i32::MIN])
    });
    check("color", &|b| b.color([0.1, 0.2, 0.3, 0.4]));
    check("nodepath_subnames", &|b| {
        b.node_path_str("Node/Child:prop:sub")
    });
    check("nodepath_abs", &|b| {
        b.node_path(&["root", "Main"], &[] as &[&str], true)
    });
    check("nodepath_only_subname", &|b| b.node_path_str(":position:x"));
    check("nodepath_empty", &|b| b.node_path_str(""));
    check("rid_canvas", &|b| b.rid(94489280513));
    check("signal_empty", &|b| b.signal("", 0));
    check("callable_empty", &|b| b.callable());
    check("object_freed", &|b| b.object_null());
    check("pba_5", &|b| b.packed_bytes(&[1, 2, 3, 4, 5]));
    check("pi64_extremes", &|b| {
        b.packed_i64(&[0, -1, i64::MAX, i64::MIN])
    });
    check("pv3_1", &|b| b.packed_vector3(&[[1.0, 2.0, 3.0]]));
    check("pv4_1", &|b| b.packed_vector4(&[[1.0, 2.0, 3.0, 4.0]]));
    check("pstr_lens", &|b| {
        b.packed_strings(["a", "bc", "def", "ghij", "klmno", "日本", "😀"])
    });
    check("pstr_one_empty", &|b| b.packed_strings([""]));
    check("array_nested", &|b| {
        let mut outer = b.array()?;
        {
            let mut a = outer.push().array()?;
            a.push().int(1)?;
            let mut b2 = a.push().array()?;
            b2.push().int(2)?;
            let mut c = b2.push().array()?;
            c.push().int(3)?;
            c.push().array()?.finish()?;
            c.finish()?;
            b2.finish()?;
            a.finish()?;
        }
        outer.push().array()?.finish()?;
        outer.finish()
    });
    check("dict_nested", &|b| {
        let mut d = b.dictionary()?;
        let mut a = d.entry("a").dictionary()?;
        let mut bb = a.entry("b").dictionary()?;
        let mut c = bb.entry("c").array()?;
        c.push().int(1)?;
        c.push().int(2)?;
        c.push().dictionary()?.entry("d").nil()?;
        drop(c); // dropping patches the count too
        drop(bb);
        drop(a);
        d.finish()
    });
    check("array_typed_int", &|b| {
        let mut a = b.typed_array(ContainerType::Builtin(VariantType::Int))?;
        for i in 1..=3 {
            a.push().int(i)?;
        }
        a.finish()
    });
    check("array_typed_node_empty", &|b| {
        b.typed_array(ContainerType::ClassName("EncodedObjectAsID"))?
            .finish()
    });
    check("dict_typed_str_int", &|b| {
        let mut d = b.typed_dictionary(
            ContainerType::Builtin(VariantType::String),
            ContainerType::Builtin(VariantType::Int),
        )?;
        d.entry("a").int(1)?;
        d.entry("b").int(2)?;
        d.finish()
    });
    check("dict_typed_value_only", &|b| {
        let mut d = b.typed_dictionary(
            ContainerType::Untyped,
            ContainerType::Builtin(VariantType::Float),
        )?;
        d.entry("k").float(1.5)?;
        d.finish()
    });
    check("w_object_fo__store_var", &|b| {
        let mut o = b.object("Resource")?;
        o.property("resource_local_to_scene")?.bool(false)?;
        o.property("resource_name")?.string("saved")?;
        o.property("script")?.nil()?;
        o.finish()
    });
}

#[test]
fn a_slot_left_unwritten_or_failed_holds_null() {
    let mut out = Vec::new();
    let mut a = Builder::new(&mut out, Dialect::Godot3).array().unwrap();
    let _ = a.push(); // dropped unused
    assert_eq!(
        a.push().string_name("x"),
        Err(BuildError::TypeNotInDialect {
            ty: VariantType::StringName,
            dialect: Dialect::Godot3
        })
    );
    a.push().int(7).unwrap();
    a.finish().unwrap();
    let v = VariantRef::parse(&out, Dialect::Godot3).unwrap();
    assert_eq!(v.to_string(), "[ null, null, 7 ]");
}

#[test]
fn what_godot_3_cannot_express_is_an_error() {
    let g3 = |f: &dyn Fn(Builder<'_>) -> Result<(), BuildError>| {
        let mut out = Vec::new();
        let r = f(Builder::new(&mut out, Dialect::Godot3));
        assert!(out.is_empty(), "nothing is written on error");
        r.unwrap_err()
    };
    assert_eq!(
        g3(&|b| b.math_i32(VariantType::Vector2i, &[1, 2])),
        BuildError::TypeNotInDialect {
            ty: VariantType::Vector2i,
            dialect: Dialect::Godot3
        }
    );
    assert!(matches!(
        g3(&|b| b.math_f64(VariantType::Vector2, &[1.0, 2.0])),
        BuildError::NotInDialect { .. }
    ));
    assert!(matches!(
        g3(&|b| b
            .typed_array(ContainerType::Builtin(VariantType::Int))
            .map(|_| ())),
        BuildError::NotInDialect { .. }
    ));
    assert!(matches!(g3(&|b| b.rid(5)), BuildError::NotInDialect { .. }));
    assert!(matches!(
        g3(&|b| b.packed_i64(&[1])),
        BuildError::TypeNotInDialect { .. }
    ));
    assert_eq!(
        g3(&|b| b.math(VariantType::Vector3, &[1.0, 2.0])),
        BuildError::WrongComponentCount {
            ty: VariantType::Vector3,
            expected: 3,
            got: 2
        }
    );
}

#[test]
fn godot_3_bytes_reencode_as_godot_4_and_back() {
    let c = common::case("g36", "w_dict__store_var");
    let g3 = VariantRef::parse(c.value_bytes(), Dialect::Godot3).unwrap();
    let mut g4 = Vec::new();
    Builder::new(&mut g4, Dialect::Godot4).value(g3).unwrap();
    assert_eq!(
        g4,
        common::case("g4", "w_dict__stream_put_var").value_bytes()
    );
    let mut back = Vec::new();
    Builder::new(&mut back, Dialect::Godot3)
        .value(VariantRef::parse(&g4, Dialect::Godot4).unwrap())
        .unwrap();
    assert_eq!(back, c.value_bytes());
}

#[test]
fn a_godot_4_script_property_takes_only_null_or_a_string() {
    let mut out = Vec::new();
    let mut object = Builder::new(&mut out, Dialect::Godot4)
        .object("Resource")
        .unwrap();
    assert_eq!(
        object.property("script").unwrap().int(5),
        Err(BuildError::InvalidScriptProperty(VariantType::Int))
    );
    object
        .property("script")
        .unwrap()
        .string("res://enemy.gd")
        .unwrap();
    object.property("script").unwrap().nil().unwrap();
    object.property("scripts").unwrap().int(5).unwrap(); // only the exact name
    object.finish().unwrap();
    // The refused value became null, so the object reads back (as the engine would).
    let v = VariantRef::parse(&out, Dialect::Godot4).unwrap();
    assert_eq!(
        v.to_string(),
        "Object(Resource,\"script\":null,\"script\":\"res://enemy.gd\",\"script\":null,\"scripts\":5)\n"
    );
    // Godot 3 writes the script as an object: anything goes.
    let mut g3 = Vec::new();
    let mut object = Builder::new(&mut g3, Dialect::Godot3)
        .object("Reference")
        .unwrap();
    object.property("script").unwrap().int(5).unwrap();
    object.finish().unwrap();
}

#[test]
fn packed_from_iter_takes_its_element_type_from_the_items() {
    use VariantType as T;
    let g4 = Dialect::Godot4;
    // Each element type builds the arrays it is the element of…
    let ok = |ty: T, f: &dyn Fn(Builder<'_>, T) -> Result<(), BuildError>, text: &str| {
        let mut out = Vec::new();
        f(Builder::new(&mut out, g4), ty).unwrap();
        assert_eq!(VariantRef::parse(&out, g4).unwrap().to_string(), text);
    };
    ok(
        T::PackedInt32Array,
        &|b, t| b.packed_from_iter(t, [1i32, 2]),
        "PackedInt32Array(1, 2)",
    );
    ok(
        T::PackedInt64Array,
        &|b, t| b.packed_from_iter(t, [1i64 << 40]),
        "PackedInt64Array(1099511627776)",
    );
    ok(
        T::PackedFloat64Array,
        &|b, t| b.packed_from_iter(t, [0.1f64]),
        "PackedFloat64Array(0.1)",
    );
    ok(
        T::PackedVector4Array,
        &|b, t| b.packed_from_iter(t, [[1.0f32, 2.0, 3.0, 4.0]]),
        "PackedVector4Array(1, 2, 3, 4)",
    );
    ok(
        T::PackedColorArray,
        &|b, t| b.packed_from_iter(t, [[1.0f32, 0.5, 0.0, 1.0]]),
        "PackedColorArray(1, 0.5, 0, 1)",
    );
    // …and a double-precision vector array carries the 64-bit flag.
    let mut out = Vec::new();
    Builder::new(&mut out, g4)
        .packed_from_iter(T::PackedVector3Array, [[0.1f64, 2.0, 3.0]])
        .unwrap();
    let v = VariantRef::parse(&out, g4).unwrap();
    assert!(v.is_double());
    assert_eq!(out[0..4], [36, 0, 1, 0]);
    assert_eq!(
        v.as_packed().unwrap().as_vector3_f64().unwrap().get(0),
        Some([0.1, 2.0, 3.0])
    );

    // Anything else is refused, and nothing is written.
    let refused = |result: Result<(), BuildError>, ty: T, element: &'static str| {
        assert_eq!(result, Err(BuildError::WrongElementType { ty, element }));
    };
    let mut out = vec![9u8];
    refused(
        Builder::new(&mut out, g4).packed_from_iter(T::PackedInt32Array, [1.0f64]),
        T::PackedInt32Array,
        "f64",
    );
    refused(
        Builder::new(&mut out, g4).packed_from_iter(T::PackedFloat32Array, [1i32]),
        T::PackedFloat32Array,
        "i32",
    );
    refused(
        Builder::new(&mut out, g4).packed_from_iter(T::PackedVector2Array, [[1.0f32; 3]]),
        T::PackedVector2Array,
        "[f32; 3]",
    );
    refused(
        Builder::new(&mut out, g4).packed_from_iter(T::PackedColorArray, [[1.0f64; 4]]),
        T::PackedColorArray,
        "[f64; 4]",
    );
    refused(
        Builder::new(&mut out, g4).packed_from_iter(T::PackedStringArray, [1i32]),
        T::PackedStringArray,
        "i32",
    );
    refused(
        Builder::new(&mut out, g4).packed_from_iter(T::Vector3, [[1.0f32; 3]]),
        T::Vector3,
        "[f32; 3]",
    );
    assert_eq!(out, [9]);
    // A double-precision array is Godot 4 only.
    assert!(matches!(
        Builder::new(&mut out, Dialect::Godot3)
            .packed_from_iter(T::PackedVector2Array, [[1.0f64; 2]]),
        Err(BuildError::NotInDialect { .. })
    ));
    assert_eq!(out, [9]);
}

#[test]
fn a_byte_count_measures_exactly_what_a_vector_receives() {
    use gdvariant::ByteCount;
    // The same builder code into both sinks, including a failing slot (which holds null).
    fn build<S: gdvariant::Sink>(b: Builder<'_, S>) -> Result<(), BuildError> {
        let mut d = b.typed_dictionary(
            ContainerType::Builtin(VariantType::String),
            ContainerType::Untyped,
        )?;
        d.entry("name").string("Zoë")?;
        d.entry("path").node_path_str("/root/Main:position:x")?;
        d.entry("mesh").packed_vector3(&[[1.0, 2.0, 3.0]; 5])?;
        d.entry("tags").packed_strings(["a", "bc"])?;
        assert!(d.entry("bad").math(VariantType::Vector2, &[1.0]).is_err());
        d.finish()
    }
    let mut out = Vec::new();
    build(Builder::new(&mut out, Dialect::Godot4)).unwrap();
    let mut count = ByteCount::new();
    build(Builder::new(&mut count, Dialect::Godot4)).unwrap();
    assert_eq!(count.len(), out.len());
    assert!(VariantRef::parse(&out, Dialect::Godot4)
        .unwrap()
        .to_string()
        .contains("\"bad\": null"));
}

#[test]
fn packed_le_bytes_writes_the_elements_it_is_given_and_refuses_a_partial_one() {
    use VariantType as T;
    let (g3, g4) = (Dialect::Godot3, Dialect::Godot4);
    let le = |values: &[f64]| -> Vec<u8> { values.iter().flat_map(|v| v.to_le_bytes()).collect() };
    let f32s: Vec<u8> = [1.5f32, -2.0, 3.0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    // The same bytes as the typed writers, for a narrow and a double vector array.
    let (mut raw, mut typed) = (Vec::new(), Vec::new());
    Builder::new(&mut raw, g4)
        .packed_le_bytes(T::PackedVector3Array, false, &f32s)
        .unwrap();
    Builder::new(&mut typed, g4)
        .packed_vector3(&[[1.5, -2.0, 3.0]])
        .unwrap();
    assert_eq!(raw, typed);
    let (mut raw, mut typed) = (Vec::new(), Vec::new());
    Builder::new(&mut raw, g4)
        .packed_le_bytes(T::PackedVector2Array, true, &le(&[0.1, 2.0]))
        .unwrap();
    Builder::new(&mut typed, g4)
        .packed_vector2_f64(&[[0.1, 2.0]])
        .unwrap();
    assert_eq!(raw, typed);
    // A byte array gets its padding; the count is elements, not bytes.
    let mut out = Vec::new();
    Builder::new(&mut out, g3)
        .packed_le_bytes(T::PackedByteArray, false, &[7, 8, 9])
        .unwrap();
    assert_eq!(out, [20, 0, 0, 0, 3, 0, 0, 0, 7, 8, 9, 0]);
    let mut out = Vec::new();
    Builder::new(&mut out, g4)
        .packed_le_bytes(T::PackedInt64Array, false, &le(&[0.0, 0.0]))
        .unwrap();
    assert_eq!(out[4..8], [2, 0, 0, 0]);

    // Refused, with nothing written: a partial element, a double form of a fixed-size
    // type, strings, a non-packed type, and a type or form the dialect lacks.
    let wrong = |ty| BuildError::WrongElementType {
        ty,
        element: "bytes that are not a whole number of its elements",
    };
    let mut out = Vec::new();
    let cases: [(Dialect, T, bool, &[u8], BuildError); 6] = [
        (
            g4,
            T::PackedVector3Array,
            false,
            &f32s[..8],
            wrong(T::PackedVector3Array),
        ),
        (
            g4,
            T::PackedFloat32Array,
            true,
            &f32s,
            wrong(T::PackedFloat32Array),
        ),
        (
            g4,
            T::PackedStringArray,
            false,
            &[],
            wrong(T::PackedStringArray),
        ),
        (g4, T::Vector3, false, &f32s, wrong(T::Vector3)),
        (
            g3,
            T::PackedInt64Array,
            false,
            &[0; 8],
            BuildError::TypeNotInDialect {
                ty: T::PackedInt64Array,
                dialect: g3,
            },
        ),
        (
            g3,
            T::PackedVector3Array,
            true,
            &[0; 24],
            BuildError::NotInDialect {
                what: "a double-precision packed vector array",
                dialect: g3,
            },
        ),
    ];
    for (dialect, ty, double, bytes, error) in cases {
        assert_eq!(
            Builder::new(&mut out, dialect).packed_le_bytes(ty, double, bytes),
            Err(error),
            "{ty:?}"
        );
        assert!(out.is_empty(), "{ty:?} wrote {out:?}");
    }
}
