//! Typed accessors on values written by real engines (`tests/fixtures`), checked against
//! each case's `expr` / `decoded_text`, plus a few hand-built blobs for what the fixtures
//! lack (double-precision packed vectors, misaligned buffers, nested offsets).

use crate::common;

use common::{case, Case};
use gdvariant::{ContainerType, Dialect, ObjectRef, PackedArray, VariantRef, VariantType};

const G3: [&str; 2] = ["g32", "g36"];
const ALL: [&str; 3] = ["g32", "g36", "g4"];

/// Parses a case and checks it consumes exactly its bytes.
#[track_caller]
fn parsed(c: &Case) -> VariantRef<'_> {
    let bytes = c.value_bytes();
    let (value, len) = VariantRef::parse_prefix(bytes, c.dialect())
        .unwrap_or_else(|e| panic!("{}/{}: {e}", c.engine, c.name));
    assert_eq!(len, bytes.len(), "{}/{}", c.engine, c.name);
    value
}

#[track_caller]
fn packed<'a>(value: &VariantRef<'a>) -> PackedArray<'a> {
    value
        .as_packed()
        .unwrap_or_else(|| panic!("not packed: {:?}", value.ty()))
}

#[track_caller]
fn assert_close(got: &[f64], want: &[f64], tolerance: f64) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= tolerance,
            "component {i}: got {g}, want {w} (all: {got:?})"
        );
    }
}

fn names<'a>(it: impl Iterator<Item = gdvariant::GdStr<'a>>) -> Vec<&'a str> {
    it.map(|s| s.as_str()).collect()
}

// ---------------------------------------------------------------- scalars

#[test]
fn ints() {
    for engine in ALL {
        let c = case(engine, "int_i32_max");
        let v = parsed(&c);
        assert_eq!(v.ty(), VariantType::Int);
        assert_eq!(v.as_int(), Some(2147483647));
        assert!(!v.is_double());
        assert_eq!(v.encoded().len(), 8);
        assert_eq!((v.as_float(), v.as_bool(), v.as_str()), (None, None, None));

        let c = case(engine, "int_i64_min");
        let v = parsed(&c);
        assert_eq!(v.as_int(), Some(i64::MIN));
        assert!(v.is_double());
        assert_eq!(v.encoded().len(), 12);
        assert_eq!(v.header(), 0x0001_0002);

        let c = case(engine, "int_m1");
        assert_eq!(parsed(&c).as_int(), Some(-1));
        let c = case(engine, "int_2p31");
        assert_eq!(parsed(&c).as_int(), Some(2147483648));
        let c = case(engine, "int_m2p31_m1");
        assert_eq!(parsed(&c).as_int(), Some(-2147483649));
        let c = case(engine, "int_2p62");
        assert_eq!(parsed(&c).as_int(), Some(4611686018427387904));

        let c = case(engine, "bool_false");
        let v = parsed(&c);
        assert_eq!(
            (v.ty(), v.as_bool(), v.as_int()),
            (VariantType::Bool, Some(false), None)
        );

        let c = case(engine, "nil");
        let v = parsed(&c);
        assert!(v.is_nil());
        assert_eq!(v.encoded(), [0, 0, 0, 0]);
    }
}

#[test]
fn bool_reads_any_nonzero_word_as_true() {
    let v = VariantRef::parse(&[1, 0, 0, 0, 0, 2, 0, 0], Dialect::Godot4).unwrap();
    assert_eq!(v.as_bool(), Some(true));
}

#[test]
fn floats() {
    for engine in ALL {
        // 0.1 is not an f32: written as f64.
        let c = case(engine, "float_0_1");
        let v = parsed(&c);
        assert_eq!(v.ty(), VariantType::Float);
        assert_eq!(v.as_float(), Some(0.1));
        assert!(v.is_double());
        assert_eq!(v.encoded().len(), 12);
        assert_eq!(v.as_int(), None);
        // -1.5 is: f32.
        let c = case(engine, "float_m1_5");
        let v = parsed(&c);
        assert_eq!(v.as_float(), Some(-1.5));
        assert!(!v.is_double());
        assert_eq!(v.encoded().len(), 8);

        let c = case(engine, "float_pi");
        assert_eq!(parsed(&c).as_float(), Some(std::f64::consts::PI));
        let c = case(engine, "float_16777217");
        let v = parsed(&c);
        assert_eq!((v.as_float(), v.is_double()), (Some(16777217.0), true));
        let c = case(engine, "float_1e300");
        assert_eq!(parsed(&c).as_float(), Some(1e300));
        let c = case(engine, "float_1em300");
        assert_eq!(parsed(&c).as_float(), Some(1e-300));
        // The engines' literal parser lands one f64 ulp above f32::MAX (g4 decoded_text:
        // 3.402823466385289e+38), which is not an f32: written wide.
        let c = case(engine, "float_f32_max");
        let v = parsed(&c);
        assert_eq!(
            (v.as_float(), v.is_double()),
            (Some(3.402823466385289e38), true)
        );
        assert_ne!(v.as_float(), Some(f64::from(f32::MAX)));
        let c = case(engine, "float_m0");
        let v = parsed(&c).as_float().unwrap();
        assert!(v == 0.0 && v.is_sign_negative());
        // NaN != NaN, so the engines always write it wide.
        let c = case(engine, "float_nan");
        let v = parsed(&c);
        assert!(v.as_float().unwrap().is_nan());
        assert!(v.is_double());
    }
}

// ---------------------------------------------------------------- strings

#[test]
fn strings() {
    for engine in ALL {
        let c = case(engine, "str_emoji");
        let v = parsed(&c);
        assert_eq!(v.ty(), VariantType::String);
        assert_eq!(v.as_str(), Some("😀"));
        let gd = v.as_gd_str().unwrap();
        assert_eq!(gd.raw_bytes(), [0xF0, 0x9F, 0x98, 0x80]);
        assert_eq!(gd.len(), 4);
        assert_eq!(gd, "😀");
        assert_eq!(gd.to_string(), "😀");
        assert_eq!(v.encoded().len(), 12);

        let c = case(engine, "str_emoji_mixed");
        let v = parsed(&c);
        assert_eq!(v.as_str(), Some("a😀béc👍🏽"));
        assert_eq!(v.as_gd_str().unwrap().raw_bytes(), "a😀béc👍🏽".as_bytes());

        let c = case(engine, "str_escapes");
        assert_eq!(parsed(&c).as_str(), Some("tab\tnl\nquote\"bs\\"));
        let c = case(engine, "str_latin1");
        assert_eq!(parsed(&c).as_str(), Some("héllo wörld"));

        let c = case(engine, "str_empty");
        let v = parsed(&c);
        assert_eq!(v.as_str(), Some(""));
        assert!(v.as_gd_str().unwrap().is_empty());
        assert_eq!(v.encoded(), [4, 0, 0, 0, 0, 0, 0, 0]);

        // Padding to 4: 1, 2, 3 and 4 bytes all take one word.
        for (name, text) in [
            ("str_len1", "a"),
            ("str_len2", "ab"),
            ("str_len3", "abc"),
            ("str_len4", "abcd"),
        ] {
            let c = case(engine, name);
            let v = parsed(&c);
            assert_eq!(v.as_str(), Some(text));
            assert_eq!(v.as_gd_str().unwrap().raw_bytes(), text.as_bytes());
            assert_eq!(v.encoded().len(), 12);
        }
        let c = case(engine, "str_long_1000");
        let v = parsed(&c);
        assert_eq!(v.as_str(), Some("x".repeat(1000).as_str()));
        assert_eq!(v.encoded().len(), 1008);
    }
}

