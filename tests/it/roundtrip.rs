//! The owned `Variant`: property tests of `encode` → `parse` → `to_owned` round trips in
//! both dialects, `encoded_len`, re-encoding stability, Godot 3's limits; and `to_owned` +
//! `encode` on every engine fixture.
//!
//! Random values come from `arbitrary::Unstructured` over bytes of a seeded xorshift
//! generator, so every run checks the same cases. A failure prints the case number.

use crate::common;

use std::collections::BTreeSet;

use arbitrary::{Result as Gen, Unstructured};
use gdvariant::{
    Array, BuildError, Builder, ContainerType, Dialect, Dictionary, MathComponents, Object,
    ObjectData, PackedVectors, ParseOptions, Variant, VariantRef, VariantType,
};

const G3: Dialect = Dialect::Godot3;
const G4: Dialect = Dialect::Godot4;

/// Cases per dialect.
const CASES: usize = 3000;
/// Containers are generated down to this depth (the top level is 0).
const MAX_DEPTH: usize = 6;

// ---------------------------------------------------------------------------------------
// Deterministic input.

/// xorshift64*: a seeded byte source for `Unstructured`.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn fill(&mut self, buf: &mut [u8]) {
        for chunk in buf.chunks_mut(8) {
            let word = self.next().to_le_bytes();
            chunk.copy_from_slice(&word[..chunk.len()]);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Generator.

const INT_EDGES: &[i64] = &[
    0,
    1,
    -1,
    255,
    i32::MIN as i64,
    i32::MAX as i64,
    i32::MIN as i64 - 1,
    1 << 31,
    1 << 32,
    -(1 << 32),
    i64::MIN,
    i64::MAX,
];

const I32_EDGES: &[i32] = &[0, 1, -1, i32::MIN, i32::MAX, 1 << 24];

fn f64_edges() -> Vec<f64> {
    vec![
        0.0,
        -0.0,
        f64::NAN,
        -f64::NAN,
        f64::from_bits(0x7FF0_0000_0000_0001), // signalling NaN
        f64::from_bits(0xFFF8_DEAD_BEEF_0001), // NaN with a payload
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::from_bits(1), // smallest f64 subnormal: not an f32
        f64::MIN_POSITIVE,
        f64::MAX,
        f64::EPSILON,
        f64::from(f32::from_bits(1)), // smallest f32 subnormal: exactly an f32
        f64::from(f32::MAX),
        f64::from(f32::MAX) * 2.0,
        3.402_823_5e38, // rounds to f32::MAX but is not it
        f64::from(f32::MIN_POSITIVE),
        f64::from(f32::NAN),
        0.1,
        0.5,
        -1.5,
        16_777_216.0, // 2^24: an f32
        16_777_217.0, // 2^24 + 1: not an f32
        1e300,
    ]
}

fn f32_edges() -> Vec<f32> {
    vec![
        0.0,
        -0.0,
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7F80_0001), // signalling NaN
        f32::from_bits(0xFFC0_1234), // NaN with a payload
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::from_bits(1),
        f32::from_bits(0x007F_FFFF),
        f32::MAX,
        f32::MIN,
        f32::MIN_POSITIVE,
        f32::EPSILON,
        0.1,
        1.0,
    ]
}

struct Generator {
    dialect: Dialect,
    f64_edges: Vec<f64>,
    f32_edges: Vec<f32>,
}

impl Generator {
    fn new(dialect: Dialect) -> Self {
        Generator {
            dialect,
            f64_edges: f64_edges(),
            f32_edges: f32_edges(),
        }
    }

    fn g4(&self) -> bool {
        self.dialect == G4
    }

    fn int(&self, u: &mut Unstructured<'_>) -> Gen<i64> {
        Ok(match u.int_in_range(0..=3)? {
            0 => *u.choose(INT_EDGES)?,
            1 => u.arbitrary()?,
            _ => u.int_in_range(-1000..=1000)?,
        })
    }

    fn i32(&self, u: &mut Unstructured<'_>) -> Gen<i32> {
        Ok(match u.int_in_range(0..=2)? {
            0 => *u.choose(I32_EDGES)?,
            1 => u.arbitrary()?,
            _ => u.int_in_range(-100..=100)?,
        })
    }

    fn f64(&self, u: &mut Unstructured<'_>) -> Gen<f64> {
        Ok(match u.int_in_range(0..=3)? {
            0 => *u.choose(&self.f64_edges)?,
            1 => f64::from_bits(u.arbitrary()?),
            2 => f64::from(f32::from_bits(u.arbitrary()?)),
            _ => f64::from(u.int_in_range(-100..=100)?) / 4.0,
        })
    }

    fn f32(&self, u: &mut Unstructured<'_>) -> Gen<f32> {
        Ok(match u.int_in_range(0..=2)? {
            0 => *u.choose(&self.f32_edges)?,
            1 => f32::from_bits(u.arbitrary()?),
            _ => f32::from(u.int_in_range(-100i16..=100)?) / 4.0,
        })
    }

    fn u64(&self, u: &mut Unstructured<'_>) -> Gen<u64> {
        Ok(match u.int_in_range(0..=2)? {
            0 => *u.choose(&[0, 1, u64::MAX, 1 << 63, 94_489_280_513])?,
            1 => u.arbitrary()?,
            _ => u.int_in_range(0..=1000)?,
        })
    }

