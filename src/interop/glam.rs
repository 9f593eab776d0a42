//! glam's types as Godot math types (feature `glam`), and packed vector arrays as glam
//! slices. glam's matrices are stored by columns (the axes); Godot writes a Basis by rows,
//! so Mat3 and the affine transforms are transposed on the way.

use glam::{
    Affine2, Affine3A, DAffine2, DAffine3, DMat3, DMat4, DQuat, DVec2, DVec3, DVec4, IVec2, IVec3,
    IVec4, Mat3, Mat4, Quat, Vec2, Vec3, Vec4,
};

use super::math::{godot_math, packed_math};
use crate::wire::narrow::{f32_of, i32_of};

godot_math!(Vec2, Vector2, 2, f32, |v| [v.x.into(), v.y.into()], |c| {
    let [x, y] = c;
    Vec2::new(f32_of(x), f32_of(y))
});
godot_math!(
    Vec3,
    Vector3,
    3,
    f32,
    |v| [v.x.into(), v.y.into(), v.z.into()],
    |c| {
        let [x, y, z] = c;
        Vec3::new(f32_of(x), f32_of(y), f32_of(z))
    }
);
godot_math!(
    Vec4,
    Vector4,
    4,
    f32,
    |v| v.to_array().map(f64::from),
    |c| Vec4::from_array(c.map(f32_of))
);
godot_math!(DVec2, Vector2, 2, f64, |v| v.to_array(), |c| {
    DVec2::from_array(c)
});
godot_math!(DVec3, Vector3, 3, f64, |v| v.to_array(), |c| {
    DVec3::from_array(c)
});
godot_math!(DVec4, Vector4, 4, f64, |v| v.to_array(), |c| {
    DVec4::from_array(c)
});
godot_math!(
    IVec2,
    Vector2i,
    2,
    i32,
    |v| v.to_array().map(f64::from),
    |c| IVec2::from_array(c.map(i32_of))
);
godot_math!(
    IVec3,
    Vector3i,
    3,
    i32,
    |v| v.to_array().map(f64::from),
    |c| IVec3::from_array(c.map(i32_of))
);
godot_math!(
    IVec4,
    Vector4i,
    4,
    i32,
    |v| v.to_array().map(f64::from),
    |c| IVec4::from_array(c.map(i32_of))
);
godot_math!(
    Quat,
    Quaternion,
    4,
    f32,
    |v| v.to_array().map(f64::from),
    |c| Quat::from_array(c.map(f32_of))
);
godot_math!(DQuat, Quaternion, 4, f64, |v| v.to_array(), |c| {
    DQuat::from_array(c)
});
godot_math!(
    Mat3,
    Basis,
    9,
    f32,
    |v| rows3(v.to_cols_array().map(f64::from)),
    |c| Mat3::from_cols_array(&rows3(c).map(f32_of))
);
godot_math!(DMat3, Basis, 9, f64, |v| rows3(v.to_cols_array()), |c| {
    DMat3::from_cols_array(&rows3(c))
});
godot_math!(
    Mat4,
    Projection,
    16,
    f32,
    |v| v.to_cols_array().map(f64::from),
    |c| Mat4::from_cols_array(&c.map(f32_of))
);
godot_math!(DMat4, Projection, 16, f64, |v| v.to_cols_array(), |c| {
    DMat4::from_cols_array(&c)
});
godot_math!(
    Affine2,
    Transform2D,
    6,
    f32,
    |v| v.to_cols_array().map(f64::from),
    |c| Affine2::from_cols_array(&c.map(f32_of))
);
godot_math!(DAffine2, Transform2D, 6, f64, |v| v.to_cols_array(), |c| {
    DAffine2::from_cols_array(&c)
});
godot_math!(
    Affine3A,
    Transform3D,
    12,
    f32,
    |v| affine3(v.to_cols_array().map(f64::from)),
    |c| Affine3A::from_cols_array(&affine3(c).map(f32_of))
);
godot_math!(
    DAffine3,
    Transform3D,
    12,
    f64,
    |v| affine3(v.to_cols_array()),
    |c| DAffine3::from_cols_array(&affine3(c))
);

/// A 3×3 matrix by columns to by rows (or back: the transpose is its own inverse).
fn rows3(m: [f64; 9]) -> [f64; 9] {
    let [a, b, c, d, e, f, g, h, i] = m;
    [a, d, g, b, e, h, c, f, i]
}

