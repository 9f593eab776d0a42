//! Owned values and owned buffers on real engine bytes: `VariantBuf`, `Variant`'s
//! `Display`, `as_*`, `get`/`get_mut`/`[]` and `from_bytes`.

use crate::common;

use std::sync::Arc;

use common::{case, cases, fixtures_dir};
use gdvariant::{
    Dialect, ErrorKind, LoadError, Object, ParseOptions, Value, Variant, VariantBuf, VariantRef,
    VariantType,
};

#[test]
fn a_buffer_hands_out_the_view_that_parse_gives() {
    for engine in ["g32", "g36", "g4"] {
        for c in cases(engine) {
            let bytes = c.value_bytes();
            let Ok(parsed) = VariantRef::parse(bytes, c.dialect()) else {
                assert!(VariantBuf::new(bytes.to_vec(), c.dialect()).is_err());
                continue;
            };
            let buf = VariantBuf::new(bytes.to_vec(), c.dialect()).unwrap();
            assert!(buf.view() == parsed, "{engine}/{}", c.name);
            assert_eq!(buf.as_bytes(), parsed.encoded());
            assert_eq!(buf.value().ty(), parsed.ty());
            assert_eq!(buf.dialect(), c.dialect());
            // Any owner of bytes will do.
            let boxed = VariantBuf::new(bytes.to_vec().into_boxed_slice(), c.dialect()).unwrap();
            let shared = VariantBuf::new(Arc::<[u8]>::from(bytes), c.dialect()).unwrap();
            assert_eq!(
                boxed.to_string(),
                parsed.text(c.style().into_default()).to_string()
            );
            assert!(shared.view() == parsed);
            assert_eq!(buf.into_inner(), bytes);
        }
    }
}

/// The default style of a dialect, so `VariantBuf`'s `Display` can be compared.
trait DefaultStyle {
    fn into_default(self) -> gdvariant::text::TextStyle;
}
impl DefaultStyle for gdvariant::text::TextStyle {
    fn into_default(self) -> gdvariant::text::TextStyle {
        match self {
            gdvariant::text::TextStyle::Godot32 => gdvariant::text::TextStyle::Godot36,
            other => other,
        }
    }
}

#[test]
fn a_buffer_is_validated_once_with_the_errors_of_parse() {
    // Truncated dictionary: the error and its offset are parse's.
    let c = case("g4", "dict_nested");
    let cut = c.value_bytes()[..c.value_bytes().len() - 3].to_vec();
    let e = VariantBuf::new(cut.clone(), Dialect::Godot4).unwrap_err();
    assert_eq!(e, VariantRef::parse(&cut, Dialect::Godot4).unwrap_err());
    // Trailing bytes are refused where they start, in every mode (as parse does); a
    // buffer made by detection holds one store_var frame's value without its prefix.
    let mut padded = c.value_bytes().to_vec();
    padded.extend_from_slice(&[0, 0, 0, 0]);
    let left = ErrorKind::TrailingBytes { left: 4, frames: 0 };
    for options in [ParseOptions::default(), ParseOptions::new().strict(true)] {
        let e = VariantBuf::with_options(padded.clone(), Dialect::Godot4, &options).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (left, c.value_bytes().len()));
    }
    let framed = case("g4", "w_string__store_var");
    let buf = VariantBuf::detect(framed.file.clone()).unwrap();
    assert_eq!(buf.as_bytes(), &framed.file[4..]);
    assert_eq!((buf.view().offset(), buf.dialect()), (4, Dialect::Godot4));
    assert_eq!(buf.to_string(), framed.decoded_text.clone().unwrap());
}

