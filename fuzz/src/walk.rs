//! [`walk`]: visit every part of a parsed value through the public API, asserting what
//! the documentation promises (exact-size iterators, contiguous children at their stated
//! offsets, one `as_*` accessor per type, native packed slices equal to the wire bytes).

use core::fmt::{self, Write};

use gdvariant::text::TextStyle;
use gdvariant::{
    ArrayRef, ContainerType, DictRef, GdStr, MathRef, NodePathRef, ObjectRef, Packed, PackedArray,
    PackedElement, StringIter, Value, VariantRef, VariantType,
};
use zerocopy::IntoBytes;

/// A `fmt::Write` that keeps only the length and an FNV-1a hash of what is written, so
/// that formatting any value costs no memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sink {
    /// Bytes written.
    pub len: usize,
    /// FNV-1a of the bytes written.
    pub hash: u64,
}

impl Sink {
    /// An empty sink.
    pub fn new() -> Sink {
        Sink {
            len: 0,
            hash: 0xcbf2_9ce4_8422_2325,
        }
    }

    /// Formats `value` into a fresh sink.
    pub fn of(value: impl fmt::Display) -> Sink {
        let mut sink = Sink::new();
        write!(sink, "{value}").expect("formatting into a sink cannot fail");
        sink
    }
}

impl Default for Sink {
    fn default() -> Self {
        Sink::new()
    }
}

impl Write for Sink {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.len += s.len();
        for b in s.bytes() {
            self.hash = (self.hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        Ok(())
    }
}

/// `Debug` into a sink.
fn debug(value: impl fmt::Debug) -> Sink {
    let mut sink = Sink::new();
    write!(sink, "{value:?}").expect("formatting into a sink cannot fail");
    sink
}

/// Children at depths up to this are re-parsed from their own `encoded()` bytes (deeper,
/// that would make the walk quadratic in the depth; iterating a nested container already
/// measures each child, O(size) per level).
const CHECK_DEPTH: usize = 2;

/// Nesting from which [`walk`] runs on a thread of its own with a large stack: the walk
/// recurses once per level, and under AddressSanitizer its frames are large enough that a
/// value nested 1,024 deep (the parse limit) overflows the main thread's 8 MiB.
const DEEP: usize = 64;

/// Visits `v` and everything inside it. `buf` is the buffer given to `parse` (offsets are
/// relative to it); `depth` is 0 for the top-level value. A panic inside is a panic here.
pub fn walk(v: VariantRef<'_>, buf: &[u8], depth: usize) {
    if depth == 0 && nesting(v) > DEEP {
        std::thread::scope(|scope| {
            let walker = std::thread::Builder::new()
                .stack_size(1 << 30)
                .spawn_scoped(scope, || walk_at(v, buf, 0))
                .expect("a thread for a deep walk");
            if let Err(panic) = walker.join() {
                std::panic::resume_unwind(panic);
            }
        });
        return;
    }
    walk_at(v, buf, depth)
}

/// The most containers open around any node of `v` (0 for a leaf), by the one-pass walk.
fn nesting(v: VariantRef<'_>) -> usize {
    let mut deepest = 0;
    let _ = v.visit(&mut Deepest(&mut deepest));
    deepest
}

/// A visitor noting the deepest [`gdvariant::Place`].
struct Deepest<'d>(&'d mut usize);

impl<'a> gdvariant::Visitor<'a> for Deepest<'_> {
    type Break = core::convert::Infallible;
    fn value(
        &mut self,
        _: &Value<'a>,
        place: gdvariant::Place,
    ) -> core::ops::ControlFlow<Self::Break> {
        *self.0 = (*self.0).max(place.depth);
        core::ops::ControlFlow::Continue(())
    }
}

