//! Differential testing against the real engines (issue 5): mutate the engine-written
//! fixtures, decode every mutant with us and with the engines, compare.
//!
//! A seeded generator (SplitMix64, fixed seed: the same mutants every run) makes a few
//! thousand mutants per dialect from the fixtures in `tests/fixtures/` (up to 8 KiB each):
//! bit flips (anywhere, and in value headers), type-byte changes, length/count tweaks on
//! the first payload words of values (0, ±1, 2^31 − 1, 2^31, 2^32 − 1, …), truncations,
//! interesting bytes (UTF-8 lead bytes, 0xFF, …), deleted and duplicated words. Godot 3
//! mutants go to both Godot 3 engines (3.2.3 and 3.6.2), Godot 4 mutants to 4.6.3: one
//! engine run per engine for all its mutants (`support::decode_all`). A mutant of a
//! `__fo` fixture is decoded with objects allowed (by the engine, and by us with
//! `allow_full_objects`), every other mutant with objects refused on both sides.
//!
//! Compared: accept/reject, the text when both accept (`text(TextStyle::Godot32/Godot36/
//! Godot4)` against the engine's `var2str`/`var_to_str`), and for Godot 4 the bytes
//! consumed (`parse_prefix` against `decode_var_size`). Every disagreement must match one
//! of the documented classes below (each a rule over the bytes and both results); an
//! unclassified disagreement fails the test. A summary table goes to stderr.
//!
//! Ignored in plain `cargo test`; `tools/engines/test.sh` runs it. `GDVARIANT_DIFF_MUTANTS=N` changes the
//! number of mutants per dialect (default 5000); `GDVARIANT_DIFF_SHOW=<class>` lists every
//! disagreement of one class.

use crate::common;
use crate::support;

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;

use std::path::PathBuf;
use std::time::Instant;

use gdvariant::text::TextStyle;
use gdvariant::{
    ContainerType, Dialect, Error, ErrorKind, GdStr, Limits, ObjectRef, ParseOptions, VariantRef,
    VariantType,
};
use support::{Case, Function, Outcome};

/// SplitMix64: small, fast, deterministic.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// A fixture to mutate.
struct Seed {
    name: String,
    bytes: Vec<u8>,
    full_objects: bool,
    /// Header offsets of every value in it.
    nodes: Vec<usize>,
}

struct Mutant {
    name: String,
    seed: usize,
    what: String,
    bytes: Vec<u8>,
}

fn node_offsets(v: VariantRef<'_>, out: &mut Vec<usize>) {
    out.push(v.offset());
    if let Some(a) = v.as_array() {
        a.iter().for_each(|x| node_offsets(x, out));
    }
    if let Some(d) = v.as_dictionary() {
        d.iter().for_each(|(k, x)| {
            node_offsets(k, out);
            node_offsets(x, out);
        });
    }
    if let Some(ObjectRef::Full(o)) = v.as_object() {
        o.properties().for_each(|(_, x)| node_offsets(x, out));
    }
}

fn seeds(dialect: Dialect) -> Vec<Seed> {
    let engines: &[&'static str] = match dialect {
        Dialect::Godot3 => &["g32", "g36"],
        _ => &["g4"],
    };
    let mut seeds = Vec::new();
    for &engine in engines {
        for case in common::cases(engine) {
            let bytes = case.value_bytes().to_vec();
            if bytes.is_empty() || bytes.len() > 8 * 1024 {
                continue;
            }
            let Ok(v) = VariantRef::parse(&bytes, dialect) else {
                continue;
            };
            let mut nodes = Vec::new();
            node_offsets(v, &mut nodes);
            seeds.push(Seed {
                name: format!("{engine}/{}", case.name),
                full_objects: case.name.contains("__fo"),
                bytes,
                nodes,
            });
        }
    }
    seeds
}

const INTERESTING_WORDS: [u32; 14] = [
    0,
    1,
    2,
    3,
    4,
    0x7f,
    0x80,
    0xff,
    0x100,
    0x7fff_ffff,
    0x8000_0000,
    0x8000_0001,
    0xffff_ffff,
    0xffff_fffe,
];
const INTERESTING_BYTES: [u8; 10] = [0x00, 0x01, 0x7f, 0x80, 0xc0, 0xc1, 0xed, 0xef, 0xf8, 0xff];

