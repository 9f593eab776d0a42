//! `gdvariant::host`: the walk the Python and JavaScript bindings share. A test host builds
//! a tree of every call it gets; the tree must equal one built by a plain recursive
//! reading of the same value through the public views, for every engine fixture.

use crate::common::{self, cases};
use gdvariant::host::{self, ArrayType, DictionaryType, HostBuilder, PackedData, TypeName};
use gdvariant::{
    ContainerType, Dialect, GdStr, MathRef, NodePathRef, ObjectRef, PackedStrings, SignalRef,
    Value, VariantRef,
};

/// What a host call made.
#[derive(Clone, Debug, PartialEq)]
enum Tree {
    Leaf(String),
    Array(String, Vec<Tree>),
    Dict(String, Vec<(Tree, Tree)>),
    Object(String, Vec<(String, Tree)>),
}

/// A host that records every call as a [`Tree`]; it fails at its `fail_at`-th call.
#[derive(Default)]
struct Recorder {
    calls: usize,
    fail_at: Option<usize>,
    /// Property names announced by `before_property`, in order.
    names: Vec<String>,
}

type R = Result<Tree, usize>;

impl Recorder {
    fn leaf(&mut self, text: String) -> R {
        self.tick()?;
        Ok(Tree::Leaf(text))
    }

    fn tick(&mut self) -> Result<(), usize> {
        self.calls += 1;
        if Some(self.calls) == self.fail_at {
            return Err(self.calls);
        }
        Ok(())
    }
}

fn type_name(t: Option<TypeName<'_>>) -> String {
    t.map_or("-".into(), |t| format!("{}:{}", t.kind, t.name))
}

impl<'a> HostBuilder<'a> for Recorder {
    type Value = Tree;
    type Array = Tree;
    /// The Dictionary, and whether `after_key` announced the pending key.
    type Dictionary = (Tree, bool);
    type Object = Tree;
    type Error = usize;

    fn nil(&mut self) -> R {
        self.leaf("nil".into())
    }
    fn bool(&mut self, b: bool) -> R {
        self.leaf(format!("bool {b}"))
    }
    fn int(&mut self, n: i64) -> R {
        self.leaf(format!("int {n}"))
    }
    fn float(&mut self, x: f64) -> R {
        self.leaf(format!("float {:?}", x.to_bits()))
    }
    fn string(&mut self, s: GdStr<'a>, key: bool) -> R {
        self.leaf(format!("string {s:?} key {key}"))
    }
    fn string_name(&mut self, s: GdStr<'a>) -> R {
        self.leaf(format!("name {s:?}"))
    }
    fn node_path(&mut self, p: NodePathRef<'a>) -> R {
        self.leaf(format!("path {p}"))
    }
    fn rid(&mut self, id: u64) -> R {
        self.leaf(format!("rid {id}"))
    }
    fn object_id(&mut self, id: u64) -> R {
        self.leaf(format!("object id {id}"))
    }
    fn null_object(&mut self) -> R {
        self.leaf("null object".into())
    }
    fn callable(&mut self) -> R {
        self.leaf("callable".into())
    }
    fn signal(&mut self, s: SignalRef<'a>) -> R {
        self.leaf(format!("signal {} {}", s.name(), s.object_id()))
    }
    fn math(&mut self, m: MathRef<'a>) -> R {
        self.leaf(math(m))
    }
    fn packed_bytes(&mut self, bytes: &'a [u8]) -> R {
        self.leaf(format!("bytes {bytes:?}"))
    }
    fn packed_strings(&mut self, strings: PackedStrings<'a>) -> R {
        let all: Vec<&str> = strings.iter().map(|s| s.as_str()).collect();
        self.leaf(format!("strings {all:?}"))
    }
    fn packed(&mut self, p: PackedData<'a>) -> R {
        assert_eq!(p.is_empty(), p.as_bytes().is_empty());
        self.leaf(format!(
            "packed {:?} {} {} {:?}",
            p.ty(),
            p.is_double(),
            p.len(),
            p.as_bytes()
        ))
    }
    fn begin_array(&mut self, ty: ArrayType<'a>) -> R {
        self.tick()?;
        let ty = match ty {
            ArrayType::Untyped => "untyped".into(),
            ArrayType::Typed { element, packed } => format!("{} {packed}", type_name(element)),
        };
        Ok(Tree::Array(ty, Vec::new()))
    }
    fn push(&mut self, array: &mut Tree, value: Tree) -> Result<(), usize> {
        self.tick()?;
        let Tree::Array(_, items) = array else {
            panic!("push into {array:?}")
        };
        items.push(value);
        Ok(())
    }
    fn end_array(&mut self, array: Tree) -> R {
        self.tick()?;
        Ok(array)
    }
    fn begin_dictionary(&mut self, ty: DictionaryType<'a>) -> Result<(Tree, bool), usize> {
        self.tick()?;
        let ty = match ty {
            DictionaryType::Untyped => "untyped".into(),
            DictionaryType::Typed { key, value } => {
                format!("{} {}", type_name(key), type_name(value))
            }
        };
        Ok((Tree::Dict(ty, Vec::new()), false))
    }
    fn after_key(&mut self, dict: &mut (Tree, bool), _key: &Tree) -> Result<(), usize> {
        assert!(!dict.1, "two keys announced before an insert");
        dict.1 = true;
        Ok(())
    }
    fn insert(&mut self, dict: &mut (Tree, bool), key: Tree, value: Tree) -> Result<(), usize> {
        self.tick()?;
        assert!(std::mem::take(&mut dict.1), "after_key before each insert");
        let (Tree::Dict(_, entries), _) = dict else {
            panic!("insert into {dict:?}")
        };
        entries.push((key, value));
        Ok(())
    }
    fn end_dictionary(&mut self, dict: (Tree, bool)) -> R {
        self.tick()?;
        assert!(!dict.1, "a key without its value");
        Ok(dict.0)
    }
    fn begin_object(&mut self, class: GdStr<'a>) -> R {
        self.tick()?;
        Ok(Tree::Object(class.to_string(), Vec::new()))
    }
    fn before_property(&mut self, _object: &mut Tree, name: GdStr<'a>) -> Result<(), usize> {
        self.names.push(name.to_string());
        Ok(())
    }
    fn property(&mut self, object: &mut Tree, name: GdStr<'a>, value: Tree) -> Result<(), usize> {
        self.tick()?;
        assert_eq!(self.names.pop().as_deref(), Some(name.as_str()));
        let Tree::Object(_, properties) = object else {
            panic!("property of {object:?}")
        };
        properties.push((name.to_string(), value));
        Ok(())
    }
    fn end_object(&mut self, object: Tree) -> R {
        self.tick()?;
        Ok(object)
    }
}

