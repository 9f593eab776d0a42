//! The compact walk against independent references: the pretty walk with its whitespace
//! taken out, on every engine fixture (alone and gathered in an Array and a Dictionary);
//! and a reference writer of this file's own, on random Dictionaries whose keys have
//! every length from 0 to 40 (the short-key window is 16 bytes) and plain ASCII, escapes,
//! control characters and non-ASCII text, with ints, floats and strings as values.

#![allow(clippy::indexing_slicing, clippy::unwrap_used)] // tests: a panic is a failure
use super::*;
use crate::write::Builder;
use alloc::string::String;
use std::path::PathBuf;

/// `json` without the whitespace outside its strings.
fn minified(json: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(json.len());
    let (mut in_string, mut escaped) = (false, false);
    for &b in json {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
        } else if b == b'"' {
            in_string = true;
        } else if b == b' ' || b == b'\n' {
            continue;
        }
        out.push(b);
    }
    out
}

fn write(value: VariantRef<'_>, pretty: bool) -> Vec<u8> {
    let mut out = Vec::new();
    write_serial(&mut out, value, pretty).unwrap();
    out
}

/// Every fixture value of one engine folder, re-encoded alone, and all of them gathered in
/// an Array and as the keys and values of a Dictionary.
fn fixture_values(folder: &str, dialect: Dialect) -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(folder);
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "bin"))
        .collect();
    names.sort();
    let mut values = Vec::new();
    for path in names {
        let bytes = std::fs::read(&path).unwrap();
        if let Ok((value, _)) = VariantRef::parse_prefix(&bytes, dialect) {
            let mut out = Vec::new();
            if Builder::new(&mut out, dialect).value(value).is_ok() {
                values.push(out);
            }
        }
    }
    assert!(values.len() > 20, "{folder}: {} values", values.len());
    let shallow: Vec<VariantRef<'_>> = values
        .iter()
        .filter(|v| v.len() < 1 << 16)
        .map(|v| VariantRef::parse(v, dialect).unwrap())
        .collect();
    let mut gathered = Vec::new();
    let mut out = Vec::new();
    let mut array = Builder::new(&mut out, dialect).array().unwrap();
    for v in &shallow {
        array.push().value(*v).unwrap();
    }
    array.finish().unwrap();
    gathered.push(out);
    let mut out = Vec::new();
    let mut dict = Builder::new(&mut out, dialect).dictionary().unwrap();
    let n = shallow.len();
    for (i, v) in shallow.iter().enumerate() {
        dict.entry_with(|k| k.value(shallow[(i * 7 + 3) % n]))
            .value(*v)
            .unwrap();
    }
    dict.finish().unwrap();
    gathered.push(out);
    values.extend(gathered);
    values
}

#[test]
fn compact_is_pretty_without_its_whitespace_on_every_fixture() {
    let mut checked = 0;
    for (folder, dialect) in [
        ("g32", Dialect::Godot3),
        ("g36", Dialect::Godot3),
        ("g4", Dialect::Godot4),
        ("pandemonium/pma", Dialect::PandemoniumA),
        ("pandemonium/pmb", Dialect::PandemoniumB),
        ("pandemonium/pmc", Dialect::PandemoniumC),
    ] {
        for bytes in fixture_values(folder, dialect) {
            let value = VariantRef::parse(&bytes, dialect).unwrap();
            let compact = write(value, false);
            let pretty = write(value, true);
            assert_eq!(
                String::from_utf8(minified(&pretty)).unwrap(),
                String::from_utf8(compact).unwrap(),
                "{folder}"
            );
            checked += 1;
        }
    }
    assert!(checked > 120, "{checked}");
}

/// A small deterministic generator (xorshift), for these tests and the small path's.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A key or string of `len` bytes: plain ASCII, or with escapes, control characters and
/// non-ASCII characters mixed in (a multi-byte character may make it a little longer).
fn text(rng: &mut Rng, len: usize) -> String {
    const PIECES: [&str; 10] = [
        "\"", "\\", "\n", "\t", "\u{1}", "\u{1f}", "\u{7f}", "é", "€", "😀",
    ];
    let flavour = rng.below(3);
    let mut s = String::new();
    while s.len() < len {
        if flavour > 0 && rng.below(6) == 0 {
            s.push_str(PIECES[rng.below(PIECES.len() as u64) as usize]);
        } else {
            s.push(char::from(b' ' + rng.below(95) as u8));
        }
    }
    s
}

