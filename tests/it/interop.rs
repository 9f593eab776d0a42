//! glam, mint and bytemuck (features `glam`, `mint`, `bytemuck`): math values both ways
//! with the engine's text, matrices transposed where Godot stores rows, packed arrays in
//! place with the reason when they cannot be, and aligned copies.

use crate::common;

use gdvariant::interop::{GodotMath, MathTypeError};
use gdvariant::{Builder, Dialect, MathRef, NativeError, Variant, VariantRef, VariantType};
use glam::{
    Affine2, Affine3A, DAffine3, DMat3, DQuat, DVec2, DVec3, IVec2, IVec3, IVec4, Mat2, Mat3, Mat4,
    Quat, Vec2, Vec3, Vec4,
};

const G4: Dialect = Dialect::Godot4;

/// Writes `m` with the builder; returns the bytes and the engine text of them.
fn write<M: GodotMath>(m: &M) -> (Vec<u8>, String) {
    let mut out = Vec::new();
    Builder::new(&mut out, G4).math_of(m).unwrap();
    let text = VariantRef::parse(&out, G4).unwrap().to_string();
    (out, text)
}

/// `m` written, read back three ways (the view, `TryFrom<MathRef>`, the owned `Variant`),
/// the same value each time; returns the text.
fn round_trip<M>(m: M) -> String
where
    M: GodotMath
        + PartialEq
        + std::fmt::Debug
        + for<'a> TryFrom<MathRef<'a>, Error = MathTypeError>,
    Variant: From<M>,
    for<'v> M: TryFrom<&'v Variant, Error = MathTypeError>,
{
    let (bytes, text) = write(&m);
    let v = VariantRef::parse(&bytes, G4).unwrap();
    let math = v.as_math().unwrap();
    assert_eq!(math.to::<M>().unwrap(), m);
    assert_eq!(M::try_from(math).unwrap(), m);
    let owned = Variant::from(m);
    assert_eq!(owned.to_bytes(G4).unwrap(), bytes, "{text}");
    assert_eq!(M::try_from(&owned).unwrap(), m);
    text
}

