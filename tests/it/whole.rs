//! `frame::read_whole`: a whole input read as exactly one value, on the engines' fixtures
//! and on inputs made from them (frames in a row, bytes appended, cuts). Each refusal is
//! checked by its code, offset and message: the Python and npm packages pass them on.

use crate::common;

use gdvariant::frame::{
    detect, read_whole, FrameError, Hints, PrefixOrder, Reading, Whole, WholeError,
};
use gdvariant::{Dialect, ParseOptions, VariantType};

const DEFAULTS: ParseOptions = ParseOptions::new();

fn hints(dialect: Option<Dialect>, prefixed: Option<bool>) -> Hints {
    Hints { dialect, prefixed }
}

/// The files of `names` (Godot 4 fixtures), one after another.
fn g4_files(names: &[&str]) -> Vec<u8> {
    names
        .iter()
        .flat_map(|name| common::case("g4", name).file)
        .collect()
}

#[test]
fn every_engine_fixture_reads_whole_but_an_ambiguous_color() {
    let mut ambiguous = Vec::new();
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            if c.value_bytes().is_empty() {
                continue; // the engine's own failed write
            }
            let id = format!("{engine}/{}", c.name);
            // The engine's value, where the engine put it (after a prefix, at 4).
            let start = if c.is_prefixed() { 4 } else { 0 };
            let place = |whole: &Whole<'_>| (whole.value.encoded().to_vec(), whole.value.offset());
            let want_place = (c.value_bytes().to_vec(), start);
            // Named: the reading the engine wrote.
            let named = hints(Some(c.dialect()), Some(c.is_prefixed()));
            let whole = read_whole(&c.file, named, &DEFAULTS).unwrap();
            assert_eq!(place(&whole), want_place, "{id}");
            let want = Reading {
                dialect: c.dialect(),
                prefix: c.is_prefixed().then_some(PrefixOrder::Little),
            };
            assert_eq!(whole.reading, want, "{id}");
            // Detected: the same bytes, or a refusal to guess.
            match read_whole(&c.file, Hints::default(), &DEFAULTS) {
                Ok(whole) => assert_eq!(place(&whole), want_place, "{id}"),
                Err(e) => {
                    assert_eq!((e.code(), e.offset()), ("ambiguous", 0), "{id}");
                    ambiguous.push(id);
                }
            }
        }
    }
    assert_eq!(ambiguous, ["g32/color_red", "g36/color_red"]);
}

#[test]
fn an_ambiguous_input_names_every_reading() {
    let red = common::case("g36", "color_red").file;
    let e = read_whole(&red, Hints::default(), &DEFAULTS).unwrap_err();
    let WholeError::Ambiguous(ambiguity) = e else {
        panic!("{e:?}")
    };
    assert_eq!(
        ambiguity.readings().collect::<Vec<_>>(),
        [
            (
                Reading {
                    dialect: Dialect::Godot4,
                    prefix: None
                },
                VariantType::Plane
            ),
            (
                Reading {
                    dialect: Dialect::Godot3,
                    prefix: None
                },
                VariantType::Color
            ),
        ]
    );
    assert!(ambiguity.dialects_differ() && !ambiguity.framings_differ());
    assert_eq!(
        e.to_string(),
        "ambiguous input: it reads as a Godot 4 Plane and as a Godot 3 Color"
    );
    // In a store_var frame: the frame is named too.
    let mut framed = u32::try_from(red.len()).unwrap().to_le_bytes().to_vec();
    framed.extend_from_slice(&red);
    let e = read_whole(&framed, hints(None, Some(true)), &DEFAULTS).unwrap_err();
    assert_eq!((e.code(), e.offset()), ("ambiguous", 0));
    assert_eq!(
        e.to_string(),
        "ambiguous input: it reads as a Godot 4 Plane in a store_var frame and as a Godot 3 \
         Color in a store_var frame"
    );
    // Naming the dialect settles it.
    let whole = read_whole(&red, hints(Some(Dialect::Godot3), None), &DEFAULTS).unwrap();
    assert_eq!(whole.value.ty(), VariantType::Color);
}