/// A value of a random Dictionary, and its JSON written by the reference writer.
enum Item {
    Int(i64),
    Float(f64),
    Str(String),
}

/// The reference string escape: `"`, `\`, `\n`, `\r`, `\t` by name, other control
/// characters as `\u00XX`, everything else as it is.
fn reference_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&alloc::format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn reference_item(out: &mut String, item: &Item) {
    match item {
        Item::Int(n) => out.push_str(&alloc::format!("{n}")),
        Item::Float(x) if x.is_nan() => out.push_str("{\"float\":\"nan\"}"),
        Item::Float(x) if x.is_infinite() => out.push_str(if *x > 0.0 {
            "{\"float\":\"inf\"}"
        } else {
            "{\"float\":\"-inf\"}"
        }),
        Item::Float(x) => {
            // The general float path, the shortest digits read back.
            let mut digits = Vec::new();
            crate::format::number::push_f64(&mut digits, *x);
            let text = String::from_utf8(digits).unwrap();
            assert_eq!(
                text.parse::<f64>().unwrap().to_bits(),
                x.to_bits(),
                "{text}"
            );
            out.push_str(&text);
        }
        Item::Str(s) => reference_string(out, s),
    }
}

fn random_item(rng: &mut Rng) -> Item {
    match rng.below(8) {
        0 => Item::Int(rng.next() as i64),
        1 => Item::Int(rng.below(200_000_000) as i64 - 100_000_000),
        2 => Item::Int([0, -1, i64::MIN, i64::MAX, 99_999_999, 100_000_000][rng.below(6) as usize]),
        3 => Item::Float(f64::from_bits(rng.next())),
        4 => Item::Float((rng.below(1 << 24) as f64 - 8e6) / f64::from(1u32 << rng.below(10))),
        5 => Item::Float(
            [
                0.0,
                -0.0,
                0.1,
                1e16,
                9_007_199_254_740_992.0,
                1e-5,
                f64::NAN,
                f64::INFINITY,
            ][rng.below(8) as usize],
        ),
        _ => {
            let len = rng.below(41) as usize;
            Item::Str(text(rng, len))
        }
    }
}

#[test]
fn random_dictionaries_match_the_reference_writer() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for round in 0..300 {
        for dialect in [Dialect::Godot4, Dialect::Godot3] {
            // Keys of every length 0..=40, each once, in a shuffled order; nested
            // Dictionaries `{"id": int, "v": float}` beside the other values.
            let mut lengths: Vec<usize> = (0..=40).collect();
            for i in (1..lengths.len()).rev() {
                lengths.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let mut bytes = Vec::new();
            let mut want = String::from("{\"Dictionary\":[");
            let mut dict = Builder::new(&mut bytes, dialect).dictionary().unwrap();
            for (i, &len) in lengths.iter().enumerate() {
                let key = text(&mut rng, len);
                if i > 0 {
                    want.push(',');
                }
                want.push('[');
                reference_string(&mut want, &key);
                want.push(',');
                if rng.below(3) == 0 {
                    let (id, v) = (rng.below(1 << 20) as i64, rng.below(1 << 20) as f64 * 0.5);
                    let mut inner = dict.entry(&key).dictionary().unwrap();
                    inner.entry("id").int(id).unwrap();
                    inner.entry("v").float(v).unwrap();
                    inner.finish().unwrap();
                    want.push_str("{\"Dictionary\":[[\"id\",");
                    reference_item(&mut want, &Item::Int(id));
                    want.push_str("],[\"v\",");
                    reference_item(&mut want, &Item::Float(v));
                    want.push_str("]]}");
                } else {
                    let item = random_item(&mut rng);
                    let entry = dict.entry(&key);
                    match &item {
                        Item::Int(n) => entry.int(*n).unwrap(),
                        Item::Float(x) => entry.float(*x).unwrap(),
                        Item::Str(s) => entry.string(s).unwrap(),
                    }
                    reference_item(&mut want, &item);
                }
                want.push(']');
            }
            dict.finish().unwrap();
            want.push_str("]}");
            let value = VariantRef::parse(&bytes, dialect).unwrap();
            let got = String::from_utf8(write(value, false)).unwrap();
            assert_eq!(got, want, "round {round}, {dialect:?}");
            let pretty = write(value, true);
            assert_eq!(String::from_utf8(minified(&pretty)).unwrap(), want);
        }
    }
}

