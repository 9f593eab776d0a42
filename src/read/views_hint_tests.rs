//! Tests of the view iterators' header hints (`value::Shape`): `VariantRef::value` of
//! a yielded view decodes as from its header.
#![allow(clippy::unwrap_used)] // tests: a panic is a failure

use std::format;
use std::vec::Vec;

use crate::read::decoded::Value;
use crate::read::object::ObjectRef;
use crate::read::reader::Reader;
use crate::read::validate_reference::fixtures;
use crate::read::value::VariantRef;

/// Every value the view iterators yield, in a walk that reads each through.
fn walk<'a>(value: VariantRef<'a>, out: &mut Vec<VariantRef<'a>>) {
    out.push(value);
    match value.value() {
        Value::Array(a) | Value::TypedArray(a) | Value::PackedTypedArray(a) => {
            a.iter().for_each(|item| walk(item, out))
        }
        Value::Dictionary(d) => d.iter().for_each(|(k, v)| {
            walk(k, out);
            walk(v, out);
        }),
        Value::Object(ObjectRef::Full(o)) => o.properties().for_each(|(_, v)| walk(v, out)),
        _ => {}
    }
}

/// `value()` of a view whose header the iterator noted decodes the same as from the
/// header (every fixture, every yielded value), and the view's type, header and bytes
/// are those of the value parsed alone.
#[test]
fn hinted_values_decode_as_from_the_header() {
    let mut hinted = 0;
    // Views of shape Fixed, and those of them with the 64-bit flag.
    let (mut fixed, mut double) = (0, 0);
    for (bytes, dialect) in fixtures() {
        let Ok(root) = VariantRef::parse(&bytes, dialect) else {
            continue;
        };
        let mut views = Vec::new();
        walk(root, &mut views);
        for view in views {
            let from_header = Reader::new(&view).value();
            assert_eq!(format!("{:?}", view.value()), format!("{from_header:?}"));
            assert_eq!(view.value().ty(), view.ty());
            let (alone, len) = VariantRef::parse_prefix(view.encoded(), dialect).unwrap();
            assert_eq!(len, view.encoded().len());
            assert_eq!((alone.ty(), alone.header()), (view.ty(), view.header()));
            hinted += usize::from(view.shape() != crate::read::value::Shape::Sized);
            if view.shape() == crate::read::value::Shape::Fixed {
                assert_eq!(view.encoded().len(), len);
                fixed += 1;
                double += usize::from(view.is_double());
            }
        }
    }
    assert!(hinted > 1000, "{hinted}");
    assert!(fixed > 50 && double > 0, "{fixed} {double}");
}
