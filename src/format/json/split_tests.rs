//! The cut writer against the serial one: the same bytes, for every fixture put together
//! in Arrays and Dictionaries (nested, empty, typed, with large leaves), compact and
//! pretty, at thresholds small enough that every path is taken.

#![allow(clippy::indexing_slicing)] // tests: a panic is a failure
use super::*;
use crate::write::Builder;
use alloc::string::String;
use std::path::PathBuf;

/// Every fixture value of one engine folder, re-encoded (values nested deeper than a few
/// hundred levels are left out, so that the composites stay inside the parse limit).
fn fixture_values(folder: &str, dialect: Dialect) -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(folder);
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "bin"))
        .filter(|p| !p.to_string_lossy().contains("deep"))
        .collect();
    names.sort();
    let mut values = Vec::new();
    for path in names {
        let bytes = std::fs::read(&path).unwrap();
        let Ok((value, _)) = VariantRef::parse_prefix(&bytes, dialect) else {
            continue;
        };
        let mut out = Vec::new();
        if Builder::new(&mut out, dialect).value(value).is_ok() {
            values.push(out);
        }
    }
    assert!(values.len() > 20, "{folder}: {} values", values.len());
    values
}

/// Arrays and Dictionaries of the fixture values, nested, with a large packed array and
/// a large plain Array inside.
fn composites(values: &[Vec<u8>], dialect: Dialect) -> Vec<Vec<u8>> {
    let parsed: Vec<VariantRef<'_>> = values
        .iter()
        .map(|v| VariantRef::parse(v, dialect).unwrap())
        .collect();
    let n = parsed.len();
    let mut all = Vec::new();
    // An Array of every value.
    let mut out = Vec::new();
    let mut array = Builder::new(&mut out, dialect).array().unwrap();
    for v in &parsed {
        array.push().value(*v).unwrap();
    }
    array.finish().unwrap();
    all.push(out);
    // A Dictionary whose keys and values are the fixture values.
    let mut out = Vec::new();
    let mut dict = Builder::new(&mut out, dialect).dictionary().unwrap();
    for (i, v) in parsed.iter().enumerate() {
        let key = parsed[(i * 7 + 3) % n];
        dict.entry_with(|k| k.value(key)).value(*v).unwrap();
    }
    dict.finish().unwrap();
    all.push(out);
    // Both, nested, with empty containers, many small children and large leaves.
    let mut out = Vec::new();
    let mut root = Builder::new(&mut out, dialect).dictionary().unwrap();
    root.entry("array")
        .value(VariantRef::parse(&all[0], dialect).unwrap())
        .unwrap();
    {
        let mut inner = root.entry("nested").array().unwrap();
        inner
            .push()
            .value(VariantRef::parse(&all[1], dialect).unwrap())
            .unwrap();
        inner.push().array().unwrap().finish().unwrap();
        inner.push().dictionary().unwrap().finish().unwrap();
        let mut many = inner.push().array().unwrap();
        for i in 0..3000 {
            many.push().int(i * 977).unwrap();
        }
        many.finish().unwrap();
        let floats: Vec<[f32; 3]> = (0..700).map(|i| [i as f32 * 0.1, -1.5, 1e30]).collect();
        inner.push().packed_vector3(&floats).unwrap();
        inner.finish().unwrap();
    }
    {
        let mut players = root.entry("players").dictionary().unwrap();
        for i in 0..400 {
            let mut p = players.entry(&alloc::format!("p{i}")).dictionary().unwrap();
            p.entry("id").int(i).unwrap();
            p.entry("hp").float(i as f64 * 0.5).unwrap();
            p.entry("name").string("a \"quoted\"\nname").unwrap();
            p.finish().unwrap();
        }
        players.finish().unwrap();
    }
    root.entry_with(|k| k.value(VariantRef::parse(&all[0], dialect).unwrap()))
        .string("an Array as a key")
        .unwrap();
    root.finish().unwrap();
    all.push(out);
    all
}

/// A pool of several threads (the cut path's jobs need one).
fn pool() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap()
}

const SMALL: [Limits; 5] = [
    Limits {
        split_bytes: 1,
        chunk_bytes: 1,
    },
    Limits {
        split_bytes: 16,
        chunk_bytes: 1,
    },
    Limits {
        split_bytes: 200,
        chunk_bytes: 64,
    },
    Limits {
        split_bytes: 4096,
        chunk_bytes: 1024,
    },
    Limits {
        split_bytes: 1 << 20,
        chunk_bytes: 1 << 12,
    },
];

