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
        split_count: 1,
        chunk_bytes: 1,
    },
    Limits {
        split_bytes: 16,
        split_count: 2,
        chunk_bytes: 1,
    },
    Limits {
        split_bytes: 200,
        split_count: 5,
        chunk_bytes: 64,
    },
    Limits {
        split_bytes: 4096,
        split_count: 100,
        chunk_bytes: 1024,
    },
    Limits {
        split_bytes: 1 << 20,
        split_count: 1 << 30,
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

/// A value past the real threshold goes the cut way through the public `write`, and
/// writes what the serial writer writes; one under it does not.
#[test]
fn public_write_cuts_a_large_value() {
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
