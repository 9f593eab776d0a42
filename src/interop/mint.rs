//! mint's types as Godot math types (feature `mint`), and packed vector arrays as mint
//! slices. mint's column matrices are transposed to Godot's rows where Godot stores rows
//! (Basis and the basis of Transform3D); `RowMatrix3` maps to a Basis as it is.

use mint::{
    ColumnMatrix2x3, ColumnMatrix3, ColumnMatrix3x4, ColumnMatrix4, Quaternion, RowMatrix3,
    Vector2, Vector3, Vector4,
};

use super::math::{godot_math, packed_math};
use crate::wire::narrow::{f32_of, i32_of};

/// A mint component type from the f64 that carries a Godot component (see
/// [`GodotMath::from_wire`](super::math::GodotMath::from_wire)): rounded to f32, kept as
/// f64, or an integer vector's i32.
trait OfWire {
    fn of_wire(x: f64) -> Self;
}

impl OfWire for f32 {
    fn of_wire(x: f64) -> f32 {
        f32_of(x)
    }
}

impl OfWire for f64 {
    fn of_wire(x: f64) -> f64 {
        x
    }
}

impl OfWire for i32 {
    fn of_wire(x: f64) -> i32 {
        i32_of(x)
    }
}

macro_rules! vectors {
    ($($e:ty, $kind:ident, $v2:ident, $v3:ident, $v4:ident;)*) => {$(
        godot_math!(Vector2<$e>, $v2, 2, $kind, |v| [v.x as f64, v.y as f64], |c| {
            let [x, y] = c.map(<$e as OfWire>::of_wire);
            Vector2 { x, y }
        });
        godot_math!(Vector3<$e>, $v3, 3, $kind, |v| [v.x as f64, v.y as f64, v.z as f64], |c| {
            let [x, y, z] = c.map(<$e as OfWire>::of_wire);
            Vector3 { x, y, z }
        });
        godot_math!(Vector4<$e>, $v4, 4, $kind, |v| [v.x as f64, v.y as f64, v.z as f64, v.w as f64], |c| {
            let [x, y, z, w] = c.map(<$e as OfWire>::of_wire);
            Vector4 { x, y, z, w }
        });
    )*};
}

vectors! {
    f32, f32, Vector2, Vector3, Vector4;
    f64, f64, Vector2, Vector3, Vector4;
    i32, i32, Vector2i, Vector3i, Vector4i;
}

macro_rules! rotations {
    ($($e:ty, $kind:ident;)*) => {$(
        godot_math!(Quaternion<$e>, Quaternion, 4, $kind,
            |q| [q.v.x as f64, q.v.y as f64, q.v.z as f64, q.s as f64],
            |c| {
                let [x, y, z, s] = c.map(<$e as OfWire>::of_wire);
                Quaternion { v: Vector3 { x, y, z }, s }
            });
        godot_math!(RowMatrix3<$e>, Basis, 9, $kind,
            |m| [m.x.x, m.x.y, m.x.z, m.y.x, m.y.y, m.y.z, m.z.x, m.z.y, m.z.z].map(|c| c as f64),
            |c| {
                let [a, b, d, e, f, g, h, i, j] = c.map(<$e as OfWire>::of_wire);
                RowMatrix3 {
                    x: Vector3 { x: a, y: b, z: d },
                    y: Vector3 { x: e, y: f, z: g },
                    z: Vector3 { x: h, y: i, z: j },
                }
            });
        godot_math!(ColumnMatrix3<$e>, Basis, 9, $kind,
            |m| [m.x.x, m.y.x, m.z.x, m.x.y, m.y.y, m.z.y, m.x.z, m.y.z, m.z.z].map(|c| c as f64),
            |c| {
                let [a, b, d, e, f, g, h, i, j] = c.map(<$e as OfWire>::of_wire);
                ColumnMatrix3 {
                    x: Vector3 { x: a, y: e, z: h },
                    y: Vector3 { x: b, y: f, z: i },
                    z: Vector3 { x: d, y: g, z: j },
                }
            });
        godot_math!(ColumnMatrix3x4<$e>, Transform3D, 12, $kind,
            |m| [m.x.x, m.y.x, m.z.x, m.x.y, m.y.y, m.z.y, m.x.z, m.y.z, m.z.z, m.w.x, m.w.y, m.w.z]
                .map(|c| c as f64),
            |c| {
                let [a, b, d, e, f, g, h, i, j, ox, oy, oz] = c.map(<$e as OfWire>::of_wire);
                ColumnMatrix3x4 {
                    x: Vector3 { x: a, y: e, z: h },
                    y: Vector3 { x: b, y: f, z: i },
                    z: Vector3 { x: d, y: g, z: j },
                    w: Vector3 { x: ox, y: oy, z: oz },
                }
            });
        godot_math!(ColumnMatrix2x3<$e>, Transform2D, 6, $kind,
            |m| [m.x.x, m.x.y, m.y.x, m.y.y, m.z.x, m.z.y].map(|c| c as f64),
            |c| {
                let [a, b, d, e, ox, oy] = c.map(<$e as OfWire>::of_wire);
                ColumnMatrix2x3 {
                    x: Vector2 { x: a, y: b },
                    y: Vector2 { x: d, y: e },
                    z: Vector2 { x: ox, y: oy },
                }
            });
        godot_math!(ColumnMatrix4<$e>, Projection, 16, $kind,
            |m| {
                let cols: [[$e; 4]; 4] = m.into();
                let [a, b, d, e] = cols;
                let flat = [a, b, d, e].concat();
                core::array::from_fn(|i| flat.get(i).map_or(0.0, |&c| c as f64))
            },
            |c| {
                let c = c.map(<$e as OfWire>::of_wire);
                ColumnMatrix4::from(c)
            });
    )*};
}

