//! `gdvariant::resource`'s binary reader on inputs no engine wrote: a hand-made file in
//! both byte orders and real sizes, each malformed field with its typed error and offset,
//! every truncation of every fixture, and random mutations of them.

use gdvariant::resource::{decompress, BinaryErrorKind as K, BinaryOptions, BinaryResource};
use gdvariant::text::TextStyle;
use gdvariant::{Dialect, VariantRef};

use super::resource_binary::{cases, dir, text};

/// A hand-made Godot 4 binary resource, written in either byte order and real size by
/// the same code (the engine writes big-endian files only when asked, and no fixture is
/// one): `i = -7`, `f = 2.5`, `v3 = Vector3(1, 2, 3)`, `pv3 = PackedVector3Array(…)`,
/// `deep` = `depth` nested Arrays around `null`. Returns the bytes and the offsets of
/// interest: the string table count, the first property name, the packed count, the
/// first Array's type id.
struct Made {
    bytes: Vec<u8>,
    strings_at: usize,
    first_name_at: usize,
    packed_count_at: usize,
    deep_at: usize,
    offset_at: usize,
}

fn made(big: bool, real64: bool, depth: usize) -> Made {
    made_with(big, real64, depth, 1)
}

/// [`made`] with `entries` internal table entries, all at the one body.
fn made_with(big: bool, real64: bool, depth: usize, entries: u32) -> Made {
    let mut o: Vec<u8> = b"RSRC".to_vec();
    let u32_ = |o: &mut Vec<u8>, v: u32| {
        o.extend(if big {
            v.to_be_bytes()
        } else {
            v.to_le_bytes()
        })
    };
    let u64_ = |o: &mut Vec<u8>, v: u64| {
        o.extend(if big {
            v.to_be_bytes()
        } else {
            v.to_le_bytes()
        })
    };
    let real = |o: &mut Vec<u8>, v: f64| {
        if real64 {
            o.extend(if big {
                v.to_be_bytes()
            } else {
                v.to_le_bytes()
            })
        } else {
            let v = v as f32;
            o.extend(if big {
                v.to_be_bytes()
            } else {
                v.to_le_bytes()
            })
        }
    };
    let string = |o: &mut Vec<u8>, s: &str| {
        u32_(o, s.len() as u32 + 1);
        o.extend(s.as_bytes());
        o.push(0);
    };
    u32_(&mut o, u32::from(big));
    u32_(&mut o, u32::from(real64));
    for v in [4, 6, 6] {
        u32_(&mut o, v);
    }
    string(&mut o, "Resource");
    u64_(&mut o, 0);
    u32_(&mut o, 1 | 2 | if real64 { 4 } else { 0 });
    u64_(&mut o, u64::MAX);
    for _ in 0..11 {
        u32_(&mut o, 0);
    }
    let strings_at = o.len();
    let names = ["i", "f", "v3", "pv3", "deep"];
    u32_(&mut o, names.len() as u32);
    for n in names {
        string(&mut o, n);
    }
    u32_(&mut o, 0); // no external resources
    u32_(&mut o, entries);
    let mut offsets = Vec::new();
    for _ in 0..entries {
        string(&mut o, "local://Resource_made1");
        offsets.push(o.len());
        u64_(&mut o, 0);
    }
    let offset_at = offsets[0];
    let body = o.len() as u64;
    for at in offsets {
        let mut word = Vec::new();
        u64_(&mut word, body);
        o[at..at + 8].copy_from_slice(&word);
    }
    string(&mut o, "Resource");
    u32_(&mut o, 5);
    let first_name_at = o.len();
    u32_(&mut o, 0);
    u32_(&mut o, 3); // VARIANT_INT
    u32_(&mut o, (-7i32) as u32);
    u32_(&mut o, 1);
    u32_(&mut o, 4); // VARIANT_FLOAT (a real)
    real(&mut o, 2.5);
    u32_(&mut o, 2);
    u32_(&mut o, 12); // VARIANT_VECTOR3
    for c in [1.0, 2.0, 3.0] {
        real(&mut o, c);
    }
    u32_(&mut o, 3);
    u32_(&mut o, 35); // VARIANT_PACKED_VECTOR3_ARRAY
    let packed_count_at = o.len();
    u32_(&mut o, 2);
    for c in [0.5, -1.0, 1e10, 0.25, 0.0, -0.0] {
        real(&mut o, c);
    }
    u32_(&mut o, 4);
    let deep_at = o.len();
    for _ in 0..depth {
        u32_(&mut o, 30); // VARIANT_ARRAY
        u32_(&mut o, 1);
    }
    u32_(&mut o, 1); // VARIANT_NIL
    o.extend(b"RSRC");
    Made {
        bytes: o,
        strings_at,
        first_name_at,
        packed_count_at,
        deep_at,
        offset_at,
    }
}