fn word(bytes: &[u8], at: usize) -> Option<u32> {
    bytes
        .get(at..at + 4)
        .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
}

fn set_word(bytes: &mut [u8], at: usize, w: u32) {
    if let Some(b) = bytes.get_mut(at..at + 4) {
        b.copy_from_slice(&w.to_le_bytes());
    }
}

/// One mutation of `bytes` in place; returns what it did.
fn mutate(rng: &mut Rng, seed: &Seed, bytes: &mut Vec<u8>, type_count: u32) -> String {
    let len = bytes.len();
    let node = seed.nodes[rng.below(seed.nodes.len())];
    match rng.below(8) {
        0 => {
            let bit = rng.below(len * 8);
            bytes[bit / 8] ^= 1 << (bit % 8);
            format!("flip bit {bit}")
        }
        1 => {
            // A bit of a value header: the type byte, byte 1, or the flag bits 16-23/31.
            let bit = [0, 1, 2, 3, 4, 5, 8, 16, 17, 18, 19, 20, 24, 31][rng.below(14)];
            let w = word(bytes, node).unwrap_or(0) ^ (1 << bit);
            set_word(bytes, node, w);
            format!("header@{node} bit {bit}")
        }
        2 => {
            let id = if rng.chance(90) {
                rng.below(type_count as usize + 2) as u32
            } else {
                255
            };
            let w = (word(bytes, node).unwrap_or(0) & !0xff) | id;
            set_word(bytes, node, w);
            format!("header@{node} type {id}")
        }
        3 => {
            // A length or count: one of the first payload words of a value.
            let at = node + 4 * (1 + rng.below(3));
            let old = word(bytes, at).unwrap_or(0);
            let new = match rng.below(6) {
                0 => old.wrapping_add(1),
                1 => old.wrapping_sub(1),
                2 => old.wrapping_mul(2),
                3 => old | 0x8000_0000,
                4 => old.wrapping_add(4),
                _ => INTERESTING_WORDS[rng.below(INTERESTING_WORDS.len())],
            };
            set_word(bytes, at, new);
            format!("word@{at} {old:#x}->{new:#x}")
        }
        4 => {
            let mut cut = rng.below(len);
            if rng.chance(50) {
                cut &= !3;
            }
            bytes.truncate(cut);
            format!("truncate to {cut}")
        }
        5 => {
            let at = rng.below(len.div_ceil(4)) * 4;
            let new = INTERESTING_WORDS[rng.below(INTERESTING_WORDS.len())];
            set_word(bytes, at, new);
            format!("word@{at} = {new:#x}")
        }
        6 => {
            let at = rng.below(len);
            let b = INTERESTING_BYTES[rng.below(INTERESTING_BYTES.len())];
            bytes[at] = b;
            format!("byte@{at} = {b:#04x}")
        }
        _ => {
            let at = rng.below(len.div_ceil(4)) * 4;
            if rng.chance(50) && at + 4 <= len {
                bytes.drain(at..at + 4);
                format!("delete word@{at}")
            } else {
                let w = word(bytes, at).unwrap_or(0).to_le_bytes();
                let at = at.min(len);
                bytes.splice(at..at, w);
                format!("duplicate word@{at}")
            }
        }
    }
}

fn mutants(dialect: Dialect, seeds: &[Seed], count: usize) -> Vec<Mutant> {
    let (tag, type_count, seed) = match dialect {
        Dialect::Godot3 => ("g3", 27, 0x6d75_7461_6e74_3033),
        _ => ("g4", 39, 0x6d75_7461_6e74_3034),
    };
    let mut rng = Rng(seed);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut attempts = 0;
    while out.len() < count && attempts < count * 20 {
        attempts += 1;
        let s = rng.below(seeds.len());
        let seed = &seeds[s];
        let mut bytes = seed.bytes.clone();
        let mut what = mutate(&mut rng, seed, &mut bytes, type_count);
        if rng.chance(25) && !bytes.is_empty() {
            what += "; ";
            what += &mutate(&mut rng, seed, &mut bytes, type_count);
        }
        if bytes == seed.bytes || !seen.insert(bytes.clone()) {
            continue;
        }
        out.push(Mutant {
            name: format!("{tag}_{:05}", out.len()),
            seed: s,
            what,
            bytes,
        });
    }
    out
}

