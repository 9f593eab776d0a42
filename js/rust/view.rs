//! `view(bytes)` and `iterFrames(bytes)`: nodes of an input validated once. A [`Node`]
//! borrows the input it was read from (kept alive by reference counting); every step
//! from it costs what the crate's accessors cost, and nothing is converted to JavaScript
//! until it is asked for.

use std::cell::OnceCell;
use std::rc::Rc;

use gdvariant::frame::{self, Ambiguity, FrameError, FrameOptions, Hints, WholeError};
use gdvariant::query::Found;
use gdvariant::{Edge, ObjectRef, ParseOptions, VariantRef};
use js_sys::{Array, Function};
use wasm_bindgen::prelude::*;
use yoke::{Yoke, Yokeable};

use crate::loads::{self, Mapping};
use crate::options::{self, Read};
use crate::{container, failure, undetected, whole_failure, Failure};

/// The bytes every node of one input borrows.
type Cart = Rc<Vec<u8>>;

#[derive(Yokeable, Clone, Copy)]
struct One<'a>(VariantRef<'a>);

/// A container's children with the edges that lead to them, gathered in one pass.
#[derive(Yokeable)]
struct Kids<'a>(Vec<(Edge<'a>, VariantRef<'a>)>);

/// One value of a validated input (see the module docs). `type`, `offset`, `size` and
/// `length` are O(1); `get(path)` costs what `query` costs; the first `child(i)` or
/// `key(i)` of a container walks its children once and keeps them (a few words each).
#[wasm_bindgen]
pub struct Node {
    node: Yoke<One<'static>, Cart>,
    kids: OnceCell<Yoke<Kids<'static>, Cart>>,
}

impl Node {
    fn of(node: Yoke<One<'static>, Cart>) -> Node {
        Node {
            node,
            kids: OnceCell::new(),
        }
    }

    /// The root value of `plain`, validated once by `parse`.
    pub fn root(
        plain: Vec<u8>,
        parse: impl for<'a> FnOnce(&'a [u8]) -> Result<VariantRef<'a>, Failure>,
    ) -> Result<Node, Failure> {
        let node = Yoke::try_attach_to_cart(Rc::new(plain), |b: &Vec<u8>| parse(b).map(One))?;
        Ok(Node::of(node))
    }

    /// The value this node shows.
    pub(crate) fn value(&self) -> VariantRef<'_> {
        self.node.get().0
    }

    fn kids(&self) -> &Yoke<Kids<'static>, Cart> {
        self.kids.get_or_init(|| {
            self.node
                .map_project_cloned(|one, _| Kids(one.0.children().collect()))
        })
    }
}

/// Is `v` a value with children (Array, Dictionary, a full Object)?
fn has_children(v: &VariantRef<'_>) -> bool {
    v.as_array().is_some()
        || v.as_dictionary().is_some()
        || matches!(v.as_object(), Some(ObjectRef::Full(_)))
}

fn mapping(bigint: bool, objects: bool) -> Mapping {
    Mapping { bigint, objects }
}

#[wasm_bindgen]
impl Node {
    /// The type's name in the input's dialect (`"Dictionary"`, `"PoolIntArray"`, …).
    #[wasm_bindgen(getter, js_name = type)]
    pub fn type_name(&self) -> String {
        let v = self.value();
        v.ty().name(v.dialect()).to_owned()
    }

    /// Offset of the value's header in the (plain) input.
    #[wasm_bindgen(getter)]
    pub fn offset(&self) -> usize {
        self.value().offset()
    }