#[test]
fn big_endian_and_double_files_read_as_their_little_endian_twins() {
    let le = made(false, false, 2);
    let be = made(true, false, 2);
    assert_ne!(le.bytes, be.bytes);
    let (rl, rb) = (
        BinaryResource::parse(&le.bytes).unwrap(),
        BinaryResource::parse(&be.bytes).unwrap(),
    );
    assert!(rb.header.big_endian && !rl.header.big_endian);
    let doc = rl.to_document().unwrap();
    assert_eq!(rb.to_document().unwrap(), doc);
    let lines: Vec<String> = doc.sections[0]
        .props
        .iter()
        .map(|p| format!("{} = {}", p.name, text(&p.value, doc.dialect, "g4")))
        .collect();
    assert_eq!(
        lines,
        [
            "i = -7",
            "f = 2.5",
            "v3 = Vector3(1, 2, 3)",
            "pv3 = PackedVector3Array(0.5, -1, 10000000000, 0.25, 0, 0)",
            "deep = [[null]]"
        ]
    );
    // The packed array in place: a view for the little-endian file, components by value
    // for the big-endian one.
    fn packed<'a>(r: &BinaryResource<'a>) -> gdvariant::resource::BinPacked<'a> {
        match r.main().unwrap().get("pv3") {
            Some(gdvariant::resource::BinValue::Packed(p)) => *p,
            _ => panic!(),
        }
    }
    let p = packed(&rl);
    let view = p.vector3().unwrap();
    assert_eq!(view.get(1), Some([0.25, 0.0, -0.0]));
    assert_eq!(
        view.as_bytes().as_ptr(),
        le.bytes[p.data_offset()..].as_ptr()
    );
    assert!(packed(&rb).vector3().is_none());
    let be_components: Vec<f64> = packed(&rb).float_components().unwrap().collect();
    assert_eq!(be_components, [0.5, -1.0, 1e10, 0.25, 0.0, -0.0]);

    // Double reals: the same values, written as double-precision Variants.
    for big in [false, true] {
        let d = made(big, true, 2);
        let r = BinaryResource::parse(&d.bytes).unwrap();
        assert!(r.header.real64());
        let p = packed(&r);
        assert!(p.is_double() && p.len() == 2);
        let dd = r.to_document().unwrap();
        let v3 = VariantRef::parse(dd.sections[0].prop("v3").unwrap(), Dialect::Godot4).unwrap();
        assert!(v3.is_double());
        assert_eq!(v3.text(TextStyle::Godot4).to_string(), "Vector3(1, 2, 3)");
        if !big {
            assert_eq!(p.vector3_f64().unwrap().get(0), Some([0.5, -1.0, 1e10]));
        }
    }
}

fn err(bytes: &[u8]) -> (K, usize) {
    let e = BinaryResource::parse(bytes).unwrap_err();
    (e.kind().clone(), e.offset())
}

fn patch(bytes: &[u8], at: usize, word: u32) -> Vec<u8> {
    let mut b = bytes.to_vec();
    b[at..at + 4].copy_from_slice(&word.to_le_bytes());
    b
}

