//! `gdvariant::json::write` on float-based packed arrays: exact output for every width
//! (f32 digits for f32 components, f64 digits for f64 ones, `"double"` on 64-bit vectors).
//! The CLI tests check the schema on every engine fixture; these pin the exact numbers.

use gdvariant::{json, BuildError, Builder, Dialect, VariantRef};

fn json_of(build: impl FnOnce(Builder<'_>) -> Result<(), BuildError>) -> String {
    let mut bytes = Vec::new();
    build(Builder::new(&mut bytes, Dialect::Godot4)).unwrap();
    let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    let mut out = Vec::new();
    json::write(&mut out, value, &json::WriteOptions::new()).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn float32_components_print_with_f32_digits() {
    assert_eq!(
        json_of(|b| b.packed_f32(&[0.1, -2.5, 1e30])),
        r#"{"PackedFloat32Array":[0.1,-2.5,1e30]}"#
    );
    assert_eq!(
        json_of(|b| b.packed_vector3(&[[0.1, 0.2, 0.3], [1.0, 2.0, 3.0]])),
        r#"{"PackedVector3Array":[[0.1,0.2,0.3],[1.0,2.0,3.0]]}"#
    );
    assert_eq!(
        json_of(|b| b.packed_color(&[[1.0, 0.5, 0.25, 1.0]])),
        r#"{"PackedColorArray":[[1.0,0.5,0.25,1.0]]}"#
    );
}

#[test]
fn float64_components_print_with_f64_digits() {
    assert_eq!(
        json_of(|b| b.packed_f64(&[0.1, 1e300])),
        r#"{"PackedFloat64Array":[0.1,1e300]}"#
    );
    assert_eq!(
        json_of(|b| b.packed_vector2_f64(&[[0.1, -2.25], [1e300, 0.0]])),
        r#"{"PackedVector2Array":[[0.1,-2.25],[1e300,0.0]],"double":true}"#
    );
    assert_eq!(
        json_of(|b| b.packed_vector4_f64(&[])),
        r#"{"PackedVector4Array":[],"double":true}"#
    );
}
