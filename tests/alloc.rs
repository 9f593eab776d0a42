//! Memory never grows with what the input claims (issue 5).
//!
//! This test binary installs a counting global allocator. Counts are kept per thread (a
//! `thread_local!` with a `const` initialiser, which never allocates), so the tests can run
//! on libtest's threads in parallel: each measures only what its own thread allocates.
//!
//! - A count of 2^31 − 1 (Array, Dictionary, PackedFloat32Array, PackedStringArray,
//!   NodePath) in at most 16 bytes: `VariantRef::parse` fails with `LengthOutOfBounds` and
//!   makes **zero** allocations.
//! - Parsing every engine-written fixture and walking all of it (every element, key,
//!   property, string, packed element, NodePath component) makes **zero** allocations.
//! - `Display` of a dictionary allocates O(entries): its pairs, noted for the engines'
//!   sorted key order, one dictionary at a time; its peak memory is that of the largest
//!   dictionary, not of the file.
//! - The one-pass reader (`VariantRef::visit`, `VariantRef::events`) allocates nothing.

// The allocator is the one place here that needs `unsafe` (`GlobalAlloc` is an unsafe
// trait).
#![allow(unsafe_code)]

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt::{self, Write as _};

use gdvariant::{Dialect, ErrorKind, ObjectRef, VariantRef};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static BYTES: Cell<u64> = const { Cell::new(0) };
    /// Bytes allocated and not yet freed on this thread, and their highest value.
    static LIVE: Cell<i64> = const { Cell::new(0) };
    static PEAK: Cell<i64> = const { Cell::new(0) };
}

fn note(size: usize) {
    // `try_with`: during thread teardown the slots may be gone; those allocations are not
    // inside any measurement.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
    let _ = BYTES.try_with(|c| c.set(c.get() + size as u64));
}

/// Live bytes change by `delta`.
fn live(delta: i64) {
    let _ = LIVE.try_with(|l| {
        l.set(l.get() + delta);
        let _ = PEAK.try_with(|p| p.set(p.get().max(l.get())));
    });
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged; the
// bookkeeping touches only const-initialised thread-locals (no allocation, no re-entry).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        live(layout.size() as i64);
        // SAFETY: same contract as ours.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        live(layout.size() as i64);
        // SAFETY: same contract as ours.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size);
        live(new_size as i64 - layout.size() as i64);
        // SAFETY: same contract as ours.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        live(-(layout.size() as i64));
        // SAFETY: same contract as ours.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations (calls to alloc/alloc_zeroed/realloc) and bytes requested on this thread,
/// and the most bytes live at once above what was live before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Usage {
    allocations: u64,
    bytes: u64,
    peak: u64,
}

/// Runs `f` and returns what it allocated on this thread.
fn measure<R>(f: impl FnOnce() -> R) -> (R, Usage) {
    let before = (ALLOCATIONS.with(Cell::get), BYTES.with(Cell::get));
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let result = f();
    let after = (ALLOCATIONS.with(Cell::get), BYTES.with(Cell::get));
    (
        result,
        Usage {
            allocations: after.0 - before.0,
            bytes: after.1 - before.1,
            peak: (PEAK.with(Cell::get) - base).max(0) as u64,
        },
    )
}

const I32_MAX: u32 = i32::MAX as u32;