/// `value` in compact form by the walk of every node (the small containers' path off):
/// the reference for the small containers' path.
fn every_node(value: VariantRef<'_>) -> Vec<u8> {
    let mut out = Vec::new();
    let (mut j, result) = walk_small::<_, false>(Json::new(&mut out, false), value, false);
    result.unwrap();
    j.flush().unwrap();
    drop(j);
    out
}

/// Floats of every kind the small containers meet: short binary fractions and integers
/// (and ones just too large for their routes), zeros, NaN, infinities, random bits,
/// exact decimals that are no short binary fraction, values at the edges of the
/// decimals laid out from their shortest digits (1e-4 and 1e15).
fn random_float(rng: &mut Rng) -> f64 {
    match rng.below(8) {
        6 => rng.below(1 << 30) as f64 / f64::from(1u32 << (9 + rng.below(20))),
        7 => {
            let x: f64 = [1e-4, 1e15, 1e8, 9_007_199_254_740_992.0][rng.below(4) as usize];
            let x = [x, x.next_down(), x.next_up()][rng.below(3) as usize];
            if rng.below(2) == 0 {
                -x
            } else {
                x
            }
        }
        0 => f64::from_bits(rng.next()),
        1 => f64::from(f32::from_bits(rng.next() as u32)),
        2 => (rng.below(1 << 34) as f64 - (1u64 << 33) as f64) / f64::from(1u32 << rng.below(10)),
        3 => rng.below(200_000_000) as f64 * 0.5 - 5e7,
        4 => [
            0.0,
            -0.0,
            f64::NAN,
            -f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            1e8,
            1e16,
            0.1,
        ][rng.below(9) as usize],
        _ => (rng.below(1 << 24) as f64 - 8e6) / 256.0,
    }
}

fn random_int(rng: &mut Rng) -> i64 {
    match rng.below(4) {
        0 => rng.next() as i64,
        1 => rng.below(200_000_002) as i64 - 100_000_001,
        2 => [
            0,
            -1,
            i64::MIN,
            i64::MAX,
            i32::MIN.into(),
            i32::MAX.into(),
            99_999_999,
            -100_000_000,
        ][rng.below(8) as usize],
        _ => rng.below(1000) as i64,
    }
}

/// A random value for a small container: a leaf of any type the dialect has (mostly),
/// sometimes a container or a packed array (which the walk then writes).
fn random_child(rng: &mut Rng, b: Builder<'_, Vec<u8>>, dialect: Dialect, nested: bool) {
    use crate::wire::types::VariantType as T;
    let has = |ty: T| ty.id(dialect).is_some();
    let f32s = |rng: &mut Rng, n: usize| -> Vec<f32> {
        (0..n).map(|_| random_float(rng) as f32).collect()
    };
    match rng.below(24) {
        0 => b.nil(),
        1 => b.bool(rng.below(2) == 0),
        2..=5 => b.int(random_int(rng)),
        6..=9 => b.float(random_float(rng)),
        10..=12 => {
            let len = [0, 1, 8, 15, 16, 17, 40, 300][rng.below(8) as usize];
            b.string(&text(rng, len))
        }
        13 if has(T::StringName) && dialect == Dialect::Godot4 => b.string_name(&text(rng, 5)),
        14 | 15 => b.vector2([random_float(rng) as f32, random_float(rng) as f32]),
        16 => b.vector3([0, 1, 2].map(|_| random_float(rng) as f32)),
        17 => {
            let ty = [
                T::Rect2,
                T::Color,
                T::Transform2D,
                T::Plane,
                T::Quaternion,
                T::Basis,
            ][rng.below(6) as usize];
            let n = match ty {
                T::Transform2D => 6,
                T::Basis => 9,
                _ => 4,
            };
            b.math(ty, &f32s(rng, n))
        }
        18 if has(T::Vector2i) => b.math_i32(T::Vector2i, &[rng.next() as i32, -7]),
        19 => match rng.below(3) {
            0 => b.object_null(),
            1 => b.object_id(rng.next()),
            _ if dialect.rid_payload() => b.rid(rng.next()),
            _ => b.nil(),
        },
        20 if nested => {
            // A small Dictionary inside: the walk writes the outer one, this one whole.
            let mut inner = b.dictionary().unwrap();
            for _ in 0..rng.below(4) {
                let key = text(rng, 3);
                random_child(rng, inner.entry(&key), dialect, false);
            }
            inner.finish()
        }
        21 if nested => {
            let mut inner = b.array().unwrap();
            for _ in 0..rng.below(4) {
                random_child(rng, inner.push(), dialect, false);
            }
            inner.finish()
        }
        22 => b.packed_f32(&f32s(rng, 3)),
        _ => b.int(rng.below(10) as i64),
    }
    .unwrap();
}