#[test]
fn string_names() {
    let c = case("g4", "stringname");
    let v = parsed(&c);
    assert_eq!(v.ty(), VariantType::StringName);
    assert_eq!(v.as_str(), Some("abc"));
    assert_eq!(v.to_string(), "&\"abc\"");
    let c = case("g4", "stringname_utf8");
    let v = parsed(&c);
    assert_eq!(v.as_gd_str().unwrap(), "nöde_日");
    assert_eq!(v.as_gd_str().unwrap().raw_bytes(), "nöde_日".as_bytes());
}

// ---------------------------------------------------------------- math

#[test]
fn vectors() {
    for engine in ALL {
        let c = case(engine, "vector3");
        let m = parsed(&c).as_math().unwrap();
        assert_eq!(m.ty(), VariantType::Vector3);
        assert_eq!(m.len(), 3);
        assert_eq!(m.to_array::<3>(), Some([1.0, -2.0, 3.5]));
        assert_eq!(m.to_array_f32::<3>(), Some([1.0, -2.0, 3.5]));
        assert_eq!(m.to_array::<2>(), None);
        assert_eq!(m.to_array_i32::<3>(), None);
        assert_eq!((m.get(2), m.get(3)), (Some(3.5), None));
        assert!(!m.is_double() && !m.is_integer());

        let c = case(engine, "vector2_0_1");
        let m = parsed(&c).as_math().unwrap();
        assert_eq!(m.to_array_f32::<2>(), Some([0.1, 1e30]));
        assert_eq!(m.get_f32(0), Some(0.1f32));
        assert_eq!(
            m.to_array::<2>(),
            Some([f64::from(0.1f32), f64::from(1e30f32)])
        );

        let c = case(engine, "vector2_zero");
        assert_eq!(
            parsed(&c).as_math().unwrap().to_array::<2>(),
            Some([0.0; 2])
        );
    }
    let c = case("g4", "vector2i");
    let m = parsed(&c).as_math().unwrap();
    assert_eq!(m.ty(), VariantType::Vector2i);
    assert!(m.is_integer());
    assert_eq!(m.to_array_i32::<2>(), Some([-1, 2147483647]));
    assert_eq!(m.to_array::<2>(), Some([-1.0, 2147483647.0]));
    assert_eq!(m.to_array_f32::<2>(), None);
    assert_eq!(
        (m.get_i32(1), m.get_i32(2), m.get_f32(0)),
        (Some(i32::MAX), None, None)
    );

    let c = case("g4", "vector3i");
    let m = parsed(&c).as_math().unwrap();
    assert_eq!(m.to_array_i32::<3>(), Some([1, -2, i32::MIN]));

    let c = case("g4", "vector4_0_1");
    let m = parsed(&c).as_math().unwrap();
    assert_eq!(m.ty(), VariantType::Vector4);
    assert_eq!(m.to_array_f32::<4>(), Some([0.1, 0.0, 0.0, -1e30]));

    let c = case("g4", "vector4i_zero");
    let m = parsed(&c).as_math().unwrap();
    assert_eq!(
        (m.ty(), m.to_array_i32::<4>()),
        (VariantType::Vector4i, Some([0; 4]))
    );

    // Not math: None.
    let c = case("g4", "int_m1");
    assert!(parsed(&c).as_math().is_none());
}

#[test]
fn double_precision_math_is_read_as_f64() {
    // Godot 4 Vector3 with the 64-bit flag (a double-precision build): 3 × f64.
    let mut bytes = vec![9, 0, 1, 0];
    for x in [0.1f64, -2.0, 1e300] {
        bytes.extend_from_slice(&x.to_le_bytes());
    }
    let v = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    let m = v.as_math().unwrap();
    assert!(m.is_double());
    assert_eq!(m.to_array::<3>(), Some([0.1, -2.0, 1e300]));
    assert_eq!(m.get_f32(0), None);
    assert_eq!(m.to_array_f32::<3>(), Some([0.1f32, -2.0, f32::INFINITY]));
}

#[test]
fn rects_planes_quaternions_aabbs_transform2d() {
    for engine in ALL {
        let c = case(engine, "rect2_zero");
        let m = parsed(&c).as_math().unwrap();
        assert_eq!(
            (m.ty(), m.to_array::<4>()),
            (VariantType::Rect2, Some([0.0; 4]))
        );
        let c = case(engine, "plane_neg");
        let m = parsed(&c).as_math().unwrap();
        assert_eq!(
            (m.ty(), m.to_array::<4>()),
            (VariantType::Plane, Some([1.0, 0.0, 0.0, -3.5]))
        );
        let c = case(engine, "aabb");
        let m = parsed(&c).as_math().unwrap();
        assert_eq!(
            (m.ty(), m.to_array::<6>()),
            (VariantType::Aabb, Some([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]))
        );
        let c = case(engine, "transform2d_identity");
        let m = parsed(&c).as_math().unwrap();
        assert_eq!(m.ty(), VariantType::Transform2D);
        assert_eq!(m.to_array::<6>(), Some([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]));
    }
    for engine in G3 {
        let c = case(engine, "quat_identity");
        let m = parsed(&c).as_math().unwrap();
        assert_eq!(
            (m.ty(), m.to_array::<4>()),
            (VariantType::Quaternion, Some([0.0, 0.0, 0.0, 1.0]))
        );
    }
    let c = case("g4", "quaternion");
    let m = parsed(&c).as_math().unwrap();
    assert_eq!(m.to_array_f32::<4>(), Some([0.1, 0.2, 0.3, 0.9]));
    let c = case("g4", "rect2i_zero");
    let m = parsed(&c).as_math().unwrap();
    assert_eq!(
        (m.ty(), m.is_integer(), m.to_array_i32::<4>()),
        (VariantType::Rect2i, true, Some([0; 4]))
    );
}

#[test]
fn colors() {
    for engine in ALL {
        let c = case(engine, "color");
        let m = parsed(&c).as_math().unwrap();
        assert_eq!(m.ty(), VariantType::Color);
        assert_eq!(m.to_array_f32::<4>(), Some([0.1, 0.2, 0.3, 0.4]));
        assert!(!m.is_double());
        let c = case(engine, "color_red");
        assert_eq!(
            parsed(&c).as_math().unwrap().to_array::<4>(),
            Some([1.0, 0.0, 0.0, 1.0])
        );
    }
}

#[test]
fn basis_is_row_major() {
    // Basis(Vector3(1, 0, 0), 0.5): rows [1,0,0], [0,cos,-sin], [0,sin,cos].
    let (c, s) = (0.5f64.cos(), 0.5f64.sin());
    let want = [1.0, 0.0, 0.0, 0.0, c, -s, 0.0, s, c];
    for engine in ALL {
        let case = case(engine, "basis");
        let m = parsed(&case).as_math().unwrap();
        assert_eq!((m.ty(), m.len()), (VariantType::Basis, 9));
        assert_close(&m.to_array::<9>().unwrap(), &want, 1e-6);
    }
    // decoded_text (g4): Basis(1, 0, 0, 0, 0.87758255, -0.47942555, 0, 0.47942555, 0.87758255)
    let case = case("g4", "basis");
    let m = parsed(&case).as_math().unwrap();
    assert_eq!(m.get_f32(4), Some(0.87758255));
    assert_eq!(m.get_f32(5), Some(-0.47942555));
}