fn math(m: MathRef<'_>) -> String {
    let components: Vec<String> = (0..m.len())
        .map(|i| match m.get_i32(i).filter(|_| m.is_integer()) {
            Some(n) => n.to_string(),
            None => format!("{:?}", m.get(i).map(f64::to_bits)),
        })
        .collect();
    format!("math {:?} {} {components:?}", m.ty(), m.is_double())
}

fn name_of(t: ContainerType<GdStr<'_>>, dialect: Dialect) -> String {
    match t {
        ContainerType::Untyped => "-".into(),
        ContainerType::Builtin(ty) => format!("builtin:{}", ty.name(dialect)),
        ContainerType::ClassName(s) => format!("class:{s}"),
        ContainerType::Script(s) => format!("script:{s}"),
    }
}

/// The tree of `v`, read recursively through the public views (independent of the walk).
fn expected(v: &VariantRef<'_>, key: bool) -> Tree {
    let d = v.dialect();
    let leaf = |s: String| Tree::Leaf(s);
    match v.value() {
        Value::Nil => leaf("nil".into()),
        Value::Bool(b) => leaf(format!("bool {b}")),
        Value::Int(n) => leaf(format!("int {n}")),
        Value::Float(x) => leaf(format!("float {:?}", x.to_bits())),
        Value::String(s) => leaf(format!("string {s:?} key {key}")),
        Value::StringName(s) => leaf(format!("name {s:?}")),
        Value::NodePath(p) => leaf(format!("path {p}")),
        Value::Rid(id) => leaf(format!("rid {id}")),
        Value::Object(ObjectRef::Null) => leaf("null object".into()),
        Value::Object(ObjectRef::Id(id)) => leaf(format!("object id {id}")),
        Value::Object(ObjectRef::Full(o)) => Tree::Object(
            o.class().to_string(),
            o.properties()
                .map(|(n, v)| (n.to_string(), expected(&v, false)))
                .collect(),
        ),
        Value::Callable => leaf("callable".into()),
        Value::Signal(s) => leaf(format!("signal {} {}", s.name(), s.object_id())),
        Value::Dictionary(dict) => {
            let ty = match (dict.key_type(), dict.value_type()) {
                (ContainerType::Untyped, ContainerType::Untyped) => "untyped".into(),
                (k, v) => format!("{} {}", name_of(k, d), name_of(v, d)),
            };
            let entries = dict
                .iter()
                .map(|(k, v)| (expected(&k, true), expected(&v, false)))
                .collect();
            Tree::Dict(ty, entries)
        }
        Value::Array(a) | Value::TypedArray(a) | Value::PackedTypedArray(a) => {
            let ty = match (v.value(), a.element_type()) {
                (Value::Array(_), ContainerType::Untyped) => "untyped".into(),
                (Value::PackedTypedArray(_), t) => format!("{} true", name_of(t, d)),
                (_, t) => format!("{} false", name_of(t, d)),
            };
            Tree::Array(ty, a.iter().map(|e| expected(&e, false)).collect())
        }
        Value::PackedByteArray(b) => leaf(format!("bytes {b:?}")),
        Value::PackedStringArray(s) => {
            let all: Vec<&str> = s.iter().map(|s| s.as_str()).collect();
            leaf(format!("strings {all:?}"))
        }
        other => match (other.as_math(), v.as_packed()) {
            (Some(m), _) => leaf(math(m)),
            (None, Some(p)) => leaf(format!(
                "packed {:?} {} {} {:?}",
                p.ty(),
                p.is_double(),
                p.len(),
                p.as_bytes()
            )),
            (None, None) => panic!("unhandled {other:?}"),
        },
    }
}