#[test]
fn several_frames_are_refused_at_the_second() {
    let data = g4_files(&["w_int64__store_var", "w_string__store_var"]);
    for h in [
        Hints::default(),
        hints(None, Some(true)),
        hints(Some(Dialect::Godot4), None),
    ] {
        let e = read_whole(&data, h, &DEFAULTS).unwrap_err();
        assert_eq!(
            e,
            WholeError::SeveralFrames {
                count: 2,
                reading: Reading {
                    dialect: Dialect::Godot4,
                    prefix: Some(PrefixOrder::Little)
                },
                second: 16,
            },
            "{h:?}"
        );
        assert_eq!((e.code(), e.offset()), ("multiple_frames", 16));
        assert_eq!(
            e.to_string(),
            "the input holds 2 store_var frames (Godot 4 values, each behind a 4-byte length), \
             not one value"
        );
    }
    // Big-endian prefixes (a FileAccess with big_endian = true).
    let mut big = Vec::new();
    for name in ["w_int64__store_var", "w_string__store_var"] {
        let body = &common::case("g4", name).file[4..];
        big.extend_from_slice(&PrefixOrder::Big.encode(u32::try_from(body.len()).unwrap()));
        big.extend_from_slice(body);
    }
    let e = read_whole(&big, Hints::default(), &DEFAULTS).unwrap_err();
    assert_eq!((e.code(), e.offset()), ("multiple_frames", 16));
    assert!(
        e.to_string()
            .contains("each behind a 4-byte big-endian length"),
        "{e}"
    );
}

#[test]
fn frames_read_as_one_raw_value_are_named() {
    // A Godot 4 int64's frame starts with its length, 12: Godot 4's header of a Vector4.
    let data = g4_files(&["w_int64__store_var", "w_string__store_var"]);
    let e = read_whole(&data, hints(Some(Dialect::Godot4), Some(false)), &DEFAULTS).unwrap_err();
    assert_eq!(
        e,
        WholeError::TrailingBytes {
            dialect: Dialect::Godot4,
            ty: VariantType::Vector4,
            value_len: 20,
            left: 12,
            frames: 2,
        }
    );
    assert_eq!((e.code(), e.offset()), ("trailing_bytes", 20));
    assert_eq!(
        e.to_string(),
        "12 bytes left over after the value (a Godot 4 Vector4 of 20 bytes at offset 0): a \
         reader of one value reads all of its input; the input looks like 2 store_var frames"
    );
    // One frame: store_var(Vector3(…)) in Godot 3, whose length, 16, is a Godot 3 RID.
    let vector = common::case("g32", "vector3").file;
    let mut one = PrefixOrder::Little
        .encode(u32::try_from(vector.len()).unwrap())
        .to_vec();
    one.extend_from_slice(&vector);
    let e = read_whole(&one, hints(Some(Dialect::Godot3), Some(false)), &DEFAULTS).unwrap_err();
    assert_eq!(
        e,
        WholeError::TrailingBytes {
            dialect: Dialect::Godot3,
            ty: VariantType::Rid,
            value_len: 4,
            left: 16,
            frames: 1,
        }
    );
    assert!(
        e.to_string()
            .ends_with("the input looks like one store_var frame (a length, then the value)"),
        "{e}"
    );
}

#[test]
fn bytes_after_a_raw_value_are_refused_at_its_end() {
    for (engine, dialect) in [
        ("g32", Dialect::Godot3),
        ("g36", Dialect::Godot3),
        ("g4", Dialect::Godot4),
    ] {
        let c = common::case(engine, "dict_one");
        for junk in [&b"junk"[..], &[0][..], &[0; 9][..]] {
            let mut data = c.file.clone();
            data.extend_from_slice(junk);
            let want = WholeError::TrailingBytes {
                dialect,
                ty: VariantType::Dictionary,
                value_len: 28,
                left: junk.len(),
                frames: 0,
            };
            for h in [
                Hints::default(),
                hints(Some(dialect), None),
                hints(Some(dialect), Some(false)),
            ] {
                let e = read_whole(&data, h, &DEFAULTS).unwrap_err();
                assert_eq!(e, want, "{engine} {junk:?} {h:?}");
                assert_eq!((e.code(), e.offset()), ("trailing_bytes", 28));
            }
        }
    }
    let mut data = common::case("g4", "dict_one").file;
    data.push(0);
    assert_eq!(
        read_whole(&data, Hints::default(), &DEFAULTS)
            .unwrap_err()
            .to_string(),
        "1 byte left over after the value (a Godot 4 Dictionary of 28 bytes at offset 0): a \
         reader of one value reads all of its input; Godot's bytes_to_var ignores such bytes"
    );
}