#[test]
fn transform3d_is_basis_rows_then_origin() {
    // Transform(Basis(Vector3(0, 1, 0), 1.0), Vector3(7, 8, 9)).
    let (c, s) = (1.0f64.cos(), 1.0f64.sin());
    let want = [c, 0.0, s, 0.0, 1.0, 0.0, -s, 0.0, c, 7.0, 8.0, 9.0];
    for engine in G3 {
        let case = case(engine, "transform");
        let m = parsed(&case).as_math().unwrap();
        assert_eq!(m.ty(), VariantType::Transform3D);
        let got = m.to_array::<12>().unwrap();
        assert_close(&got, &want, 1e-6);
        assert_eq!(&got[9..], [7.0, 8.0, 9.0]);
    }
    let case = case("g4", "transform3d_identity");
    let m = parsed(&case).as_math().unwrap();
    assert_eq!(
        m.to_array::<12>(),
        Some([1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0])
    );
}

#[test]
fn projection_is_column_major() {
    // Projection.create_perspective(60, 1.5, 0.1, 100).
    let f = 1.0 / 30f64.to_radians().tan();
    let (near, far) = (0.1, 100.0);
    let want = [
        f / 1.5,
        0.0,
        0.0,
        0.0,
        0.0,
        f,
        0.0,
        0.0,
        0.0,
        0.0,
        -(far + near) / (far - near),
        -1.0,
        0.0,
        0.0,
        -2.0 * far * near / (far - near),
        0.0,
    ];
    let c = case("g4", "projection_persp");
    let m = parsed(&c).as_math().unwrap();
    assert_eq!((m.ty(), m.len()), (VariantType::Projection, 16));
    assert_close(&m.to_array::<16>().unwrap(), &want, 1e-6);
    assert_eq!(m.get(11), Some(-1.0));
}

// ---------------------------------------------------------------- NodePath, RID, Signal, Callable

#[test]
fn node_paths() {
    for engine in ALL {
        let c = case(engine, "nodepath_abs");
        let v = parsed(&c);
        let p = v.as_node_path().unwrap();
        assert!(p.is_absolute() && !p.is_empty());
        assert_eq!(names(p.names()), ["root", "Main"]);
        assert_eq!(p.names().len(), 2);
        assert_eq!(p.subnames().count(), 0);
        assert_eq!(p.to_string(), "/root/Main");

        let c = case(engine, "nodepath_subnames");
        let p = parsed(&c).as_node_path().unwrap();
        assert!(!p.is_absolute());
        assert_eq!(names(p.names()), ["Node", "Child"]);
        assert_eq!(names(p.subnames()), ["prop", "sub"]);
        assert_eq!(p.to_string(), "Node/Child:prop:sub");

        let c = case(engine, "nodepath_only_subname");
        let p = parsed(&c).as_node_path().unwrap();
        assert_eq!(p.names().count(), 0);
        assert_eq!(names(p.subnames()), ["position", "x"]);
        assert_eq!(p.to_string(), ":position:x");

        let c = case(engine, "nodepath_rel2");
        let p = parsed(&c).as_node_path().unwrap();
        assert_eq!(names(p.names()), ["..", "Sibling", "Child"]);
        assert_eq!(p.to_string(), "../Sibling/Child");

        let c = case(engine, "nodepath_utf8");
        let p = parsed(&c).as_node_path().unwrap();
        assert_eq!(names(p.names()), ["Nöde", "日本"]);
        assert_eq!(names(p.subnames()), ["é"]);
        assert_eq!(p.to_string(), "Nöde/日本:é");

        let c = case(engine, "nodepath_empty");
        let v = parsed(&c);
        let p = v.as_node_path().unwrap();
        assert!(p.is_empty() && !p.is_absolute());
        assert_eq!(p.to_string(), "");
        assert_eq!(v.encoded().len(), 16);
    }
    let c = case("g4", "nodepath_abs");
    assert_eq!(parsed(&c).to_string(), "NodePath(\"/root/Main\")");
}

#[test]
fn node_path_legacy_property_flag_adds_a_subname() {
    // names 1 ("a"), subnames 0, flags = absolute | property: one more subname ("b").
    let mut bytes = vec![22, 0, 0, 0];
    for word in [0x8000_0001u32, 0, 0b11] {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    bytes.extend_from_slice(&[1, 0, 0, 0, b'a', 0, 0, 0, 1, 0, 0, 0, b'b', 0, 0, 0]);
    let (v, len) = VariantRef::parse_prefix(&bytes, Dialect::Godot4).unwrap();
    assert_eq!(len, 32);
    let p = v.as_node_path().unwrap();
    assert_eq!(names(p.names()), ["a"]);
    assert_eq!(names(p.subnames()), ["b"]);
    assert_eq!(p.to_string(), "/a:b");
}

#[test]
fn rids() {
    let c = case("g4", "rid_canvas");
    let v = parsed(&c);
    assert_eq!((v.ty(), v.as_rid()), (VariantType::Rid, Some(94489280513)));
    assert_eq!(v.encoded().len(), 12);
    // Godot 3 does not serialize RIDs: a bare header that reads as 0.
    for engine in G3 {
        let c = case(engine, "rid_canvas");
        let v = parsed(&c);
        assert_eq!((v.ty(), v.as_rid()), (VariantType::Rid, Some(0)));
        assert_eq!(v.encoded(), [16, 0, 0, 0]);
    }
    let c = case("g4", "nil");
    assert_eq!(parsed(&c).as_rid(), None);
}

#[test]
fn signals_and_callables() {
    let c = case("g4", "signal_empty");
    let v = parsed(&c);
    let s = v.as_signal().unwrap();
    assert_eq!(v.ty(), VariantType::Signal);
    assert_eq!((s.name().as_str(), s.object_id()), ("", 0));
    // Hand-built: Signal "pressed" of object 0x1122334455667788.
    let mut bytes = vec![26, 0, 0, 0, 7, 0, 0, 0];
    bytes.extend_from_slice(b"pressed\0");
    bytes.extend_from_slice(&0x1122_3344_5566_7788u64.to_le_bytes());
    let v = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    let s = v.as_signal().unwrap();
    assert_eq!(s.name(), "pressed");
    assert_eq!(s.object_id(), 0x1122_3344_5566_7788);

    for name in ["callable_empty", "callable_lambda"] {
        let c = case("g4", name);
        let v = parsed(&c);
        assert!(v.is_callable());
        assert_eq!(v.encoded(), [25, 0, 0, 0]);
        assert_eq!(v.to_string(), "Callable()");
        assert!(v.as_signal().is_none());
    }
}

// ---------------------------------------------------------------- objects

#[test]
fn objects_as_ids() {
    // decoded_text: Object(EncodedObjectAsID,"object_id":N,...)
    for (engine, id) in [("g32", 1519u64), ("g36", 1624), ("g4", 30249321986)] {
        let c = case(engine, "object_node");
        let v = parsed(&c);
        assert_eq!(v.ty(), VariantType::Object);
        match v.as_object() {
            Some(o @ ObjectRef::Id(got)) => {
                assert_eq!(got, id);
                assert!(!o.is_null());
            }
            other => panic!("{engine}: {other:?}"),
        }
        assert_eq!(v.encoded().len(), 12);
    }
    // Ids printed as negative int64 by the engine.
    let c = case("g4", "object_gradient");
    match parsed(&c).as_object() {
        Some(ObjectRef::Id(id)) => assert_eq!(id as i64, -9223372006152468986),
        other => panic!("{other:?}"),
    }
    // Id 0 is null.
    let bytes = [24, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let o = VariantRef::parse(&bytes, Dialect::Godot4)
        .unwrap()
        .as_object()
        .unwrap();
    assert!(matches!(o, ObjectRef::Id(0)) && o.is_null());
}

#[test]
fn null_objects() {
    // A freed object is written as a bare NIL header.
    for engine in ALL {
        for name in ["object_freed", "object_freed__fo"] {
            let c = case(engine, name);
            let v = parsed(&c);
            assert!(v.is_nil(), "{engine}/{name}");
            assert!(v.as_object().is_none());
        }
    }
    // A full null object: OBJECT header, empty class name.
    let v = VariantRef::parse(&[17, 0, 0, 0, 0, 0, 0, 0], Dialect::Godot3).unwrap();
    let o = v.as_object().unwrap();
    assert!(matches!(o, ObjectRef::Null) && o.is_null());
}

#[test]
fn full_object_properties() {
    // Object(Resource,"resource_local_to_scene":false,"resource_name":"","script":null,"metadata/k":5)
    let c = case("g4", "object_resource_meta__fo");
    let v = parsed(&c);
    let Some(ObjectRef::Full(full)) = v.as_object() else {
        panic!("not full: {v:?}")
    };
    assert_eq!(full.class(), "Resource");
    assert_eq!((full.len(), full.is_empty()), (4, false));
    let props = full.properties();
    assert_eq!(props.len(), 4);
    let props: Vec<_> = props.collect();
    let keys: Vec<&str> = props.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        keys,
        [
            "resource_local_to_scene",
            "resource_name",
            "script",
            "metadata/k"
        ]
    );
    assert_eq!(props[0].1.as_bool(), Some(false));
    assert_eq!(props[1].1.as_str(), Some(""));
    assert!(props[2].1.is_nil());
    assert_eq!(props[3].1.as_int(), Some(5));
    assert!(!ObjectRef::Full(full).is_null());
}

#[test]
fn full_object_with_nested_values() {
    // Image: "data": {"data": PackedByteArray(255, 0, 0, 255 × 4), "format": "RGBA8",
    //                 "height": 2, "mipmaps": false, "width": 2}
    for engine in ALL {
        let c = case(engine, "object_image__fo");
        let v = parsed(&c);
        let Some(ObjectRef::Full(full)) = v.as_object() else {
            panic!("{engine}: not full")
        };
        assert_eq!(full.class().as_str(), "Image");
        let keys: Vec<&str> = full.properties().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            keys,
            ["resource_local_to_scene", "resource_name", "data", "script"],
            "{engine}"
        );
        let (_, data) = full.properties().find(|(k, _)| *k == "data").unwrap();
        let dict = data.as_dictionary().unwrap();
        assert_eq!(dict.len(), 5);
        let pixels = dict.get("data").unwrap();
        let want: Vec<u8> = [255, 0, 0, 255].repeat(4);
        assert_eq!(packed(&pixels).as_u8(), Some(want.as_slice()));
        assert_eq!(dict.get("format").and_then(|f| f.as_str()), Some("RGBA8"));
        assert_eq!(dict.get("width").and_then(|w| w.as_int()), Some(2));
        assert_eq!(dict.get("height").and_then(|h| h.as_int()), Some(2));
        assert_eq!(dict.get("mipmaps").and_then(|m| m.as_bool()), Some(false));
    }
}