const ENGINES: [&str; 6] = [
    "g32",
    "g36",
    "g4",
    "pandemonium/pma",
    "pandemonium/pmb",
    "pandemonium/pmc",
];

#[test]
fn the_walk_makes_every_fixture_as_a_recursive_reading_does() {
    let mut checked = 0;
    let mut containers = 0;
    for engine in ENGINES {
        for c in cases(engine) {
            let Ok(value) = VariantRef::parse(c.value_bytes(), c.dialect()) else {
                continue;
            };
            let mut recorder = Recorder::default();
            let built = host::build(&value, &mut recorder).unwrap();
            assert_eq!(built, expected(&value, false), "{engine}/{}", c.name);
            containers += usize::from(!matches!(built, Tree::Leaf(_)));
            checked += 1;
        }
    }
    assert!(checked > 500, "only {checked} fixtures");
    assert!(containers > 100, "only {containers} containers");
}

#[test]
fn the_godot_written_save_game_is_walked_as_read() {
    let bytes = std::fs::read(common::fixtures_dir().join("g4-large/large_savegame_10mb.bin"))
        .expect("the save game fixture");
    let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    let built = host::build(&value, &mut Recorder::default()).unwrap();
    assert_eq!(built, expected(&value, false));
}

/// Typed containers carry their declared types, named in the value's dialect.
#[test]
fn typed_containers_name_their_types() {
    let label = |engine: &'static str, name: &str| {
        let c = common::case(engine, name);
        let value = VariantRef::parse(c.value_bytes(), c.dialect()).unwrap();
        match host::build(&value, &mut Recorder::default()).unwrap() {
            Tree::Array(ty, _) | Tree::Dict(ty, _) => ty,
            other => panic!("{name}: {other:?}"),
        }
    };
    assert_eq!(label("g4", "array_typed_int"), "builtin:int false");
    assert_eq!(
        label("g4", "dict_typed_str_node"),
        "builtin:String class:EncodedObjectAsID"
    );
    assert_eq!(
        label("g4", "dict_typed_str_node__fo"),
        "builtin:String class:Node"
    );
    assert_eq!(label("g4", "dict_nested"), "untyped");
    assert_eq!(
        label("pandemonium/pmc", "ptyped_vector2"),
        "builtin:Vector2 true"
    );
    assert_eq!(
        label("pandemonium/pmc", "typed_vector2"),
        "builtin:Vector2 false"
    );
}

/// A host's error stops the walk at once: no call after it.
#[test]
fn an_error_stops_the_walk() {
    let c = common::case("g4", "dict_nested");
    let value = VariantRef::parse(c.value_bytes(), Dialect::Godot4).unwrap();
    let mut all = Recorder::default();
    host::build(&value, &mut all).unwrap();
    assert!(all.calls > 5, "{} calls", all.calls);
    for fail_at in 1..=all.calls {
        let mut failing = Recorder {
            fail_at: Some(fail_at),
            ..Recorder::default()
        };
        assert_eq!(host::build(&value, &mut failing), Err(fail_at));
        assert_eq!(failing.calls, fail_at, "calls went on after the error");
    }
}

/// 1000 nested Arrays walk on a 64 KiB thread stack: the walk does not recurse.
#[test]
fn deep_nesting_needs_no_stack() {
    let c = common::case("g4", "array_deep_1000");
    let bytes = c.value_bytes().to_vec();
    let depth = std::thread::Builder::new()
        .stack_size(64 << 10)
        .spawn(move || {
            let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
            let mut tree = host::build(&value, &mut Recorder::default()).unwrap();
            let mut depth = 0;
            // Taken apart level by level: dropping the tree recursively needs stack.
            while let Tree::Array(_, mut items) = tree {
                depth += 1;
                match items.pop() {
                    Some(inner) => tree = inner,
                    None => break,
                }
            }
            depth
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(depth, 1001);
}

/// `leaf` makes a packed array's elements, and nothing of a container.
#[test]
fn leaf_makes_packed_elements_and_no_container() {
    let c = common::case("g4", "pv3_1");
    let value = VariantRef::parse(c.value_bytes(), Dialect::Godot4).unwrap();
    let packed = value.as_packed().unwrap();
    let element = packed.get(0).unwrap();
    let mut r = Recorder::default();
    let made = host::leaf(&mut r, &element).unwrap();
    assert_eq!(made, Some(Tree::Leaf(math(element.as_math().unwrap()))));
    let array = [28, 0, 0, 0, 0, 0, 0, 0];
    let array = VariantRef::parse(&array, Dialect::Godot4).unwrap();
    assert_eq!(host::leaf(&mut r, &array.value()).unwrap(), None);
    assert_eq!(r.calls, 1, "no call for the container");
}