#[test]
fn malformed_files_give_typed_errors_at_their_offsets() {
    let m = made(false, false, 3);
    BinaryResource::parse(&m.bytes).unwrap();
    let b = &m.bytes;
    assert_eq!(err(b"RSXC\0\0\0\0"), (K::BadMagic, 0));
    assert_eq!(err(b""), (K::BadMagic, 0));
    assert_eq!(err(&b[..12]), (K::UnexpectedEnd, 12));
    for v in [0, 7, u32::MAX] {
        assert_eq!(err(&patch(b, 20, v)), (K::UnsupportedVersion(v), 20));
    }
    for v in 1..=6 {
        BinaryResource::parse(&patch(b, 20, v)).unwrap();
    }
    assert_eq!(err(&patch(b, 12, 5)), (K::UnsupportedEngine(5), 12));
    // Counts claiming 2^31 items fail before anything is reserved for them.
    assert_eq!(
        err(&patch(b, m.strings_at, 1 << 31)),
        (K::CountTooLarge(1 << 31), m.strings_at)
    );
    let at = m.packed_count_at;
    assert_eq!(err(&patch(b, at, 1 << 31)), (K::CountTooLarge(1 << 31), at));
    assert_eq!(
        err(&patch(b, m.first_name_at, 99)),
        (K::StringIndex { index: 99, len: 5 }, m.first_name_at)
    );
    assert_eq!(
        err(&patch(b, m.first_name_at + 4, 19)),
        (K::UnknownType(19), m.first_name_at + 4)
    );
    // Table entries that all point at one body: reading stops once the bodies read add
    // up to more than the file (the work stays linear in the input).
    let many = made_with(false, false, 3, 8);
    let body = u64::from_le_bytes(
        many.bytes[many.offset_at..many.offset_at + 8]
            .try_into()
            .unwrap(),
    );
    let (kind, at) = err(&many.bytes);
    assert_eq!(kind, K::Overlap(body));
    assert!(
        at > many.offset_at && (at - many.offset_at) % (8 + 4 + 23) == 0,
        "{at}"
    );
    let far = patch(b, m.offset_at, 0xFFFF);
    assert_eq!(err(&far), (K::BadOffset(0xFFFF), m.offset_at));
    // Invalid UTF-8 in a string-table entry (the first name, "i").
    let mut bad = b.clone();
    bad[m.strings_at + 8] = 0xFF;
    assert_eq!(err(&bad), (K::BadUtf8, m.strings_at + 8));
    // An internal reference to a resource the file does not list.
    let mut obj = b.clone();
    let at = m.first_name_at + 4;
    obj[at..at + 12].copy_from_slice(&[24, 0, 0, 0, 2, 0, 0, 0, 9, 0, 0, 0]);
    assert_eq!(err(&obj), (K::InternalIndex(9), at + 8));
    assert_eq!(err(&patch(&obj, at + 4, 3)), (K::ExternalIndex(9), at + 8));
    assert_eq!(
        err(&patch(&obj, at + 4, 7)),
        (K::UnknownObjectKind(7), at + 4)
    );

    // Nesting: 256 levels read, 257 do not (at the 257th Array's type id).
    let ok = made(false, false, 256);
    BinaryResource::parse(&ok.bytes).unwrap();
    let deep = made(false, false, 300);
    assert_eq!(err(&deep.bytes), (K::TooDeep, deep.deep_at + 256 * 8));
    let opts = BinaryOptions::new().max_depth(2);
    let e = BinaryResource::parse_with(&m.bytes, &opts).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (&K::TooDeep, m.deep_at + 16));

    // The engines' files: a real offset of each kind.
    let gradient = std::fs::read(dir("g4").join("gradient.res")).unwrap();
    assert_eq!(
        err(&patch(&gradient, 101, 1 << 31)),
        (K::CountTooLarge(1 << 31), 101)
    );
    assert_eq!(
        err(&patch(&gradient, 298, 99)),
        (K::StringIndex { index: 99, len: 7 }, 298)
    );
    let custom = std::fs::read(dir("g4").join("custom_full.res")).unwrap();
    let e = BinaryResource::parse_with(&custom, &BinaryOptions::new().max_depth(1)).unwrap_err();
    assert_eq!(e.kind(), &K::TooDeep);
    let id = u32::from_le_bytes(custom[e.offset()..e.offset() + 4].try_into().unwrap());
    assert!(id == 26 || id == 30, "a Dictionary or an Array: {id}");

    // Compressed input given to the plain reader, and damaged compressed files.
    let z = std::fs::read(dir("g4").join("custom_full_z.res")).unwrap();
    assert_eq!(err(&z), (K::Compressed, 0));
    let options = BinaryOptions::default();
    for cut in [4, 16, z.len() / 2, z.len() - 1] {
        let e = decompress(&z[..cut], &options).unwrap_err();
        assert!(matches!(e.kind(), K::Container(_)), "{cut}: {e}");
    }
    let small = BinaryOptions::new().max_unpacked(1000);
    assert!(matches!(
        decompress(&z, &small).unwrap_err().kind(),
        K::Container(_)
    ));
    assert_eq!(
        decompress(b"RSXC", &options).unwrap_err().kind(),
        &K::BadMagic
    );
}

