//! `parse_indexed`: the same views and text as `parse`, with container spans looked up.

mod common;

use gdvariant::{ParseOptions, SpanIndex, VariantRef};

/// Every node's (offset, encoded length, type) in document order, through the iterators.
fn walk(v: VariantRef<'_>, out: &mut Vec<(usize, usize, gdvariant::VariantType)>) {
    out.push((v.offset(), v.encoded().len(), v.ty()));
    if let Some(a) = v.as_array() {
        a.iter().for_each(|x| walk(x, out));
    }
    if let Some(d) = v.as_dictionary() {
        for (k, x) in d.iter() {
            walk(k, out);
            walk(x, out);
        }
    }
    if let Some(gdvariant::ObjectRef::Full(o)) = v.as_object() {
        o.properties().for_each(|(_, x)| walk(x, out));
    }
}

#[test]
fn indexed_views_match_plain_views_on_every_fixture() {
    let mut index = SpanIndex::new();
    let mut containers = 0;
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            let bytes = c.value_bytes();
            if bytes.is_empty() {
                continue;
            }
            let plain = VariantRef::parse(bytes, c.dialect()).unwrap();
            let mut fresh = SpanIndex::new();
            let indexed =
                VariantRef::parse_indexed(bytes, c.dialect(), &ParseOptions::default(), &mut fresh)
                    .unwrap();
            let (mut a, mut b) = (Vec::new(), Vec::new());
            walk(plain, &mut a);
            walk(indexed, &mut b);
            assert_eq!(a, b, "{engine}/{}", c.name);
            assert_eq!(
                plain.text(c.style()).to_string(),
                indexed.text(c.style()).to_string()
            );
            // One span per non-empty container.
            let expected = a
                .iter()
                .filter(|(offset, _, _)| {
                    let v = VariantRef::parse(&bytes[*offset..], c.dialect()).unwrap();
                    v.as_array().is_some_and(|x| !x.is_empty())
                        || v.as_dictionary().is_some_and(|x| !x.is_empty())
                        || matches!(v.as_object(), Some(gdvariant::ObjectRef::Full(o)) if !o.is_empty())
                })
                .count();
            assert_eq!(fresh.len(), expected, "{engine}/{}", c.name);
            containers += fresh.len();
            // The index is reusable.
            VariantRef::parse_indexed(bytes, c.dialect(), &ParseOptions::default(), &mut index)
                .unwrap();
        }
    }
    assert!(containers > 1000, "{containers}"); // array_deep_1000 alone has 1000
}

#[test]
fn indexed_parse_still_validates() {
    let mut index = SpanIndex::new();
    let err = VariantRef::parse_indexed(
        &[28, 0, 0, 0, 5, 0, 0, 0],
        gdvariant::Dialect::Godot4,
        &ParseOptions::default(),
        &mut index,
    )
    .unwrap_err();
    assert_eq!(
        (err.kind(), err.offset()),
        (gdvariant::ErrorKind::LengthOutOfBounds, 4)
    );
    assert!(index.is_empty());
}