// ---------------------------------------------------------------------------------------
// Our side and the classification of disagreements.

/// What we do with a mutant, in one engine's text style.
enum Ours<'a> {
    Accept {
        value: VariantRef<'a>,
        text: String,
        consumed: usize,
    },
    Reject(Error),
}

fn ours<'a>(bytes: &'a [u8], dialect: Dialect, full_objects: bool, style: TextStyle) -> Ours<'a> {
    let options = ParseOptions::new()
        .limits(Limits::new().allow_full_objects(full_objects))
        .strict(false);
    match VariantRef::parse_prefix_with(bytes, dialect, &options) {
        Ok((value, consumed)) => Ours::Accept {
            value,
            text: value.text(style).to_string(),
            consumed,
        },
        Err(e) => Ours::Reject(e),
    }
}

/// The documented classes of disagreement. Each has a rule (`classify`) and a reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    /// The engine process died (or hung until its timeout) on the mutant.
    EngineCrash,
    /// Godot 3's UTF-8 decoder accepts surrogates, code points above U+10FFFF, the 5/6-byte
    /// forms and 3/4-byte overlongs (see `godot3_lenient_utf8`); we reject them as
    /// `InvalidUtf8`.
    Godot3Utf8,
    /// Godot 3.2.3 has no decoding depth limit; we stop at 1024 like 3.6 and 4.x.
    Godot32Depth,
    /// With objects allowed the engine instantiates classes: it refuses unknown or
    /// non-instantiable classes and bad `script` paths, and prints the instance's own
    /// properties; we keep full objects as inert data.
    ObjectInstantiation,
    /// Object-typed containers: without objects the engine types them as
    /// EncodedObjectAsID whatever the bytes say; with objects it loads SCRIPT paths.
    ObjectTypedContainer,
    /// A typed container holding elements of another type: the engine's push_back/set
    /// drops (or converts) them; we show every element as encoded.
    TypedElementMismatch,
    /// A dictionary with duplicate keys: the engine keeps the last pair; we show all.
    DuplicateKeys,
    /// A NodePath whose name and subname counts add up past 2^32: the engine adds them in
    /// 32 bits and reads the wrapped (small) total; we reject the count as out of bounds
    /// (negative as Godot's int32, or more components than bytes).
    NodePathCountWraps,
    /// Godot 4 math with the 64-bit flag (double-precision `real_t` types): these
    /// single-precision engines read the doubles and narrow them to f32; our text shows
    /// the doubles, as a double-precision build prints them.
    DoubleMathNarrowed,
    /// Godot 4's decode_var_size counts a byte array's padding even where the input ends
    /// before it; we report the bytes actually consumed.
    UnpaddedByteArrayConsumed,
}

impl Class {
    fn reason(self) -> &'static str {
        match self {
            Class::EngineCrash => "the engine crashed or hung (exit status recorded); we return",
            Class::Godot3Utf8 => {
                "Godot 3 accepts surrogates, > U+10FFFF, 5/6-byte forms and 3/4-byte overlongs; \
                 we reject them (safer: only valid UTF-8 leaves the parser)"
            }
            Class::Godot32Depth => "Godot 3.2.3 has no depth limit; we stop at 1024 (safer)",
            Class::ObjectInstantiation => {
                "the engine instantiates full objects (class database, setters, scripts); \
                 we keep inert data"
            }
            Class::ObjectTypedContainer => {
                "object-typed container: engine erases the class (objects off) or loads the \
                 script (objects on); we show the bytes"
            }
            Class::TypedElementMismatch => {
                "typed container with mismatched elements: engine drops/converts them; we \
                 show them as encoded"
            }
            Class::DuplicateKeys => "duplicate dictionary keys: engine keeps the last pair",
            Class::NodePathCountWraps => {
                "NodePath names + subnames wrap around 2^32 in the engine; we reject the \
                 count (safer: the engine reads fewer components than the header says)"
            }
            Class::DoubleMathNarrowed => {
                "64-bit math read by a single-precision engine is narrowed to f32; we print \
                 the doubles"
            }
            Class::UnpaddedByteArrayConsumed => {
                "decode_var_size counts byte-array padding cut off by the end of the input"
            }
        }
    }
}

