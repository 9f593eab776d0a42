//! Inputs found by the fuzz targets in `fuzz/` (see fuzz/README.md), kept as tests.
//!
//! Each test holds the input inline (without the fuzz config byte, which is named in the
//! comment) and the outcome that must hold. A test for a defect that is not fixed yet is
//! `#[ignore]`d with the reason; the fix removes the `#[ignore]`.

use std::sync::mpsc;
use std::time::Duration;

use gdvariant::text::TextStyle;
use gdvariant::{Builder, Dialect, VariantRef};

/// `roundtrip` target, config byte 0x00 (Godot 3). A Godot 3 full object of class `A`
/// whose property `script` is the int 5. Godot 3 accepts any value there; Godot 4 loads
/// `script` as a resource path and rejects anything but null or a String (so does
/// `VariantRef::parse`: `InvalidScriptProperty`). `Builder::value` into Godot 4 copied
/// the property as is, writing bytes that Godot 4 cannot read. It must either fail with a
/// `BuildError` or write something that parses (fixed in dd55c7b: it fails with
/// `BuildError::InvalidScriptProperty`).
#[test]
fn godot3_object_with_int_script_property_to_godot4() {
    let input: &[u8] = &[
        0x11, 0x00, 0x00, 0x00, // Object (Godot 3 id 17), full
        0x01, 0x00, 0x00, 0x00, b'A', 0x00, 0x00, 0x00, // class "A"
        0x01, 0x00, 0x00, 0x00, // 1 property
        0x06, 0x00, 0x00, 0x00, b's', b'c', b'r', b'i', b'p', b't', 0x00, 0x00, // "script"
        0x02, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, // int 5
    ];
    let value = VariantRef::parse(input, Dialect::Godot3).expect("valid Godot 3");
    let mut out = Vec::new();
    if Builder::new(&mut out, Dialect::Godot4).value(value).is_ok() {
        if let Err(e) = VariantRef::parse(&out, Dialect::Godot4) {
            panic!("Builder::value wrote Godot 4 bytes that do not parse: {e}");
        }
    }
}

/// `parse_walk` target, found after 17 minutes (the input, 4,397 bytes with config byte
/// 0x01, took 81 s to walk in the fuzz build): printing a dictionary sorts its keys, and
/// comparing two Array keys asks `less(a, b)` and then `less(b, a)` for each element
/// pair, so two equal keys nested `d` deep cost 2^d comparisons. Measured in a release
/// build: depth 16 (288 bytes) 8 ms, depth 20 (352 bytes) 0.17 s, depth 22 (384 bytes)
/// 0.66 s. This input (1,056 bytes) is the same shape at depth 64: two keys, each an
/// Array nested 64 deep around the int 0, both values null. Printing it in any style must
/// finish quickly (a linear-time comparison prints it in microseconds). Fixed in 6ab87af.
#[test]
fn nested_array_keys_print_in_bounded_time() {
    const ARRAY_OF_ONE: [u8; 8] = [0x1c, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00];
    let mut input: Vec<u8> = vec![0x1b, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00]; // Dictionary, 2 pairs
    for _ in 0..2 {
        for _ in 0..64 {
            input.extend_from_slice(&ARRAY_OF_ONE);
        }
        input.extend_from_slice(&[0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]); // int 0
        input.extend_from_slice(&[0x00, 0x00, 0x00, 0x00]); // null
    }
    assert_eq!(input.len(), 1056);
    let (done, finished) = mpsc::channel();
    // On another thread: the test must fail, not hang, while 2^64 steps are being taken.
    std::thread::spawn(move || {
        let value = VariantRef::parse(&input, Dialect::Godot4).expect("valid Godot 4");
        for style in [TextStyle::Godot32, TextStyle::Godot36, TextStyle::Godot4] {
            let text = value.text(style).to_string();
            assert!(text.contains(": null"));
        }
        done.send(()).unwrap();
    });
    finished
        .recv_timeout(Duration::from_secs(30))
        .expect("printing two nested Array keys did not finish in 30 s");
}