#[test]
fn a_buffer_loads_a_file_or_a_reader_without_unsafe() {
    let path = fixtures_dir().join("g4/dict_nested.bin");
    let buf = VariantBuf::from_file(&path, Dialect::Godot4).unwrap();
    assert_eq!(buf.as_bytes(), std::fs::read(&path).unwrap());
    assert_eq!(
        buf.to_string(),
        case("g4", "dict_nested").decoded_text.unwrap()
    );
    let read = VariantBuf::read_from(&std::fs::read(&path).unwrap()[..], Dialect::Godot4).unwrap();
    assert!(read.view() == buf.view());
    // A missing file is an I/O error; bytes that do not parse keep their offset.
    assert!(matches!(
        VariantBuf::from_file(fixtures_dir().join("nope.bin"), Dialect::Godot4),
        Err(LoadError::Io(_))
    ));
    match VariantBuf::read_from(&[2, 0, 0, 0, 7][..], Dialect::Godot4) {
        Err(LoadError::Invalid(e)) => {
            assert_eq!((e.kind(), e.offset()), (ErrorKind::UnexpectedEnd, 4))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_owned_value_prints_the_engine_text_of_every_fixture() {
    // to_owned, then Display / text(style): encoded again and printed, which must give
    // exactly what the engine printed after decoding the original bytes.
    for engine in ["g32", "g36", "g4"] {
        for c in cases(engine) {
            let (Some(expected), Ok(v)) = (
                &c.decoded_text,
                VariantRef::parse(c.value_bytes(), c.dialect()),
            ) else {
                continue;
            };
            let owned = v.to_owned();
            assert_eq!(
                &owned.text(c.style()).to_string(),
                expected,
                "{engine}/{}",
                c.name
            );
            if engine == "g4" {
                assert_eq!(&owned.to_string(), expected, "{}", c.name);
            }
            assert!(Variant::from_bytes(c.value_bytes(), c.dialect())
                .unwrap()
                .bitwise_eq(&owned));
        }
    }
}

#[test]
fn a_value_the_dialect_cannot_hold_prints_why() {
    let bad = Variant::math(VariantType::Vector2, &[1.0]);
    assert_eq!(
        bad.to_string(),
        "<invalid: Vector2 takes 2 components, got 1>"
    );
    let name = Variant::StringName("a".into());
    assert_eq!(name.to_string(), "&\"a\"");
    assert_eq!(
        name.text(gdvariant::text::TextStyle::Godot36).to_string(),
        "<invalid: StringName cannot be written in Godot 3>"
    );
    assert_eq!(
        Variant::from_bytes(&[99, 0, 0, 0], Dialect::Godot4)
            .unwrap_err()
            .kind(),
        ErrorKind::UnknownType(99)
    );
}

fn save() -> Variant {
    let bytes = case("g4", "object_image__fo").value_bytes().to_vec();
    Variant::from_bytes(&bytes, Dialect::Godot4).unwrap()
}

#[test]
fn as_accessors_answer_for_their_type_only() {
    let image = save();
    let Some(Object::Full(o)) = image.as_object() else {
        panic!("an Image");
    };
    assert_eq!(o.class, "Image");
    let data = &image["data"];
    assert_eq!(data["width"].as_int(), Some(2));
    assert_eq!(data["format"].as_str(), Some("RGBA8"));
    assert_eq!(data["mipmaps"].as_bool(), Some(false));
    assert_eq!(data["data"].as_bytes().map(<[u8]>::len), Some(16));
    assert!(data.as_dictionary().is_some() && data.as_array().is_none());
    assert_eq!(data["width"].as_float(), None);
    assert_eq!(data["format"].as_int(), None);
    assert_eq!(Variant::from(1.5).as_float(), Some(1.5));
    assert_eq!(Variant::StringName("n".into()).as_str(), Some("n"));
    assert_eq!(
        Variant::vector2([1.0, 2.0]).as_math().map(|m| m.get(1)),
        Some(Some(2.0))
    );
    assert!(Variant::Nil.as_math().is_none() && Variant::Nil.as_object().is_none());
}

#[test]
fn get_and_index_follow_keys_indices_and_properties() {
    let v = Variant::dictionary(vec![
        ("a".into(), 1.into()),
        (Variant::StringName("b".into()), 2.into()),
        (Variant::Int(3), "three".into()),
        ("a".into(), 10.into()), // a duplicate key: the last pair wins, as in the engine
        ("list".into(), Variant::array(vec![5.into(), 6.into()])),
    ]);
    assert_eq!(v.get("a"), Some(&Variant::Int(10)));
    assert_eq!(v.get("b"), Some(&Variant::Int(2))); // StringName keys answer to text
    assert_eq!(v.get(3), Some(&Variant::from("three")));
    assert_eq!(
        v.get(String::from("list")).and_then(|l| l.get(1)),
        Some(&Variant::Int(6))
    );
    assert_eq!(v.get("missing"), None);
    assert_eq!(v["list"][5], Variant::Nil);
    assert_eq!(v["a"]["deeper"], Variant::Nil);
    assert_eq!(Variant::Int(1).get(0), None);
    // Object properties by name.
    let image = save();
    assert_eq!(image["resource_name"].as_str(), Some(""));
    assert!(image.get(0).is_none());
}

#[test]
fn get_mut_and_index_mut_edit_in_place() {
    let mut v = Variant::dictionary(vec![("a".into(), 1.into()), ("a".into(), 2.into())]);
    *v.get_mut("a").unwrap() = Variant::Int(20);
    assert_eq!(v.as_dictionary().unwrap()[1].1, Variant::Int(20)); // the last pair
    v["new"] = Variant::array(vec![Variant::Nil]);
    v["new"][0] = "x".into();
    assert_eq!(v["new"][0].as_str(), Some("x"));
    let mut nil = Variant::Nil;
    nil["made"]["deep"] = 1.into();
    assert_eq!(nil.to_string(), "{\n\"made\": {\n\"deep\": 1\n}\n}");
    let mut image = save();
    image["resource_name"] = "renamed".into();
    assert_eq!(image["resource_name"].as_str(), Some("renamed"));
    image.as_dictionary_mut().map(Vec::clear); // not a dictionary: nothing happens
    assert!(v.as_array_mut().is_none());
    assert!(v.get_mut(7).is_none());
}

#[test]
#[should_panic(expected = "cannot index into this Array here")]
fn index_mut_past_the_end_of_an_array_panics_like_a_vec() {
    let mut v = Variant::array(vec![]);
    v[0] = Variant::Nil;
}

#[test]
fn value_views_and_owned_values_agree_on_every_fixture() {
    // `Value` is what `to_owned` copies from: the same type for every fixture.
    for engine in ["g32", "g36", "g4"] {
        for c in cases(engine) {
            if let Ok(v) = VariantRef::parse(c.value_bytes(), c.dialect()) {
                let owned_ty = v.to_owned().ty();
                let value = v.value();
                // A full null object (empty class) becomes Object::Null, still an Object.
                assert_eq!(value.ty(), owned_ty, "{engine}/{}", c.name);
                if let Value::Array(a) = value {
                    assert_eq!(Some(a.len()), v.to_owned().as_array().map(<[Variant]>::len));
                }
            }
        }
    }
}