#[test]
fn cut_output_is_the_serial_output() {
    let pool = pool();
    let mut checked = 0;
    for (folder, dialect) in [
        ("g32", Dialect::Godot3),
        ("g36", Dialect::Godot3),
        ("g4", Dialect::Godot4),
        ("pandemonium/pma", Dialect::PandemoniumA),
        ("pandemonium/pmb", Dialect::PandemoniumB),
        ("pandemonium/pmc", Dialect::PandemoniumC),
    ] {
        let values = fixture_values(folder, dialect);
        for bytes in composites(&values, dialect) {
            let value = VariantRef::parse(&bytes, dialect).unwrap();
            for pretty in [false, true] {
                let mut want = Vec::new();
                write_serial(&mut want, value, pretty).unwrap();
                for limits in SMALL {
                    let mut got = Vec::new();
                    pool.install(|| write_with(&mut got, value, pretty, limits))
                        .unwrap();
                    if got != want {
                        let at = got.iter().zip(&want).take_while(|(a, b)| a == b).count();
                        panic!(
                            "{folder} pretty={pretty} {limits:?}: differs at byte {at}:\n{}\n---\n{}",
                            String::from_utf8_lossy(&want[at.saturating_sub(80)..(at + 80).min(want.len())]),
                            String::from_utf8_lossy(&got[at.saturating_sub(80)..(at + 80).min(got.len())]),
                        );
                    }
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 6 * 3 * 2 * SMALL.len());
}

/// A value past the real threshold: players and a mesh.
fn large_value() -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut root = Builder::new(&mut bytes, Dialect::Godot4)
        .dictionary()
        .unwrap();
    {
        let mut players = root.entry("players").dictionary().unwrap();
        for i in 0..60_000 {
            let mut p = players.entry(&alloc::format!("p{i}")).dictionary().unwrap();
            p.entry("id").int(i).unwrap();
            p.entry("hp").float((i % 100) as f64 * 0.5).unwrap();
            p.entry("name")
                .string(&alloc::format!("player {i}"))
                .unwrap();
            p.finish().unwrap();
        }
        players.finish().unwrap();
    }
    let mesh: Vec<[f32; 3]> = (0..200_000).map(|i| [i as f32, 0.5, -2.0]).collect();
    root.entry("mesh").packed_vector3(&mesh).unwrap();
    root.finish().unwrap();
    assert!(bytes.len() > SPLIT_BYTES);
    bytes
}

/// A value past the real threshold goes the cut way through the public `write`, and
/// writes what the serial writer writes; one under it does not.
#[test]
fn public_write_cuts_a_large_value() {
    let bytes = large_value();
    let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    pool().install(|| {
        assert!(worth(&value));
        for pretty in [false, true] {
            let options = crate::format::json::options::WriteOptions::new().pretty(pretty);
            let mut got = Vec::new();
            crate::format::json::entry::write(&mut got, value, &options).unwrap();
            let mut want = Vec::new();
            write_serial(&mut want, value, pretty).unwrap();
            assert!(
                got == want,
                "pretty={pretty}: {} against {}",
                got.len(),
                want.len()
            );
        }
    });
    // One thread: not cut.
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    one.install(|| assert!(!worth(&value)));
    // Small: not cut.
    let values = fixture_values("g4", Dialect::Godot4);
    let small = composites(&values, Dialect::Godot4);
    let small = VariantRef::parse(&small[0], Dialect::Godot4).unwrap();
    pool().install(|| assert!(!worth(&small)));
}

/// A writer that fails stops the cut walk with its error (and nothing hangs).
#[test]
fn a_failing_writer_stops_the_walk() {
    struct Fails(usize);
    impl Write for Fails {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.0 < buf.len() {
                return Err(io::Error::new(io::ErrorKind::BrokenPipe, "full"));
            }
            self.0 -= buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let values = fixture_values("g4", Dialect::Godot4);
    let all = composites(&values, Dialect::Godot4);
    let value = VariantRef::parse(&all[2], Dialect::Godot4).unwrap();
    let pool = pool();
    for budget in [0, 10, 1000, 30_000] {
        for limits in SMALL {
            let r = pool.install(|| write_with(&mut Fails(budget), value, true, limits));
            assert_eq!(r.unwrap_err().kind(), io::ErrorKind::BrokenPipe);
        }
    }
}

/// The walk run ahead (some pieces, or all of them, made before the writing starts; on
/// the value's bytes with more bytes after them) gives the serial writer's output too.
#[test]
fn cut_ahead_output_is_the_serial_output() {
    let pool = pool();
    let stop = AtomicBool::new(false);
    for (folder, dialect) in [("g36", Dialect::Godot3), ("g4", Dialect::Godot4)] {
        let values = fixture_values(folder, dialect);
        for bytes in composites(&values, dialect) {
            let value = VariantRef::parse(&bytes, dialect).unwrap();
            // The value, then bytes that are no part of it.
            let mut longer = bytes.clone();
            longer.extend_from_slice(&[27, 0, 0, 0, 9, 0, 0, 0, 4, 0, 0, 0]);
            let (value_in_longer, _) = VariantRef::parse_prefix(&longer, dialect).unwrap();
            for pretty in [false, true] {
                let mut want = Vec::new();
                write_serial(&mut want, value, pretty).unwrap();
                for limits in SMALL {
                    for pieces in [1, 5, usize::MAX] {
                        let mut cuts = Cuts::root(&longer, 0, dialect, pretty, limits).unwrap();
                        cuts.ahead(pieces, &stop);
                        assert!(cuts.adopt(&value_in_longer, pretty));
                        let mut got = Vec::new();
                        pool.install(|| write_cuts(&mut got, cuts, pretty)).unwrap();
                        assert!(
                            got == want,
                            "{folder} pretty={pretty} {limits:?} {pieces} ahead: {} against {}",
                            got.len(),
                            want.len()
                        );
                    }
                }
            }
        }
    }
}

/// A walk stopped before it starts makes no piece but the opening.
#[test]
fn a_stopped_walk_makes_nothing_ahead() {
    let values = fixture_values("g4", Dialect::Godot4);
    let bytes = &composites(&values, Dialect::Godot4)[2];
    let mut cuts = Cuts::root(bytes, 0, Dialect::Godot4, false, SMALL[0]).unwrap();
    cuts.ahead(usize::MAX, &AtomicBool::new(true));
    // The opening alone; the whole walk makes thousands.
    assert_eq!(cuts.queue.len(), 1);
    let mut all = Cuts::root(bytes, 0, Dialect::Godot4, false, SMALL[0]).unwrap();
    all.ahead(usize::MAX, &AtomicBool::new(false));
    assert!(
        all.frames.is_empty() && all.queue.len() > 1000,
        "{}",
        all.queue.len()
    );
}

/// The public [`Ahead`](crate::json::Ahead): cuts made on a large value's bytes are
/// taken for it (the same output as the serial writer); cuts made on other bytes (a copy,
/// a value differing in one int, a corrupted copy) or for other options are not, and
/// the value is written right all the same.
#[test]
fn ahead_cuts_are_taken_only_for_their_bytes() {
    use crate::format::json::ahead::Ahead;
    use crate::format::json::options::WriteOptions;
    let bytes = large_value();
    let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    // p0's id, 0, made 1 in a copy: the same length, other text.
    let at = bytes
        .windows(4)
        .position(|w| w == b"id\0\0")
        .expect("an id key")
        + 8;
    assert_eq!(bytes[at..at + 4], [0, 0, 0, 0]);
    let mut other = bytes.clone();
    other[at] = 1;
    let mut corrupt = bytes.clone();
    for i in (64..corrupt.len()).step_by(997) {
        corrupt[i] = corrupt[i].wrapping_mul(31).wrapping_add(7);
    }
    let stop = AtomicBool::new(false);
    pool().install(|| {
        for pretty in [false, true] {
            let options = WriteOptions::new().pretty(pretty);
            let mut want = Vec::new();
            write_serial(&mut want, value, pretty).unwrap();
            let mut cuts = Cuts::root(&bytes, 0, Dialect::Godot4, pretty, LIMITS).unwrap();
            assert!(cuts.adopt(&value, pretty));
            assert!(!cuts.adopt(&value, !pretty));
            let copy = bytes.clone();
            let sources: [(&[u8], Dialect, bool); 5] = [
                (&bytes, Dialect::Godot4, pretty),
                (&copy, Dialect::Godot4, pretty),
                (&other, Dialect::Godot4, pretty),
                (&corrupt, Dialect::Godot4, pretty),
                (&bytes, Dialect::Godot4, !pretty),
            ];
            for (source, dialect, ahead_pretty) in sources {
                let ahead_options = WriteOptions::new().pretty(ahead_pretty);
                let ahead = Ahead::cut(source, dialect, &ahead_options, &stop);
                let mut got = Vec::new();
                ahead.write(&mut got, value, &options).unwrap();
                assert!(got == want, "{} against {}", got.len(), want.len());
            }
            // And the value differing in one int, with cuts made on the first one.
            let other_value = VariantRef::parse(&other, Dialect::Godot4).unwrap();
            let mut want_other = Vec::new();
            write_serial(&mut want_other, other_value, pretty).unwrap();
            assert!(want_other != want);
            let ahead = Ahead::cut(&bytes, Dialect::Godot4, &options, &stop);
            let mut got = Vec::new();
            ahead.write(&mut got, other_value, &options).unwrap();
            assert!(got == want_other);
        }
    });
}

/// Random bytes, and a large value with bytes changed all through it: the walk ahead
/// ends (bounded) without panicking.
#[test]
fn cutting_ahead_takes_any_bytes() {
    let stop = AtomicBool::new(false);
    let mut x = 0x2545_f491_u32;
    let mut random = alloc::vec![0u8; 1 << 16];
    for b in random.iter_mut() {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        *b = (x % 40) as u8; // mostly small type ids and counts
    }
    for limits in SMALL {
        for start in [
            &[27u8, 0, 0, 0, 255, 255, 255, 127][..],
            &[28, 0, 0, 0, 0, 0, 0, 128],
            &[28, 0, 0, 0, 3, 0, 0, 0],
        ] {
            let mut bytes = start.to_vec();
            bytes.extend_from_slice(&random);
            for dialect in [Dialect::Godot4, Dialect::Godot3] {
                if let Some(mut cuts) = Cuts::root(&bytes, 0, dialect, true, limits) {
                    cuts.ahead(100_000, &stop);
                }
            }
        }
    }
}