/// A small Dictionary or Array (sometimes past the size the small path takes), with
/// String keys of every kind or keys of other types.
fn random_container(rng: &mut Rng, b: Builder<'_, Vec<u8>>, dialect: Dialect) {
    let len = [0, 1, 2, 4, 7, 16, 31, 32, 33, 40][rng.below(10) as usize];
    if rng.below(3) == 0 {
        let mut array = b.array().unwrap();
        for _ in 0..len {
            random_child(rng, array.push(), dialect, true);
        }
        array.finish().unwrap();
        return;
    }
    let mut dict = if dialect == Dialect::Godot4 && rng.below(8) == 0 {
        let int = ContainerType::Builtin(crate::wire::types::VariantType::Int);
        b.typed_dictionary(ContainerType::Untyped, int).unwrap()
    } else {
        b.dictionary().unwrap()
    };
    for _ in 0..len {
        let value = if rng.below(6) == 0 {
            dict.entry_with(|k| {
                random_child(rng, k, dialect, false);
                Ok(())
            })
        } else {
            let key_len = [0, 2, 4, 9, 16, 17, 30, 260][rng.below(8) as usize];
            let key = text(rng, key_len);
            dict.entry(&key)
        };
        random_child(rng, value, dialect, true);
    }
    dict.finish().unwrap();
}

#[test]
fn small_containers_are_written_as_the_walk_writes_them() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for round in 0..300 {
        for dialect in Dialect::ALL {
            // One alone (the top-level value), then several in an Array and in a
            // Dictionary beside leaves.
            let mut alone = Vec::new();
            random_container(&mut rng, Builder::new(&mut alone, dialect), dialect);
            let mut gathered = Vec::new();
            let mut array = Builder::new(&mut gathered, dialect).array().unwrap();
            for _ in 0..5 {
                random_container(&mut rng, array.push(), dialect);
                random_child(&mut rng, array.push(), dialect, false);
            }
            array.finish().unwrap();
            let mut keyed = Vec::new();
            let mut dict = Builder::new(&mut keyed, dialect).dictionary().unwrap();
            for i in 0..5 {
                random_container(&mut rng, dict.entry(&alloc::format!("p{i}")), dialect);
            }
            dict.finish().unwrap();
            for bytes in [alone, gathered, keyed] {
                let value = VariantRef::parse(&bytes, dialect).unwrap();
                let got = String::from_utf8(write(value, false)).unwrap();
                let want = String::from_utf8(every_node(value)).unwrap();
                assert_eq!(got, want, "round {round}, {dialect:?}");
                let pretty = write(value, true);
                assert_eq!(String::from_utf8(minified(&pretty)).unwrap(), got);
            }
        }
    }
}