#[test]
fn object_property_offsets_are_absolute() {
    // [1, Object(Resource, resource_local_to_scene=false, resource_name="x", script=null), "s"]
    // array 0, count 4, int 8, object 16: class 20..32, count 32, properties from 36:
    // name 36..64, bool 64..72, name 72..92, "x" 92..104, name 104..116, nil 116..120; "s" 120.
    let c = case("g4", "object_in_array__fo");
    let v = parsed(&c);
    let array = v.as_array().unwrap();
    let offsets: Vec<usize> = array.iter().map(|e| e.offset()).collect();
    assert_eq!(offsets, [8, 16, 120]);
    let obj = array.get(1).unwrap();
    let Some(ObjectRef::Full(full)) = obj.as_object() else {
        panic!()
    };
    let props: Vec<(String, usize)> = full
        .properties()
        .map(|(k, v)| (k.to_string(), v.offset()))
        .collect();
    assert_eq!(
        props,
        [
            ("resource_local_to_scene".into(), 64),
            ("resource_name".into(), 92),
            ("script".into(), 116)
        ]
    );
    let (_, name) = full.properties().nth(1).unwrap();
    assert_eq!(name.as_str(), Some("x"));
    assert_eq!(
        &c.value_bytes()[name.offset()..name.offset() + 4],
        [4, 0, 0, 0]
    );
    assert_eq!(array.get(2).unwrap().as_str(), Some("s"));
}

// ---------------------------------------------------------------- arrays

#[test]
fn arrays_mixed() {
    // [null, true, 2, 3.5, "four", Vector2(5, 6), [7], {8: 9}]
    let c = case("g4", "array_mixed");
    let v = parsed(&c);
    let a = v.as_array().unwrap();
    assert_eq!((a.len(), a.is_empty()), (8, false));
    assert_eq!(a.element_type(), ContainerType::Untyped);
    assert!(!a.element_type().is_typed());
    let mut it = a.iter();
    assert_eq!(it.len(), 8);
    it.next();
    assert_eq!(it.len(), 7);
    assert_eq!(it.count(), 7);
    let e: Vec<VariantRef<'_>> = a.iter().collect();
    assert!(e[0].is_nil());
    assert_eq!(e[1].as_bool(), Some(true));
    assert_eq!(e[2].as_int(), Some(2));
    assert_eq!(e[3].as_float(), Some(3.5));
    assert_eq!(e[4].as_str(), Some("four"));
    assert_eq!(e[5].as_math().unwrap().to_array::<2>(), Some([5.0, 6.0]));
    assert_eq!(
        e[6].as_array().unwrap().get(0).and_then(|x| x.as_int()),
        Some(7)
    );
    assert_eq!(
        e[7].as_dictionary()
            .unwrap()
            .get_int(8)
            .and_then(|x| x.as_int()),
        Some(9)
    );
    assert!(a.get(8).is_none());
    assert_eq!(a.get(4).unwrap().as_str(), Some("four"));
    // Absolute offsets: header 0, count 4, then 4+8+8+8+12+12+16+24 bytes.
    let offsets: Vec<usize> = e.iter().map(|x| x.offset()).collect();
    assert_eq!(offsets, [8, 12, 20, 28, 36, 48, 60, 76]);
    assert_eq!(e[6].as_array().unwrap().get(0).unwrap().offset(), 68);
    let (key, value) = e[7].as_dictionary().unwrap().iter().next().unwrap();
    assert_eq!((key.offset(), value.offset()), (84, 92));
    // IntoIterator
    let mut n = 0;
    for x in a {
        assert_eq!(x.dialect(), Dialect::Godot4);
        n += 1;
    }
    assert_eq!(n, 8);
}

#[test]
fn encoded_nested_values_reparse_to_the_same_text() {
    let c = case("g4", "array_mixed");
    let v = parsed(&c);
    let a = v.as_array().unwrap();
    for (i, want) in [
        (4, "\"four\""),
        (5, "Vector2(5, 6)"),
        (6, "[7]"),
        (7, "{\n8: 9\n}"),
    ] {
        let inner = a.get(i).unwrap();
        assert_eq!(inner.to_string(), want);
        let again = VariantRef::parse(inner.encoded(), Dialect::Godot4).unwrap();
        assert_eq!(again.to_string(), want);
        assert_eq!(again.offset(), 0);
        assert_eq!(again, inner);
        assert_eq!(again.encoded().as_ptr(), inner.encoded().as_ptr());
    }
    assert_eq!(
        a.get(6).unwrap().encoded(),
        [28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0]
    );

    // [[1, [2, [3, []]]], []]
    for engine in ALL {
        let c = case(engine, "array_nested");
        let v = parsed(&c);
        let a = v.as_array().unwrap();
        assert_eq!(a.len(), 2);
        let first = a.get(0).unwrap();
        let again = VariantRef::parse(first.encoded(), c.dialect()).unwrap();
        let want = if engine == "g4" {
            "[1, [2, [3, []]]]"
        } else {
            "[ 1, [ 2, [ 3, [  ] ] ] ]"
        };
        assert_eq!(again.text(c.style()).to_string(), want);
        assert_eq!(first.text(c.style()).to_string(), want);
        let three = first
            .as_array()
            .unwrap()
            .get(1)
            .unwrap()
            .as_array()
            .unwrap()
            .get(1)
            .unwrap();
        assert_eq!(three.as_array().unwrap().get(0).unwrap().as_int(), Some(3));
        // header 0, count 4, [ 8, count 12, 1 at 16..24, [ 24, count 28, 2 at 32..40, [ 40.
        assert_eq!(three.offset(), 40);
        assert!(a.get(1).unwrap().as_array().unwrap().is_empty());
    }
}

