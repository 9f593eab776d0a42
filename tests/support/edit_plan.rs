//! Helpers of the splicing tests (`tests/it/edit.rs`), shared with the engine test of
//! splicing (`tests/engines/edit.rs`): an edit of an engine-written fixture, planned on the
//! bytes and on the owned model alike.
#![allow(dead_code)]

use crate::common::Case;
use gdvariant::edit::{Edit, Encoded};
use gdvariant::frame::PrefixOrder;
use gdvariant::{Builder, ContainerType, Dialect, Variant, VariantRef, VariantType};

/// Applies `edit`'s changes to its input by hand: must give `to_vec()`, and the same bytes
/// through `write_to` and `append_to`. Returns the output.
pub fn output(edit: &Edit<'_>) -> Vec<u8> {
    let out = edit.to_vec();
    assert_eq!(out.len(), edit.output_len());
    let mut rebuilt = Vec::new();
    let mut at = 0;
    for change in edit.changes() {
        assert!(
            change.range().start >= at,
            "changes are sorted and disjoint"
        );
        rebuilt.extend_from_slice(&edit.input()[at..change.range().start]);
        rebuilt.extend_from_slice(change.bytes());
        at = change.range().end;
    }
    rebuilt.extend_from_slice(&edit.input()[at..]);
    assert_eq!(rebuilt, out, "the changes describe the output");
    let mut written = Vec::new();
    edit.write_to(&mut written).unwrap();
    assert_eq!(written, out);
    let mut appended = b"head".to_vec();
    edit.append_to(&mut appended);
    assert_eq!(&appended[4..], out);
    out
}

/// The bytes of a value built by `f`.
pub fn build(
    dialect: Dialect,
    f: impl FnOnce(Builder<'_>) -> Result<(), gdvariant::BuildError>,
) -> Vec<u8> {
    let mut out = Vec::new();
    f(Builder::new(&mut out, dialect)).unwrap();
    out
}

pub fn text(bytes: &[u8], dialect: Dialect) -> String {
    VariantRef::parse(bytes, dialect).unwrap().to_string()
}

/// What an edit of the fixture test does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op {
    DeleteFirst,
    SetLast,
    InsertFirst,
    Append,
}

/// The same edit on the owned model; `new` is the new value (for a Dictionary, the value of
/// the new key `key`).
pub fn model_edit(model: &mut Variant, op: Op, key: &Variant, new: &Variant) {
    fn vec_op<T: Clone>(v: &mut Vec<T>, op: Op, new: T) {
        match op {
            Op::DeleteFirst => {
                v.remove(0);
            }
            Op::SetLast => *v.last_mut().unwrap() = new,
            Op::InsertFirst => v.insert(0, new),
            Op::Append => v.push(new),
        }
    }
    macro_rules! packed {
        ($v:expr, $op:expr) => {{
            let first = $v.first().cloned();
            let new = first.unwrap_or_default();
            vec_op($v, $op, new)
        }};
    }
    match model {
        Variant::Array(items) => vec_op(items.items_mut(), op, new.clone()),
        Variant::Dictionary(d) => match (op, d.entries_mut()) {
            (Op::DeleteFirst, entries) => {
                let first = entries[0].0.clone();
                entries.retain(|(k, _)| !same_key(k, &first));
            }
            (Op::SetLast, entries) => {
                let last = entries.last().unwrap().0.clone();
                let slot = entries.iter_mut().rev().find(|(k, _)| same_key(k, &last));
                slot.unwrap().1 = new.clone();
            }
            (_, entries) => entries.push((key.clone(), new.clone())),
        },
        Variant::Object(gdvariant::Object::Full(o)) => match (op, &mut o.properties) {
            (Op::DeleteFirst, properties) => {
                let first = properties[0].0.clone();
                properties.retain(|(n, _)| *n != first);
            }
            (Op::SetLast, properties) => {
                let last = properties.last().unwrap().0.clone();
                let slot = properties.iter_mut().rev().find(|(n, _)| *n == last);
                slot.unwrap().1 = new.clone();
            }
            (_, properties) => properties.push((key.as_str().unwrap().to_string(), new.clone())),
        },
        Variant::PackedByteArray(v) => packed!(v, op),
        Variant::PackedInt32Array(v) => packed!(v, op),
        Variant::PackedInt64Array(v) => packed!(v, op),
        Variant::PackedFloat32Array(v) => packed!(v, op),
        Variant::PackedFloat64Array(v) => packed!(v, op),
        Variant::PackedStringArray(v) => packed!(v, op),
        Variant::PackedColorArray(v) => packed!(v, op),
        Variant::PackedVector2Array(gdvariant::PackedVectors::F32(v)) => packed!(v, op),
        Variant::PackedVector3Array(gdvariant::PackedVectors::F32(v)) => packed!(v, op),
        Variant::PackedVector4Array(gdvariant::PackedVectors::F32(v)) => packed!(v, op),
        other => panic!("not a container: {other:?}"),
    }
}