/// Godot's view of a string's raw bytes: up to the first NUL, without a leading BOM.
fn godot_view(raw: &[u8]) -> &[u8] {
    let text = raw.split(|&b| b == 0).next().unwrap_or(raw);
    text.strip_prefix(b"\xef\xbb\xbf").unwrap_or(text)
}

/// Is `bytes` well-formed "extended" UTF-8 as Godot 3's decoder reads it (measured on
/// 3.2.3 and 3.6.2): the lead/continuation structure holds, but surrogates (ED A0-BF ..),
/// code points above U+10FFFF (F4 90.., F5-F7), the 5- and 6-byte forms (F8-FD) and
/// 3/4-byte overlongs (E0 80-9F .., F0 80-8F ..) are let through. Godot 3 still rejects
/// 2-byte overlongs (C0, C1) and some longer overlongs (those that decode to U+0000): this
/// rule is a superset, asked only for strings the engine accepted and Rust rejects.
fn godot3_lenient_utf8(bytes: &[u8]) -> bool {
    let mut i = 0;
    while i < bytes.len() {
        let extra = match bytes[i] {
            0x00..=0x7f => 0,
            0xc2..=0xdf => 1,
            0xe0..=0xef => 2,
            0xf0..=0xf7 => 3,
            0xf8..=0xfb => 4,
            0xfc..=0xfd => 5,
            _ => return false,
        };
        for k in 1..=extra {
            match bytes.get(i + k) {
                Some(&c) if c & 0xc0 == 0x80 => {}
                _ => return false,
            }
        }
        i += 1 + extra;
    }
    true
}

/// Visits every value (no recursion limit concerns: parse bounded the depth).
fn any_value(v: VariantRef<'_>, f: &mut impl FnMut(VariantRef<'_>) -> bool) -> bool {
    if f(v) {
        return true;
    }
    if let Some(a) = v.as_array() {
        if a.iter().any(|x| any_value(x, f)) {
            return true;
        }
    }
    if let Some(d) = v.as_dictionary() {
        if d.iter().any(|(k, x)| any_value(k, f) || any_value(x, f)) {
            return true;
        }
    }
    if let Some(ObjectRef::Full(o)) = v.as_object() {
        if o.properties().any(|(_, x)| any_value(x, f)) {
            return true;
        }
    }
    false
}

fn has_full_object(v: VariantRef<'_>) -> bool {
    any_value(v, &mut |x| {
        matches!(x.as_object(), Some(ObjectRef::Full(_)))
    })
}

fn object_typed(t: ContainerType<GdStr<'_>>) -> bool {
    matches!(
        t,
        ContainerType::ClassName(_)
            | ContainerType::Script(_)
            | ContainerType::Builtin(VariantType::Object)
    )
}

fn has_object_typed_container(v: VariantRef<'_>) -> bool {
    any_value(v, &mut |x| {
        x.as_array().is_some_and(|a| object_typed(a.element_type()))
            || x.as_dictionary()
                .is_some_and(|d| object_typed(d.key_type()) || object_typed(d.value_type()))
    })
}

fn mismatched(t: ContainerType<GdStr<'_>>, element: VariantRef<'_>) -> bool {
    match t {
        ContainerType::Builtin(VariantType::Nil) | ContainerType::Untyped => false,
        ContainerType::Builtin(ty) => element.ty() != ty,
        // Object-typed: any non-object element (null included) may be dropped.
        _ => element.ty() != VariantType::Object,
    }
}

fn has_typed_mismatch(v: VariantRef<'_>) -> bool {
    any_value(v, &mut |x| {
        if let Some(a) = x.as_array() {
            let t = a.element_type();
            if a.iter().any(|e| mismatched(t, e)) {
                return true;
            }
        }
        if let Some(d) = x.as_dictionary() {
            let (kt, vt) = (d.key_type(), d.value_type());
            if d.iter()
                .any(|(k, e)| mismatched(kt, k) || mismatched(vt, e))
            {
                return true;
            }
        }
        false
    })
}

fn has_duplicate_keys(v: VariantRef<'_>, style: TextStyle) -> bool {
    any_value(v, &mut |x| {
        x.as_dictionary().is_some_and(|d| {
            let mut keys = HashSet::new();
            d.iter()
                .any(|(k, _)| !keys.insert((k.ty() as u8, k.text(style).to_string())))
        })
    })
}