#[test]
fn typed_arrays() {
    let expect_builtin = |name: &str, ty: VariantType| {
        let c = case("g4", name);
        let v = parsed(&c);
        let a = v.as_array().unwrap();
        assert_eq!(a.element_type(), ContainerType::Builtin(ty), "{name}");
        assert!(a.element_type().is_typed());
        a.len()
    };
    assert_eq!(expect_builtin("array_typed_int", VariantType::Int), 3);
    assert_eq!(expect_builtin("array_typed_int_empty", VariantType::Int), 0);
    assert_eq!(expect_builtin("array_typed_float", VariantType::Float), 2);
    assert_eq!(expect_builtin("array_typed_string", VariantType::String), 3);
    assert_eq!(
        expect_builtin("array_typed_stringname", VariantType::StringName),
        1
    );
    assert_eq!(expect_builtin("array_typed_array", VariantType::Array), 1);
    assert_eq!(
        expect_builtin("array_typed_dict", VariantType::Dictionary),
        1
    );

    let c = case("g4", "array_typed_int");
    let ints: Vec<i64> = parsed(&c)
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_int().unwrap())
        .collect();
    assert_eq!(ints, [1, 2, 3]);
    let c = case("g4", "array_typed_float");
    let floats: Vec<f64> = parsed(&c)
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_float().unwrap())
        .collect();
    assert_eq!(floats, [0.5, 0.1]);
    let c = case("g4", "array_typed_string");
    let strs: Vec<&str> = parsed(&c)
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert_eq!(strs, ["a", "bc", ""]);
    let c = case("g4", "array_typed_stringname");
    let v = parsed(&c);
    let first = v.as_array().unwrap().get(0).unwrap();
    assert_eq!(
        (first.ty(), first.as_str()),
        (VariantType::StringName, Some("a"))
    );

    // Object-typed without full objects: the literal class name EncodedObjectAsID.
    let c = case("g4", "array_typed_node_empty");
    let v = parsed(&c);
    match v.as_array().unwrap().element_type() {
        ContainerType::ClassName(name) => assert_eq!(name, "EncodedObjectAsID"),
        other => panic!("{other:?}"),
    }
    let c = case("g4", "array_typed_node_null__fo");
    let v = parsed(&c);
    let a = v.as_array().unwrap();
    match a.element_type() {
        ContainerType::ClassName(name) => assert_eq!(name.as_str(), "Node"),
        other => panic!("{other:?}"),
    }
    assert_eq!(a.len(), 1);
    assert!(a.get(0).unwrap().is_nil());

    // Godot 3 arrays are never typed.
    let c = case("g32", "array_one");
    let v = parsed(&c);
    let a = v.as_array().unwrap();
    assert_eq!(a.element_type(), ContainerType::Untyped);
    assert_eq!(a.get(0).unwrap().as_int(), Some(1));

    // A builtin Nil element type leaves the array untyped (reported as written).
    let bytes = [28, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let v = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    let t = v.as_array().unwrap().element_type();
    assert_eq!(t, ContainerType::Builtin(VariantType::Nil));
    assert!(!t.is_typed());
}

// ---------------------------------------------------------------- dictionaries

#[test]
fn dictionaries() {
    for engine in ALL {
        let c = case(engine, "dict_one");
        let v = parsed(&c);
        let d = v.as_dictionary().unwrap();
        assert_eq!(d.len(), 1);
        assert_eq!(d.get("a").and_then(|x| x.as_int()), Some(1));
        assert!(d.get("b").is_none());
        assert!(d.get_int(1).is_none());
        assert_eq!(
            (d.key_type(), d.value_type()),
            (ContainerType::Untyped, ContainerType::Untyped)
        );

        // {"hp": 10, "pos": Vector2(1, 2)}, length-prefixed by StreamPeer.put_var.
        let c = case(engine, "w_dict__stream_put_var");
        let v = parsed(&c);
        let d = v.as_dictionary().unwrap();
        assert_eq!(d.get("hp").and_then(|x| x.as_int()), Some(10));
        let pos = d.get("pos").unwrap().as_math().unwrap();
        assert_eq!(pos.to_array::<2>(), Some([1.0, 2.0]));
        let it = d.iter();
        assert_eq!(it.len(), 2);
        let keys: Vec<&str> = it.map(|(k, _)| k.as_str().unwrap()).collect();
        assert_eq!(keys, ["hp", "pos"]);

        // {"a": {"b": {"c": [1, 2, {"d": null}]}}}
        let c = case(engine, "dict_nested");
        let v = parsed(&c);
        let list = v.as_dictionary().unwrap().get("a").unwrap();
        let list = list.as_dictionary().unwrap().get("b").unwrap();
        let list = list.as_dictionary().unwrap().get("c").unwrap();
        let list = list.as_array().unwrap();
        assert_eq!(list.get(1).unwrap().as_int(), Some(2));
        let last = list.get(2).unwrap();
        assert!(last.as_dictionary().unwrap().get("d").unwrap().is_nil());

        let c = case(engine, "dict_empty");
        let v = parsed(&c);
        assert!(v.as_dictionary().unwrap().is_empty());
        assert_eq!(v.as_dictionary().unwrap().iter().len(), 0);
    }
}

#[test]
fn dictionary_with_object_keys() {
    // {"res": r, r: 1}
    let c = case("g4", "object_in_dict");
    let v = parsed(&c);
    let d = v.as_dictionary().unwrap();
    assert!(matches!(
        d.get("res").unwrap().as_object(),
        Some(ObjectRef::Id(_))
    ));
    let one = d.find(|k| k.as_object().is_some()).unwrap();
    assert_eq!(one.as_int(), Some(1));
}

#[test]
fn dictionary_duplicate_keys_keep_the_last_value() {
    // {"a": 1, "a": 2} (Godot 3): the engine keeps the later value.
    let mut bytes = vec![18, 0, 0, 0, 2, 0, 0, 0];
    for v in [1u8, 2] {
        bytes.extend_from_slice(&[
            4, 0, 0, 0, 1, 0, 0, 0, b'a', 0, 0, 0, 2, 0, 0, 0, v, 0, 0, 0,
        ]);
    }
    let v = VariantRef::parse(&bytes, Dialect::Godot3).unwrap();
    let d = v.as_dictionary().unwrap();
    assert_eq!(d.len(), 2);
    assert_eq!(d.get("a").unwrap().as_int(), Some(2));
    // header 0, count 4, "a" 8..20, 1 at 20..28, "a" 28..40, 2 at 40.
    assert_eq!(d.get("a").unwrap().offset(), 40);
}