/// [`walk`]'s recursion.
fn walk_at(v: VariantRef<'_>, buf: &[u8], depth: usize) {
    let off = v.offset();
    assert_eq!(buf.get(off..off + v.encoded().len()), Some(v.encoded()));
    header(&v);
    if depth == 0 {
        // Printing recurses into everything; nested values are printed as part of this.
        text(&v);
    }
    if depth <= CHECK_DEPTH {
        // Same bytes, same dialect: same value (and so the same text).
        let alone = VariantRef::parse(v.encoded(), v.dialect())
            .expect("a value's encoded() bytes parse on their own");
        assert!(alone == v && alone.ty() == v.ty() && alone.header() == v.header());
    }
    accessors(&v, buf);
    let value = v.value();
    assert_eq!(value.ty(), v.ty(), "Value has the view's type");
    match value {
        Value::Array(array) | Value::TypedArray(array) | Value::PackedTypedArray(array) => {
            array_ref(array, buf, depth)
        }
        Value::Dictionary(dict) => dict_ref(dict, buf, depth),
        Value::Object(ObjectRef::Full(object)) => full_object(object, buf, depth),
        leaf => leaf_value(leaf, &v),
    }
}

/// A value's [`Value`] variant carries what the `as_*` accessors give.
fn leaf_value(value: Value<'_>, v: &VariantRef<'_>) {
    match value {
        Value::Nil => assert!(v.is_nil()),
        Value::Bool(b) => assert_eq!(Some(b), v.as_bool()),
        Value::Int(n) => assert_eq!(Some(n), v.as_int()),
        Value::Float(x) => assert_eq!(Some(x.to_bits()), v.as_float().map(f64::to_bits)),
        Value::String(s) | Value::StringName(s) => assert!(Some(s) == v.as_gd_str()),
        Value::Vector2(m)
        | Value::Vector2i(m)
        | Value::Rect2(m)
        | Value::Rect2i(m)
        | Value::Vector3(m)
        | Value::Vector3i(m)
        | Value::Transform2D(m)
        | Value::Vector4(m)
        | Value::Vector4i(m)
        | Value::Plane(m)
        | Value::Quaternion(m)
        | Value::Aabb(m)
        | Value::Basis(m)
        | Value::Transform3D(m)
        | Value::Projection(m)
        | Value::Color(m) => {
            let n = m.len();
            let same = |i| {
                m.get(i).map(f64::to_bits) == v.as_math().and_then(|w| w.get(i)).map(f64::to_bits)
            };
            assert!((0..n).all(same));
        }
        Value::NodePath(p) => assert_eq!(Sink::of(p), Sink::of(v.as_node_path().unwrap())),
        Value::Rid(id) => assert_eq!(Some(id), v.as_rid()),
        Value::Object(o) => assert_eq!(o.is_null(), v.as_object().unwrap().is_null()),
        Value::Callable => assert!(v.is_callable()),
        Value::Signal(s) => assert_eq!(Some(s.object_id()), v.as_signal().map(|x| x.object_id())),
        Value::Array(a) => assert_eq!(Some(a.len()), v.as_array().map(|x| x.len())),
        Value::Dictionary(d) => assert_eq!(Some(d.len()), v.as_dictionary().map(|x| x.len())),
        Value::PackedByteArray(b) => assert_eq!(Some(b), v.as_packed().unwrap().as_u8()),
        Value::PackedInt32Array(p) => assert_eq!(p.as_bytes(), v.as_packed().unwrap().as_bytes()),
        Value::PackedInt64Array(p) => assert_eq!(p.as_bytes(), v.as_packed().unwrap().as_bytes()),
        Value::PackedFloat32Array(p) => assert_eq!(p.as_bytes(), v.as_packed().unwrap().as_bytes()),
        Value::PackedFloat64Array(p) => assert_eq!(p.as_bytes(), v.as_packed().unwrap().as_bytes()),
        Value::PackedStringArray(p) => assert_eq!(p.len(), v.as_packed().unwrap().len()),
        Value::PackedVector2Array(p) => assert_eq!(p.as_bytes(), v.as_packed().unwrap().as_bytes()),
        Value::PackedVector3Array(p) => assert_eq!(p.as_bytes(), v.as_packed().unwrap().as_bytes()),
        Value::PackedColorArray(p) => assert_eq!(p.as_bytes(), v.as_packed().unwrap().as_bytes()),
        Value::PackedVector4Array(p) => assert_eq!(p.as_bytes(), v.as_packed().unwrap().as_bytes()),
        Value::PackedVector2iArray(p) => {
            assert_eq!(p.as_bytes(), v.as_packed().unwrap().as_bytes())
        }
        Value::PackedVector3iArray(p) => {
            assert_eq!(p.as_bytes(), v.as_packed().unwrap().as_bytes())
        }
        Value::PackedVector4iArray(p) => {
            assert_eq!(p.as_bytes(), v.as_packed().unwrap().as_bytes())
        }
        Value::TypedArray(a) | Value::PackedTypedArray(a) => {
            assert_eq!(Some(a.len()), v.as_array().map(|x| x.len()))
        }
    }
    if let Some(p) = v.as_packed() {
        // Every element is a value of its own, and the last one is there.
        if let Some(last) = p.len().checked_sub(1) {
            assert!(p.get(last).is_some() && p.get(p.len()).is_none());
        }
    }
}