/// Is `at` the name or subname count of a NodePath whose counts (names with bit 31
/// masked, subnames, one more for flag bit 1) add up to 2^32 or more?
fn node_path_total_wraps(bytes: &[u8], at: usize) -> bool {
    let node_path = |header: u32| {
        let id = header & 0xff;
        id == 15 || id == 22 // Godot 3, Godot 4
    };
    [at.wrapping_sub(4), at.wrapping_sub(8)]
        .into_iter()
        .any(|h| {
            let (Some(header), Some(names), Some(subnames), Some(flags)) = (
                word(bytes, h),
                word(bytes, h.wrapping_add(4)),
                word(bytes, h.wrapping_add(8)),
                word(bytes, h.wrapping_add(12)),
            ) else {
                return false;
            };
            let total =
                u64::from(names & 0x7fff_ffff) + u64::from(subnames) + u64::from(flags >> 1 & 1);
            node_path(header) && names & 0x8000_0000 != 0 && total >= 1 << 32
        })
}

/// Does the value hold Godot 4 real_t math or packed vectors with the 64-bit flag?
fn has_wide_real_math(v: VariantRef<'_>) -> bool {
    any_value(v, &mut |x| {
        x.is_double() && (x.as_math().is_some() || x.as_packed().is_some())
    })
}

/// Does the value end with a byte array whose padding the input cuts off?
fn ends_with_unpadded_byte_array(bytes: &[u8], dialect: Dialect) -> bool {
    let byte_array = match dialect {
        Dialect::Godot3 => 20,
        _ => 29,
    };
    let Ok((v, consumed)) = VariantRef::parse_prefix(bytes, dialect) else {
        return false;
    };
    let mut last = None;
    any_value(v, &mut |x| {
        if x.ty() == VariantType::PackedByteArray
            && x.offset() + x.encoded().len() == consumed
            && word(bytes, x.offset()).is_some_and(|w| w & 0xff == byte_array)
        {
            last = Some(x.encoded().len());
        }
        false
    });
    last.is_some_and(|len| len % 4 != 0)
}

/// The class of a disagreement between `ours` and `engine`, or `None` if no rule explains
/// it.
fn classify(
    engine: &str,
    bytes: &[u8],
    ours: &Ours<'_>,
    outcome: &Outcome,
    style: TextStyle,
    full_objects: bool,
) -> Option<Class> {
    if matches!(outcome, Outcome::Crashed { .. }) {
        return Some(Class::EngineCrash);
    }
    match (ours, outcome) {
        (Ours::Reject(e), Outcome::Accepted { .. }) => {
            let g3 = engine != "g4";
            if g3 && e.kind() == ErrorKind::InvalidUtf8 {
                let at = e.offset();
                let len = word(bytes, at.wrapping_sub(4))? as usize;
                let raw = bytes.get(at..at.checked_add(len)?)?;
                let view = godot_view(raw);
                if std::str::from_utf8(view).is_err() && godot3_lenient_utf8(view) {
                    return Some(Class::Godot3Utf8);
                }
            }
            if engine == "g32" && e.kind() == ErrorKind::TooDeep {
                return Some(Class::Godot32Depth);
            }
            if e.kind() == ErrorKind::LengthOutOfBounds && node_path_total_wraps(bytes, e.offset())
            {
                return Some(Class::NodePathCountWraps);
            }
            None
        }
        (Ours::Accept { value, .. }, _) => {
            if full_objects && has_full_object(*value) {
                return Some(Class::ObjectInstantiation);
            }
            if has_object_typed_container(*value) {
                return Some(Class::ObjectTypedContainer);
            }
            if matches!(outcome, Outcome::Accepted { .. }) {
                if has_typed_mismatch(*value) {
                    return Some(Class::TypedElementMismatch);
                }
                if has_duplicate_keys(*value, style) {
                    return Some(Class::DuplicateKeys);
                }
                if engine == "g4" && has_wide_real_math(*value) {
                    return Some(Class::DoubleMathNarrowed);
                }
            }
            None
        }
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------
// The test.

#[derive(Default)]
struct Tally {
    mutants: usize,
    both_accept: usize,
    both_reject: usize,
    agree: usize,
    consumed_checked: usize,
    classes: BTreeMap<Class, usize>,
    consumed_classes: BTreeMap<Class, usize>,
    unclassified: Vec<String>,
    examples: BTreeMap<Class, String>,
}

fn describe(o: &Outcome) -> String {
    match o {
        Outcome::Accepted { text, .. } => format!("accepts {:?}", cut(text)),
        Outcome::Rejected { messages } => format!("rejects ({})", cut(&messages.join(" | "))),
        Outcome::Crashed { status } => format!("crashes (exit {status})"),
    }
}

fn describe_ours(o: &Ours<'_>) -> String {
    match o {
        Ours::Accept { text, .. } => format!("accept {:?}", cut(text)),
        Ours::Reject(e) => format!("reject: {e}"),
    }
}

fn cut(s: &str) -> String {
    if s.chars().count() > 160 {
        format!("{}…", s.chars().take(160).collect::<String>())
    } else {
        s.to_string()
    }
}

fn hex(bytes: &[u8]) -> String {
    let shown: String = bytes.iter().take(96).map(|b| format!("{b:02x}")).collect();
    if bytes.len() > 96 {
        format!("{shown}… ({} bytes)", bytes.len())
    } else {
        shown
    }
}

#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn mutants_agree_with_the_engines() {
    let oracle = support::require(&["g32", "g36", "g4"]);
    // The classifiers recurse per nesting level (up to 1025 levels).
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || run(oracle))
        .unwrap()
        .join()
        .unwrap();
}