#[test]
fn typed_dictionaries() {
    use ContainerType::{Builtin, Untyped};
    let c = case("g4", "dict_typed_int_vec2");
    let v = parsed(&c);
    let d = v.as_dictionary().unwrap();
    assert_eq!(
        (d.key_type(), d.value_type()),
        (Builtin(VariantType::Int), Builtin(VariantType::Vector2))
    );
    assert_eq!(
        d.get_int(1).unwrap().as_math().unwrap().to_array::<2>(),
        Some([1.0, 2.0])
    );

    let c = case("g4", "dict_typed_key_only");
    let v = parsed(&c);
    let d = v.as_dictionary().unwrap();
    assert_eq!(
        (d.key_type(), d.value_type()),
        (Builtin(VariantType::StringName), Untyped)
    );
    assert!(!d.value_type().is_typed());
    // `get` matches StringName keys too.
    assert_eq!(d.get("k").unwrap().as_float(), Some(1.5));
    assert_eq!(d.iter().next().unwrap().0.ty(), VariantType::StringName);

    let c = case("g4", "dict_typed_value_only");
    let v = parsed(&c);
    let d = v.as_dictionary().unwrap();
    assert_eq!(
        (d.key_type(), d.value_type()),
        (Untyped, Builtin(VariantType::Float))
    );
    assert_eq!(d.get("k").unwrap().as_float(), Some(1.5));

    let c = case("g4", "dict_typed_str_int");
    let v = parsed(&c);
    let d = v.as_dictionary().unwrap();
    assert_eq!(
        (d.key_type(), d.value_type()),
        (Builtin(VariantType::String), Builtin(VariantType::Int))
    );
    assert_eq!(
        (d.get("a").unwrap().as_int(), d.get("b").unwrap().as_int()),
        (Some(1), Some(2))
    );

    for (name, key, value) in [
        (
            "dict_typed_res_res",
            "EncodedObjectAsID",
            "EncodedObjectAsID",
        ),
        ("dict_typed_res_res__fo", "Resource", "Resource"),
    ] {
        let c = case("g4", name);
        let v = parsed(&c);
        let d = v.as_dictionary().unwrap();
        assert!(d.is_empty());
        match (d.key_type(), d.value_type()) {
            (ContainerType::ClassName(k), ContainerType::ClassName(v)) => {
                assert_eq!((k.as_str(), v.as_str()), (key, value));
            }
            other => panic!("{name}: {other:?}"),
        }
    }
    for (name, value) in [
        ("dict_typed_str_node", "EncodedObjectAsID"),
        ("dict_typed_str_node__fo", "Node"),
    ] {
        let c = case("g4", name);
        let v = parsed(&c);
        let d = v.as_dictionary().unwrap();
        assert_eq!(d.key_type(), Builtin(VariantType::String));
        assert!(
            matches!(d.value_type(), ContainerType::ClassName(n) if n == value),
            "{name}"
        );
        assert!(d.get("n").unwrap().is_nil());
    }
}

// ---------------------------------------------------------------- packed arrays

#[test]
fn packed_bytes() {
    for engine in ALL {
        for (name, want) in [
            ("pba_1", vec![255u8]),
            ("pba_3", vec![1, 2, 3]),
            ("pba_4", vec![1, 2, 3, 4]),
            ("pba_5", vec![1, 2, 3, 4, 5]),
            (
                "pba_3001",
                (0..3001u32).map(|i| ((i * 37 + 11) % 256) as u8).collect(),
            ),
        ] {
            let c = case(engine, name);
            let v = parsed(&c);
            assert_eq!(v.ty(), VariantType::PackedByteArray);
            let p = packed(&v);
            assert_eq!(p.ty(), VariantType::PackedByteArray);
            assert_eq!(p.as_u8(), Some(want.as_slice()), "{engine}/{name}");
            assert_eq!(p.as_bytes(), want.as_slice());
            assert_eq!(p.len(), want.len());
            assert!(p.as_i32().is_none() && p.strings().is_none());
            assert_eq!(p.data_offset(), 8);
        }
    }
}

#[test]
fn packed_ints() {
    for engine in G3 {
        let c = case(engine, "pint_1");
        let v = parsed(&c);
        assert_eq!(v.ty(), VariantType::PackedInt32Array);
        let ints = packed(&v).as_i32().unwrap();
        assert_eq!(ints.iter().collect::<Vec<_>>(), [-7]);
        // PoolIntArray([1099511627776 + 5]) keeps the low 32 bits.
        let c = case(engine, "pint_truncated_2p40");
        assert_eq!(packed(&parsed(&c)).as_i32().unwrap().get(0), Some(5));
        let c = case(engine, "pint_empty");
        let v = parsed(&c);
        let p = packed(&v);
        assert!(p.is_empty() && p.as_i32().unwrap().is_empty());
        assert_eq!(p.as_i32().unwrap().get(0), None);
    }
    let c = case("g4", "pi32_extremes");
    let v = parsed(&c);
    let p = packed(&v).as_i32().unwrap();
    assert_eq!(p.iter().collect::<Vec<_>>(), [0, -1, i32::MAX, i32::MIN]);
    assert_eq!(
        p.iter().rev().collect::<Vec<_>>(),
        [i32::MIN, i32::MAX, -1, 0]
    );
    assert_eq!(p.iter().len(), 4);
    assert_eq!(p.as_le_slice()[2].get(), i32::MAX);
    assert!(packed(&v).as_i64().is_none());

    let c = case("g4", "pi64_extremes");
    let v = parsed(&c);
    assert_eq!(v.ty(), VariantType::PackedInt64Array);
    let p = packed(&v).as_i64().unwrap();
    assert_eq!(p.iter().collect::<Vec<_>>(), [0, -1, i64::MAX, i64::MIN]);
    let c = case("g4", "pi64_1");
    assert_eq!(
        packed(&parsed(&c)).as_i64().unwrap().get(0),
        Some(1099511627776)
    );
    let c = case("g4", "pi64_3000");
    let v = parsed(&c);
    let p = packed(&v).as_i64().unwrap();
    let want: Vec<i64> = (0..3000i64).map(|i| i * 4294967311 - 7).collect();
    assert_eq!(p.iter().collect::<Vec<_>>(), want);
    assert_eq!(p.len(), 3000);
}

#[test]
fn packed_floats() {
    for engine in G3 {
        let c = case(engine, "preal_1");
        let v = parsed(&c);
        assert_eq!(v.ty(), VariantType::PackedFloat32Array);
        assert_eq!(packed(&v).as_f32().unwrap().get(0), Some(0.5));
        let c = case(engine, "preal_3000");
        let v = parsed(&c);
        let want: Vec<f32> = (0..3000).map(|i| i as f32 * 0.25 - 100.0).collect();
        assert_eq!(
            packed(&v).as_f32().unwrap().iter().collect::<Vec<_>>(),
            want
        );
        // [0.1, INF, -INF, NAN, -0.0, 1e-45]
        let c = case(engine, "preal_special");
        let v = parsed(&c);
        let got: Vec<f32> = packed(&v).as_f32().unwrap().iter().collect();
        assert_eq!(got.len(), 6);
        assert_eq!(&got[..3], [0.1, f32::INFINITY, f32::NEG_INFINITY]);
        assert!(got[3].is_nan());
        assert!(got[4] == 0.0 && got[4].is_sign_negative());
        assert_eq!(got[5].to_bits(), 1, "1e-45 is the smallest subnormal");
    }
    let c = case("g4", "pf32_1");
    assert_eq!(packed(&parsed(&c)).as_f32().unwrap().get(0), Some(0.5));
    let c = case("g4", "pf32_3000");
    let v = parsed(&c);
    let want: Vec<f32> = (0..3000).map(|i| i as f32 * 0.25 - 100.0).collect();
    assert_eq!(
        packed(&v).as_f32().unwrap().iter().collect::<Vec<_>>(),
        want
    );

    let c = case("g4", "pf64_3000");
    let v = parsed(&c);
    assert_eq!(v.ty(), VariantType::PackedFloat64Array);
    let want: Vec<f64> = (0..3000).map(|i| f64::from(i) / 3.0).collect();
    assert_eq!(
        packed(&v).as_f64().unwrap().iter().collect::<Vec<_>>(),
        want
    );
    assert!(packed(&v).as_f32().is_none());
    // PackedFloat64Array(1e+300, inf, inf_neg, nan, 0, 0)
    let c = case("g4", "pf64_special");
    let v = parsed(&c);
    let got: Vec<f64> = packed(&v).as_f64().unwrap().iter().collect();
    assert_eq!(&got[..3], [1e300, f64::INFINITY, f64::NEG_INFINITY]);
    assert!(got[3].is_nan());
    assert_eq!(&got[4..], [0.0, 0.0]);
    let c = case("g4", "pf64_empty");
    assert!(packed(&parsed(&c)).as_f64().unwrap().is_empty());
}

