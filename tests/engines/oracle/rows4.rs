//! The Godot 4 rows of the oracle test: one value each, built with `Builder` and named in
//! GDScript.

use super::*;

pub(super) fn godot4_rows() -> Vec<Row> {
    use VariantType as T;
    vec![
        // --- Nil, bool, int
        row("nil", |b| b.nil(), "null"),
        row("bool_true", |b| b.bool(true), "true"),
        row("bool_false", |b| b.bool(false), "false"),
        row("int_zero", |b| b.int(0), "0"),
        row("int_minus_one", |b| b.int(-1), "-1"),
        row("int_i32_max", |b| b.int(i32::MAX.into()), "2147483647"),
        row("int_i32_min", |b| b.int(i32::MIN.into()), "-2147483648"),
        row("int_2p31", |b| b.int(1 << 31), "2147483648"),
        row("int_below_i32_min", |b| b.int(-(1 << 31) - 1), "-2147483649"),
        row("int_i64_max", |b| b.int(i64::MAX), "9223372036854775807"),
        row("int_i64_min", |b| b.int(i64::MIN), "-9223372036854775807 - 1"),
        // --- float
        row("float_zero", |b| b.float(0.0), "0.0"),
        row("float_neg_zero", |b| b.float(-0.0), "-0.0"),
        row("float_one", |b| b.float(1.0), "1.0"),
        row("float_m1_5", |b| b.float(-1.5), "-1.5"),
        row("float_0_1", |b| b.float(0.1), "0.1"),
        row("float_third", |b| b.float(THIRD), "1.0 / 3.0"),
        row(
            "float_third_f32",
            |b| b.float(f64::from(1.0f32 / 3.0)),
            "Vector2(1.0 / 3.0, 0).x",
        ),
        row("float_1e300", |b| b.float(1e300), "1e300"),
        // GDScript's float literals are not read exactly at the extremes (Godot 4.6.3 reads
        // 2.2250738585072014e-308 and 5e-324 as 0 and 3.4028234663852886e38 as
        // 3.402823466385289e+38), so those values are computed.
        row("float_1e16", |b| b.float(1e16), "1e16"),
        row("float_1e_7", |b| b.float(1e-7), "1e-7"),
        row(
            "float_min_positive",
            |b| b.float(f64::MIN_POSITIVE),
            "pow(2.0, -1022)",
        ),
        row("float_denormal_min", |b| b.float(5e-324), "pow(2.0, -1074)"),
        row(
            "float_f32_max",
            |b| b.float(f32::MAX.into()),
            "(2.0 - pow(2.0, -23)) * pow(2.0, 127)",
        ),
        row("float_f64_max", |b| b.float(f64::MAX), "1.7976931348623157e308"),
        row("float_inf", |b| b.float(f64::INFINITY), "INF"),
        row("float_neg_inf", |b| b.float(f64::NEG_INFINITY), "-INF"),
        row("float_nan", |b| b.float(f64::NAN), "NAN"),
        // --- String, StringName
        row("string_empty", |b| b.string(""), r#""""#),
        row("string_ascii", |b| b.string("hello world"), r#""hello world""#),
        row(
            "string_escapes",
            |b| b.string("quote \" backslash \\ newline \n tab \t cr \r end"),
            r#""quote \" backslash \\ newline \n tab \t cr \r end""#,
        ),
        row(
            "string_unicode",
            |b| b.string("é ñ 日本語 😀 👍🏽 \u{10348}"),
            "\"é ñ 日本語 😀 👍🏽 \u{10348}\"",
        ),
        row(
            "string_controls",
            |b| b.string("\u{1}a\u{1f}b\u{7f}"),
            r#""\u0001a\u001fb\u007f""#,
        ),
        row("string_name", |b| b.string_name("nöde_日"), r#"&"nöde_日""#),
        row("string_name_empty", |b| b.string_name(""), r#"&"""#),
        row(
            "string_name_escapes",
            |b| b.string_name("a\"b\\c\nd"),
            r#"&"a\"b\\c\nd""#,
        ),
        // --- math, f32
        row("vector2", |b| b.vector2([1.5, -2.0]), "Vector2(1.5, -2)"),
        row(
            "vector2i",
            |b| b.math_i32(T::Vector2i, &[1, i32::MIN]),
            "Vector2i(1, -2147483648)",
        ),
        row(
            "rect2",
            |b| b.math(T::Rect2, &[1.0, 2.0, 3.5, -4.0]),
            "Rect2(1, 2, 3.5, -4)",
        ),
        row(
            "rect2i",
            |b| b.math_i32(T::Rect2i, &[-1, -2, 3, i32::MAX]),
            "Rect2i(-1, -2, 3, 2147483647)",
        ),
        row(
            "vector3",
            |b| b.vector3([0.1, -0.0, 1e30]),
            "Vector3(0.1, -0.0, 1e30)",
        ),
        row(
            "vector3i",
            |b| b.math_i32(T::Vector3i, &[1, -2, 3]),
            "Vector3i(1, -2, 3)",
        ),
        row(
            "transform2d",
            |b| b.math(T::Transform2D, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]),
            "Transform2D(Vector2(1, 2), Vector2(3, 4), Vector2(5, 6))",
        ),
        row(
            "vector4",
            |b| b.math(T::Vector4, &[1.0, -2.0, 0.25, f32::INFINITY]),
            "Vector4(1, -2, 0.25, INF)",
        ),
        row(
            "vector4i",
            |b| b.math_i32(T::Vector4i, &[1, -2, 3, -4]),
            "Vector4i(1, -2, 3, -4)",
        ),
        row(
            "plane",
            |b| b.math(T::Plane, &[0.0, 1.0, 0.0, 2.5]),
            "Plane(0, 1, 0, 2.5)",
        ),
        row(
            "quaternion",
            |b| b.math(T::Quaternion, &[0.0, 0.0, 0.6, 0.8]),
            "Quaternion(0, 0, 0.6, 0.8)",
        ),
        row(
            "aabb",
            |b| b.math(T::Aabb, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]),
            "AABB(Vector3(1, 2, 3), Vector3(4, 5, 6))",
        ),
        // Basis is written row by row; the GDScript constructor takes columns.
        row(
            "basis",
            |b| b.math(T::Basis, &[1.0, 4.0, 7.0, 2.0, 5.0, 8.0, 3.0, 6.0, 9.0]),
            "Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9))",
        ),
        row(
            "transform3d",
            |b| {
                b.math(
                    T::Transform3D,
                    &[1.0, 4.0, 7.0, 2.0, 5.0, 8.0, 3.0, 6.0, 9.0, 10.0, 11.0, 12.0],
                )
            },
            "Transform3D(Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)), Vector3(10, 11, 12))",
        ),
        row(
            "projection",
            |b| {
                let c: Vec<f32> = (1..=16u8).map(f32::from).collect();
                b.math(T::Projection, &c)
            },
            "Projection(Vector4(1, 2, 3, 4), Vector4(5, 6, 7, 8), Vector4(9, 10, 11, 12), Vector4(13, 14, 15, 16))",
        ),
        row(
            "color",
            |b| b.color([0.1, 0.2, 0.3, 0.5]),
            "Color(0.1, 0.2, 0.3, 0.5)",
        ),
        // --- math, f64 (the 64-bit header flag of precision=double builds)
        row(
            "vector2_f64",
            |b| b.math_f64(T::Vector2, &[THIRD, -0.1]),
            "Vector2(1.0 / 3.0, -0.1)",
        )
        .ours_as("Vector2(0.3333333333333333, -0.1)", NARROWED),
        row(
            "rect2_f64",
            |b| b.math_f64(T::Rect2, &[0.5, 1e10, -2.0, 4.0]),
            "Rect2(0.5, 1e10, -2, 4)",
        ),
        row(
            "vector3_f64",
            |b| b.math_f64(T::Vector3, &[THIRD, 0.1, 1e300]),
            "Vector3(1.0 / 3.0, 0.1, 1e300)",
        )
        .ours_as("Vector3(0.3333333333333333, 0.1, 1e+300)", NARROWED),
        row(
            "transform2d_f64",
            |b| b.math_f64(T::Transform2D, &[1.0, 2.0, 3.0, 4.0, 5.0, THIRD]),
            "Transform2D(Vector2(1, 2), Vector2(3, 4), Vector2(5, 1.0 / 3.0))",
        )
        .ours_as(
            "Transform2D(1, 2, 3, 4, 5, 0.3333333333333333)",
            NARROWED,
        ),
        row(
            "vector4_f64",
            |b| b.math_f64(T::Vector4, &[0.5, -1.0, 2.0, 4.0]),
            "Vector4(0.5, -1, 2, 4)",
        ),
        row(
            "plane_f64",
            |b| b.math_f64(T::Plane, &[0.0, 0.0, 1.0, -7.25]),
            "Plane(0, 0, 1, -7.25)",
        ),
        row(
            "quaternion_f64",
            |b| b.math_f64(T::Quaternion, &[0.0, 0.6, 0.0, 0.8]),
            "Quaternion(0, 0.6, 0, 0.8)",
        ),
        row(
            "aabb_f64",
            |b| b.math_f64(T::Aabb, &[-1.0, -2.0, -3.0, 2.0, 4.0, 6.0]),
            "AABB(Vector3(-1, -2, -3), Vector3(2, 4, 6))",
        ),
        row(
            "basis_f64",
            |b| b.math_f64(T::Basis, &[1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]),
            "Basis.IDENTITY",
        ),
        row(
            "transform3d_f64",
            |b| {
                b.math_f64(
                    T::Transform3D,
                    &[1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, THIRD, 1e20, -0.5],
                )
            },
            "Transform3D(Basis.IDENTITY, Vector3(1.0 / 3.0, 1e20, -0.5))",
        )
        .ours_as(
            "Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0.3333333333333333, 1e+20, -0.5)",
            NARROWED,
        ),
        row(
            "projection_f64",
            |b| {
                let c: Vec<f64> = (1..=16u8).map(|i| f64::from(i) / 4.0).collect();
                b.math_f64(T::Projection, &c)
            },
            "Projection(Vector4(0.25, 0.5, 0.75, 1), Vector4(1.25, 1.5, 1.75, 2), Vector4(2.25, 2.5, 2.75, 3), Vector4(3.25, 3.5, 3.75, 4))",
        ),
        // Color has no double form: math_f64 writes f32 components.
        row(
            "color_math_f64",
            |b| b.math_f64(T::Color, &[0.1, 0.2, 0.3, 1.0]),
            "Color(0.1, 0.2, 0.3, 1)",
        ),
        // --- NodePath
        row(
            "nodepath_abs_subnames",
            |b| b.node_path(&["root", "Main"], &["position", "x"], true),
            r#"NodePath("/root/Main:position:x")"#,
        ),
        row(
            "nodepath_rel",
            |b| b.node_path_str("../Sibling/Child"),
            r#"NodePath("../Sibling/Child")"#,
        ),
        row(
            "nodepath_subnames_only",
            |b| b.node_path_str(":position:x"),
            r#"NodePath(":position:x")"#,
        ),
        row(
            "nodepath_empty",
            |b| b.node_path::<&str, &str>(&[], &[], false),
            r#"NodePath("")"#,
        ),
        row(
            "nodepath_unicode",
            |b| b.node_path_str("/Nöde/日本:é"),
            r#"NodePath("/Nöde/日本:é")"#,
        ),
        // --- RID
        row("rid_zero", |b| b.rid(0), "RID()"),
        row(
            "rid_id",
            |b| b.rid(0x1_0000_0042),
            "rid_from_int64(4294967362)",
        ),
        row("rid_max", |b| b.rid(u64::MAX), "rid_from_int64(-1)"),
        // --- Object
        row("object_null", |b| b.object_null(), "null"),
        row(
            "object_resource",
            |b| resource(b, "saved"),
            "var r = Resource.new()\nr.resource_name = \"saved\"\nreturn r",
        )
        .full_objects(),
        row(
            "object_refcounted",
            |b| {
                let mut o = b.object("RefCounted")?;
                o.property("script")?.nil()?;
                o.finish()
            },
            "RefCounted.new()",
        )
        .full_objects(),
        row(
            "object_resource_meta",
            |b| {
                let mut o = b.object("Resource")?;
                o.property("resource_local_to_scene")?.bool(true)?;
                o.property("resource_name")?.string("é\"\n")?;
                o.property("script")?.nil()?;
                o.property("metadata/k")?.int(5)?;
                o.finish()
            },
            "var r = Resource.new()\nr.resource_local_to_scene = true\nr.resource_name = \"é\\\"\\n\"\nr.set_meta(\"k\", 5)\nreturn r",
        )
        .full_objects(),
        row(
            "object_id",
            |b| b.object_id(123_456_789),
            "instance_from_id(123456789)",
        )
        .decoded_as(
            "var e = EncodedObjectAsID.new()\ne.object_id = 123456789\nreturn e",
            "an instance id only names an object inside the process that wrote it: \
             bytes_to_var gives an EncodedObjectAsID holding the id",
        ),
        row(
            "object_id_high_bit",
            |b| b.object_id(0x8000_0000_1234_5678),
            "instance_from_id(-9223372036549355912)",
        )
        .decoded_as(
            "var e = EncodedObjectAsID.new()\ne.object_id = -9223372036549355912\nreturn e",
            "an instance id only names an object inside the process that wrote it: \
             bytes_to_var gives an EncodedObjectAsID holding the id (printed as int64)",
        ),
        // --- Callable, Signal
        // A Callable's wire form is the bare header; var_to_str prints any Callable as
        // `Callable()`, so this checks the type only.
        row("callable", |b| b.callable(), "Callable()"),
        // var_to_str prints any Signal as `Signal()` (name and object id are not shown),
        // so this checks that the engine reads a Signal with a name and an id.
        row(
            "signal",
            |b| b.signal("changed", 123_456_789),
            "Signal(Resource.new(), &\"changed\")",
        ),
        row("signal_empty", |b| b.signal("", 0), "Signal()"),
        // --- Array
        row("array_empty", |b| b.array()?.finish(), "[]"),
        row(
            "array_mixed",
            |b| {
                let mut a = b.array()?;
                a.push().int(1)?;
                a.push().string("two")?;
                a.push().float(3.5)?;
                a.push().nil()?;
                a.push().bool(true)?;
                a.push().vector2([1.0, 2.0])?;
                a.push().string_name("sn")?;
                a.push().node_path_str("a:b")?;
                a.push().packed_bytes(&[1, 2])?;
                a.push().math_i32(VariantType::Vector3i, &[1, 2, 3])?;
                a.finish()
            },
            "[1, \"two\", 3.5, null, true, Vector2(1, 2), &\"sn\", NodePath(\"a:b\"), PackedByteArray([1, 2]), Vector3i(1, 2, 3)]",
        ),
        row(
            "array_nested",
            arrays_in_arrays,
            "[[1, [2, [3]]], {\"k\": [4]}, []]",
        ),
        // Deeper than var_to_str's recursion cut-off (100).
        row(
            "array_deep_120",
            |b| nested_arrays(b, 120),
            "var a = []\nfor i in 119:\n\ta = [a]\nreturn a",
        ),
        // --- Dictionary
        row("dict_empty", |b| b.dictionary()?.finish(), "{}"),
        row(
            "dict_mixed_keys",
            |b| {
                let mut d = b.dictionary()?;
                d.entry("s").int(1)?;
                d.entry_int(2).string("int key")?;
                d.try_entry_with(|k| k.float(1.5))?.nil()?;
                {
                    let mut v = d.try_entry_with(|k| k.vector2([1.0, 2.0]))?.array()?;
                    v.push().bool(true)?;
                    v.finish()?;
                }
                d.try_entry_with(|k| k.string_name("sn"))?
                    .dictionary()?
                    .finish()?;
                d.try_entry_with(|k| k.nil())?.int(-1)?;
                d.try_entry_with(|k| k.bool(true))?.string("bool key")?;
                d.finish()
            },
            "{\"s\": 1, 2: \"int key\", 1.5: null, Vector2(1, 2): [true], &\"sn\": {}, null: -1, true: \"bool key\"}",
        ),
        row(
            "dict_nested",
            player_save,
            "{\"player\": {\"name\": \"Zoë \\\"Z\\\"\", \"hp\": 10, \"pos\": Vector3(1, 2, 3), \"inv\": [\"sword\", {\"id\": 7}]}, \"scores\": PackedInt32Array([3, 2, 1])}",
        ),
        row(
            "dict_deep_110",
            |b| nested_dicts(b, 110),
            "var d = {}\nfor i in 109:\n\td = {\"k\": d}\nreturn d",
        ),
        row(
            "dict_with_object",
            |b| dict_with_resource(b, "in dict"),
            "var r = Resource.new()\nr.resource_name = \"in dict\"\nreturn {\"res\": r, \"n\": 1}",
        )
        .full_objects(),
        row(
            "array_with_object_id",
            |b| {
                let mut a = b.array()?;
                a.push().int(1)?;
                a.push().object_id(987_654_321)?;
                a.finish()
            },
            "[1, instance_from_id(987654321)]",
        )
        .decoded_as(
            "var e = EncodedObjectAsID.new()\ne.object_id = 987654321\nreturn [1, e]",
            "an instance id only names an object inside the process that wrote it: \
             bytes_to_var gives an EncodedObjectAsID holding the id",
        ),
        // --- typed Array
        row(
            "array_typed_int",
            |b| {
                let mut a = b.typed_array(ContainerType::Builtin(T::Int))?;
                for i in [1, 2, 3] {
                    a.push().int(i)?;
                }
                a.finish()
            },
            "var a: Array[int] = [1, 2, 3]\nreturn a",
        ),
        row(
            "array_typed_int_empty",
            |b| b.typed_array(ContainerType::Builtin(T::Int))?.finish(),
            "var a: Array[int] = []\nreturn a",
        ),
        row(
            "array_typed_string",
            |b| {
                let mut a = b.typed_array(ContainerType::Builtin(T::String))?;
                for s in ["a", "é", ""] {
                    a.push().string(s)?;
                }
                a.finish()
            },
            "var a: Array[String] = [\"a\", \"é\", \"\"]\nreturn a",
        ),
        row(
            "array_typed_vector2",
            |b| {
                let mut a = b.typed_array(ContainerType::Builtin(T::Vector2))?;
                a.push().vector2([1.0, 2.0])?;
                a.finish()
            },
            "var a: Array[Vector2] = [Vector2(1, 2)]\nreturn a",
        ),
        row(
            "array_typed_array",
            |b| {
                let mut a = b.typed_array(ContainerType::Builtin(T::Array))?;
                let mut inner = a.push().array()?;
                inner.push().int(1)?;
                inner.finish()?;
                a.finish()
            },
            "var a: Array[Array] = [[1]]\nreturn a",
        ),
        // A class name travels as written when objects are allowed ...
        row(
            "array_typed_node_fo",
            |b| b.typed_array(ContainerType::ClassName("Node"))?.finish(),
            "var a: Array[Node] = []\nreturn a",
        )
        .full_objects(),
        // ... bytes_to_var without objects replaces it by EncodedObjectAsID (whatever it
        // is), and without full objects the engine writes EncodedObjectAsID itself.
        row(
            "array_typed_node",
            |b| b.typed_array(ContainerType::ClassName("Node"))?.finish(),
            "var a: Array[Node] = []\nreturn a",
        )
        .decoded_as("var a: Array[EncodedObjectAsID] = []\nreturn a", NO_CLASS)
        .ours_as("Array[Node]([])", OURS_CLASS),
        row(
            "array_typed_node_as_engine",
            |b| b.typed_array(ContainerType::ClassName("EncodedObjectAsID"))?.finish(),
            "var a: Array[Node] = []\nreturn a",
        )
        .decoded_as("var a: Array[EncodedObjectAsID] = []\nreturn a", NO_CLASS),
        row(
            "array_typed_resource",
            |b| {
                let mut a = b.typed_array(ContainerType::ClassName("Resource"))?;
                resource(a.push(), "in array")?;
                a.push().object_null()?;
                a.finish()
            },
            "var r = Resource.new()\nr.resource_name = \"in array\"\nvar a: Array[Resource] = [r, null]\nreturn a",
        )
        .full_objects(),
        // --- typed Dictionary
        row(
            "dict_typed_str_int",
            |b| {
                let mut d = b.typed_dictionary(
                    ContainerType::Builtin(T::String),
                    ContainerType::Builtin(T::Int),
                )?;
                d.entry("a").int(1)?;
                d.entry("b").int(2)?;
                d.finish()
            },
            "var d: Dictionary[String, int] = {\"a\": 1, \"b\": 2}\nreturn d",
        ),
        row(
            "dict_typed_int_vector2",
            |b| {
                let mut d = b.typed_dictionary(
                    ContainerType::Builtin(T::Int),
                    ContainerType::Builtin(T::Vector2),
                )?;
                d.entry_int(1).vector2([1.0, 2.0])?;
                d.finish()
            },
            "var d: Dictionary[int, Vector2] = {1: Vector2(1, 2)}\nreturn d",
        ),
        row(
            "dict_typed_key_only",
            |b| {
                let mut d = b.typed_dictionary(ContainerType::Builtin(T::StringName), ContainerType::Untyped)?;
                d.try_entry_with(|k| k.string_name("k"))?.float(1.5)?;
                d.finish()
            },
            "var d: Dictionary[StringName, Variant] = {&\"k\": 1.5}\nreturn d",
        ),
        row(
            "dict_typed_value_only",
            |b| {
                let mut d = b.typed_dictionary(ContainerType::Untyped, ContainerType::Builtin(T::Float))?;
                d.entry("k").float(1.5)?;
                d.finish()
            },
            "var d: Dictionary[Variant, float] = {\"k\": 1.5}\nreturn d",
        ),
        row(
            "dict_typed_str_node_fo",
            |b| dict_str_class(b, "Node"),
            "var d: Dictionary[String, Node] = {\"n\": null}\nreturn d",
        )
        .full_objects(),
        row(
            "dict_typed_str_node",
            |b| dict_str_class(b, "Node"),
            "var d: Dictionary[String, Node] = {\"n\": null}\nreturn d",
        )
        .decoded_as(
            "var d: Dictionary[String, EncodedObjectAsID] = {\"n\": null}\nreturn d",
            NO_CLASS,
        )
        .ours_as(
            "Dictionary[String, Node]({\n\"n\": null\n})",
            OURS_CLASS,
        ),
        row(
            "dict_typed_str_node_as_engine",
            |b| dict_str_class(b, "EncodedObjectAsID"),
            "var d: Dictionary[String, Node] = {\"n\": null}\nreturn d",
        )
        .decoded_as(
            "var d: Dictionary[String, EncodedObjectAsID] = {\"n\": null}\nreturn d",
            NO_CLASS,
        ),
        row(
            "dict_typed_resource_resource",
            |b| {
                let mut d = b.typed_dictionary(
                    ContainerType::ClassName("Resource"),
                    ContainerType::ClassName("Resource"),
                )?;
                d.try_entry_with(|k| resource(k, "key"))?
                    .object_null()?;
                d.finish()
            },
            "var r = Resource.new()\nr.resource_name = \"key\"\nvar d: Dictionary[Resource, Resource] = {r: null}\nreturn d",
        )
        .full_objects(),
        // --- packed arrays
        row("packed_bytes_empty", |b| b.packed_bytes(&[]), "PackedByteArray()"),
        row(
            "packed_bytes",
            |b| b.packed_bytes(&[0, 1, 127, 128, 255]),
            "PackedByteArray([0, 1, 127, 128, 255])",
        ),
        row(
            "packed_i32",
            |b| b.packed_i32(&[i32::MIN, -1, 0, 1, i32::MAX]),
            "PackedInt32Array([-2147483648, -1, 0, 1, 2147483647])",
        ),
        row(
            "packed_i64",
            |b| b.packed_i64(&[i64::MIN, -1, 0, 1 << 40, i64::MAX]),
            "PackedInt64Array([-9223372036854775807 - 1, -1, 0, 1099511627776, 9223372036854775807])",
        ),
        row(
            "packed_f32",
            |b| {
                b.packed_f32(&[
                    0.1,
                    -0.0,
                    f32::INFINITY,
                    f32::NEG_INFINITY,
                    f32::NAN,
                    f32::MAX,
                    1e-45,
                ])
            },
            "PackedFloat32Array([0.1, -0.0, INF, -INF, NAN, (2.0 - pow(2.0, -23)) * pow(2.0, 127), pow(2.0, -149)])",
        ),
        row(
            "packed_f64",
            |b| b.packed_f64(&[THIRD, 1e300, -0.0, f64::INFINITY, f64::NAN, 5e-324]),
            "PackedFloat64Array([1.0 / 3.0, 1e300, -0.0, INF, NAN, pow(2.0, -1074)])",
        ),
        row(
            "packed_strings",
            |b| b.packed_strings(["", "a", "é日本😀", "q\"b\\n\nt\t", "four"]),
            "PackedStringArray([\"\", \"a\", \"é日本😀\", \"q\\\"b\\\\n\\nt\\t\", \"four\"])",
        ),
        row(
            "packed_strings_empty",
            |b| b.packed_strings::<[&str; 0], &str>([]),
            "PackedStringArray()",
        ),
        row(
            "packed_vector2",
            |b| b.packed_vector2(&[[1.0, 2.0], [-0.5, 0.25]]),
            "PackedVector2Array([Vector2(1, 2), Vector2(-0.5, 0.25)])",
        ),
        row(
            "packed_vector3",
            |b| b.packed_vector3(&[[1.0, 2.0, 3.0], [0.1, 0.2, 0.3]]),
            "PackedVector3Array([Vector3(1, 2, 3), Vector3(0.1, 0.2, 0.3)])",
        ),
        row(
            "packed_vector4",
            |b| b.packed_vector4(&[[1.0, 2.0, 3.0, 4.0], [-0.5, 0.0, f32::NAN, 1e-3]]),
            "PackedVector4Array([Vector4(1, 2, 3, 4), Vector4(-0.5, 0, NAN, 1e-3)])",
        ),
        row(
            "packed_color",
            |b| b.packed_color(&[[1.0, 0.0, 0.0, 1.0], [0.1, 0.2, 0.3, 0.4]]),
            "PackedColorArray([Color(1, 0, 0, 1), Color(0.1, 0.2, 0.3, 0.4)])",
        ),
        row(
            "packed_vector2_f64",
            |b| b.packed_vector2_f64(&[[THIRD, 2.0], [-0.5, 1e-3]]),
            "PackedVector2Array([Vector2(1.0 / 3.0, 2), Vector2(-0.5, 1e-3)])",
        )
        .ours_as(
            "PackedVector2Array(0.3333333333333333, 2, -0.5, 0.001)",
            NARROWED,
        ),
        row(
            "packed_vector3_f64",
            |b| b.packed_vector3_f64(&[[THIRD, 1e300, -0.5], [1.0, 2.0, 3.0]]),
            "PackedVector3Array([Vector3(1.0 / 3.0, 1e300, -0.5), Vector3(1, 2, 3)])",
        )
        .ours_as(
            "PackedVector3Array(0.3333333333333333, 1e+300, -0.5, 1, 2, 3)",
            NARROWED,
        ),
        row(
            "packed_vector4_f64",
            |b| b.packed_vector4_f64(&[[0.5, 1.0, 2.0, 4.0]]),
            "PackedVector4Array([Vector4(0.5, 1, 2, 4)])",
        ),
    ]
}

// ---------------------------------------------------------------------------------------
// Godot 3: its 27 types.