/// Found by `splice` (fuzz/artifacts/splice/crash-e4e6fa88…): two insertions into an empty
/// PackedByteArray (Godot 4 header with unused bits set, count 0, then 4 bytes after the
/// value). Each insertion was an empty range at the same place, so they did not conflict,
/// and each wrote its own byte *and padding*: the array came out 12 bytes long holding 8
/// bytes of elements and padding for 1, and swallowed the 4 bytes after it. A byte array's
/// insertion now rewrites its count and all its bytes (the padding follows the length), so
/// a second edit of the same array is a conflict.
#[test]
fn two_insertions_into_an_empty_byte_array_conflict() {
    use gdvariant::edit::{Edit, Encoded};
    use gdvariant::EditError;
    let original = [0x1d, 0x01, 0xb7, 0x00, 0, 0, 0, 0, 0xee, 0xee, 0xee, 0xee];
    let mut edit = Edit::from_bytes(&original, Dialect::Godot4).unwrap();
    edit.insert("[0]", Encoded(&[2, 0, 0, 0, 0x3d, 0, 0, 0]))
        .unwrap();
    let second = edit.insert("[0]", Encoded(&[2, 0, 0, 0, 7, 0, 0, 0]));
    assert!(
        matches!(second, Err(EditError::Conflict { offset: 4, .. })),
        "{second:?}"
    );
    // The one insertion: count 1, the byte, 3 bytes of padding, then the bytes after.
    let out = edit.to_vec();
    assert_eq!(
        out,
        [0x1d, 0x01, 0xb7, 0x00, 1, 0, 0, 0, 0x3d, 0, 0, 0, 0xee, 0xee, 0xee, 0xee]
    );
    let (value, len) = VariantRef::parse_prefix(&out, Dialect::Godot4).unwrap();
    assert_eq!(
        (len, value.to_string().as_str()),
        (12, "PackedByteArray(61)")
    );
}

/// Found by `text_parse`: a Dictionary with two Projection keys that differ only in the
/// sign of a zero component printed the same text twice, and read back it kept both keys
/// (their bytes differ); read again, they folded. The engines compare math keys component
/// by component with `==` (−0.0 equals 0.0) and NaN equal to NaN: Godot 3.6.2 and 4.6.3
/// fold `{Vector2(0, 1): 1, Vector2(-0.0, 1): 2}` and `{Vector2(nan, 0): 1, Vector2(nan,
/// 0): 2}` into one pair each (tests/engines/text_oracle.rs), and so does the parser now.
#[test]
fn math_keys_that_differ_in_the_sign_of_zero_or_a_nan_fold() {
    for (text, shown) in [
        (
            "{Vector2(0, 1): 1, Vector2(-0.0, 1): 2}",
            "{\nVector2(0, 1): 2\n}",
        ),
        (
            "{Vector2(nan, 0): 1, Vector2(nan, 0): 2}",
            "{\nVector2(nan, 0): 2\n}",
        ),
        (
            "{Projection(0, 0, inf_neg, inf_neg, 0, 0, 0, inf, 0, 0, 0, 0, 0, 0, 0, 0): 1, \
             Projection(0, -0.0, inf_neg, inf_neg, 0, 0, 0, inf, 0, 0, 0, 0, 0, 0, 0, 0): 2}",
            "{\nProjection(0, 0, inf_neg, inf_neg, 0, 0, 0, inf, 0, 0, 0, 0, 0, 0, 0, 0): 2\n}",
        ),
    ] {
        let bytes = gdvariant::text::read(text, Dialect::Godot4).unwrap();
        let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
        assert_eq!(value.to_string(), shown, "{text}");
    }
}

/// Found by `text_parse` once Pandemonium's types were in the type table: Godot 4's
/// `Array[TypedArray]([…])` took `TypedArray` (a Pandemonium type) as a builtin and wrote
/// a Godot 4 typed Array of type 42, which no engine reads. In Godot 4 the name is a class
/// name, as the engine reads it; and the builder refuses a builtin type the dialect lacks.
#[test]
fn a_pandemonium_type_name_in_a_godot4_typed_array_is_a_class() {
    use gdvariant::{BuildError, ContainerType, VariantType};
    let bytes = gdvariant::text::read("Array[TypedArray]([])", Dialect::Godot4).unwrap();
    let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    assert_eq!(
        value.as_array().unwrap().element_type().map(|n| n.as_str()),
        ContainerType::ClassName("TypedArray")
    );
    assert_eq!(value.to_string(), "Array[TypedArray]([])");
    let mut out = Vec::new();
    let built = Builder::new(&mut out, Dialect::Godot4)
        .typed_array(ContainerType::Builtin(VariantType::TypedArray))
        .map(|_| ());
    assert_eq!(
        built,
        Err(BuildError::TypeNotInDialect {
            ty: VariantType::TypedArray,
            dialect: Dialect::Godot4
        })
    );
    assert!(out.is_empty(), "nothing written");
}