#[test]
fn small_containers_match_the_walk_on_every_fixture() {
    let mut checked = 0;
    for (folder, dialect) in [
        ("g32", Dialect::Godot3),
        ("g4", Dialect::Godot4),
        ("pandemonium/pmc", Dialect::PandemoniumC),
    ] {
        for bytes in fixture_values(folder, dialect) {
            // The fixture alone, and as a key and a value of a small Dictionary and an
            // element of a small Array, beside leaves.
            let fixture = VariantRef::parse(&bytes, dialect).unwrap();
            let mut held = Vec::new();
            let mut dict = Builder::new(&mut held, dialect).dictionary().unwrap();
            dict.entry("a").int(1).unwrap();
            dict.entry_with(|k| k.value(fixture)).string("b").unwrap();
            dict.entry("c").value(fixture).unwrap();
            dict.finish().unwrap();
            let mut listed = Vec::new();
            let mut array = Builder::new(&mut listed, dialect).array().unwrap();
            array.push().float(0.5).unwrap();
            array.push().value(fixture).unwrap();
            array.finish().unwrap();
            for bytes in [&bytes, &held, &listed] {
                let value = VariantRef::parse(bytes, dialect).unwrap();
                assert_eq!(
                    String::from_utf8(write(value, false)).unwrap(),
                    String::from_utf8(every_node(value)).unwrap(),
                    "{folder}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 150, "{checked}");
}

#[test]
fn a_record_of_leaves_is_written_whole() {
    // {"id": 3, "hp": 1.5, "name": "player 3", "pos": Vector2(3, -3)}, two bools, then -0.0 and a
    // 64-bit 2.5 (engine-written as a double only when it is no f32; written by hand).
    let mut bytes = Vec::new();
    let mut dict = Builder::new(&mut bytes, Dialect::Godot4)
        .dictionary()
        .unwrap();
    dict.entry("id").int(3).unwrap();
    dict.entry("hp").float(1.5).unwrap();
    dict.entry("name").string("player 3").unwrap();
    dict.entry("pos").vector2([3.0, -3.0]).unwrap();
    dict.entry("on").bool(true).unwrap();
    dict.entry("off").bool(false).unwrap();
    dict.entry("z").float(-0.0).unwrap();
    dict.entry("d").int(0).unwrap();
    dict.finish().unwrap();
    let len = bytes.len();
    bytes.truncate(len - 8);
    bytes.extend_from_slice(&(3u32 | 1 << 16).to_le_bytes());
    bytes.extend_from_slice(&2.5f64.to_le_bytes());
    let want: &[u8] = br#"{"Dictionary":[["id",3],["hp",1.5],["name","player 3"],["pos",{"Vector2":[3.0,-3.0]}],["on",true],["off",false],["z",-0.0],["d",2.5]]}"#;
    let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    assert_eq!(every_node(value), want);
    // The small path itself takes it, to its end.
    let mut out = Vec::new();
    let mut j = Json::new(&mut out, false);
    let reader = Reader::new(&value);
    let words = small::Words::new(Dialect::Godot4);
    let container = small::container(&reader, words).unwrap();
    let reach = small::write::<_, false>(&mut j, reader, container, words).unwrap();
    assert_eq!(reach, small::Reach::Whole(bytes.len()));
    assert_eq!(j.buf, want);
    assert_eq!(write(value, false), want);
}

#[test]
fn a_large_dictionary_of_records_streams_as_the_walk_writes_it() {
    // Far more than one buffer of text: the small path hands it on as it fills. Every
    // 97th record holds an Array (not a leaf): the walk goes on inside the outer
    // Dictionary from there.
    let mut bytes = Vec::new();
    let mut all = Builder::new(&mut bytes, Dialect::Godot4)
        .dictionary()
        .unwrap();
    for i in 0..5000i64 {
        let mut player = all.entry(&alloc::format!("p{i}")).dictionary().unwrap();
        player.entry("id").int(i * 7919 - 20_000).unwrap();
        player.entry("hp").float((i % 100) as f64 * 0.25).unwrap();
        player
            .entry("name")
            .string(&alloc::format!("player {i}"))
            .unwrap();
        player
            .entry("pos")
            .vector2([i as f32, -(i as f32) / 3.0])
            .unwrap();
        if i % 97 == 0 {
            let mut inventory = player.entry("items").array().unwrap();
            inventory.push().array().unwrap().finish().unwrap();
            inventory.finish().unwrap();
        }
        player.finish().unwrap();
    }
    all.finish().unwrap();
    let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    let got = write(value, false);
    assert!(got.len() > 4 * CHUNK, "{}", got.len());
    assert_eq!(got, every_node(value));
    let text = String::from_utf8(got).unwrap();
    assert!(text.contains(r#"["p97",{"Dictionary":[["id",748143],["hp",24.25],["name","player 97"],["pos",{"Vector2":[97.0,-32.333332]}],["items",[[]]]]}]"#));
}