#[test]
fn every_truncation_of_every_fixture_is_an_error_not_a_panic() {
    let mut checked = 0;
    let options = BinaryOptions::default();
    for case in cases() {
        if case.bytes.starts_with(b"RSCC") {
            // Through the container (its plain twin, `custom_full.res`, is cut below).
            for n in 0..case.bytes.len() {
                assert!(decompress(&case.bytes[..n], &options).is_err());
            }
            continue;
        }
        let bytes = &case.bytes;
        // The file ends with `RSRC` again, after the main resource: reading stops before.
        for n in 0..bytes.len() - 4 {
            let e = BinaryResource::parse(&bytes[..n]).unwrap_err();
            assert!(
                matches!(
                    e.kind(),
                    K::UnexpectedEnd | K::CountTooLarge(_) | K::BadOffset(_) | K::BadMagic
                ),
                "{} cut at {n}: {e}",
                case.what()
            );
            assert!(e.offset() <= n, "{} cut at {n}: {e}", case.what());
            checked += 1;
        }
        BinaryResource::parse(bytes).unwrap();
    }
    assert!(checked > 20_000, "{checked}");
}

#[test]
fn mutated_fixtures_never_panic() {
    // A small in-process stand-in for the fuzz target (fuzz/fuzz_targets/resource_binary.rs):
    // each plain fixture with bytes and words overwritten at random (a fixed seed), read
    // and converted; errors must point inside the input.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let words = [
        0u32,
        1,
        2,
        3,
        24,
        26,
        30,
        35,
        0x7FFF_FFFF,
        0x8000_0000,
        u32::MAX,
    ];
    for case in cases().iter().filter(|c| c.bytes.starts_with(b"RSRC")) {
        for _ in 0..2000 {
            let mut b = case.bytes.clone();
            for _ in 0..1 + next() % 3 {
                let at = (next() % b.len() as u64) as usize;
                if next() % 2 == 0 && at + 4 <= b.len() {
                    let w = words[(next() % words.len() as u64) as usize];
                    b[at..at + 4].copy_from_slice(&w.to_le_bytes());
                } else {
                    b[at] = next() as u8;
                }
            }
            match BinaryResource::parse(&b) {
                Err(e) => assert!(e.offset() <= b.len(), "{}: {e}", case.what()),
                Ok(res) => {
                    if let Ok(doc) = res.to_document() {
                        for s in std::iter::once(&doc.header).chain(&doc.sections) {
                            for e in s.attrs.iter().chain(&s.props) {
                                assert!(e.get(doc.dialect).is_some(), "{}", case.what());
                            }
                        }
                        super::resource_binary_write::writes_back(&doc, &case.what());
                    }
                }
            }
        }
    }
}