    /// The value's encoded size in bytes.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.value().encoded().len()
    }

    /// Elements, pairs or properties of a container; elements of a packed array; `undefined`
    /// for anything else.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> Option<usize> {
        let v = self.value();
        if let Some(a) = v.as_array() {
            return Some(a.len());
        }
        if let Some(d) = v.as_dictionary() {
            return Some(d.len());
        }
        if let Some(ObjectRef::Full(o)) = v.as_object() {
            return Some(o.len());
        }
        v.as_packed().map(|p| p.len())
    }

    /// Does it have children (`child`, `key`, `get` with a path into it)?
    #[wasm_bindgen(getter, js_name = isContainer)]
    pub fn is_container(&self) -> bool {
        has_children(&self.value())
    }

    /// The value's encoded bytes (a copy).
    pub fn bytes(&self) -> Vec<u8> {
        self.value().encoded().to_vec()
    }

    /// The whole value as JavaScript values (what `loads` gives).
    pub fn convert(
        &self,
        make: &Function,
        bigint: bool,
        objects: bool,
    ) -> Result<JsValue, JsValue> {
        loads::to_js(&self.value(), make, mapping(bigint, objects))
    }

    /// The engine's text form (`style` as `toText` takes it; `""`: the input's dialect).
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self, style: &str) -> Result<String, Failure> {
        crate::text_of(self.value(), style)
    }

    /// The crate's lossless JSON, or with `plain` the plain JSON.
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self, plain: bool) -> Result<String, Failure> {
        crate::json_of(self.value(), plain)
    }

    /// The value at `path` (the crate's path syntax: `player/items/0`, `"a b"/[3]`): a
    /// `Node` for a value with children, the JavaScript value otherwise. A path that leads
    /// nowhere is a `PathError` (`kind` `"NotFound"` or `"NotAContainer"`, `offset` of the
    /// container or value where it stopped).
    pub fn get(
        &self,
        path: &str,
        make: &Function,
        bigint: bool,
        objects: bool,
    ) -> Result<JsValue, JsValue> {
        let map = mapping(bigint, objects);
        match self.value().query(path).map_err(path_error)? {
            Found::Value(v) if has_children(&v) => Ok(self.at(path)?.into()),
            Found::Value(v) => loads::to_js(&v, make, map),
            Found::Element(packed, i) => match packed.get(i) {
                Some(element) => loads::leaf_to_js(&element, make, map),
                None => Err(failure("NotFound", self.offset(), format!("no element {i}")).into()),
            },
        }
    }

    /// The node at `path`, whatever its type (a packed array's element is no node: it is
    /// a `PathError`).
    pub fn at(&self, path: &str) -> Result<Node, Failure> {
        let mut error = None;
        let found = self
            .node
            .try_map_project_cloned(|one, _| match one.0.query(path) {
                Ok(Found::Value(v)) => Ok(One(v)),
                Ok(Found::Element(..)) => {
                    error = Some(failure(
                        "NotAContainer",
                        one.0.offset(),
                        format!("`{path}` is an element of a packed array, not a value of its own"),
                    ));
                    Err(())
                }
                Err(e) => {
                    error = Some(path_error(e));
                    Err(())
                }
            });
        match found {
            Ok(node) => Ok(Node::of(node)),
            Err(()) => Err(error.unwrap_or_else(|| failure("NotFound", 0, path.into()))),
        }
    }

    /// Child `i` of a container, as a node (`undefined` past the end).
    pub fn child(&self, i: usize) -> Option<Node> {
        self.kids()
            .try_map_project_cloned(|kids, _| kids.0.get(i).map(|&(_, v)| One(v)).ok_or(()))
            .ok()
            .map(Node::of)
    }

    /// How child `i` is reached: its index in an Array, its key in a Dictionary (any
    /// value), its name in an Object (`undefined` past the end).
    pub fn key(
        &self,
        i: usize,
        make: &Function,
        bigint: bool,
        objects: bool,
    ) -> Result<JsValue, JsValue> {
        let Some(&(edge, _)) = self.kids().get().0.get(i) else {
            return Ok(JsValue::UNDEFINED);
        };
        Ok(match edge {
            Edge::Index(i) => JsValue::from_f64(index(i)),
            Edge::Key { key, .. } => loads::to_js(&key, make, mapping(bigint, objects))?,
            Edge::Property(name) => JsValue::from_str(name.as_str()),
        })
    }

    /// The keys of a Dictionary (converted), the property names of an Object, the
    /// indices of an Array: one pass.
    pub fn keys(&self, make: &Function, bigint: bool, objects: bool) -> Result<Array, JsValue> {
        let n = self.kids().get().0.len();
        (0..n).map(|i| self.key(i, make, bigint, objects)).collect()
    }
}

/// An index as a `number` (exact: indices are below 2^32 in wasm32).
fn index(i: usize) -> f64 {
    u32::try_from(i).map_or(f64::MAX, f64::from)
}

