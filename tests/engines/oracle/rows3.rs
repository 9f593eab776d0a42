//! The Godot 3 rows of the oracle test: one value each, built with `Builder` and named in
//! GDScript.

use super::*;

pub(super) fn godot3_rows() -> Vec<Row> {
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
        // --- float (var2str prints about 6 significant digits)
        row("float_zero", |b| b.float(0.0), "0.0"),
        row("float_neg_zero", |b| b.float(-0.0), "-0.0"),
        row("float_one", |b| b.float(1.0), "1.0"),
        row("float_m1_5", |b| b.float(-1.5), "-1.5"),
        row("float_0_1", |b| b.float(0.1), "0.1"),
        row("float_third", |b| b.float(THIRD), "1.0 / 3.0"),
        row("float_123456789", |b| b.float(123_456_789.0), "123456789.0"),
        row("float_1e300", |b| b.float(1e300), "1e300"),
        row("float_1e_7", |b| b.float(1e-7), "1e-7"),
        row("float_denormal_min", |b| b.float(5e-324), "pow(2.0, -1074)"),
        row(
            "float_f32_max",
            |b| b.float(f32::MAX.into()),
            "(2.0 - pow(2.0, -23)) * pow(2.0, 127)",
        ),
        row("float_inf", |b| b.float(f64::INFINITY), "INF"),
        row("float_neg_inf", |b| b.float(f64::NEG_INFINITY), "-INF"),
        row("float_nan", |b| b.float(f64::NAN), "NAN"),
        // --- String
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
        // --- math
        row("vector2", |b| b.vector2([1.5, -2.0]), "Vector2(1.5, -2)"),
        row(
            "rect2",
            |b| b.math(T::Rect2, &[1.0, 2.0, 3.5, -4.0]),
            "Rect2(1, 2, 3.5, -4)",
        ),
        row(
            "vector3",
            |b| b.vector3([0.1, -0.0, 1e30]),
            "Vector3(0.1, -0.0, 1e30)",
        ),
        row(
            "transform2d",
            |b| b.math(T::Transform2D, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]),
            "Transform2D(Vector2(1, 2), Vector2(3, 4), Vector2(5, 6))",
        ),
        row(
            "plane",
            |b| b.math(T::Plane, &[0.0, 1.0, 0.0, 2.5]),
            "Plane(0, 1, 0, 2.5)",
        ),
        row(
            "quat",
            |b| b.math(T::Quaternion, &[0.0, 0.0, 0.6, 0.8]),
            "Quat(0, 0, 0.6, 0.8)",
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
            "transform",
            |b| {
                b.math(
                    T::Transform3D,
                    &[1.0, 4.0, 7.0, 2.0, 5.0, 8.0, 3.0, 6.0, 9.0, 10.0, 11.0, 12.0],
                )
            },
            "Transform(Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)), Vector3(10, 11, 12))",
        ),
        row(
            "color",
            |b| b.color([0.1, 0.2, 0.3, 0.5]),
            "Color(0.1, 0.2, 0.3, 0.5)",
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
        // --- RID: Godot 3 writes no id (the header alone) and var2str prints every RID
        // as an empty string, so this checks the type only.
        row("rid", |b| b.rid(0), "RID()"),
        // --- Object
        row("object_null", |b| b.object_null(), "null"),
        row(
            "object_reference",
            |b| {
                let mut o = b.object("Reference")?;
                o.property("script")?.nil()?;
                o.finish()
            },
            "Reference.new()",
        )
        .full_objects(),
        row(
            "object_resource",
            |b| resource(b, "saved"),
            "var r = Resource.new()\nr.resource_name = \"saved\"\nreturn r",
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
             bytes2var gives an EncodedObjectAsID holding the id",
        ),
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
                a.push().node_path_str("a:b")?;
                a.push().packed_bytes(&[1, 2])?;
                a.finish()
            },
            "[1, \"two\", 3.5, null, true, Vector2(1, 2), NodePath(\"a:b\"), PoolByteArray([1, 2])]",
        ),
        row(
            "array_nested",
            arrays_in_arrays,
            "[[1, [2, [3]]], {\"k\": [4]}, []]",
        ),
        // Deeper than 3.5+'s var2str recursion cut-off (100); 3.2 has none.
        row(
            "array_deep_120",
            |b| nested_arrays(b, 120),
            "var a = []\nfor i in range(119):\n\ta = [a]\nreturn a",
        ),
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
             bytes2var gives an EncodedObjectAsID holding the id",
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
                d.try_entry_with(|k| k.nil())?.int(-1)?;
                d.try_entry_with(|k| k.bool(true))?.string("bool key")?;
                d.finish()
            },
            "{\"s\": 1, 2: \"int key\", 1.5: null, Vector2(1, 2): [true], null: -1, true: \"bool key\"}",
        ),
        row(
            "dict_nested",
            player_save,
            "{\"player\": {\"name\": \"Zoë \\\"Z\\\"\", \"hp\": 10, \"pos\": Vector3(1, 2, 3), \"inv\": [\"sword\", {\"id\": 7}]}, \"scores\": PoolIntArray([3, 2, 1])}",
        ),
        row(
            "dict_deep_110",
            |b| nested_dicts(b, 110),
            "var d = {}\nfor i in range(109):\n\td = {\"k\": d}\nreturn d",
        ),
        row(
            "dict_with_object",
            |b| dict_with_resource(b, "in dict"),
            "var r = Resource.new()\nr.resource_name = \"in dict\"\nreturn {\"res\": r, \"n\": 1}",
        )
        .full_objects(),
        // --- pool arrays
        row("pool_bytes_empty", |b| b.packed_bytes(&[]), "PoolByteArray()"),
        row(
            "pool_bytes",
            |b| b.packed_bytes(&[0, 1, 127, 128, 255]),
            "PoolByteArray([0, 1, 127, 128, 255])",
        ),
        row(
            "pool_int",
            |b| b.packed_i32(&[i32::MIN, -1, 0, 1, i32::MAX]),
            "PoolIntArray([-2147483648, -1, 0, 1, 2147483647])",
        ),
        row(
            "pool_real",
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
            "PoolRealArray([0.1, -0.0, INF, -INF, NAN, (2.0 - pow(2.0, -23)) * pow(2.0, 127), pow(2.0, -149)])",
        ),
        row(
            "pool_strings",
            |b| b.packed_strings(["", "a", "é日本😀", "q\"b\\n\nt\t", "four"]),
            "PoolStringArray([\"\", \"a\", \"é日本😀\", \"q\\\"b\\\\n\\nt\\t\", \"four\"])",
        ),
        row(
            "pool_strings_empty",
            |b| b.packed_strings::<[&str; 0], &str>([]),
            "PoolStringArray()",
        ),
        row(
            "pool_vector2",
            |b| b.packed_vector2(&[[1.0, 2.0], [-0.5, 0.25]]),
            "PoolVector2Array([Vector2(1, 2), Vector2(-0.5, 0.25)])",
        ),
        row(
            "pool_vector3",
            |b| b.packed_vector3(&[[1.0, 2.0, 3.0], [0.1, 0.2, 0.3]]),
            "PoolVector3Array([Vector3(1, 2, 3), Vector3(0.1, 0.2, 0.3)])",
        ),
        row(
            "pool_color",
            |b| b.packed_color(&[[1.0, 0.0, 0.0, 1.0], [0.1, 0.2, 0.3, 0.4]]),
            "PoolColorArray([Color(1, 0, 0, 1), Color(0.1, 0.2, 0.3, 0.4)])",
        ),
    ]
}

// ---------------------------------------------------------------------------------------
// Machinery.