fn full_object(object: gdvariant::FullObject<'_>, buf: &[u8], depth: usize) {
    {
        gd_str(object.class());
        assert!(!object.class().is_empty());
        let props = object.properties();
        assert_eq!(props.len(), object.len());
        assert_eq!(object.is_empty(), object.len() == 0);
        let mut n = 0;
        for (name, value) in props {
            gd_str(name);
            walk_at(value, buf, depth + 1);
            n += 1;
        }
        assert_eq!(n, object.len(), "property count");
    }
}

/// Header word, type id and type names agree.
fn header(v: &VariantRef<'_>) {
    let id = (v.header() & 0xFF) as u8;
    assert_eq!(VariantType::from_id(id, v.dialect()), Some(v.ty()));
    assert_eq!(v.ty().id(v.dialect()), Some(id));
    let _ = (
        v.ty().name(gdvariant::Dialect::Godot3),
        v.ty().name(gdvariant::Dialect::Godot4),
    );
    let _ = (v.is_double(), v.ty().is_packed_array(), debug(v.ty()));
}

/// `Display`, `Debug` and every `TextStyle`, into sinks. `Display` is the dialect's style.
#[inline(never)]
fn text(v: &VariantRef<'_>) {
    // Every style prints every value (another dialect's names where the style's lacks
    // the type); Display is the dialect's own.
    let styles = [
        TextStyle::Godot32,
        TextStyle::Godot36,
        TextStyle::Godot4,
        TextStyle::PandemoniumA,
        TextStyle::PandemoniumB,
        TextStyle::PandemoniumC,
    ];
    let sinks = styles.map(|style| Sink::of(v.text(style)));
    let own = styles
        .iter()
        .position(|&s| s == TextStyle::for_dialect(v.dialect()))
        .expect("every dialect has a style");
    let shown = Sink::of(v);
    assert_eq!(shown, sinks[own], "Display is the dialect's TextStyle");
    assert!(debug(v).len > shown.len, "Debug includes the text");
}

/// Every `as_*` accessor; exactly the one that suits the type answers.
#[inline(never)]
fn accessors(v: &VariantRef<'_>, buf: &[u8]) {
    use VariantType as T;
    let ty = v.ty();
    assert_eq!(v.is_nil(), ty == T::Nil);
    assert_eq!(v.as_bool().is_some(), ty == T::Bool);
    assert_eq!(v.as_int().is_some(), ty == T::Int);
    assert_eq!(v.as_float().is_some(), ty == T::Float);
    assert_eq!(v.as_rid().is_some(), ty == T::Rid);
    assert_eq!(v.is_callable(), ty == T::Callable);
    assert_eq!(v.as_object().is_some(), ty == T::Object);
    let arrays = matches!(ty, T::Array | T::TypedArray | T::PackedTypedArray);
    assert_eq!(v.as_array().is_some(), arrays);
    assert_eq!(v.as_dictionary().is_some(), ty == T::Dictionary);
    assert_eq!(v.as_packed().is_some(), ty.is_packed_array());
    let is_str = matches!(ty, T::String | T::StringName);
    assert_eq!(v.as_str().is_some(), is_str);
    if let Some(s) = v.as_gd_str() {
        assert_eq!(s.as_str(), v.as_str().unwrap());
        gd_str(s);
    }
    if let Some(m) = v.as_math() {
        assert_eq!(m.ty(), ty);
        math(m);
    }
    if let Some(path) = v.as_node_path() {
        node_path(path);
    }
    if let Some(signal) = v.as_signal() {
        gd_str(signal.name());
        let _ = signal.object_id();
    }
    if let Some(object) = v.as_object() {
        let _ = (object.is_null(), debug(object));
    }
    if let Some(packed) = v.as_packed() {
        assert_eq!(packed.ty(), ty);
        packed_array(packed, buf);
    }
}