fn words(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

#[test]
fn the_counter_sees_allocations() {
    let (v, usage) = measure(|| vec![0u8; 1000]);
    assert_eq!(v.len(), 1000);
    assert_eq!(usage.allocations, 1);
    assert!(usage.bytes >= 1000);
}

#[test]
fn counts_of_2_pow_31_allocate_nothing() {
    // (name, dialect, bytes): each at most 16 bytes, each claiming 2^31 - 1 items.
    let cases: Vec<(&str, Dialect, Vec<u8>)> = vec![
        ("Array g4", Dialect::Godot4, words(&[28, I32_MAX])),
        (
            "Array g4 + one int",
            Dialect::Godot4,
            words(&[28, I32_MAX, 2, 7]),
        ),
        ("Array g3", Dialect::Godot3, words(&[19, I32_MAX])),
        ("Dictionary g4", Dialect::Godot4, words(&[27, I32_MAX])),
        (
            "Dictionary g3 + key",
            Dialect::Godot3,
            words(&[18, I32_MAX, 4, 0]),
        ),
        (
            "PackedFloat32Array g4",
            Dialect::Godot4,
            words(&[32, I32_MAX]),
        ),
        ("PoolRealArray g3", Dialect::Godot3, words(&[22, I32_MAX])),
        (
            "PackedStringArray g4",
            Dialect::Godot4,
            words(&[34, I32_MAX, 0]),
        ),
        ("PoolStringArray g3", Dialect::Godot3, words(&[23, I32_MAX])),
        (
            "NodePath g4 (names)",
            Dialect::Godot4,
            words(&[22, u32::MAX, 0, 0]),
        ),
        (
            "NodePath g3 (subnames)",
            Dialect::Godot3,
            words(&[15, 1 << 31, I32_MAX, 0]),
        ),
        (
            "String g4 (length)",
            Dialect::Godot4,
            words(&[4, I32_MAX, 0, 0]),
        ),
    ];
    for (name, dialect, bytes) in &cases {
        assert!(bytes.len() <= 16, "{name}: {} bytes", bytes.len());
        let (result, usage) = measure(|| VariantRef::parse(bytes, *dialect).map(|_| ()));
        let err = result.expect_err(name);
        assert_eq!(err.kind(), ErrorKind::LengthOutOfBounds, "{name}: {err}");
        assert_eq!(
            usage,
            Usage {
                allocations: 0,
                bytes: 0,
                peak: 0
            },
            "{name}: parse allocated"
        );
    }
}

#[test]
fn deep_and_wide_hostile_inputs_allocate_nothing() {
    // 100,000 nested arrays (rejected at depth 1025) and a dictionary claiming 10^7 pairs.
    let mut deep = Vec::new();
    for _ in 0..100_000 {
        deep.extend(words(&[28, 1]));
    }
    let wide = words(&[27, 10_000_000, 4, 1, u32::from_le_bytes(*b"k\0\0\0"), 2, 1]);
    for (name, bytes, kind) in [
        ("deep", &deep, ErrorKind::TooDeep),
        ("wide", &wide, ErrorKind::LengthOutOfBounds),
    ] {
        let (result, usage) = measure(|| VariantRef::parse(bytes, Dialect::Godot4).map(|_| ()));
        assert_eq!(result.unwrap_err().kind(), kind, "{name}");
        assert_eq!(usage.allocations, 0, "{name}: parse allocated");
    }
}

/// Touches every part of a value without allocating; returns a checksum so that nothing
/// is optimised away.
fn walk(v: VariantRef<'_>) -> u64 {
    let mut sum = Sum(v.ty() as u64 + v.encoded().len() as u64);
    sum += v.as_int().unwrap_or(0) as u64;
    sum += v.as_float().map_or(0, f64::to_bits);
    sum += v.as_bool().map_or(0, u64::from);
    sum += v.as_str().map_or(0, |s| s.len() as u64);
    if let Some(m) = v.as_math() {
        sum += (0..m.len())
            .filter_map(|i| m.get(i))
            .map(f64::to_bits)
            .fold(0, u64::wrapping_add);
    }
    if let Some(p) = v.as_node_path() {
        sum += p
            .names()
            .chain(p.subnames())
            .map(|s| s.as_str().len() as u64)
            .fold(0, u64::wrapping_add);
    }
    if let Some(s) = v.as_signal() {
        sum += (s.name().as_str().len() as u64).wrapping_add(s.object_id());
    }
    if let Some(o) = v.as_object() {
        match o {
            ObjectRef::Null => sum += 1,
            ObjectRef::Id(id) => sum += id,
            ObjectRef::Full(full) => {
                sum += full.class().as_str().len() as u64;
                for (name, value) in full.properties() {
                    sum += (name.as_str().len() as u64).wrapping_add(walk(value));
                }
            }
        }
    }
    if let Some(a) = v.as_array() {
        sum += a.iter().map(walk).fold(0, u64::wrapping_add);
    }
    if let Some(d) = v.as_dictionary() {
        sum += d
            .iter()
            .map(|(k, x)| walk(k).wrapping_add(walk(x)))
            .fold(0, u64::wrapping_add);
    }
    if let Some(p) = v.as_packed() {
        sum += p
            .as_bytes()
            .iter()
            .map(|&b| u64::from(b))
            .fold(0, u64::wrapping_add);
        if let Some(strings) = p.strings() {
            sum += strings
                .iter()
                .map(|s| s.as_str().len() as u64)
                .fold(0, u64::wrapping_add);
        }
        if let Some(f) = p.as_f32() {
            sum += f
                .iter()
                .map(|x| u64::from(x.to_bits()))
                .fold(0, u64::wrapping_add);
        }
        if let Some(f) = p.as_f64() {
            sum += f.iter().map(f64::to_bits).fold(0, u64::wrapping_add);
        }
        if let Some(i) = p.as_i64() {
            sum += i.iter().map(|x| x as u64).fold(0, u64::wrapping_add);
        }
        if let Some(c) = p.as_color() {
            sum += c
                .iter()
                .map(|x| u64::from(x[3].to_bits()))
                .fold(0, u64::wrapping_add);
        }
    }
    sum.0
}

/// Runs `f` on a thread with a 256 MiB stack (`walk` recurses once per nesting level,
/// and the deepest fixture has 1000 levels: too deep for a debug build's default test
/// stack). Counters are per thread, so `f` must measure inside.
fn on_big_stack<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn_scoped(s, f)
            .unwrap()
            .join()
            .unwrap()
    })
}