#[test]
fn packed_strings() {
    let want = ["a", "bc", "def", "ghij", "klmno", "日本", "😀"];
    for engine in ALL {
        let c = case(engine, "pstr_lens");
        let v = parsed(&c);
        assert_eq!(v.ty(), VariantType::PackedStringArray);
        let p = packed(&v);
        assert_eq!(p.len(), 7);
        let strings = p.strings().unwrap();
        assert_eq!(strings.len(), 7);
        assert_eq!(names(strings.iter()), want);
        // Each item carries its NUL terminator on the wire.
        let raw: Vec<&[u8]> = p.strings().unwrap().iter().map(|s| s.raw_bytes()).collect();
        assert_eq!(raw[0], b"a\0");
        assert_eq!(raw[6], "😀\0".as_bytes());
        assert!(p.as_u8().is_none());

        let c = case(engine, "pstr_one_empty");
        let v = parsed(&c);
        let items: Vec<_> = packed(&v).strings().unwrap().iter().collect();
        assert_eq!(items.len(), 1);
        assert_eq!((items[0].as_str(), items[0].raw_bytes()), ("", &b"\0"[..]));

        let c = case(engine, "pstr_empty");
        assert_eq!(packed(&parsed(&c)).strings().unwrap().len(), 0);
    }
}

#[test]
fn packed_vectors_and_colors() {
    for engine in ALL {
        let c = case(engine, "pv2_1");
        let v = parsed(&c);
        assert_eq!(v.ty(), VariantType::PackedVector2Array);
        let p = packed(&v);
        assert!(!p.is_double());
        assert_eq!(
            p.as_vector2().unwrap().iter().collect::<Vec<_>>(),
            [[1.0, 2.0]]
        );
        assert!(p.as_vector2_f64().is_none() && p.as_vector3().is_none());

        let c = case(engine, "pv2_3000");
        let v = parsed(&c);
        let want: Vec<[f32; 2]> = (0..3000).map(|i| [i as f32, -(i as f32) * 0.5]).collect();
        assert_eq!(
            packed(&v).as_vector2().unwrap().iter().collect::<Vec<_>>(),
            want
        );

        let c = case(engine, "pv3_1");
        let v = parsed(&c);
        assert_eq!(v.ty(), VariantType::PackedVector3Array);
        assert_eq!(
            packed(&v).as_vector3().unwrap().get(0),
            Some([1.0, 2.0, 3.0])
        );
        let c = case(engine, "pv3_empty");
        assert_eq!(packed(&parsed(&c)).as_vector3().unwrap().len(), 0);

        // Color(i / 3000.0, 0.5, 1.0 - i / 3000.0, 1), computed in f64, stored as f32.
        let c = case(engine, "pcol_3000");
        let v = parsed(&c);
        assert_eq!(v.ty(), VariantType::PackedColorArray);
        let colors = packed(&v).as_color().unwrap();
        assert_eq!(colors.len(), 3000);
        for (i, got) in colors.iter().enumerate() {
            let t = i as f64 / 3000.0;
            assert_eq!(
                got,
                [t as f32, 0.5, (1.0 - t) as f32, 1.0],
                "{engine} color {i}"
            );
        }
        let c = case(engine, "pcol_empty");
        assert!(packed(&parsed(&c)).as_color().unwrap().is_empty());
    }
    let c = case("g4", "pv4_1");
    let v = parsed(&c);
    assert_eq!(v.ty(), VariantType::PackedVector4Array);
    assert_eq!(
        packed(&v).as_vector4().unwrap().iter().collect::<Vec<_>>(),
        [[1.0, 2.0, 3.0, 4.0]]
    );
    let c = case("g4", "pv4_empty");
    assert!(packed(&parsed(&c)).as_vector4().unwrap().is_empty());
}

#[test]
fn double_precision_packed_vectors() {
    // Godot 4 PackedVector2Array with the 64-bit flag: 2 × f64 per element.
    let mut bytes = vec![35, 0, 1, 0, 2, 0, 0, 0];
    for x in [1.5f64, -2.25, 0.1, 1e300] {
        bytes.extend_from_slice(&x.to_le_bytes());
    }
    let v = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    let p = packed(&v);
    assert!(p.is_double());
    assert!(p.as_vector2().is_none());
    let wide = p.as_vector2_f64().unwrap();
    assert_eq!(
        wide.iter().collect::<Vec<_>>(),
        [[1.5, -2.25], [0.1, 1e300]]
    );
    assert_eq!(p.as_bytes().len(), 32);
}

#[test]
fn float_components_flatten_every_float_array() {
    for engine in ALL {
        // Vectors and colors: components element after element, exactly widened.
        let c = case(engine, "pv2_3000");
        let v = parsed(&c);
        let p = packed(&v);
        assert_eq!(p.components_per_element(), Some(2));
        let comps = p.float_components().unwrap();
        assert!(!comps.is_double());
        assert_eq!(comps.len(), 6000);
        let want: Vec<f64> = (0..3000)
            .flat_map(|i| [f64::from(i as f32), f64::from(-(i as f32) * 0.5)])
            .collect();
        assert_eq!(comps.collect::<Vec<_>>(), want);

        let c = case(engine, "pcol_3000");
        let v = parsed(&c);
        let p = packed(&v);
        assert_eq!(p.components_per_element(), Some(4));
        let flat: Vec<f64> = p
            .as_color()
            .unwrap()
            .iter()
            .flatten()
            .map(f64::from)
            .collect();
        assert_eq!(p.float_components().unwrap().collect::<Vec<_>>(), flat);

        // Not float-based: no components.
        let ints = if engine == "g4" { "pi32_1" } else { "pint_1" };
        for name in [ints, "pba_3", "pstr_lens"] {
            let c = case(engine, name);
            let v = parsed(&c);
            assert_eq!(packed(&v).components_per_element(), None, "{engine}/{name}");
            assert!(packed(&v).float_components().is_none(), "{engine}/{name}");
        }
    }
    // PackedFloat64Array (Godot 4): one f64 component per element.
    let c = case("g4", "pf64_3000");
    let v = parsed(&c);
    let p = packed(&v);
    assert_eq!(p.components_per_element(), Some(1));
    assert!(p.float_components().unwrap().is_double());
    assert_eq!(
        p.float_components().unwrap().collect::<Vec<_>>(),
        p.as_f64().unwrap().iter().collect::<Vec<_>>()
    );
    // A 64-bit PackedVector2Array.
    let mut bytes = vec![35, 0, 1, 0, 2, 0, 0, 0];
    for x in [1.5f64, -2.25, 0.1, 1e300] {
        bytes.extend_from_slice(&x.to_le_bytes());
    }
    let v = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    let comps = packed(&v).float_components().unwrap();
    assert!(comps.is_double());
    assert_eq!(comps.len(), 4);
    assert_eq!(comps.collect::<Vec<_>>(), [1.5, -2.25, 0.1, 1e300]);
}

