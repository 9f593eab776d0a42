//! `From` conversions into [`Variant`]. Each takes or copies its input: O(its length).

use super::{Array, Dictionary, GdString, Object, PackedVectors, Variant};
use alloc::{string::String, vec::Vec};

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Variant {
            /// An `int`.
            fn from(v: $t) -> Variant {
                Variant::Int(i64::from(v))
            }
        }
    )*};
}
from_int!(i8, i16, i32, i64, u8, u16, u32);

impl TryFrom<u64> for Variant {
    type Error = core::num::TryFromIntError;
    /// An `int`, if `v` fits in an i64 (Godot's int is signed 64-bit).
    fn try_from(v: u64) -> Result<Variant, Self::Error> {
        i64::try_from(v).map(Variant::Int)
    }
}

impl From<bool> for Variant {
    /// A `bool`.
    fn from(v: bool) -> Variant {
        Variant::Bool(v)
    }
}

impl From<f32> for Variant {
    /// A `float` (widened exactly; written as 32-bit unless it is a NaN).
    fn from(v: f32) -> Variant {
        Variant::Float(f64::from(v))
    }
}

impl From<f64> for Variant {
    /// A `float`.
    fn from(v: f64) -> Variant {
        Variant::Float(v)
    }
}

impl From<&str> for Variant {
    /// A `String` (copied).
    fn from(v: &str) -> Variant {
        Variant::String(GdString::from(v))
    }
}

impl From<String> for Variant {
    /// A `String`.
    fn from(v: String) -> Variant {
        Variant::String(GdString::from(v))
    }
}

impl From<GdString> for Variant {
    /// A `String`.
    fn from(v: GdString) -> Variant {
        Variant::String(v)
    }
}

impl From<Array> for Variant {
    /// An `Array`.
    fn from(a: Array) -> Variant {
        Variant::Array(a)
    }
}

impl From<Dictionary> for Variant {
    /// A `Dictionary`.
    fn from(d: Dictionary) -> Variant {
        Variant::Dictionary(d)
    }
}

impl From<Vec<Variant>> for Variant {
    /// An untyped `Array`.
    fn from(items: Vec<Variant>) -> Variant {
        Variant::array(items)
    }
}

impl From<Vec<(Variant, Variant)>> for Variant {
    /// An untyped `Dictionary`, pairs in the given order.
    fn from(entries: Vec<(Variant, Variant)>) -> Variant {
        Variant::dictionary(entries)
    }
}

impl From<Object> for Variant {
    /// An `Object`.
    fn from(o: Object) -> Variant {
        Variant::Object(o)
    }
}

impl<T: Into<Variant>> From<Option<T>> for Variant {
    /// `None` is `null`.
    fn from(v: Option<T>) -> Variant {
        v.map_or(Variant::Nil, Into::into)
    }
}

macro_rules! from_packed {
    ($($variant:ident($t:ty) $(, $wrap:path)?;)*) => {$(
        impl From<Vec<$t>> for Variant {
            /// A packed array (takes the vector).
            fn from(v: Vec<$t>) -> Variant {
                Variant::$variant($($wrap)?(v))
            }
        }
        impl From<&[$t]> for Variant {
            /// A packed array (copies the slice).
            fn from(v: &[$t]) -> Variant {
                Variant::$variant($($wrap)?(v.to_vec()))
            }
        }
    )*};
}
from_packed! {
    PackedByteArray(u8);
    PackedInt32Array(i32);
    PackedInt64Array(i64);
    PackedFloat32Array(f32);
    PackedFloat64Array(f64);
    PackedVector2Array([f32; 2]), PackedVectors::F32;
    PackedVector3Array([f32; 3]), PackedVectors::F32;
}

impl From<Vec<String>> for Variant {
    /// A `PackedStringArray` (short strings move inline, longer ones keep their buffer).
    fn from(v: Vec<String>) -> Variant {
        Variant::PackedStringArray(v.into_iter().map(GdString::from).collect())
    }
}

impl From<Vec<GdString>> for Variant {
    /// A `PackedStringArray` (takes the vector).
    fn from(v: Vec<GdString>) -> Variant {
        Variant::PackedStringArray(v)
    }
}

impl From<Vec<&str>> for Variant {
    /// A `PackedStringArray` (copies the strings).
    fn from(v: Vec<&str>) -> Variant {
        Variant::from(v.as_slice())
    }
}

impl From<&[&str]> for Variant {
    /// A `PackedStringArray` (copies the strings).
    fn from(v: &[&str]) -> Variant {
        Variant::PackedStringArray(v.iter().map(|&s| GdString::from(s)).collect())
    }
}