/// A wrapping checksum.
struct Sum(u64);

impl std::ops::AddAssign<u64> for Sum {
    fn add_assign(&mut self, x: u64) {
        self.0 = self.0.wrapping_add(x);
    }
}

#[test]
fn parsing_and_walking_every_fixture_allocates_nothing() {
    let mut checked = 0;
    for engine in ["g32", "g36", "g4"] {
        for case in common::cases(engine) {
            let bytes = case.value_bytes();
            let dialect = case.dialect();
            let (sum, usage) = on_big_stack(|| {
                measure(|| match VariantRef::parse(bytes, dialect) {
                    Ok(v) => Some(walk(v)),
                    Err(_) => None,
                })
            });
            if bytes.is_empty() {
                continue;
            }
            assert!(sum.is_some(), "{engine}/{}: does not parse", case.name);
            assert_eq!(
                usage.allocations, 0,
                "{engine}/{}: parse + walk allocated {usage:?}",
                case.name
            );
            checked += 1;
        }
    }
    assert!(checked >= 300, "only {checked} fixtures");
    // The example by name.
    let nested = std::fs::read(common::fixtures_dir().join("g4/dict_nested.bin")).unwrap();
    let (sum, usage) = measure(|| walk(VariantRef::parse(&nested, Dialect::Godot4).unwrap()));
    assert!(sum > 0);
    assert_eq!(usage.allocations, 0, "dict_nested: {usage:?}");
}

/// A `fmt::Write` that keeps only a length and a hash: printing into it allocates nothing
/// by itself.
#[derive(Default)]
struct Sink {
    len: usize,
    hash: u64,
}