#[test]
fn a_value_misread_as_spurious_frames_reports_the_value() {
    // Godot 4's {"a": 1} and 4 bytes: its header, 27, reads as a frame of 27 bytes whose
    // body starts with the count, 1 (a bool), and leaves bytes over inside the frame, which
    // store_var never writes; the next "frame" runs past the end. That framed reading gets
    // furthest, but the input is one value with bytes after it.
    let mut data = common::case("g4", "dict_one").file;
    data.extend_from_slice(b"junk");
    let detected = detect(&data, Hints::default()).unwrap_err();
    assert!(detected.frame.is_some() && detected.reading.prefix.is_some());
    let e = read_whole(&data, Hints::default(), &DEFAULTS).unwrap_err();
    assert_eq!((e.code(), e.offset()), ("trailing_bytes", 28));
    // Told it is framed, it is the frames' error.
    let e = read_whole(&data, hints(None, Some(true)), &DEFAULTS).unwrap_err();
    assert!(matches!(e, WholeError::Invalid(_)), "{e:?}");
}

#[test]
fn a_cut_file_of_frames_names_the_cut_frame_and_the_intact_ones() {
    let data = g4_files(&[
        "w_int64__store_var",
        "w_string__store_var",
        "w_object_fo__store_var",
    ]);
    let cut = &data[..data.len() - 3];
    let e = read_whole(cut, Hints::default(), &DEFAULTS).unwrap_err();
    let WholeError::Invalid(detect_error) = e else {
        panic!("{e:?}")
    };
    let frame = detect_error.frame.unwrap();
    assert_eq!((frame.index, frame.offset), (2, 32));
    assert_eq!(
        frame.error,
        FrameError::Truncated {
            needed: 112,
            available: 109
        }
    );
    assert_eq!(
        (e.code(), e.offset(), e.intact_frames()),
        ("UnexpectedEnd", 32, 2)
    );
    assert_eq!(
        e.to_string(),
        "invalid Godot 4 data: frame #2 at offset 0x20 is truncated: it needs 112 bytes, 109 \
         remain; frames #0 to #1 before it are intact"
    );
    // Cut in its second frame: one frame before it.
    let e = read_whole(&data[..20], hints(None, Some(true)), &DEFAULTS).unwrap_err();
    assert_eq!(
        (e.code(), e.offset(), e.intact_frames()),
        ("UnexpectedEnd", 16, 1)
    );
    assert!(
        e.to_string().ends_with("; frame #0 before it is intact"),
        "{e}"
    );
}

#[test]
fn a_damaged_value_is_its_error_at_its_offset() {
    // A String of 1000 characters cut after 100 bytes: its length claims more than remain.
    let c = common::case("g4", "str_long_1000");
    for h in [Hints::default(), hints(Some(Dialect::Godot4), Some(false))] {
        let e = read_whole(&c.file[..100], h, &DEFAULTS).unwrap_err();
        assert_eq!(
            (e.code(), e.offset(), e.intact_frames()),
            ("LengthOutOfBounds", 4, 0)
        );
        assert_eq!(
            e.to_string(),
            "invalid Godot 4 data: length or count exceeds the remaining input at offset 0x4"
        );
    }
    // An unknown type id.
    let raw = hints(Some(Dialect::Godot4), Some(false));
    let e = read_whole(&[200, 0, 0, 0], raw, &DEFAULTS).unwrap_err();
    assert_eq!((e.code(), e.offset()), ("UnknownType", 0));
    // The same 4 bytes as a frame: a prefix that claims 200 bytes, none of which follow.
    let e = read_whole(
        &[200, 0, 0, 0],
        hints(Some(Dialect::Godot4), None),
        &DEFAULTS,
    );
    assert_eq!(
        e.map_err(|e| (e.code(), e.offset())).unwrap_err(),
        ("UnexpectedEnd", 0)
    );
    // Nothing at all.
    let e = read_whole(&[], hints(Some(Dialect::Godot4), Some(false)), &DEFAULTS).unwrap_err();
    assert_eq!((e.code(), e.offset()), ("UnexpectedEnd", 0));
}