/// An affine transform by columns (three axes, then the translation) to Godot's order
/// (the basis by rows, then the origin), or back.
fn affine3(m: [f64; 12]) -> [f64; 12] {
    let [a, b, c, d, e, f, g, h, i, x, y, z] = m;
    [a, d, g, b, e, h, c, f, i, x, y, z]
}

packed_math!(Vec2, PackedVector2Array, [f32; 2], |v| v.to_array(), |e| {
    Vec2::from_array(e)
});
packed_math!(Vec3, PackedVector3Array, [f32; 3], |v| v.to_array(), |e| {
    Vec3::from_array(e)
});
packed_math!(Vec4, PackedVector4Array, [f32; 4], |v| v.to_array(), |e| {
    Vec4::from_array(e)
});
packed_math!(DVec2, PackedVector2Array, [f64; 2], |v| v.to_array(), |e| {
    DVec2::from_array(e)
});
packed_math!(DVec3, PackedVector3Array, [f64; 3], |v| v.to_array(), |e| {
    DVec3::from_array(e)
});
packed_math!(DVec4, PackedVector4Array, [f64; 4], |v| v.to_array(), |e| {
    DVec4::from_array(e)
});

impl<'a> crate::read::packed::PackedArray<'a> {
    /// A PackedVector3Array as `&[glam::Vec3]`, in place (see
    /// [`NativeError`](crate::read::native::NativeError) for when it cannot be; [`to_math_vec`] copies).
    ///
    /// [`to_math_vec`]: crate::PackedArray::to_math_vec
    pub fn as_glam_vec3(&self) -> Result<&'a [Vec3], crate::read::native::NativeError> {
        self.glam_slice(
            "a PackedVector3Array of f32",
            crate::wire::types::VariantType::PackedVector3Array,
            false,
        )
    }

    /// A PackedVector2Array as `&[glam::Vec2]`, in place.
    pub fn as_glam_vec2(&self) -> Result<&'a [Vec2], crate::read::native::NativeError> {
        self.glam_slice(
            "a PackedVector2Array of f32",
            crate::wire::types::VariantType::PackedVector2Array,
            false,
        )
    }

    /// A PackedVector4Array as `&[glam::Vec4]`, in place (glam's `Vec4` is 16-byte aligned
    /// on SIMD targets: the data must be too).
    pub fn as_glam_vec4(&self) -> Result<&'a [Vec4], crate::read::native::NativeError> {
        self.glam_slice(
            "a PackedVector4Array of f32",
            crate::wire::types::VariantType::PackedVector4Array,
            false,
        )
    }

    /// A double-precision PackedVector3Array as `&[glam::DVec3]`, in place.
    pub fn as_glam_dvec3(&self) -> Result<&'a [DVec3], crate::read::native::NativeError> {
        self.glam_slice(
            "a PackedVector3Array of f64",
            crate::wire::types::VariantType::PackedVector3Array,
            true,
        )
    }

    /// A double-precision PackedVector2Array as `&[glam::DVec2]`, in place.
    pub fn as_glam_dvec2(&self) -> Result<&'a [DVec2], crate::read::native::NativeError> {
        self.glam_slice(
            "a PackedVector2Array of f64",
            crate::wire::types::VariantType::PackedVector2Array,
            true,
        )
    }

    fn glam_slice<T>(
        &self,
        wanted: &'static str,
        ty: crate::wire::types::VariantType,
        double: bool,
    ) -> Result<&'a [T], crate::read::native::NativeError>
    where
        T: zerocopy::FromBytes + zerocopy::Immutable + zerocopy::KnownLayout,
    {
        use zerocopy::FromBytes;
        if self.ty() != ty || self.is_double() != double {
            return Err(crate::read::native::NativeError::WrongType {
                found: self.ty(),
                wanted,
            });
        }
        let bytes = self.native_bytes(core::mem::size_of::<T>())?;
        <[T]>::ref_from_bytes(bytes).map_err(|_| crate::read::native::NativeError::Misaligned {
            align: core::mem::align_of::<T>(),
            misalignment: crate::read::native::misalignment(bytes, core::mem::align_of::<T>()),
        })
    }
}