impl fmt::Write for Sink {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.len += s.len();
        for b in s.bytes() {
            self.hash = (self.hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        Ok(())
    }
}

/// `{"k0": 0, "k1": 1, ...}` with `n` pairs, Godot 4 bytes.
fn dictionary(n: u32) -> Vec<u8> {
    let mut out = words(&[27, n]);
    for i in 0..n {
        let key = format!("k{i}");
        let pad = (4 - key.len() % 4) % 4;
        out.extend(words(&[4, key.len() as u32]));
        out.extend(key.as_bytes());
        out.extend(std::iter::repeat_n(0, pad));
        out.extend(words(&[2, i]));
    }
    out
}

/// The text writer's one output buffer (16 KiB and a little room).
const TEXT_BUFFER: u64 = (16 << 10) + 256;

#[test]
fn display_of_a_dictionary_allocates_o_entries() {
    let mut per_entry = Vec::new();
    for n in [0u32, 1, 10, 100, 1000, 10_000] {
        let bytes = dictionary(n);
        let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
        let mut sink = Sink::default();
        let ((), usage) = measure(|| write!(sink, "{value}").unwrap());
        assert!(sink.len > 0);
        // The output buffer and the walk's stack of open containers; then, for the
        // engines' sorted key order, the dictionary's pairs (noted where they are), their
        // keys' sort, and the text of the short pairs rendered while noted, a buffer that
        // grows by doubling: O(log entries) allocations.
        let bound = 7 + 3 * (n + 1).ilog2() / 2;
        assert!(
            usage.allocations <= u64::from(bound),
            "{n} entries: {} allocations (bound {bound})",
            usage.allocations
        );
        // O(entries): a bounded number of bytes per entry (56 for the noted pair, its
        // sort key and place in the order, its rendered text, and the doubling's slack).
        assert!(
            usage.bytes <= TEXT_BUFFER + 256 + 120 * u64::from(n),
            "{n} entries: {} bytes",
            usage.bytes
        );
        per_entry.push((n, usage));
    }
    // Nested: a vector per dictionary printed at the most, none per scalar.
    let nested = std::fs::read(common::fixtures_dir().join("g4/dict_nested.bin")).unwrap();
    let value = VariantRef::parse(&nested, Dialect::Godot4).unwrap();
    let mut sink = Sink::default();
    let ((), usage) = measure(|| write!(sink, "{value}").unwrap());
    assert!(
        usage.allocations <= 1 + 3 * 4,
        "dict_nested: 4 dictionaries, {} allocations",
        usage.allocations
    );
    let note =
        format!("alloc: Display of n-entry dictionaries: {per_entry:?}; dict_nested: {usage:?}\n");
    let _ = std::io::Write::write_all(&mut std::io::stderr(), note.as_bytes());
}

#[test]
fn display_memory_is_bounded_by_the_largest_dictionary_not_the_file() {
    // An Array of 2,000 dictionaries of 100 pairs each: printing it holds one dictionary's
    // pairs at a time, so the peak is that of one 100-pair dictionary, not 2,000 of them.
    let one = dictionary(100);
    let mut bytes = words(&[28, 2000]);
    for _ in 0..2000 {
        bytes.extend_from_slice(&one);
    }
    let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    let mut sink = Sink::default();
    let ((), usage) = measure(|| write!(sink, "{value}").unwrap());
    let single = VariantRef::parse(&one, Dialect::Godot4).unwrap();
    let ((), one_usage) = measure(|| write!(Sink::default(), "{single}").unwrap());
    assert!(
        usage.peak <= one_usage.peak + 1024,
        "peak {} for 2,000 dictionaries, {} for one",
        usage.peak,
        one_usage.peak
    );
    assert!(usage.peak < 64 << 10, "peak {}", usage.peak);
}

#[test]
fn the_one_pass_reader_allocates_nothing_on_every_fixture() {
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            let Ok(v) = VariantRef::parse(c.value_bytes(), c.dialect()) else {
                continue;
            };
            let (seen, usage) = measure(|| {
                let mut seen = 0u64;
                for event in v.events() {
                    seen += 1 + match event {
                        gdvariant::Event::Value(gdvariant::Value::String(s)) => {
                            s.as_str().len() as u64
                        }
                        gdvariant::Event::Property(name) => name.as_str().len() as u64,
                        _ => 0,
                    };
                }
                seen
            });
            assert!(seen > 0);
            assert_eq!(usage.allocations, 0, "{engine}/{}", c.name);
            // The visitor too.
            let (seen, usage) = measure(|| {
                let mut seen = 0u64;
                v.for_each_value(|value| {
                    seen += 1 + match value {
                        gdvariant::Value::String(s) => s.as_str().len() as u64,
                        _ => 0,
                    }
                });
                seen
            });
            assert!(seen > 0);
            assert_eq!(usage.allocations, 0, "visit {engine}/{}", c.name);
        }
    }
}