#[test]
fn glam_types_are_godot_math_types() {
    assert_eq!(round_trip(Vec2::new(1.0, -2.0)), "Vector2(1, -2)");
    assert_eq!(round_trip(Vec3::new(1.0, 2.0, 3.5)), "Vector3(1, 2, 3.5)");
    assert_eq!(
        round_trip(Vec4::new(1.0, 2.0, 3.0, 4.0)),
        "Vector4(1, 2, 3, 4)"
    );
    assert_eq!(round_trip(IVec2::new(3, -4)), "Vector2i(3, -4)");
    assert_eq!(round_trip(IVec3::new(1, 2, 3)), "Vector3i(1, 2, 3)");
    assert_eq!(round_trip(IVec4::new(1, 2, 3, 4)), "Vector4i(1, 2, 3, 4)");
    assert_eq!(
        round_trip(Quat::from_xyzw(0.0, 0.0, 0.6, 0.8)),
        "Quaternion(0, 0, 0.6, 0.8)"
    );
    // Double precision: the 64-bit flag (exact digits in the text).
    assert_eq!(round_trip(DVec2::new(0.1, 0.2)), "Vector2(0.1, 0.2)");
    let (bytes, _) = write(&DVec3::new(0.1, 0.2, 0.3));
    assert_eq!(
        u32::from_le_bytes(bytes[..4].try_into().unwrap()),
        9 | 1 << 16
    );
    round_trip(DVec3::new(0.1, 0.2, 0.3));
    round_trip(DQuat::from_xyzw(0.0, 0.0, 0.6, 0.8));
    // Matrices: glam's columns are Godot's axes; Godot writes (and prints) a Basis by rows.
    // The serde path writes the same bytes, and tests/engines/serde_oracle.rs has the engines
    // decode those to `Basis(Vector3(0, 1, 0), Vector3(-1, 0, 0), Vector3(0, 0, 2))`.
    let basis = Mat3::from_cols(
        Vec3::new(0.0, 1.0, 0.0),
        Vec3::new(-1.0, 0.0, 0.0),
        Vec3::new(0.0, 0.0, 2.0),
    );
    assert_eq!(round_trip(basis), "Basis(0, -1, 0, 1, 0, 0, 0, 0, 2)");
    assert_eq!(bytes_of(&basis), gdvariant::to_vec(&basis, G4).unwrap());
    round_trip(DMat3::from_cols_array(&[
        1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0,
    ]));
    let xform = Affine3A::from_mat3_translation(basis, Vec3::new(4.0, 5.0, 6.0));
    assert_eq!(
        round_trip(xform),
        "Transform3D(0, -1, 0, 1, 0, 0, 0, 0, 2, 4, 5, 6)"
    );
    assert_eq!(bytes_of(&xform), gdvariant::to_vec(&xform, G4).unwrap());
    round_trip(DAffine3::from_cols_array(&[
        1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 7.0, 8.0, 9.0,
    ]));
    let flat = Affine2::from_mat2_translation(
        Mat2::from_cols(Vec2::new(0.0, 1.0), Vec2::new(-1.0, 0.0)),
        Vec2::new(7.0, 8.0),
    );
    assert_eq!(round_trip(flat), "Transform2D(0, 1, -1, 0, 7, 8)");
    assert_eq!(bytes_of(&flat), gdvariant::to_vec(&flat, G4).unwrap());
    let projection = Mat4::from_cols_array(&std::array::from_fn(|i| i as f32));
    assert_eq!(
        round_trip(projection),
        "Projection(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)"
    );
    // The wrong type is an error that names both.
    let (bytes, _) = write(&Vec2::ONE);
    let err = VariantRef::parse(&bytes, G4)
        .unwrap()
        .as_math()
        .unwrap()
        .to::<Vec3>()
        .unwrap_err();
    assert_eq!(
        err,
        MathTypeError {
            expected: VariantType::Vector3,
            found: VariantType::Vector2
        }
    );
    assert_eq!(
        Vec3::try_from(&Variant::Int(3)).unwrap_err().found,
        VariantType::Int
    );
    // Godot 3 has no double precision: a typed error, nothing written.
    let mut out = vec![1];
    assert!(Builder::new(&mut out, Dialect::Godot3)
        .math_of(&DVec3::ONE)
        .is_err());
    assert_eq!(out, [1]);
}

/// The bytes the builder writes for a math value.
fn bytes_of<M: GodotMath>(m: &M) -> Vec<u8> {
    write(m).0
}

#[test]
fn mint_types_write_what_the_same_glam_types_write() {
    let v = mint::Vector3 {
        x: 1.0f32,
        y: 2.0,
        z: 3.5,
    };
    assert_eq!(bytes_of(&v), bytes_of(&Vec3::new(1.0, 2.0, 3.5)));
    assert_eq!(round_trip(v), "Vector3(1, 2, 3.5)");
    assert_eq!(
        round_trip(mint::Vector2 { x: 3i32, y: -4 }),
        "Vector2i(3, -4)"
    );
    round_trip(mint::Vector4 {
        x: 0.1f64,
        y: 0.2,
        z: 0.3,
        w: 0.4,
    });
    let q = mint::Quaternion {
        v: mint::Vector3 {
            x: 0.0f32,
            y: 0.0,
            z: 0.6,
        },
        s: 0.8,
    };
    assert_eq!(bytes_of(&q), bytes_of(&Quat::from_xyzw(0.0, 0.0, 0.6, 0.8)));
    round_trip(q);
    // Column matrices: the same columns as glam's; a row matrix: Godot's rows as they are.
    let cols: [[f32; 3]; 3] = [[0.0, 1.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 2.0]];
    let glam_basis = Mat3::from_cols_array_2d(&cols);
    assert_eq!(
        bytes_of(&mint::ColumnMatrix3::<f32>::from(cols)),
        bytes_of(&glam_basis)
    );
    let rows = mint::RowMatrix3::<f32>::from(glam_basis.transpose().to_cols_array_2d());
    assert_eq!(bytes_of(&rows), bytes_of(&glam_basis));
    round_trip(rows);
    round_trip(mint::ColumnMatrix3::<f32>::from(cols));
    let xform = Affine3A::from_mat3_translation(glam_basis, Vec3::new(4.0, 5.0, 6.0));
    let m34 = mint::ColumnMatrix3x4::<f32>::from([
        [0.0, 1.0, 0.0],
        [-1.0, 0.0, 0.0],
        [0.0, 0.0, 2.0],
        [4.0, 5.0, 6.0],
    ]);
    assert_eq!(bytes_of(&m34), bytes_of(&xform));
    round_trip(m34);
    let m23 = mint::ColumnMatrix2x3::<f32>::from([[0.0, 1.0], [-1.0, 0.0], [7.0, 8.0]]);
    let affine2 = Affine2::from_cols_array(&[0.0, 1.0, -1.0, 0.0, 7.0, 8.0]);
    assert_eq!(bytes_of(&m23), bytes_of(&affine2));
    let m4 = mint::ColumnMatrix4::<f32>::from(
        Mat4::from_cols_array(&std::array::from_fn(|i| i as f32)).to_cols_array_2d(),
    );
    assert_eq!(
        bytes_of(&m4),
        bytes_of(&Mat4::from_cols_array(&std::array::from_fn(|i| i as f32)))
    );
    round_trip(m4);
}