fn gd_str(s: GdStr<'_>) {
    let text = s.as_str();
    assert!(text.len() <= s.raw_bytes().len());
    assert_eq!(s.len(), text.len());
    assert_eq!(s.is_empty(), s.len() == 0);
    assert!(s == text);
    assert_eq!(Sink::of(s).len, text.len());
    debug(s);
}

fn strings(iter: StringIter<'_>) {
    let n = iter.len();
    assert_eq!(iter.map(gd_str).count(), n);
}

fn math(m: MathRef<'_>) {
    let n = m.len();
    assert!((2..=16).contains(&n) && !m.is_empty());
    for i in 0..=n {
        assert_eq!(m.get(i).is_some(), i < n);
        assert_eq!(
            m.get_f32(i).is_some(),
            i < n && !m.is_double() && !m.is_integer()
        );
        assert_eq!(m.get_i32(i).is_some(), i < n && m.is_integer());
    }
    assert_eq!(m.to_array::<2>().is_some(), n == 2);
    assert_eq!(m.to_array::<3>().is_some(), n == 3);
    assert_eq!(m.to_array::<4>().is_some(), n == 4);
    let _ = (
        m.to_array::<6>(),
        m.to_array::<9>(),
        m.to_array::<12>(),
        m.to_array::<16>(),
    );
    let _ = (
        m.to_array_f32::<4>(),
        m.to_array_i32::<2>(),
        m.to_array_i32::<4>(),
    );
}

/// Both text forms of a NodePath have the documented length (`Display`: Godot 4's rules,
/// `write_godot3`: Godot 3's).
fn node_path(path: NodePathRef<'_>) {
    strings(path.names());
    strings(path.subnames());
    let _ = path.is_empty();
    let (names, subnames) = (path.names().len(), path.subnames().len());
    let abs = usize::from(path.is_absolute());
    let names_len = abs + names.saturating_sub(1) + path.names().map(|s| s.len()).sum::<usize>();
    let sub_len = subnames + path.subnames().map(|s| s.len()).sum::<usize>();
    // Godot 4: a lone empty subname (the join is empty) prints nothing.
    let g4_sub = if subnames < 2 && sub_len == subnames {
        0
    } else {
        sub_len
    };
    assert_eq!(Sink::of(path).len, names_len + g4_sub, "NodePath Display");
    let mut g3 = Sink::new();
    path.write_godot3(&mut g3).unwrap();
    // Godot 3: no names and no subnames print nothing, even when absolute.
    let g3_len = if names + subnames == 0 {
        0
    } else {
        names_len + sub_len
    };
    assert_eq!(g3.len, g3_len, "NodePath write_godot3");
}

fn container_type(t: ContainerType<GdStr<'_>>) {
    let _ = (t.is_typed(), debug(t));
    match t {
        ContainerType::ClassName(s) | ContainerType::Script(s) => gd_str(s),
        ContainerType::Untyped | ContainerType::Builtin(_) => {}
    }
}

/// Elements are contiguous: each starts where the previous one ended.
fn contiguous(prev: &mut Option<usize>, v: &VariantRef<'_>) {
    if let Some(end) = *prev {
        assert_eq!(v.offset(), end, "elements are contiguous");
    }
    *prev = Some(v.offset() + v.encoded().len());
}

fn array_ref(array: ArrayRef<'_>, buf: &[u8], depth: usize) {
    container_type(array.element_type());
    assert_eq!(array.iter().len(), array.len());
    assert_eq!(array.is_empty(), array.len() == 0);
    let (mut n, mut end, mut last) = (0, None, None);
    for item in array {
        contiguous(&mut end, &item);
        walk_at(item, buf, depth + 1);
        last = Some(item);
        n += 1;
    }
    assert_eq!(n, array.len(), "array count");
    if depth <= CHECK_DEPTH {
        assert!(array.get(array.len()).is_none());
        if let Some(last) = last {
            assert!(array.get(array.len() - 1) == Some(last));
        }
    }
}