/// A frame whose 4-byte prefix is split across chunks is still buffered in one exactly
/// sized allocation once the prefix is complete (not grown chunk by chunk, which would
/// reallocate ~log2(size) times and reserve up to twice the frame).
#[test]
fn a_straddling_frame_with_a_split_prefix_is_reserved_exactly() {
    use gdvariant::frame::{FrameDecoder, FrameOptions};
    const BODY: usize = 1 << 20;
    // put_var(PackedByteArray of BODY - 8 bytes): prefix, header, count, bytes.
    let mut stream = words(&[BODY as u32, 29, (BODY - 8) as u32]);
    stream.resize(4 + BODY, 0xAB);
    let mut decoder = FrameDecoder::new(FrameOptions::new(Dialect::Godot4));
    let mut frames = 0;
    let ((), usage) = measure(|| {
        let (first, rest) = stream.split_at(2);
        decoder.feed(first, |_| frames += 1);
        let (second, rest) = rest.split_at(2 + 100);
        decoder.feed(second, |_| frames += 1);
        for chunk in rest.chunks(4096) {
            decoder.feed(chunk, |frame| {
                assert_eq!(frame.unwrap().as_packed().unwrap().len(), BODY - 8);
                frames += 1;
            });
        }
    });
    assert_eq!(frames, 1);
    // The 2 prefix bytes (one small allocation), then one reservation of the whole frame.
    assert!(usage.allocations <= 2, "{usage:?}");
    assert!(usage.bytes <= (4 + BODY + 64) as u64, "{usage:?}");
}

/// `Builder::value` copies math values (f32, f64 and i32 components) straight from the
/// wire into a reserved output: no temporary allocation per value.
#[test]
fn builder_value_copies_math_without_allocating() {
    use gdvariant::Builder;
    // Vector2 (f32), Vector2 with the 64-bit flag (f64), Vector3i (i32): Godot 4 ids 5, 5, 10.
    let mut blobs = vec![words(&[5, 1.5f32.to_bits(), (-2.0f32).to_bits()])];
    let mut wide = words(&[5 | 1 << 16]);
    for x in [0.1f64, 1e300] {
        wide.extend_from_slice(&x.to_le_bytes());
    }
    blobs.push(wide);
    blobs.push(words(&[10, 1, (-2i32) as u32, 3]));
    for blob in &blobs {
        let value = VariantRef::parse(blob, Dialect::Godot4).unwrap();
        let mut out = Vec::with_capacity(64);
        let (result, usage) = measure(|| Builder::new(&mut out, Dialect::Godot4).value(value));
        result.unwrap();
        assert_eq!(&out, blob, "copied byte for byte");
        assert_eq!(usage.allocations, 0, "{value}: {usage:?}");
    }
}