/// A query error as a `PathError`-to-be: kind `NotFound`, `NotAContainer` or `PathSyntax`.
fn path_error(e: gdvariant::query::QueryError) -> Failure {
    use gdvariant::query::QueryError as Q;
    let (kind, offset) = match &e {
        Q::NotFound { offset, .. } => ("NotFound", *offset),
        Q::NotAContainer { offset, .. } => ("NotAContainer", *offset),
        Q::Syntax { at, .. } => ("PathSyntax", *at),
        _ => ("PathError", 0),
    };
    failure(kind, offset, e.to_string())
}

/// The root node of the one value in `bytes` (its container opened first).
#[wasm_bindgen]
pub fn view(bytes: Vec<u8>, options: &JsValue) -> Result<Node, Failure> {
    let read: Read = options::read(options)?;
    let (_, plain) = container::open_owned(bytes, &read.open)?;
    Node::root(plain, |b| crate::read_one(b, &read))
}

/// The values of a file of store_var frames (or of one value), as nodes, after one
/// validation pass. A frame that fails ends the list: `takeError` then gives its
/// `DecodeError`, after the frames before it.
#[wasm_bindgen]
pub struct FrameList {
    list: Yoke<List<'static>, Cart>,
}

/// The values read, and the error that ended the reading (kind, offset, message).
#[derive(Yokeable)]
struct List<'a> {
    values: Vec<VariantRef<'a>>,
    error: Option<(String, usize, String)>,
}

#[wasm_bindgen]
impl FrameList {
    /// How many frames were read.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.list.get().values.len()
    }

    /// Frame `i`'s value.
    pub fn get(&self, i: usize) -> Option<Node> {
        self.list
            .try_map_project_cloned(|l, _| l.values.get(i).map(|&v| One(v)).ok_or(()))
            .ok()
            .map(Node::of)
    }

    /// The error that ended the list, if one did.
    pub fn error(&self) -> Option<Failure> {
        let (kind, offset, message) = self.list.get().error.clone()?;
        Some(failure(&kind, offset, message))
    }
}

/// The frames of `bytes` (after its container is opened): detection's reading, then its
/// values. One value alone (`var_to_bytes`) is a list of one.
#[wasm_bindgen(js_name = iterFrames)]
pub fn iter_frames(bytes: Vec<u8>, options: &JsValue) -> Result<FrameList, Failure> {
    let read: Read = options::read(options)?;
    let (_, plain) = container::open_owned(bytes, &read.open)?;
    let hints = read.hints()?;
    let list = Yoke::try_attach_to_cart(Rc::new(plain), |b: &Vec<u8>| list(b, hints, &read))?;
    Ok(FrameList { list })
}

fn list<'a>(b: &'a [u8], hints: Hints, read: &Read) -> Result<List<'a>, Failure> {
    let detected = frame::detect(b, hints);
    if let Some(ambiguity) = detected.as_ref().ok().and_then(Ambiguity::of) {
        return Err(whole_failure(&WholeError::Ambiguous(ambiguity)));
    }
    let reading = match detected {
        // Validated with the default options: handed out as they are.
        Ok(found) if read.parse == ParseOptions::default() => {
            return Ok(List {
                values: found.values().collect(),
                error: None,
            })
        }
        Ok(found) => found.reading,
        // A sequence with a bad frame: the frames before it, then its error. (A damaged
        // raw value misread as frames is the raw value's error: the crate's whole-input
        // rule tells them apart.)
        Err(e) => match undetected(b, hints, &read.parse, e) {
            WholeError::Invalid(whole) if whole.frame.is_some() => whole.reading,
            other => return Err(whole_failure(&other)),
        },
    };
    let Some(order) = reading.prefix else {
        let value = VariantRef::parse_prefix_at(b, 0, reading.dialect, &read.parse)
            .map_err(|e| failure(e.kind().code(), e.offset(), e.to_string()))?
            .0;
        return Ok(List {
            values: vec![value],
            error: None,
        });
    };
    let options = FrameOptions::new(reading.dialect)
        .order(order)
        .max_frame(usize::MAX)
        .parse(read.parse);
    let mut values = Vec::new();
    let mut error = None;
    for f in frame::frames(b, options) {
        match f {
            Ok(f) => values.push(f.value),
            Err(e) => {
                let (kind, offset) = match e.error {
                    FrameError::Value(v) => (v.kind().code(), v.offset()),
                    FrameError::Truncated { .. } => ("UnexpectedEnd", e.offset),
                    other => (other.code(), e.offset),
                };
                error = Some((kind.to_owned(), offset, e.to_string()));
                break;
            }
        }
    }
    Ok(List { values, error })
}