#[derive(Clone, Copy, Debug, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C)]
struct Vertex {
    pos: [f32; 3],
}

/// `bytes` copied to start `skew` bytes past an 8-aligned address; the copy's storage is
/// returned with the range that holds the bytes.
fn placed(bytes: &[u8], skew: usize) -> (Vec<u64>, std::ops::Range<usize>) {
    let mut words = vec![0u64; (bytes.len() + skew).div_ceil(8) + 1];
    let all: &mut [u8] = bytemuck::cast_slice_mut(&mut words);
    all[skew..skew + bytes.len()].copy_from_slice(bytes);
    (words, skew..skew + bytes.len())
}

#[test]
fn packed_arrays_in_place_with_the_reason_when_not() {
    let vertices = [Vec3::new(1.0, 2.0, 3.0), Vec3::new(-1.0, 0.5, 0.0)];
    let mut bytes = Vec::new();
    Builder::new(&mut bytes, G4).packed_math(&vertices).unwrap();
    let mut direct = Vec::new();
    Builder::new(&mut direct, G4)
        .packed_vector3(&[[1.0, 2.0, 3.0], [-1.0, 0.5, 0.0]])
        .unwrap();
    assert_eq!(bytes, direct);
    let mut pods = Vec::new();
    let pod_items = [
        Vertex {
            pos: [1.0, 2.0, 3.0],
        },
        Vertex {
            pos: [-1.0, 0.5, 0.0],
        },
    ];
    Builder::new(&mut pods, G4)
        .packed_pod(VariantType::PackedVector3Array, &pod_items)
        .unwrap();
    assert_eq!(pods, direct);

    // Aligned: every view is in place.
    let (storage, range) = placed(&bytes, 0);
    let data = &bytemuck::cast_slice::<u64, u8>(&storage)[range];
    let packed = VariantRef::parse(data, G4).unwrap().as_packed().unwrap();
    assert_eq!(packed.as_glam_vec3().unwrap(), vertices);
    assert_eq!(
        packed.as_mint_vector3().unwrap()[1],
        mint::Vector3 {
            x: -1.0,
            y: 0.5,
            z: 0.0
        }
    );
    assert_eq!(packed.cast::<Vertex>().unwrap(), pod_items);
    assert_eq!(
        packed.as_vector3().unwrap().try_native().unwrap(),
        [[1.0, 2.0, 3.0], [-1.0, 0.5, 0.0]]
    );
    // The wrong type, size or precision says so.
    assert!(matches!(
        packed.as_glam_vec2(),
        Err(NativeError::WrongType {
            found: VariantType::PackedVector3Array,
            ..
        })
    ));
    assert!(matches!(
        packed.as_glam_dvec3(),
        Err(NativeError::WrongType { .. })
    ));
    assert_eq!(
        packed.cast::<[f32; 2]>(),
        Err(NativeError::SizeMismatch {
            element: Some(12),
            requested: 8
        })
    );

    // Misaligned (the data 2 bytes past an aligned address): the reason, and the copies.
    let (storage, range) = placed(&bytes, 2);
    let data = &bytemuck::cast_slice::<u64, u8>(&storage)[range];
    let packed = VariantRef::parse(data, G4).unwrap().as_packed().unwrap();
    let misaligned = Err(NativeError::Misaligned {
        align: 4,
        misalignment: 2,
    });
    assert_eq!(packed.as_glam_vec3().map(<[Vec3]>::len), misaligned.clone());
    assert_eq!(
        packed.as_mint_vector3().map(<[mint::Vector3<f32>]>::len),
        misaligned.clone()
    );
    assert_eq!(
        packed.cast::<Vertex>().map(<[Vertex]>::len),
        misaligned.clone()
    );
    assert_eq!(
        packed
            .as_vector3()
            .unwrap()
            .try_native()
            .map(<[[f32; 3]]>::len),
        misaligned
    );
    assert_eq!(packed.to_math_vec::<Vec3>().unwrap(), vertices);
    assert_eq!(
        packed.to_math_vec::<mint::Vector3<f32>>().unwrap()[0],
        mint::Vector3 {
            x: 1.0,
            y: 2.0,
            z: 3.0
        }
    );
    assert_eq!(packed.cast_vec::<Vertex>().unwrap(), pod_items);
    assert_eq!(
        packed.as_vector3().unwrap().to_vec(),
        [[1.0, 2.0, 3.0], [-1.0, 0.5, 0.0]]
    );

    // Strings have no element size.
    let strings = Variant::PackedStringArray(vec!["a".into()])
        .to_bytes(G4)
        .unwrap();
    let packed = VariantRef::parse(&strings, G4)
        .unwrap()
        .as_packed()
        .unwrap();
    assert_eq!(
        packed.cast::<u32>(),
        Err(NativeError::SizeMismatch {
            element: None,
            requested: 4
        })
    );
    assert!(Builder::new(&mut Vec::new(), G4)
        .packed_pod(VariantType::PackedStringArray, &pod_items)
        .is_err());
}