#[test]
fn json_and_text_stream_long_strings_and_packed_arrays_in_bounded_memory() {
    // A PackedVector3Array of 1M vectors (12 MB), a PackedByteArray of 3 MB and a 2 MB
    // string: each prints to many megabytes, and the writers hand their buffer on as it
    // fills, so the peak stays that of the buffer.
    let mut pv3 = words(&[36, 1_000_000]);
    pv3.extend((0..3_000_000u32).flat_map(|i| (i as f32 * 0.25).to_le_bytes()));
    let mut bytes = words(&[29, 3 << 20]);
    bytes.extend((0..3u32 << 20).map(|i| (i * 7) as u8));
    let text = "a\"b\\c\n".repeat(350_000);
    let mut string = words(&[4, text.len() as u32]);
    string.extend(text.as_bytes());
    string.extend(std::iter::repeat_n(0, (4 - text.len() % 4) % 4));
    for (name, blob) in [("pv3", &pv3), ("bytes", &bytes), ("string", &string)] {
        let value = VariantRef::parse(blob, Dialect::Godot4).unwrap();
        let mut out = CountingWriter::default();
        let (result, usage) = measure(|| {
            gdvariant::json::write(&mut out, value, &gdvariant::json::WriteOptions::new())
        });
        result.unwrap();
        assert!(out.len > 2_000_000, "{name}: {} bytes of JSON", out.len);
        assert!(usage.peak < 256 << 10, "{name}: JSON peak {}", usage.peak);
        let mut sink = Sink::default();
        let ((), usage) = measure(|| write!(sink, "{value}").unwrap());
        assert!(sink.len > 2_000_000, "{name}: {} bytes of text", sink.len);
        assert!(usage.peak < 256 << 10, "{name}: text peak {}", usage.peak);
    }
}

/// An `io::Write` that counts bytes and keeps none.
#[derive(Default)]
struct CountingWriter {
    len: usize,
}

impl std::io::Write for CountingWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.len += buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// serde: deserializing allocates only what the target type holds, and serializing into a
/// buffer with room allocates nothing.
#[test]
fn serde_allocates_only_what_the_target_holds() {
    use serde::{Deserialize, Serialize};
    #[derive(Deserialize, Serialize, Clone, Copy, PartialEq, Debug)]
    struct Entry {
        id: i64,
        v: f32,
    }
    // {"k0": {"id": 0, "v": 0.0}, …}, 1,000 pairs (the bench blob's shape).
    let n = 1000u32;
    let mut bytes = Vec::new();
    let mut dict = gdvariant::Builder::new(&mut bytes, Dialect::Godot4)
        .dictionary()
        .unwrap();
    for i in 0..n {
        let mut e = dict.entry(&format!("k{i}")).dictionary().unwrap();
        e.entry("id").int(i64::from(i)).unwrap();
        e.entry("v").float(f64::from(i) * 0.5).unwrap();
        e.finish().unwrap();
    }
    dict.finish().unwrap();

    // Borrowed keys, plain values: the one Vec, sized once from the count.
    let (pairs, usage) =
        measure(|| gdvariant::from_bytes::<Vec<(&str, Entry)>>(&bytes, Dialect::Godot4).unwrap());
    assert_eq!(pairs.len(), n as usize);
    assert_eq!(usage.allocations, 1, "{usage:?}");
    assert_eq!(usage.bytes, u64::from(n) * 32, "{usage:?}");

    // A struct of borrowed and fixed-size fields: nothing.
    #[derive(Deserialize)]
    struct First<'a> {
        #[serde(borrow)]
        k0: Entry2<'a>,
    }
    #[derive(Deserialize)]
    struct Entry2<'a> {
        id: i64,
        #[serde(default)]
        note: Option<&'a str>,
    }
    let (first, usage) =
        measure(|| gdvariant::from_bytes::<First>(&bytes, Dialect::Godot4).unwrap());
    assert_eq!((first.k0.id, first.k0.note), (0, None));
    assert_eq!(usage.allocations, 0, "{usage:?}");

    // Writing the pairs back into a buffer with room: nothing.
    struct AsMap<'a>(&'a [(&'a str, Entry)]);
    impl Serialize for AsMap<'_> {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
        }
    }
    let mut out = Vec::with_capacity(bytes.len());
    let (result, usage) =
        measure(|| gdvariant::to_writer(&mut out, &AsMap(&pairs), Dialect::Godot4));
    result.unwrap();
    assert_eq!(out, bytes);
    assert_eq!(usage.allocations, 0, "{usage:?}");
}