fn dict_ref(dict: DictRef<'_>, buf: &[u8], depth: usize) {
    container_type(dict.key_type());
    container_type(dict.value_type());
    assert_eq!(dict.iter().len(), dict.len());
    assert_eq!(dict.is_empty(), dict.len() == 0);
    let (mut n, mut end) = (0, None);
    for (key, value) in dict {
        contiguous(&mut end, &key);
        contiguous(&mut end, &value);
        walk_at(key, buf, depth + 1);
        walk_at(value, buf, depth + 1);
        n += 1;
    }
    assert_eq!(n, dict.len(), "dictionary count");
    if depth <= CHECK_DEPTH {
        // Lookups find the last pair with the key (the first key of each kind is tried).
        if let Some((key, _)) = dict.iter().find(|(k, _)| k.as_str().is_some()) {
            let text = key.as_str().unwrap();
            let found = dict.get(text).expect("key is found");
            let last = dict.iter().filter(|(k, _)| k.as_str() == Some(text)).last();
            assert!(
                Some(found) == last.map(|(_, v)| v),
                "get returns the last pair's value"
            );
        }
        if let Some((key, _)) = dict.iter().find(|(k, _)| k.as_int().is_some()) {
            assert!(dict.get_int(key.as_int().unwrap()).is_some());
        }
    }
}

fn packed_array(p: PackedArray<'_>, buf: &[u8]) {
    let bytes = p.as_bytes();
    let off = p.data_offset();
    assert_eq!(buf.get(off..off + bytes.len()), Some(bytes));
    assert_eq!(p.is_empty(), p.len() == 0);
    let _ = p.is_double();
    let mut views = 0;
    if let Some(u8s) = p.as_u8() {
        assert_eq!(u8s.len(), p.len());
        views += 1;
    }
    views += packed(p.as_i32(), &p) + packed(p.as_i64(), &p);
    views += packed(p.as_f32(), &p) + packed(p.as_f64(), &p);
    views += packed(p.as_vector2(), &p) + packed(p.as_vector2_f64(), &p);
    views += packed(p.as_vector3(), &p) + packed(p.as_vector3_f64(), &p);
    views += packed(p.as_vector4(), &p) + packed(p.as_vector4_f64(), &p);
    views += packed(p.as_color(), &p);
    views += packed(p.as_vector2i(), &p) + packed(p.as_vector3i(), &p);
    views += packed(p.as_vector4i(), &p);
    if let Some(items) = p.strings() {
        assert_eq!(items.len(), p.len());
        strings(items.iter());
        views += 1;
    }
    assert_eq!(views, 1, "exactly one view of a {:?}", p.ty());
}

/// One typed view: the little-endian slice, the native slice (when aligned), `get` and
/// both ends of the iterator agree with the raw bytes. Returns 1 if the view exists.
fn packed<T>(view: Option<Packed<'_, T>>, p: &PackedArray<'_>) -> usize
where
    T: PackedElement + IntoBytes,
    T::Le: IntoBytes,
{
    let Some(view) = view else { return 0 };
    let le = view.as_le_slice();
    assert_eq!(le.len(), p.len());
    assert_eq!(view.len(), p.len());
    assert_eq!(view.is_empty(), p.is_empty());
    assert_eq!(le.as_bytes(), p.as_bytes());
    if let Some(native) = view.as_native() {
        assert_eq!(native.as_bytes(), p.as_bytes());
    }
    assert_eq!(view.iter().len(), p.len());
    assert_eq!(view.iter().rev().count(), p.len());
    if let Some(last) = p.len().checked_sub(1) {
        let by_value = view.get(last).expect("last element");
        assert_eq!(by_value.as_bytes(), le[last].as_bytes());
        let back = view.iter().next_back().expect("last element");
        assert_eq!(back.as_bytes(), by_value.as_bytes());
        assert_eq!(T::to_le(by_value).as_bytes(), le[last].as_bytes());
    }
    assert!(view.get(p.len()).is_none());
    1
}