/// Keys as a path names them: a String and a StringName with the same text are one key.
pub fn same_key(a: &Variant, b: &Variant) -> bool {
    match (a.as_str(), b.as_str()) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// A value of builtin type `ty`, for a typed container's slot.
pub fn sample(ty: VariantType) -> Option<Variant> {
    Some(match ty {
        VariantType::Int => Variant::Int(-7),
        VariantType::Float => Variant::Float(2.25),
        VariantType::String => Variant::String("new".into()),
        VariantType::StringName => Variant::StringName("new".into()),
        VariantType::Vector2 => Variant::vector2([3.0, 4.0]),
        VariantType::Array => Variant::array(vec![Variant::Int(5)]),
        VariantType::Dictionary => Variant::dictionary(vec![]),
        VariantType::Object => Variant::Nil,
        _ => return None,
    })
}

/// The new value for a slot declared `t`.
pub fn value_for(t: &ContainerType<String>) -> Option<Variant> {
    match t {
        ContainerType::Untyped | ContainerType::Builtin(VariantType::Nil) => {
            Some(Variant::String("edited".into()))
        }
        ContainerType::Builtin(ty) => sample(*ty),
        // Object slots take null (no class database to check an object against).
        ContainerType::ClassName(_) | ContainerType::Script(_) => Some(Variant::Nil),
    }
}

/// The key for a new entry of a dictionary whose keys are declared `t`: the path step and
/// the key in the model.
pub fn new_key(t: &ContainerType<String>) -> Option<(String, Variant)> {
    match t {
        ContainerType::Untyped | ContainerType::Builtin(VariantType::Nil | VariantType::String) => {
            Some(("new_key".into(), Variant::String("new_key".into())))
        }
        ContainerType::Builtin(VariantType::StringName) => {
            Some(("new_key".into(), Variant::StringName("new_key".into())))
        }
        ContainerType::Builtin(VariantType::Int) => Some(("[987654]".into(), Variant::Int(987654))),
        _ => None,
    }
}

/// Plans `op` on the top-level container of `case`; `None` when the case has nothing to
/// do it on (an empty container, a key a path cannot name, a slot type without a sample).
pub fn plan_fixture<'a>(case: &'a Case, op: Op) -> Option<(Edit<'a>, Variant)> {
    let dialect = case.dialect();
    let mut edit = if case.is_prefixed() {
        Edit::from_frame(&case.file, dialect, PrefixOrder::Little).unwrap()
    } else {
        Edit::from_bytes(&case.file, dialect).unwrap()
    };
    let root = edit.value();
    let mut model = root.to_owned();
    // Where: the first or last child's step, or a new one.
    let children: Vec<_> = root.children().collect();
    let step = |i: usize| children.get(i).and_then(|(edge, _)| edge.step());
    let len = children.len();
    let result = if let Some(packed) = root.as_packed() {
        let first = packed.get(0)?;
        let bytes = build(dialect, |b| b.value_of(first));
        let value = Encoded(&bytes);
        let n = packed.len();
        match op {
            Op::DeleteFirst => edit.delete("0"),
            Op::SetLast => edit.set(&(n - 1).to_string(), value),
            Op::InsertFirst => edit.insert("0", value),
            Op::Append => edit.set(&n.to_string(), value),
        }
        .map(|_| ())
        .map(|()| model_edit(&mut model, op, &Variant::Nil, &Variant::Nil))
    } else {
        let (slot_type, key) = match &model {
            Variant::Array(a) => (a.element_type().clone(), None),
            Variant::Dictionary(d) => (d.value_type().clone(), Some(new_key(d.key_type()))),
            Variant::Object(gdvariant::Object::Full { .. }) => (
                ContainerType::Untyped,
                Some(Some((
                    "new_prop".into(),
                    Variant::String("new_prop".into()),
                ))),
            ),
            _ => return None,
        };
        let mut new = value_for(&slot_type)?;
        let is_dict = matches!(model, Variant::Dictionary { .. });
        let result = match op {
            Op::DeleteFirst => edit.delete(&step(0)?.to_string()),
            Op::SetLast => {
                let last = step(len.checked_sub(1)?)?.to_string();
                // A Godot 4 object's `script` takes null or a String only (a path); a Godot
                // 3 one, a Script object (the engine ignores anything else).
                let object = matches!(model, Variant::Object(_));
                if object && last == "script" {
                    new = Variant::Nil;
                }
                edit.set(&last, &new)
            }
            Op::InsertFirst | Op::Append => match &key {
                None if op == Op::InsertFirst => edit.insert("0", &new),
                None => edit.set(&len.to_string(), &new),
                Some(key) => {
                    let (path, _) = key.as_ref()?;
                    if is_dict && op == Op::Append {
                        edit.set(path, &new)
                    } else {
                        edit.insert(path, &new)
                    }
                }
            },
        };
        let key = key.flatten().map(|(_, k)| k).unwrap_or_default();
        // Typed containers store what the engine converts to.
        if let (Variant::String(s), ContainerType::Builtin(VariantType::StringName)) =
            (&new, &slot_type)
        {
            new = Variant::StringName(s.clone());
        }
        result
            .map(|_| ())
            .map(|()| model_edit(&mut model, op, &key, &new))
    };
    result.unwrap_or_else(|e| panic!("{}/{} {op:?}: {e}", case.engine, case.name));
    Some((edit, model))
}

/// Bytes outside the changes are the input's: the output starts with the input up to the
/// first change and ends with the input after the last one (an edit of one value changes at
/// most the prefix, its container's count and the value's own range).
pub fn assert_outside_identical(edit: &Edit<'_>, out: &[u8], what: &str) {
    let input = edit.input();
    let changes: Vec<_> = edit.changes().collect();
    assert!(changes.len() <= 3, "{what}: {changes:?}");
    let first = changes.first().map_or(input.len(), |c| c.range().start);
    let last = changes.last().map_or(input.len(), |c| c.range().end);
    assert_eq!(out[..first], input[..first], "{what}: head");
    let tail = input.len() - last;
    assert_eq!(out[out.len() - tail..], input[last..], "{what}: tail");
}