/// Copies `bytes` into a fresh buffer so that its first byte sits at an address that is
/// `shift` more than a multiple of 8. Returns the buffer and the start index.
fn placed(bytes: &[u8], shift: usize) -> (Vec<u8>, usize) {
    let mut buf = vec![0u8; bytes.len() + 16];
    let start = (8 - (buf.as_ptr() as usize) % 8) % 8 + shift;
    buf[start..start + bytes.len()].copy_from_slice(bytes);
    (buf, start)
}

#[test]
fn native_slices_depend_on_alignment() {
    let little = cfg!(target_endian = "little");
    // 4-byte elements: Some whenever the buffer is 4-aligned (data is at offset 8).
    let c = case("g4", "pf32_3000");
    let want: Vec<f32> = (0..3000).map(|i| i as f32 * 0.25 - 100.0).collect();
    for shift in [0, 4] {
        let (buf, start) = placed(c.value_bytes(), shift);
        let v =
            VariantRef::parse(&buf[start..start + c.value_bytes().len()], Dialect::Godot4).unwrap();
        let f = packed(&v).as_f32().unwrap();
        assert_eq!(
            f.as_native().map(<[f32]>::to_vec),
            little.then(|| want.clone()),
            "shift {shift}"
        );
    }
    // Misaligned by one: no native slice, but every other view still works.
    let (buf, start) = placed(c.value_bytes(), 1);
    let v = VariantRef::parse(&buf[start..start + c.value_bytes().len()], Dialect::Godot4).unwrap();
    let f = packed(&v).as_f32().unwrap();
    assert!(f.as_native().is_none());
    assert_eq!(f.get(1), Some(-99.75));
    assert_eq!(f.iter().collect::<Vec<_>>(), want);
    assert_eq!(f.as_le_slice().len(), 3000);
    assert_eq!(f.as_le_slice()[2999].get(), 2999.0 * 0.25 - 100.0);

    // [f32; 3] and i32 the same way.
    let c = case("g4", "pv3_1");
    let (buf, start) = placed(c.value_bytes(), 0);
    let v = VariantRef::parse(&buf[start..start + c.value_bytes().len()], Dialect::Godot4).unwrap();
    let expect: Option<&[[f32; 3]]> = little.then_some(&[[1.0, 2.0, 3.0]]);
    assert_eq!(packed(&v).as_vector3().unwrap().as_native(), expect);
    let (buf, start) = placed(c.value_bytes(), 1);
    let v = VariantRef::parse(&buf[start..start + c.value_bytes().len()], Dialect::Godot4).unwrap();
    let p = packed(&v).as_vector3().unwrap();
    assert!(p.as_native().is_none());
    assert_eq!(p.get(0), Some([1.0, 2.0, 3.0]));

    let c = case("g4", "pi32_extremes");
    let (buf, start) = placed(c.value_bytes(), 0);
    let v = VariantRef::parse(&buf[start..start + c.value_bytes().len()], Dialect::Godot4).unwrap();
    let expect: Option<&[i32]> = little.then_some(&[0, -1, i32::MAX, i32::MIN]);
    assert_eq!(packed(&v).as_i32().unwrap().as_native(), expect);
    let (buf, start) = placed(c.value_bytes(), 2);
    let v = VariantRef::parse(&buf[start..start + c.value_bytes().len()], Dialect::Godot4).unwrap();
    let p = packed(&v).as_i32().unwrap();
    assert!(p.as_native().is_none());
    assert_eq!(p.iter().collect::<Vec<_>>(), [0, -1, i32::MAX, i32::MIN]);

    let c = case("g4", "pcol_3000");
    let (buf, start) = placed(c.value_bytes(), 0);
    let v = VariantRef::parse(&buf[start..start + c.value_bytes().len()], Dialect::Godot4).unwrap();
    let native = packed(&v).as_color().unwrap().as_native();
    assert_eq!(native.map(<[[f32; 4]]>::len), little.then_some(3000));
}

#[test]
fn native_slices_of_8_byte_elements_need_8_alignment() {
    let little = cfg!(target_endian = "little");
    let c = case("g4", "pi64_extremes");
    let want = [0, -1, i64::MAX, i64::MIN];
    let (buf, start) = placed(c.value_bytes(), 0);
    let v = VariantRef::parse(&buf[start..start + c.value_bytes().len()], Dialect::Godot4).unwrap();
    let expect: Option<&[i64]> = little.then_some(&want);
    assert_eq!(packed(&v).as_i64().unwrap().as_native(), expect);
    for shift in [4, 1] {
        let (buf, start) = placed(c.value_bytes(), shift);
        let v =
            VariantRef::parse(&buf[start..start + c.value_bytes().len()], Dialect::Godot4).unwrap();
        let p = packed(&v).as_i64().unwrap();
        assert!(p.as_native().is_none(), "shift {shift}");
        assert_eq!(p.iter().collect::<Vec<_>>(), want);
        assert_eq!(p.as_le_slice()[3].get(), i64::MIN);
    }
    let c = case("g4", "pf64_3000");
    let (buf, start) = placed(c.value_bytes(), 0);
    let v = VariantRef::parse(&buf[start..start + c.value_bytes().len()], Dialect::Godot4).unwrap();
    let native = packed(&v).as_f64().unwrap().as_native();
    assert_eq!(native.map(|s| s[3]), little.then_some(1.0));
}

#[test]
fn nested_packed_arrays_have_absolute_data_offsets() {
    // G4 ["abc", PackedFloat32Array([1.5, 2.5]), PackedFloat64Array([0.25])]:
    // header 0, count 4, "abc" 8..20, f32 array 20 (count 24, data 28..36),
    // f64 array 36 (count 40, data 44..52).
    let mut bytes = vec![
        28, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0, 3, 0, 0, 0, b'a', b'b', b'c', 0,
    ];
    bytes.extend_from_slice(&[32, 0, 0, 0, 2, 0, 0, 0]);
    bytes.extend_from_slice(&1.5f32.to_le_bytes());
    bytes.extend_from_slice(&2.5f32.to_le_bytes());
    bytes.extend_from_slice(&[33, 0, 0, 0, 1, 0, 0, 0]);
    bytes.extend_from_slice(&0.25f64.to_le_bytes());
    let (buf, start) = placed(&bytes, 0);
    let v = VariantRef::parse(&buf[start..start + bytes.len()], Dialect::Godot4).unwrap();
    let a = v.as_array().unwrap();
    let f32s = a.get(1).unwrap();
    assert_eq!(f32s.offset(), 20);
    let p = packed(&f32s);
    assert_eq!(p.data_offset(), 28);
    let expect: Option<&[f32]> = cfg!(target_endian = "little").then_some(&[1.5, 2.5]);
    assert_eq!(p.as_f32().unwrap().as_native(), expect);
    let f64s = a.get(2).unwrap();
    assert_eq!((f64s.offset(), packed(&f64s).data_offset()), (36, 44));
    // Data at 44 is 4- but not 8-aligned: no native &[f64], the values are still there.
    let p = packed(&f64s).as_f64().unwrap();
    assert!(p.as_native().is_none());
    assert_eq!(p.get(0), Some(0.25));
}

#[test]
#[cfg(target_pointer_width = "64")]
fn views_stay_small() {
    // Views are copied at every step of a walk: their size is part of the speed.
    use std::mem::size_of;
    assert_eq!(size_of::<VariantRef<'_>>(), 32);
    assert_eq!(size_of::<gdvariant::ArrayRef<'_>>(), 32);
    assert_eq!(size_of::<gdvariant::DictRef<'_>>(), 32);
    assert_eq!(size_of::<gdvariant::FullObject<'_>>(), 32);
    assert_eq!(size_of::<gdvariant::Value<'_>>(), 40);
}