#[test]
fn engine_packed_arrays_read_into_glam() {
    // PackedVector2Array of 3,000 vectors written by Godot 4.6.3, copied to aligned memory.
    let c = common::case("g4", "pv2_3000");
    let (storage, range) = placed(c.value_bytes(), 0);
    let data = &bytemuck::cast_slice::<u64, u8>(&storage)[range];
    let v = VariantRef::parse(data, G4).unwrap();
    let packed = v.as_packed().unwrap();
    let in_place = packed.as_glam_vec2().unwrap();
    assert_eq!(in_place.len(), 3000);
    assert_eq!(packed.to_math_vec::<Vec2>().unwrap(), in_place);
    // Each element is the view's element.
    let views = packed.as_vector2().unwrap();
    assert!(in_place
        .iter()
        .zip(views.iter())
        .all(|(g, v)| g.to_array() == v));
}

/// Public signatures name zerocopy's little-endian types and bounds: a user names them
/// through gdvariant's re-exports, without depending on zerocopy.
#[test]
fn exposed_dependency_types_are_nameable_through_gdvariant() {
    fn sum_le(elements: &[gdvariant::le::F32]) -> f32 {
        elements.iter().map(|e| e.get()).sum()
    }
    fn native<T: gdvariant::PackedElement + gdvariant::zerocopy::IntoBytes>(v: &[T]) -> usize {
        gdvariant::zerocopy::IntoBytes::as_bytes(v).len()
    }
    let mut out = Vec::new();
    Builder::new(&mut out, Dialect::Godot4)
        .packed_f32(&[1.5, 2.0, -0.5])
        .unwrap();
    let value = VariantRef::parse(&out, Dialect::Godot4).unwrap();
    let floats = value.as_packed().unwrap().as_f32().unwrap();
    assert_eq!(sum_le(floats.as_le_slice()), 3.0);
    assert_eq!(native(&floats.to_vec()), 12);
    let v: gdvariant::glam::Vec3 = gdvariant::glam::Vec3::new(1.0, 2.0, 3.0);
    let m = gdvariant::mint::Vector3::from(v.to_array());
    assert_eq!(m.z, 3.0);
    let pod: &[u32] = gdvariant::bytemuck::cast_slice(&[1.0f32]);
    assert_eq!(pod, [0x3f80_0000]);
}