fn run(oracle: PathBuf) {
    let started = Instant::now();
    let count: usize = std::env::var("GDVARIANT_DIFF_MUTANTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5000);
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("differential");
    // GDVARIANT_DIFF_SHOW=<Class> lists every disagreement of that class.
    let show = std::env::var("GDVARIANT_DIFF_SHOW").ok();
    let dialects = [Dialect::Godot3, Dialect::Godot4];
    let pools: Vec<(Vec<Seed>, Vec<Mutant>)> = dialects
        .iter()
        .map(|&d| {
            let seeds = seeds(d);
            let mutants = mutants(d, &seeds, count);
            (seeds, mutants)
        })
        .collect();
    let generated = started.elapsed();

    let jobs: [(&str, usize); 3] = [("g32", 0), ("g36", 0), ("g4", 1)];
    let results: Vec<(Vec<Outcome>, usize, f64)> = std::thread::scope(|s| {
        let handles: Vec<_> = jobs
            .iter()
            .map(|&(engine, pool)| {
                let (pools, oracle, root) = (&pools, &oracle, &root);
                s.spawn(move || {
                    let t = Instant::now();
                    let (seeds, mutants) = &pools[pool];
                    let cases: Vec<Case> = mutants
                        .iter()
                        .map(|m| Case {
                            name: m.name.clone(),
                            bytes: m.bytes.clone(),
                            function: Function::Raw,
                            full_objects: seeds[m.seed].full_objects,
                        })
                        .collect();
                    let (outcomes, runs) =
                        support::decode_all(oracle, engine, &root.join(engine), &cases, 300);
                    (outcomes, runs, t.elapsed().as_secs_f64())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });

    let mut report = String::new();
    let mut failures = Vec::new();
    let _ = writeln!(
        report,
        "differential: {} Godot 3 mutants (from {} fixtures), {} Godot 4 mutants (from {} \
         fixtures), generated in {:.1} s",
        pools[0].1.len(),
        pools[0].0.len(),
        pools[1].1.len(),
        pools[1].0.len(),
        generated.as_secs_f64()
    );
    let _ = writeln!(
        report,
        "{:<6} {:>7} {:>7} {:>7} {:>9} {:>9} {:>7}  disagreements by class",
        "engine", "mutants", "agree", "rate", "both-acc", "both-rej", "runs"
    );
    for ((engine, pool), (outcomes, runs, secs)) in jobs.iter().zip(&results) {
        let (seeds, mutants) = &pools[*pool];
        let dialect = dialects[*pool];
        let style = support::style(engine);
        let mut tally = Tally::default();
        for (m, outcome) in mutants.iter().zip(outcomes) {
            tally.mutants += 1;
            let full_objects = seeds[m.seed].full_objects;
            let ours = ours(&m.bytes, dialect, full_objects, style);
            let agree = match (&ours, outcome) {
                (Ours::Reject(_), Outcome::Rejected { .. }) => {
                    tally.both_reject += 1;
                    true
                }
                (
                    Ours::Accept { text, consumed, .. },
                    Outcome::Accepted {
                        text: theirs,
                        consumed: their_consumed,
                        ..
                    },
                ) => {
                    tally.both_accept += 1;
                    // Godot 4 also says how many bytes it consumed.
                    if let Some(c) = their_consumed {
                        tally.consumed_checked += 1;
                        if *c != *consumed as i64 && text == theirs {
                            if ends_with_unpadded_byte_array(&m.bytes, dialect) {
                                *tally
                                    .consumed_classes
                                    .entry(Class::UnpaddedByteArrayConsumed)
                                    .or_default() += 1;
                            } else {
                                tally.unclassified.push(format!(
                                    "{engine} {} (seed {}, {}): we consume {consumed} bytes, \
                                     the engine {c}\n    bytes {}",
                                    m.name,
                                    seeds[m.seed].name,
                                    m.what,
                                    hex(&m.bytes)
                                ));
                            }
                        }
                    }
                    text == theirs
                }
                _ => false,
            };
            if agree {
                tally.agree += 1;
                continue;
            }
            match classify(engine, &m.bytes, &ours, outcome, style, full_objects) {
                Some(class) => {
                    if show.as_deref() == Some(format!("{class:?}").as_str()) {
                        let _ = writeln!(
                            report,
                            "  [{class:?}] {engine} {} (seed {}, {}): ours {}, engine {}",
                            m.name,
                            seeds[m.seed].name,
                            m.what,
                            describe_ours(&ours),
                            describe(outcome)
                        );
                    }
                    *tally.classes.entry(class).or_default() += 1;
                    tally.examples.entry(class).or_insert_with(|| {
                        format!(
                            "{} (seed {}, {}): ours {}, engine {}",
                            m.name,
                            seeds[m.seed].name,
                            m.what,
                            describe_ours(&ours),
                            describe(outcome)
                        )
                    });
                }
                None => tally.unclassified.push(format!(
                    "{engine} {} (seed {}, {}{}):\n    ours   {}\n    engine {}\n    bytes  {}",
                    m.name,
                    seeds[m.seed].name,
                    m.what,
                    if full_objects {
                        ", objects allowed"
                    } else {
                        ""
                    },
                    describe_ours(&ours),
                    describe(outcome),
                    hex(&m.bytes)
                )),
            }
        }
        let classes: Vec<String> = tally
            .classes
            .iter()
            .map(|(c, n)| format!("{c:?} {n}"))
            .chain(
                tally
                    .consumed_classes
                    .iter()
                    .map(|(c, n)| format!("{c:?} {n} (consumed only)")),
            )
            .chain(
                (!tally.unclassified.is_empty())
                    .then(|| format!("UNCLASSIFIED {}", tally.unclassified.len())),
            )
            .collect();
        let _ = writeln!(
            report,
            "{engine:<6} {:>7} {:>7} {:>6.2}% {:>9} {:>9} {:>7}  {}",
            tally.mutants,
            tally.agree,
            100.0 * tally.agree as f64 / tally.mutants.max(1) as f64,
            tally.both_accept,
            tally.both_reject,
            format!("{runs}/{secs:.0}s"),
            if classes.is_empty() {
                "none".to_string()
            } else {
                classes.join(", ")
            }
        );
        if tally.consumed_checked > 0 {
            let _ = writeln!(
                report,
                "{:<6} consumed bytes compared on {} mutants both accept",
                "", tally.consumed_checked
            );
        }
        for (class, example) in &tally.examples {
            let _ = writeln!(
                report,
                "    {class:?}: {}\n      e.g. {example}",
                class.reason()
            );
        }
        failures.extend(tally.unclassified);
    }
    let _ = writeln!(
        report,
        "differential: {:.1} s in all; files in {}",
        started.elapsed().as_secs_f64(),
        root.display()
    );
    support::report("differential", &report);
    assert!(
        failures.is_empty(),
        "{} unclassified disagreements:\n{}",
        failures.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