    /// Text of 0–9 characters: ASCII, 2-, 3- and 4-byte UTF-8, and (rarely) a NUL or a
    /// BOM, which Godot's reading drops.
    fn string(&self, u: &mut Unstructured<'_>) -> Gen<String> {
        const CHARS: &[char] = &[
            'a', 'b', 'c', 'x', 'y', 'z', 'A', 'Q', '0', '7', ' ', '/', ':', '.', '_', '-', 'é',
            'ß', 'ö', '日', '本', '😀', '👍', '\u{7f}', '\u{1}', '\n',
        ];
        let len = u.int_in_range(0..=9)?;
        let mut s = String::new();
        for _ in 0..len {
            s.push(match u.int_in_range(0..=99)? {
                0 => '\0',
                1 => '\u{FEFF}',
                _ => *u.choose(CHARS)?,
            });
        }
        Ok(s)
    }

    fn name(&self, u: &mut Unstructured<'_>) -> Gen<String> {
        Ok(match u.int_in_range(0..=5)? {
            0 => "script".to_owned(),
            1 => "resource_name".to_owned(),
            2 => "res://enemy.gd".to_owned(),
            _ => self.string(u)?,
        })
    }

    /// The types the dialect has.
    fn types(&self) -> Vec<VariantType> {
        VariantType::ALL
            .into_iter()
            .filter(|t| t.id(self.dialect).is_some())
            .collect()
    }

    fn container_type(&self, u: &mut Unstructured<'_>) -> Gen<ContainerType<String>> {
        if !self.g4() {
            return Ok(ContainerType::Untyped);
        }
        Ok(match u.int_in_range(0..=5)? {
            0 => ContainerType::Builtin(*u.choose(&self.types())?),
            1 => ContainerType::ClassName(match u.int_in_range(0..=2)? {
                0 => "EncodedObjectAsID".to_owned(),
                1 => "Node".to_owned(),
                _ => self.string(u)?,
            }),
            2 => ContainerType::Script(format!("res://{}", self.string(u)?)),
            _ => ContainerType::Untyped,
        })
    }

    fn len(&self, u: &mut Unstructured<'_>, max: usize) -> Gen<usize> {
        u.int_in_range(0..=max)
    }