rotations! {
    f32, f32;
    f64, f64;
}

packed_math!(
    Vector2<f32>,
    PackedVector2Array,
    [f32; 2],
    |v| v.into(),
    |e| e.into()
);
packed_math!(
    Vector3<f32>,
    PackedVector3Array,
    [f32; 3],
    |v| v.into(),
    |e| e.into()
);
packed_math!(
    Vector4<f32>,
    PackedVector4Array,
    [f32; 4],
    |v| v.into(),
    |e| e.into()
);
packed_math!(
    Vector2<f64>,
    PackedVector2Array,
    [f64; 2],
    |v| v.into(),
    |e| e.into()
);
packed_math!(
    Vector3<f64>,
    PackedVector3Array,
    [f64; 3],
    |v| v.into(),
    |e| e.into()
);
packed_math!(
    Vector4<f64>,
    PackedVector4Array,
    [f64; 4],
    |v| v.into(),
    |e| e.into()
);

impl<'a> crate::read::packed::PackedArray<'a> {
    /// A PackedVector3Array as `&[mint::Vector3<f32>]`, in place (see
    /// [`NativeError`](crate::read::native::NativeError) for when it cannot be;
    /// [`to_math_vec`](crate::PackedArray::to_math_vec) copies).
    pub fn as_mint_vector3(&self) -> Result<&'a [Vector3<f32>], crate::read::native::NativeError> {
        let native = self.vectors3_f32("a PackedVector3Array of f32")?;
        Ok(crate::wire::cast::mint_slice(native))
    }

    /// A PackedVector2Array as `&[mint::Vector2<f32>]`, in place.
    pub fn as_mint_vector2(&self) -> Result<&'a [Vector2<f32>], crate::read::native::NativeError> {
        let packed = self
            .as_vector2()
            .ok_or(self.wrong("a PackedVector2Array of f32"))?;
        Ok(crate::wire::cast::mint_slice(packed.try_native()?))
    }

    /// A PackedVector4Array as `&[mint::Vector4<f32>]`, in place.
    pub fn as_mint_vector4(&self) -> Result<&'a [Vector4<f32>], crate::read::native::NativeError> {
        let packed = self
            .as_vector4()
            .ok_or(self.wrong("a PackedVector4Array of f32"))?;
        Ok(crate::wire::cast::mint_slice(packed.try_native()?))
    }

    /// A double-precision PackedVector3Array as `&[mint::Vector3<f64>]`, in place.
    pub fn as_mint_vector3_f64(
        &self,
    ) -> Result<&'a [Vector3<f64>], crate::read::native::NativeError> {
        let packed = self
            .as_vector3_f64()
            .ok_or(self.wrong("a PackedVector3Array of f64"))?;
        Ok(crate::wire::cast::mint_slice(packed.try_native()?))
    }

    fn vectors3_f32(
        &self,
        wanted: &'static str,
    ) -> Result<&'a [[f32; 3]], crate::read::native::NativeError> {
        let packed = self.as_vector3().ok_or(self.wrong(wanted))?;
        packed.try_native()
    }

    fn wrong(&self, wanted: &'static str) -> crate::read::native::NativeError {
        crate::read::native::NativeError::WrongType {
            found: self.ty(),
            wanted,
        }
    }
}