#[test]
fn the_callers_stricter_options_refuse_what_detection_accepts() {
    // 1000 nested arrays, 8 bytes a level: the 11th level, at 88, is too deep for 10.
    let deep = common::case("g4", "array_deep_1000").file;
    let options = ParseOptions::new().max_depth(10);
    let e = read_whole(&deep, Hints::default(), &options).unwrap_err();
    assert_eq!(
        e,
        WholeError::Refused {
            reading: Reading {
                dialect: Dialect::Godot4,
                prefix: None
            },
            error: FrameError::Value(gdvariant::Error::new(gdvariant::ErrorKind::TooDeep, 88)),
        }
    );
    assert_eq!((e.code(), e.offset()), ("TooDeep", 88));
    assert_eq!(e.to_string(), "nesting is too deep at offset 0x58");
    assert!(read_whole(&deep, Hints::default(), &DEFAULTS).is_ok());

    // A full object in a store_var frame: its value starts at 4.
    let object = common::case("g4", "w_object_fo__store_var").file;
    let options = ParseOptions::new().allow_full_objects(false);
    let e = read_whole(&object, Hints::default(), &options).unwrap_err();
    assert_eq!((e.code(), e.offset()), ("FullObjectNotAllowed", 4));
    assert!(matches!(
        e,
        WholeError::Refused {
            reading: Reading {
                prefix: Some(_),
                ..
            },
            ..
        }
    ));
    let whole = read_whole(&object, Hints::default(), &DEFAULTS).unwrap();
    assert_eq!(whole.value.offset(), 4);

    // Stricter options on an input no reading parses: the first value of the reading that
    // got furthest, read again with them. A store_var("…") cut short is a frame cut short.
    let string = common::case("g4", "w_string__store_var").file;
    let e = read_whole(
        &string[..10],
        Hints::default(),
        &ParseOptions::new().max_depth(10),
    )
    .unwrap_err();
    assert_eq!((e.code(), e.offset()), ("UnexpectedEnd", 0));
    assert_eq!(
        e.to_string(),
        "the frame is cut short: it needs 6 more bytes"
    );
}

/// A file no reading explains (random bytes, a text file, zeros) is "not a save", with the
/// nearest reading's error inside; a save cut short keeps its error, however early the cut.
#[test]
fn a_file_no_reading_explains_is_not_a_save() {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let noise: Vec<u8> = (0..4096)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect();
    let text = std::fs::read(common::fixtures_dir().join("README.md")).unwrap();
    for (name, bytes) in [("noise", noise), ("text", text), ("zeros", vec![0; 4096])] {
        let e = read_whole(&bytes, Hints::default(), &DEFAULTS).unwrap_err();
        assert_eq!((e.code(), e.offset()), ("not_a_save", 0), "{name}");
        let WholeError::NotASave { nearest, len } = e else {
            unreachable!()
        };
        assert_eq!(len, bytes.len());
        assert!(nearest.explained() * 8 < len, "{name}");
        assert!(
            e.to_string().starts_with(
                "not a Godot save: no reading of it as Variant data (Godot 3 or 4, one value \
                 or store_var frames) explains more than its first "
            ),
            "{name}: {e}"
        );
    }
    // The dialect and the framing named: one reading was tried, and its error is said.
    let e = read_whole(
        &[0xff; 4096],
        hints(Some(Dialect::Godot4), Some(false)),
        &DEFAULTS,
    );
    assert_eq!(e.unwrap_err().code(), "UnknownType");
    // A 4 KiB PackedByteArray cut to 100 bytes: its count claims more than remains.
    let mut cut = vec![29, 0, 0, 0, 0, 16, 0, 0];
    cut.extend_from_slice(&[7; 92]);
    let e = read_whole(&cut, Hints::default(), &DEFAULTS).unwrap_err();
    assert_eq!((e.code(), e.offset()), ("LengthOutOfBounds", 4));
    // 100,000 nested Arrays: too deep at byte 8,200 of 800 KB, a save's error (no
    // sliver of random bytes fails that way).
    let mut deep: Vec<u8> = [28, 0, 0, 0, 1, 0, 0, 0].repeat(100_000);
    deep.extend_from_slice(&[28, 0, 0, 0, 0, 0, 0, 0]);
    let e = read_whole(&deep, Hints::default(), &DEFAULTS).unwrap_err();
    assert_eq!((e.code(), e.offset()), ("TooDeep", 8200));
    // Fewer than 64 bytes: the error itself.
    let e = read_whole(&[0xff; 32], Hints::default(), &DEFAULTS).unwrap_err();
    assert_ne!(e.code(), "not_a_save");
}