    fn vec<T>(
        &self,
        u: &mut Unstructured<'_>,
        max: usize,
        mut item: impl FnMut(&mut Unstructured<'_>) -> Gen<T>,
    ) -> Gen<Vec<T>> {
        (0..self.len(u, max)?).map(|_| item(u)).collect()
    }

    fn vectors<const N: usize>(&self, u: &mut Unstructured<'_>) -> Gen<PackedVectors<N>> {
        Ok(if self.g4() && u.ratio(1, 3)? {
            PackedVectors::F64(Box::new(self.vec(u, 4, |u| {
                let mut v = [0.0; N];
                for c in &mut v {
                    *c = self.f64(u)?;
                }
                Ok(v)
            })?))
        } else {
            PackedVectors::F32(self.vec(u, 4, |u| {
                let mut v = [0.0; N];
                for c in &mut v {
                    *c = self.f32(u)?;
                }
                Ok(v)
            })?)
        })
    }

    fn math(&self, u: &mut Unstructured<'_>, ty: VariantType) -> Gen<Variant> {
        let n = math_len(ty);
        let components = if matches!(
            ty,
            VariantType::Vector2i
                | VariantType::Vector3i
                | VariantType::Vector4i
                | VariantType::Rect2i
        ) {
            MathComponents::I32((0..n).map(|_| self.i32(u)).collect::<Gen<_>>()?)
        } else if (self.g4() || ty == VariantType::Color) && u.ratio(1, 3)? {
            // Double precision (Godot 4), or a Color given as f64 (written as f32).
            MathComponents::F64((0..n).map(|_| self.f64(u)).collect::<Gen<_>>()?)
        } else {
            MathComponents::F32((0..n).map(|_| self.f32(u)).collect::<Gen<_>>()?)
        };
        Ok(Variant::Math { ty, components })
    }

    /// A value the dialect can express, containers nested down to `MAX_DEPTH`.
    fn variant(&self, u: &mut Unstructured<'_>, depth: usize) -> Gen<Variant> {
        use VariantType as T;
        let containers: Vec<VariantType> = [
            T::Array,
            T::Dictionary,
            T::Object,
            T::TypedArray,
            T::PackedTypedArray,
        ]
        .into_iter()
        .filter(|t| t.id(self.dialect).is_some())
        .collect();
        let ty = if depth < MAX_DEPTH && u.ratio(1, 3)? {
            *u.choose(&containers)?
        } else {
            *u.choose(&self.types())?
        };
        let deeper = depth < MAX_DEPTH;
        Ok(match ty {
            T::Nil => Variant::Nil,
            T::Bool => Variant::Bool(u.arbitrary()?),
            T::Int => Variant::Int(self.int(u)?),
            T::Float => Variant::Float(self.f64(u)?),
            T::String => Variant::String(self.string(u)?.into()),
            T::StringName => Variant::StringName(self.string(u)?.into()),
            T::NodePath => Variant::node_path(
                self.vec(u, 3, |u| self.string(u))?,
                self.vec(u, 3, |u| self.string(u))?,
                u.arbitrary()?,
            ),
            T::Rid if self.g4() => Variant::Rid(self.u64(u)?),
            T::Rid => Variant::Rid(0),
            T::Object => Variant::Object(match u.int_in_range(0..=3)? {
                0 => Object::Null,
                1 => Object::Id(self.u64(u)?),
                _ => Object::Full(Box::new(ObjectData {
                    class: match u.int_in_range(0..=4)? {
                        0 => String::new(), // the engine's null object
                        1 => "Resource".to_owned(),
                        _ => self.string(u)?,
                    },
                    properties: self.vec(u, if deeper { 3 } else { 0 }, |u| {
                        let name = self.name(u)?;
                        let value = if godot_view(&name) == "script" {
                            // Godot 4 reads `script` as a resource path: null or a String.
                            // (Godot 3 takes anything, but its values are checked in Godot 4
                            // too.)
                            if u.arbitrary()? {
                                Variant::Nil
                            } else {
                                Variant::String(self.name(u)?.into())
                            }
                        } else {
                            self.variant(u, depth + 1)?
                        };
                        Ok((name, value))
                    })?,
                })),
            }),
            T::Callable => Variant::Callable,
            T::Signal => Variant::Signal {
                name: self.string(u)?.into(),
                object_id: self.u64(u)?,
            },
            T::Dictionary => Variant::Dictionary(Dictionary::typed(
                self.container_type(u)?,
                self.container_type(u)?,
                self.vec(u, if deeper { 4 } else { 0 }, |u| {
                    Ok((self.variant(u, depth + 1)?, self.variant(u, depth + 1)?))
                })?,
            )),
            T::Array => Variant::Array(Array::typed(
                self.container_type(u)?,
                self.vec(u, if deeper { 4 } else { 0 }, |u| {
                    self.variant(u, depth + 1)
                })?,
            )),
            T::PackedByteArray => Variant::PackedByteArray(self.vec(u, 9, |u| u.arbitrary())?),
            T::PackedInt32Array => Variant::PackedInt32Array(self.vec(u, 5, |u| self.i32(u))?),
            T::PackedInt64Array => Variant::PackedInt64Array(self.vec(u, 5, |u| self.int(u))?),
            T::PackedFloat32Array => Variant::PackedFloat32Array(self.vec(u, 5, |u| self.f32(u))?),
            T::PackedFloat64Array => Variant::PackedFloat64Array(self.vec(u, 5, |u| self.f64(u))?),
            T::PackedStringArray => {
                Variant::PackedStringArray(self.vec(u, 4, |u| Ok(self.string(u)?.into()))?)
            }
            T::PackedVector2Array => Variant::PackedVector2Array(self.vectors(u)?),
            T::PackedVector3Array => Variant::PackedVector3Array(self.vectors(u)?),
            T::PackedVector4Array => Variant::PackedVector4Array(self.vectors(u)?),
            T::PackedColorArray => Variant::PackedColorArray(self.vec(u, 4, |u| {
                Ok([self.f32(u)?, self.f32(u)?, self.f32(u)?, self.f32(u)?])
            })?),
            T::PackedVector2iArray => {
                Variant::PackedVector2iArray(self.vec(u, 4, |u| Ok([self.i32(u)?, self.i32(u)?]))?)
            }
            T::PackedVector3iArray => Variant::PackedVector3iArray(
                self.vec(u, 4, |u| Ok([self.i32(u)?, self.i32(u)?, self.i32(u)?]))?,
            ),
            T::PackedVector4iArray => Variant::PackedVector4iArray(self.vec(u, 4, |u| {
                Ok([self.i32(u)?, self.i32(u)?, self.i32(u)?, self.i32(u)?])
            })?),
            T::TypedArray | T::PackedTypedArray => {
                // Pandemonium era C: a builtin type of the era (Object: objects as ids) or
                // a class (objects written whole).
                let element_type = if u.ratio(1, 4)? {
                    ContainerType::ClassName(self.string(u)?)
                } else {
                    ContainerType::Builtin(*u.choose(&self.types())?)
                };
                let items = self.vec(u, if deeper { 4 } else { 0 }, |u| {
                    self.variant(u, depth + 1)
                })?;
                if ty == T::TypedArray {
                    Variant::TypedArray(Array::typed(element_type, items))
                } else {
                    Variant::PackedTypedArray(Array::typed(element_type, items))
                }
            }
            math => self.math(u, math)?,
        })
    }
}

fn math_len(ty: VariantType) -> usize {
    use VariantType as T;
    match ty {
        T::Vector2 | T::Vector2i => 2,
        T::Vector3 | T::Vector3i => 3,
        T::Transform2D | T::Aabb => 6,
        T::Basis => 9,
        T::Transform3D => 12,
        T::Projection => 16,
        _ => 4, // Rect2/2i, Vector4/4i, Plane, Quaternion, Color
    }
}

// ---------------------------------------------------------------------------------------
// What a round trip is expected to give back.

/// The text Godot reads from a string: up to the first NUL, without a leading BOM.
fn godot_view(s: &str) -> &str {
    let s = s.split('\0').next().unwrap_or("");
    s.strip_prefix('\u{FEFF}').unwrap_or(s)
}

fn view(s: &str) -> String {
    godot_view(s).to_owned()
}

fn canonical_type(t: &ContainerType<String>) -> ContainerType<String> {
    match t {
        ContainerType::ClassName(s) => ContainerType::ClassName(view(s)),
        ContainerType::Script(s) => ContainerType::Script(view(s)),
        t => t.clone(),
    }
}

/// The value `encode` → `parse` → `to_owned` gives back for `v`: strings as Godot reads
/// them, a Color's f64 components rounded to f32 (the wire has no double Color), the
/// engine's null objects (`Object::Null`, a full object whose class name reads as empty)
/// as `Nil`. Everything else comes back bit for bit.
fn canonical(v: &Variant) -> Variant {
    match v {
        Variant::String(s) => Variant::String(view(s).into()),
        Variant::StringName(s) => Variant::StringName(view(s).into()),
        Variant::Math {
            ty: VariantType::Color,
            components: MathComponents::F64(c),
        } => Variant::Math {
            ty: VariantType::Color,
            components: MathComponents::F32(c.iter().map(|&x| x as f32).collect()),
        },
        Variant::NodePath(p) => Variant::node_path(
            p.names.iter().map(|s| view(s)).collect(),
            p.subnames.iter().map(|s| view(s)).collect(),
            p.absolute,
        ),
        Variant::Object(Object::Null) => Variant::Nil,
        Variant::Object(Object::Full(o)) if godot_view(&o.class).is_empty() => Variant::Nil,
        Variant::Object(Object::Full(o)) => Variant::Object(Object::Full(Box::new(ObjectData {
            class: view(&o.class),
            properties: o
                .properties
                .iter()
                .map(|(n, v)| (view(n), canonical(v)))
                .collect(),
        }))),
        Variant::Signal { name, object_id } => Variant::Signal {
            name: view(name).into(),
            object_id: *object_id,
        },
        Variant::Array(a) => Variant::Array(canonical_array(a)),
        Variant::Dictionary(d) => Variant::Dictionary(Dictionary::typed(
            canonical_type(d.key_type()),
            canonical_type(d.value_type()),
            d.iter()
                .map(|(k, v)| (canonical(k), canonical(v)))
                .collect(),
        )),
        Variant::PackedStringArray(items) => {
            Variant::PackedStringArray(items.iter().map(|s| view(s).into()).collect())
        }
        Variant::TypedArray(a) => Variant::TypedArray(canonical_array(a)),
        Variant::PackedTypedArray(a) => Variant::PackedTypedArray(canonical_array(a)),
        v => v.clone(),
    }
}

fn canonical_array(a: &Array) -> Array {
    Array::typed(
        canonical_type(a.element_type()),
        a.iter().map(canonical).collect(),
    )
}

/// The error encoding `v` in Godot 3 gives, found in the builder's order (depth first,
/// keys before values), or `None` if Godot 3 can express it.
fn godot3_error(v: &Variant) -> Option<BuildError> {
    let no_type = |ty| Some(BuildError::TypeNotInDialect { ty, dialect: G3 });
    let no_form = |what| Some(BuildError::NotInDialect { what, dialect: G3 });
    match v {
        Variant::StringName(_) | Variant::Callable | Variant::Signal { .. } => no_type(v.ty()),
        Variant::Math {
            ty,
            components: MathComponents::F64(_),
        } if *ty != VariantType::Color => no_form("double-precision math"),
        Variant::Math { ty, .. } if ty.id(G3).is_none() => no_type(*ty),
        Variant::Rid(id) if *id != 0 => no_form("a RID id"),
        Variant::Object(Object::Full(o)) if !godot_view(&o.class).is_empty() => {
            o.properties.iter().find_map(|(_, v)| godot3_error(v))
        }
        Variant::Array(a) if *a.element_type() != ContainerType::Untyped => {
            no_form("a typed Array")
        }
        Variant::Array(items) => items.iter().find_map(godot3_error),
        Variant::Dictionary(d)
            if *d.key_type() != ContainerType::Untyped
                || *d.value_type() != ContainerType::Untyped =>
        {
            no_form("a typed Dictionary")
        }
        Variant::Dictionary(entries) => entries
            .iter()
            .find_map(|(k, v)| godot3_error(k).or_else(|| godot3_error(v))),
        Variant::PackedVector2Array(p) if p.is_double() => {
            no_form("a double-precision packed vector array")
        }
        Variant::PackedVector3Array(p) if p.is_double() => {
            no_form("a double-precision packed vector array")
        }
        Variant::PackedVector4Array(p) if p.is_double() => {
            no_form("a double-precision packed vector array")
        }
        v if v.ty().id(G3).is_none() => no_type(v.ty()),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------
// The checks.

/// Encodes `v` in `dialect` and checks everything about the result.
fn check_round_trip(v: &Variant, dialect: Dialect, case: &str) {
    let mut out = Vec::new();
    if let Err(e) = v.encode(&mut out, dialect) {
        panic!("{case}: encode failed: {e}\n{v:?}");
    }
    assert_eq!(v.encoded_len(dialect), Ok(out.len()), "{case}: encoded_len");
    assert_eq!(out.len() % 4, 0, "{case}: length not a multiple of 4");

    // The output is one value, canonical enough for strict mode.
    let (parsed, consumed) = VariantRef::parse_prefix(&out, dialect)
        .unwrap_or_else(|e| panic!("{case}: parse failed: {e}\n{v:?}"));
    assert_eq!(consumed, out.len(), "{case}: parse consumed");
    VariantRef::parse_with(&out, dialect, &ParseOptions::new().strict(true))
        .unwrap_or_else(|e| panic!("{case}: strict parse failed: {e}"));

    // Reading it back gives the value (as Godot reads it), bit for bit.
    let expected = canonical(v);
    let back = parsed.to_owned();
    assert!(
        back.bitwise_eq(&expected),
        "{case}: round trip\n  gave     {back:?}\n  expected {expected:?}"
    );

    // Re-encoding the parsed view is stable: the canonical value's bytes, which are the
    // first bytes whenever the value was canonical already.
    let mut again = Vec::new();
    Builder::new(&mut again, dialect).value(parsed).unwrap();
    let canonical_bytes = expected.to_bytes(dialect).unwrap();
    assert_eq!(again, canonical_bytes, "{case}: re-encoding");
    if v.bitwise_eq(&expected) {
        assert_eq!(again, out, "{case}: re-encoding a canonical value");
    }
    assert_eq!(back.to_bytes(dialect).unwrap(), again, "{case}: owned copy");
}

/// Godot 3: a value written for Godot 4 encodes there iff it uses nothing Godot 4-only,
/// and otherwise fails with the first offending node's error, writing nothing.
fn check_godot3(v: &Variant, case: &str) {
    match godot3_error(v) {
        None => check_round_trip(v, G3, case),
        Some(expected) => {
            let mut out = vec![0xAB; 3];
            assert_eq!(v.encode(&mut out, G3), Err(expected), "{case}: {v:?}");
            assert_eq!(out, [0xAB; 3], "{case}: output untouched on error");
            assert_eq!(v.encoded_len(G3), Err(expected), "{case}: encoded_len");
        }
    }
}

/// What the generated values covered.
#[derive(Default)]
struct Coverage {
    types: BTreeSet<VariantType>,
    depth: usize,
    features: BTreeSet<&'static str>,
}

impl Coverage {
    fn visit(&mut self, v: &Variant, depth: usize) {
        self.types.insert(v.ty());
        self.depth = self.depth.max(depth);
        let feature = match v {
            Variant::Math {
                components: MathComponents::F64(_),
                ty,
            } if *ty != VariantType::Color => Some("double math"),
            Variant::PackedVector2Array(p) if p.is_double() => Some("double vector2 array"),
            Variant::PackedVector3Array(p) if p.is_double() => Some("double vector3 array"),
            Variant::PackedVector4Array(p) if p.is_double() => Some("double vector4 array"),
            Variant::Object(Object::Null) => Some("null object"),
            Variant::Object(Object::Id(_)) => Some("object id"),
            Variant::Object(Object::Full(o)) if godot_view(&o.class).is_empty() => {
                Some("full null object")
            }
            Variant::Object(Object::Full(o)) if !o.properties.is_empty() => {
                Some("full object with properties")
            }
            Variant::Array(a) if *a.element_type() != ContainerType::Untyped => Some("typed array"),
            Variant::Dictionary(d)
                if *d.key_type() != ContainerType::Untyped
                    || *d.value_type() != ContainerType::Untyped =>
            {
                Some("typed dictionary")
            }
            Variant::Float(x) if x.is_nan() => Some("NaN float"),
            Variant::String(s) if s.contains('\0') => Some("string with NUL"),
            _ => None,
        };
        if let Some(f) = feature {
            self.features.insert(f);
        }
        match v {
            Variant::Array(items) => items.iter().for_each(|x| self.visit(x, depth + 1)),
            Variant::Dictionary(entries) => entries.iter().for_each(|(k, x)| {
                self.visit(k, depth + 1);
                self.visit(x, depth + 1)
            }),
            Variant::Object(Object::Full(o)) => o
                .properties
                .iter()
                .for_each(|(_, x)| self.visit(x, depth + 1)),
            _ => {}
        }
    }
}

fn generated(dialect: Dialect, seed: u64) -> impl Iterator<Item = (usize, Variant)> {
    let mut rng = XorShift(seed);
    let generator = Generator::new(dialect);
    let mut buf = vec![0u8; 2048];
    (0..CASES).map(move |i| {
        rng.fill(&mut buf);
        let mut u = Unstructured::new(&buf);
        (i, generator.variant(&mut u, 0).expect("generation"))
    })
}

#[test]
fn random_godot4_values_round_trip_and_godot3_rejects_what_it_lacks() {
    let mut coverage = Coverage::default();
    let mut godot3_ok = 0;
    for (i, v) in generated(G4, 0x5EED_0004) {
        let case = format!("g4 case {i}");
        coverage.visit(&v, 0);
        check_round_trip(&v, G4, &case);
        check_godot3(&v, &case);
        godot3_ok += usize::from(godot3_error(&v).is_none());
    }
    let missing: Vec<_> = VariantType::ALL
        .into_iter()
        .filter(|t| t.id(G4).is_some() && !coverage.types.contains(t))
        .collect();
    assert!(missing.is_empty(), "types never generated: {missing:?}");
    assert!(coverage.depth >= MAX_DEPTH, "depth {}", coverage.depth);
    let expected: BTreeSet<&str> = [
        "double math",
        "double vector2 array",
        "double vector3 array",
        "double vector4 array",
        "null object",
        "object id",
        "full null object",
        "full object with properties",
        "typed array",
        "typed dictionary",
        "NaN float",
        "string with NUL",
    ]
    .into_iter()
    .collect();
    assert_eq!(coverage.features, expected);
    // Both outcomes of the Godot 3 check happen often.
    assert!(
        godot3_ok > CASES / 5 && godot3_ok < CASES * 4 / 5,
        "{godot3_ok}"
    );
}

#[test]
fn random_godot3_values_round_trip_in_both_dialects() {
    let mut coverage = Coverage::default();
    for (i, v) in generated(G3, 0x5EED_0003) {
        let case = format!("g3 case {i}");
        coverage.visit(&v, 0);
        assert_eq!(godot3_error(&v), None, "{case}: generator");
        check_round_trip(&v, G3, &case);
        check_round_trip(&v, G4, &case);
    }
    let missing: Vec<_> = VariantType::ALL
        .into_iter()
        .filter(|t| t.id(G3).is_some() && !coverage.types.contains(t))
        .collect();
    assert!(missing.is_empty(), "types never generated: {missing:?}");
    assert!(coverage.depth >= MAX_DEPTH, "depth {}", coverage.depth);
}

#[test]
fn random_pandemonium_values_round_trip_in_each_era() {
    for (era, seed) in [
        (Dialect::PandemoniumA, 0x5EED_000A),
        (Dialect::PandemoniumB, 0x5EED_000B),
        (Dialect::PandemoniumC, 0x5EED_000C),
    ] {
        let mut coverage = Coverage::default();
        for (i, v) in generated(era, seed) {
            let case = format!("{era} case {i}");
            coverage.visit(&v, 0);
            check_round_trip(&v, era, &case);
        }
        let missing: Vec<_> = VariantType::ALL
            .into_iter()
            .filter(|t| t.id(era).is_some() && !coverage.types.contains(t))
            .collect();
        assert!(
            missing.is_empty(),
            "{era}: types never generated: {missing:?}"
        );
        assert!(
            coverage.depth >= MAX_DEPTH,
            "{era}: depth {}",
            coverage.depth
        );
    }
}

// ---------------------------------------------------------------------------------------
// Engine fixtures.

#[test]
fn every_engine_fixture_copied_and_encoded_gives_the_engine_bytes() {
    let mut checked = 0;
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            let bytes = c.value_bytes();
            if bytes.is_empty() {
                continue; // the engine's own failure case
            }
            let dialect = c.dialect();
            let owned = VariantRef::parse(bytes, dialect).unwrap().to_owned();
            let mut expected = bytes.to_vec();
            if dialect == G3 {
                common::zero_node_path_padding(&mut expected, G3);
            }
            let mut out = Vec::new();
            owned
                .encode(&mut out, dialect)
                .unwrap_or_else(|e| panic!("{engine}/{}: {e}", c.name));
            assert_eq!(out, expected, "{engine}/{}", c.name);
            assert_eq!(
                owned.encoded_len(dialect),
                Ok(out.len()),
                "{engine}/{}",
                c.name
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 332);
}

#[test]
fn fixture_values_read_as_expected() {
    let owned = |engine, name| {
        let c = common::case(engine, name);
        VariantRef::parse(c.value_bytes(), c.dialect())
            .unwrap()
            .to_owned()
    };
    assert_eq!(owned("g4", "int_i64_min"), Variant::Int(i64::MIN));
    assert_eq!(
        owned("g4", "vector3i"),
        Variant::Math {
            ty: VariantType::Vector3i,
            components: MathComponents::I32(vec![1, -2, i32::MIN].into()),
        }
    );
    assert_eq!(
        owned("g4", "nodepath_subnames"),
        Variant::node_path(
            vec!["Node".into(), "Child".into()],
            vec!["prop".into(), "sub".into()],
            false,
        )
    );
    assert_eq!(
        owned("g4", "pstr_lens"),
        Variant::from(vec!["a", "bc", "def", "ghij", "klmno", "日本", "😀"])
    );
    assert_eq!(
        owned("g4", "dict_typed_str_int"),
        Variant::Dictionary(Dictionary::typed(
            ContainerType::Builtin(VariantType::String),
            ContainerType::Builtin(VariantType::Int),
            vec![("a".into(), 1.into()), ("b".into(), 2.into())],
        ))
    );
    assert_eq!(owned("g4", "rid_canvas"), Variant::Rid(94_489_280_513));
    assert_eq!(owned("g4", "object_freed"), Variant::Nil);
}

// ---------------------------------------------------------------------------------------
// Documented behaviour.

fn bytes(v: impl Into<Variant>, dialect: Dialect) -> Vec<u8> {
    v.into().to_bytes(dialect).unwrap()
}

fn read(bytes: &[u8], dialect: Dialect) -> Variant {
    VariantRef::parse(bytes, dialect).unwrap().to_owned()
}

#[test]
fn conversions() {
    assert_eq!(Variant::from(true), Variant::Bool(true));
    assert_eq!(Variant::from(-5i8), Variant::Int(-5));
    assert_eq!(Variant::from(7u32), Variant::Int(7));
    assert_eq!(Variant::from(i64::MAX), Variant::Int(i64::MAX));
    assert_eq!(Variant::try_from(u64::MAX).ok(), None);
    assert_eq!(Variant::try_from(5u64).ok(), Some(Variant::Int(5)));
    assert_eq!(Variant::from(0.5f32), Variant::Float(0.5));
    assert_eq!(Variant::from("hi"), Variant::String("hi".into()));
    assert_eq!(Variant::from(None::<i32>), Variant::Nil);
    assert_eq!(Variant::from(Some("x")), Variant::String("x".into()));
    assert_eq!(
        Variant::from(&[1u8, 2][..]),
        Variant::PackedByteArray(vec![1, 2])
    );
    assert_eq!(
        Variant::from(vec![[1.0f32, 2.0]]),
        Variant::PackedVector2Array(PackedVectors::F32(vec![[1.0, 2.0]]))
    );
    assert_eq!(
        Variant::from(&["a", "b"][..]),
        Variant::PackedStringArray(vec!["a".into(), "b".into()])
    );
    assert_eq!(
        Variant::from(vec![Variant::Nil]),
        Variant::array(vec![Variant::Nil])
    );
    // The conversions write what the engine writes.
    assert_eq!(
        bytes(vec![1.0f32, 2.0], G4),
        [32, 0, 0, 0, 2, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 64]
    );
    assert_eq!(
        bytes(1i64 << 31, G3),
        [2, 0, 1, 0, 0, 0, 0, 128, 0, 0, 0, 0]
    );
}

#[test]
fn nan_is_not_equal_to_itself_but_bitwise_equal() {
    let v = Variant::Float(f64::NAN);
    assert_ne!(v, v.clone());
    assert!(v.bitwise_eq(&v.clone()));
    assert!(!Variant::Float(0.0).bitwise_eq(&Variant::Float(-0.0)));
    assert_eq!(Variant::Float(0.0), Variant::Float(-0.0));
    // An f32 NaN payload in a math value survives the wire.
    let odd = f32::from_bits(0x7F80_0001);
    let v = Variant::vector2([odd, -0.0]);
    assert!(read(&bytes(v.clone(), G4), G4).bitwise_eq(&v));
    assert!(!v.bitwise_eq(&Variant::vector2([odd, 0.0])));
    // Packed float data: NaN equal to itself, 0.0 and -0.0 told apart, lengths compared.
    let floats = |x: f32| Variant::PackedFloat32Array(vec![1.0, x]);
    assert!(floats(f32::NAN).bitwise_eq(&floats(f32::NAN)));
    assert!(!floats(0.0).bitwise_eq(&floats(-0.0)));
    assert!(!floats(0.0).bitwise_eq(&Variant::PackedFloat32Array(vec![1.0])));
    let colors = |x: f32| Variant::PackedColorArray(vec![[x, 0.0, 0.0, 1.0]]);
    assert!(colors(f32::NAN).bitwise_eq(&colors(f32::NAN)));
    assert!(!colors(0.0).bitwise_eq(&colors(-0.0)));
    let vectors =
        |x: f64| Variant::PackedVector3Array(PackedVectors::F64(Box::new(vec![[x, 0.0, 0.0]])));
    assert!(vectors(f64::NAN).bitwise_eq(&vectors(f64::NAN)));
    assert!(!vectors(0.0).bitwise_eq(&vectors(-0.0)));
}

#[test]
fn null_objects_are_written_as_nil() {
    let full = |class: &str| Object::full(class, vec![("a".into(), 1.into())]);
    for o in [Object::Null, full(""), full("\0Node"), full("\u{FEFF}")] {
        assert_eq!(bytes(o.clone(), G4), [0, 0, 0, 0], "{o:?}");
        assert_eq!(bytes(o, G3), [0, 0, 0, 0]);
    }
    // Id 0 (which the engine also reads as null) is kept as written.
    assert_eq!(
        read(&bytes(Object::Id(0), G4), G4),
        Variant::Object(Object::Id(0))
    );
    // A full object with an empty class name on the wire reads as Object::Null.
    let wire = [24, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(read(&wire, G4), Variant::Object(Object::Null));
}

#[test]
fn strings_read_back_as_godot_reads_them() {
    let v = Variant::from(vec!["a\0b", "\u{FEFF}c"]);
    assert_eq!(read(&bytes(v, G4), G4), Variant::from(vec!["a", "c"]));
    let v = Variant::StringName("x\0y".into());
    let written = bytes(v, G4);
    assert_eq!(written.len(), 12, "written as given");
    assert_eq!(read(&written, G4), Variant::StringName("x".into()));
}

#[test]
fn a_double_color_is_written_as_f32() {
    let v = Variant::Math {
        ty: VariantType::Color,
        components: MathComponents::F64(vec![0.1, 0.2, 0.3, 0.4].into()),
    };
    assert_eq!(
        bytes(v.clone(), G3),
        bytes(Variant::color([0.1, 0.2, 0.3, 0.4]), G3)
    );
    assert_eq!(v.encoded_len(G4), Ok(20));
}

#[test]
fn math_components_must_suit_the_type() {
    let err = |ty, components| {
        Variant::Math { ty, components }
            .encode(&mut Vec::new(), G4)
            .unwrap_err()
    };
    use MathComponents::*;
    assert_eq!(
        err(VariantType::Vector3, F32(vec![1.0].into())),
        BuildError::WrongComponentCount {
            ty: VariantType::Vector3,
            expected: 3,
            got: 1
        }
    );
    assert_eq!(
        err(VariantType::Vector2i, F32(vec![1.0, 2.0].into())),
        BuildError::NotMath(VariantType::Vector2i)
    );
    assert_eq!(
        err(VariantType::Vector2, I32(vec![1, 2].into())),
        BuildError::NotMath(VariantType::Vector2)
    );
    assert_eq!(
        err(VariantType::Int, F64(vec![1.0].into())),
        BuildError::NotMath(VariantType::Int)
    );
    for ty in [VariantType::Vector2, VariantType::Int] {
        let v = Variant::Math {
            ty,
            components: F32(vec![].into()),
        };
        // `to_bytes` asks `encoded_len` first: compare with what `encode` itself returns.
        assert_eq!(v.encoded_len(G4).err(), v.encode(&mut Vec::new(), G4).err());
    }
}

/// `encoded_len` checks in the order the builder does: a malformed math value as a Godot 4
/// object's `script` property fails on its component count (the builder checks that
/// before it writes the header, which is where it refuses a non-String script).
#[test]
fn encoded_len_fails_like_encode_on_a_malformed_script_property() {
    let script = Variant::Math {
        ty: VariantType::Vector2,
        components: MathComponents::F32(vec![1.0].into()),
    };
    let v = Variant::Object(Object::full("Resource", vec![("script".into(), script)]));
    let encoded = v.encode(&mut Vec::new(), G4);
    assert_eq!(
        encoded,
        Err(BuildError::WrongComponentCount {
            ty: VariantType::Vector2,
            expected: 2,
            got: 1
        })
    );
    assert_eq!(v.encoded_len(G4), encoded.map(|()| 0));

    // A container is refused at its header, before its contents are looked at.
    let bad_math = Variant::Math {
        ty: VariantType::Vector2,
        components: MathComponents::F32(vec![1.0].into()),
    };
    let v = Variant::Object(Object::full(
        "Resource",
        vec![("script".into(), Variant::array(vec![bad_math]))],
    ));
    let encoded = v.encode(&mut Vec::new(), G4);
    assert_eq!(
        encoded,
        Err(BuildError::InvalidScriptProperty(VariantType::Array))
    );
    assert_eq!(v.encoded_len(G4), encoded.map(|()| 0));
}

#[test]
fn a_failed_encode_leaves_the_output_alone_and_write_leaves_null() {
    let v = Variant::array(vec![1.into(), Variant::StringName("n".into()), 3.into()]);
    let mut out = vec![9];
    assert_eq!(
        v.encode(&mut out, G3),
        Err(BuildError::TypeNotInDialect {
            ty: VariantType::StringName,
            dialect: G3
        })
    );
    assert_eq!(out, [9]);

    // Through a builder, the bytes so far stay valid: the failed slot holds null.
    let mut out = Vec::new();
    let mut array = Builder::new(&mut out, G3).array().unwrap();
    assert!(v.write(array.push()).is_err());
    Variant::from("after").write(array.push()).unwrap();
    array.finish().unwrap();
    assert_eq!(
        read(&out, G3),
        Variant::array(vec![
            Variant::array(vec![1.into(), Variant::Nil]),
            "after".into()
        ])
    );
}

#[test]
#[cfg(target_pointer_width = "64")]
fn variant_is_32_bytes() {
    use std::mem::size_of;
    assert_eq!(size_of::<Variant>(), 32);
    assert_eq!(size_of::<gdvariant::GdString>(), 24);
    assert_eq!(size_of::<Array>(), 24);
    assert_eq!(size_of::<Dictionary>(), 24);
    assert_eq!(size_of::<Object>(), 16);
}

#[test]
fn encode_appends() {
    let mut out = vec![1, 2, 3, 4];
    Variant::Int(5).encode(&mut out, G4).unwrap();
    assert_eq!(out, [1, 2, 3, 4, 2, 0, 0, 0, 5, 0, 0, 0]);
}

#[test]
fn nesting_is_limited_like_the_engine() {
    // Encoding recurses one frame per level; run on a thread with a known stack.
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(|| {
            let nest = |levels: usize| {
                let mut v = Variant::Nil;
                for _ in 1..levels {
                    v = Variant::array(vec![v]);
                }
                v
            };
            // 1025 levels (depth 0..=1024) are accepted, by the builder and the parser.
            let deepest = nest(1025);
            let written = deepest.to_bytes(G4).unwrap();
            assert_eq!(written.len(), 1024 * 8 + 4);
            assert!(read(&written, G4).bitwise_eq(&deepest));
            assert_eq!(nest(1026).to_bytes(G4), Err(BuildError::TooDeep));
            assert_eq!(nest(1026).encoded_len(G4), Err(BuildError::TooDeep));
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn godot4_script_property_must_be_null_or_a_string() {
    // The engine (and this crate's parser) read a Godot 4 object's `script` property as
    // a resource path, so anything but null or a String is refused when writing too.
    let v = Variant::Object(Object::full("Resource", vec![("script".into(), 1.into())]));
    let mut out = Vec::new();
    assert_eq!(
        v.encode(&mut out, G4),
        Err(BuildError::InvalidScriptProperty(VariantType::Int))
    );
    assert!(out.is_empty());
    assert_eq!(
        v.encoded_len(G4),
        Err(BuildError::InvalidScriptProperty(VariantType::Int))
    );
    for ok in [
        Variant::Nil,
        "res://x.gd".into(),
        Variant::Object(Object::Null),
    ] {
        let v = Variant::Object(Object::full("Resource", vec![("script".into(), ok)]));
        let written = bytes(v.clone(), G4);
        assert!(VariantRef::parse(&written, G4).is_ok());
        assert_eq!(v.encoded_len(G4), Ok(written.len()));
    }
    // Godot 3 serializes the script as an object: any value is fine there.
    assert_eq!(read(&bytes(v.clone(), G3), G3), v);
}

/// `Builder::value` in the value's own dialect copies canonical runs and rewrites the rest;
/// on mutated engine bytes (stray header bits, bit 31 of counts, dirty padding, widened
/// numbers, …) it must write exactly what the owned path writes.
#[test]
fn copying_re_encode_writes_what_the_owned_path_writes_on_mutated_bytes() {
    let mut checked = 0;
    let mut changed = 0;
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            let original = c.value_bytes();
            if original.len() > 4096 || VariantRef::parse(original, c.dialect()).is_err() {
                continue;
            }
            for at in (0..original.len()).step_by(4) {
                for mutation in 0..6u32 {
                    let mut bytes = original.to_vec();
                    let word = u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
                    let new = match mutation {
                        0 => word | 1 << 31,
                        1 => word | 1 << 24,
                        2 => word | 1 << 16,
                        3 => word ^ 0x00AA_0000,
                        4 => word | 0xAA00_0000,
                        _ => word.wrapping_add(1),
                    };
                    bytes[at..at + 4].copy_from_slice(&new.to_le_bytes());
                    let Ok(v) = VariantRef::parse(&bytes, c.dialect()) else {
                        continue;
                    };
                    let mut copied = Vec::new();
                    let copy = Builder::new(&mut copied, c.dialect()).value(v);
                    let owned = v.to_owned().to_bytes(c.dialect());
                    match (copy, owned) {
                        (Ok(()), Ok(expected)) => {
                            assert_eq!(
                                copied, expected,
                                "{engine}/{} word {at} mutation {mutation}",
                                c.name
                            );
                            changed += usize::from(copied != v.encoded());
                        }
                        (Err(a), Err(b)) => assert_eq!(a, b),
                        (a, b) => panic!("{engine}/{}: {a:?} vs {b:?}", c.name),
                    }
                    checked += 1;
                }
            }
        }
    }
    // The mutations hit the canonical checks: many inputs had to be rewritten.
    assert!(
        checked > 10_000 && changed > 1_000,
        "{checked} checked, {changed} rewritten"
    );
}
