//! The leaves `small.rs` lays out from their header word, against the writers the walk
//! uses for them: ints and floats over the ranges the fast routes take and just past
//! them, strings at the 16-byte window's edge, and the header words of every dialect.

#![allow(clippy::indexing_slicing, clippy::unwrap_used)] // tests: a panic is a failure
use super::*;
use crate::format::json::tagged::tests::Rng;
use crate::format::number::push_i64;
use crate::read::walk::{head, Head};
use crate::wire::header::{fast_table, Header};
use alloc::string::String;
use alloc::vec::Vec;

/// `f` laid out in a fresh window: its text, or `None` where it declines.
fn laid(f: impl FnOnce(&mut Tail<'_, WINDOW>) -> Option<usize>) -> Option<Vec<u8>> {
    let mut buf = Vec::new();
    let (mut tail, start) = Tail::<WINDOW>::open(&mut buf).unwrap();
    let end = f(&mut tail)?;
    buf.truncate(start + end);
    Some(buf)
}

/// Integer parts at and around every power of ten and two below 10^8, and the small ones.
fn edges() -> Vec<u64> {
    let mut n: Vec<u64> = (0..=300).collect();
    for k in 1..=8 {
        let p = 10u64.pow(k);
        n.extend([p - 1, p, p + 1]);
    }
    for k in 9..=27 {
        let p = 1u64 << k;
        n.extend([p - 1, p, p + 1]);
    }
    n.extend([
        99_999_998,
        99_999_999,
        100_000_000,
        100_000_001,
        1 << 40,
        1 << 52,
    ]);
    n
}

/// Whether `x` is laid out in the window (otherwise it is left to the walk): a finite
/// float whose text is decimal, that is zero, an integer below 2^53, or any from 1e-4 to
/// 1e15 in magnitude.
fn laid_out_float(x: f64) -> bool {
    let magnitude = x.abs();
    x.is_finite()
        && (x == 0.0
            || (1e-4..1e15).contains(&magnitude)
            || (x.fract() == 0.0 && magnitude < 9_007_199_254_740_992.0))
}

/// The node at the start of `node` laid out (with [`laid_out`], as a child of an outer
/// container): its text, or `None` where it declines. It must end where `node` does.
fn laid_node(node: &[u8]) -> Option<Vec<u8>> {
    let words = Words::new(Dialect::Godot4);
    laid(|tail| {
        let (end, next) = laid_out::<true>(tail, 0, node, 0, words)?;
        assert_eq!(next, node.len());
        Some(end)
    })
}

/// An int node: 32-bit when `n` fits, 64-bit otherwise (as the engine writes it).
fn int_node(n: i64) -> Vec<u8> {
    let mut node = Vec::new();
    match i32::try_from(n) {
        Ok(n) => {
            node.extend_from_slice(&INT.to_le_bytes());
            node.extend_from_slice(&n.to_le_bytes());
        }
        Err(_) => {
            node.extend_from_slice(&INT_64.to_le_bytes());
            node.extend_from_slice(&n.to_le_bytes());
        }
    }
    node
}

/// Float nodes of `x`: a 64-bit one, and a 32-bit one when `x` is an f32 widened.
fn float_nodes(x: f64) -> Vec<Vec<u8>> {
    let mut wide = FLOAT_64.to_le_bytes().to_vec();
    wide.extend_from_slice(&x.to_le_bytes());
    let mut nodes = alloc::vec![wide];
    let narrow = x as f32;
    if f64::from(narrow).to_bits() == x.to_bits() {
        let mut node = FLOAT.to_le_bytes().to_vec();
        node.extend_from_slice(&narrow.to_le_bytes());
        nodes.push(node);
    }
    nodes
}

/// `x`'s nodes laid out, against `push_f64`'s text; whether they were taken.
fn check_float(x: f64) -> bool {
    let mut want = Vec::new();
    if x.is_finite() {
        push_f64(&mut want, x);
    }
    let mut taken = false;
    for node in float_nodes(x) {
        taken = check_float_node(x, &node, &want);
    }
    taken
}

fn check_float_node(x: f64, node: &[u8], want: &[u8]) -> bool {
    match laid_node(node) {
        Some(text) => {
            assert_eq!(
                String::from_utf8(text).unwrap(),
                String::from_utf8(want.to_vec()).unwrap(),
                "{x:e} ({:#x})",
                x.to_bits()
            );
            assert!(laid_out_float(x), "{x:e}");
            true
        }
        None => {
            assert!(!laid_out_float(x), "{x:e}");
            false
        }
    }
}

#[test]
fn floats_laid_out_are_those_of_push_f64() {
    // Short binary fractions around every edge of the digit words (and integers up to
    // 2^52): all laid out.
    let mut taken = 0;
    for int in edges() {
        for steps in 0..256u32 {
            for negative in [false, true] {
                let magnitude = int as f64 + f64::from(steps) / 256.0;
                let x = if negative { -magnitude } else { magnitude };
                assert!(check_float(x), "{x}");
                taken += 1;
            }
        }
    }
    assert!(taken > 180_000, "{taken}");
    // Exact short decimals that are no short binary fraction (`push_f64` writes their
    // exact digits, not zmij's text), around every power of two from 2^-9 to 2^-30.
    for k in 9..=30 {
        let unit = 1.0 / f64::from(1u32 << k);
        for m in [1u64, 3, 5, 7, 255, 1001, 65_535, 1_000_001, (1 << 40) + 1] {
            for int in [0.0, 1.0, 123.0, 99_999_999.0] {
                for x in [int + m as f64 * unit, -(int + m as f64 * unit)] {
                    check_float(x);
                }
            }
        }
    }
    // Random bits, f32s widened, and every neighbourhood of a power of ten.
    let mut rng = Rng(0x5DEE_CE66_D1CE_4E5B);
    let mut taken = 0;
    for _ in 0..200_000 {
        let bits = rng.next();
        let widened = f64::from(f32::from_bits(bits as u32));
        let scaled = (bits >> 11) as f64 / (1u64 << 53) as f64 * 10f64.powi((bits % 24) as i32 - 6);
        for x in [f64::from_bits(bits), widened, scaled, -scaled] {
            taken += usize::from(check_float(x));
        }
    }
    assert!(taken > 350_000, "{taken}");
    for e in -330..=310 {
        let p = 10f64.powi(e);
        for x in [
            p,
            p.next_down(),
            p.next_up(),
            1.5 * p,
            0.123_456_789_012_345_67 * p,
        ] {
            check_float(x);
            check_float(-x);
        }
    }
    for x in [
        f64::MIN_POSITIVE,
        f64::MAX,
        f64::EPSILON,
        5e-324,
        9_007_199_254_740_991.0,
        9_007_199_254_740_992.0,
        1e15 - 0.125,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        0.0,
        -0.0,
    ] {
        check_float(x);
        check_float(-x);
    }
}

#[test]
fn float_texts_laid_out() {
    let text = |x: f64| {
        let texts: Vec<String> = float_nodes(x)
            .iter()
            .map(|node| String::from_utf8(laid_node(node).unwrap()).unwrap())
            .collect();
        assert!(texts.iter().all(|t| *t == texts[0]), "{texts:?}");
        texts[0].clone()
    };
    assert_eq!(text(0.0), "0.0");
    assert_eq!(text(-0.0), "-0.0");
    assert_eq!(text(-2.5), "-2.5");
    // An f32 widened: the f64's shortest digits.
    assert_eq!(text(f64::from(0.8f32)), "0.800000011920929");
    assert_eq!(text(-f64::from(0.1f32)), "-0.10000000149011612");
    assert_eq!(text(0.1), "0.1");
    assert_eq!(text(1e-4), "0.0001");
    assert_eq!(text(-1.234_567_890_123_456_7e-4), "-0.00012345678901234567");
    assert_eq!(text(1e15 - 0.125), "999999999999999.9");
    // An exact short decimal that is no short binary fraction (2^-9).
    assert_eq!(text(0.001_953_125), "0.001953125");
    // Integers past one word of digits.
    assert_eq!(text(1e8), "100000000.0");
    assert_eq!(text(-123_456_789_012_345.0), "-123456789012345.0");
    assert_eq!(text(9_007_199_254_740_991.0), "9007199254740991.0");
    // Exponents, and values outside: left to the walk.
    for x in [
        9_007_199_254_740_992.0,
        1e15 + 0.5,
        1e16,
        9.999e-5,
        -1e-7,
        f64::NAN,
        f64::INFINITY,
    ] {
        for node in float_nodes(x) {
            assert_eq!(laid_node(&node), None, "{x}");
        }
    }
}

#[test]
fn ints_laid_out_are_those_of_push_i64() {
    let mut magnitudes = edges();
    for k in 0..=18 {
        let p = 10u64.pow(k);
        magnitudes.extend([p - 1, p, p + 1]);
    }
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    magnitudes.extend((0..10_000).map(|i| rng.next() >> (i % 64)));
    magnitudes.push(u64::MAX >> 1);
    let mut taken = 0;
    for magnitude in magnitudes {
        for n in [magnitude as i64, (magnitude as i64).wrapping_neg()] {
            let mut want = Vec::new();
            push_i64(&mut want, n);
            // 32-bit and 64-bit nodes alike; 10^8 and more is left to the walk.
            match laid_node(&int_node(n)) {
                Some(text) => {
                    assert_eq!(text, want, "{n}");
                    assert!(magnitude < 100_000_000, "{n}");
                    taken += 1;
                }
                None => assert!(n.unsigned_abs() >= 100_000_000, "{n}"),
            }
        }
    }
    assert!(taken > 2_000, "{taken}");
    let text = |n: i64| String::from_utf8(laid_node(&int_node(n)).unwrap()).unwrap();
    assert_eq!(text(-99_999_999), "-99999999");
    assert_eq!(text(99_999_999), "99999999");
    assert_eq!(text(0), "0");
    for n in [
        i64::MIN,
        i64::MAX,
        100_000_000,
        -100_000_000,
        i64::from(i32::MIN),
    ] {
        assert_eq!(laid_node(&int_node(n)), None, "{n}");
    }
}

/// A String node of `text` followed by `after` (the next node's bytes).
fn string_node(text: &[u8], after: &[u8]) -> Vec<u8> {
    let mut node = Vec::new();
    node.extend_from_slice(&STRING.to_le_bytes());
    node.extend_from_slice(&(text.len() as u32).to_le_bytes());
    node.extend_from_slice(text);
    node.resize(node.len().next_multiple_of(4), 0);
    node.extend_from_slice(after);
    node
}

#[test]
fn strings_of_at_most_64_plain_bytes_are_laid_out_whole() {
    let words = Words::new(Dialect::Godot4);
    // What follows the string is never part of it, even when it is a quote.
    let after = [b'"'; 24];
    for len in 0..=70usize {
        let text: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
        let node = string_node(&text, &after);
        let got = laid(|tail| laid_out::<true>(tail, 0, &node, 0, words).map(|(end, _)| end));
        if len <= LONG_STRING {
            let mut want = b"\"".to_vec();
            want.extend_from_slice(&text);
            want.push(b'"');
            assert_eq!(got.unwrap(), want, "len {len}");
            let mut buf = Vec::new();
            let (mut tail, _) = Tail::<WINDOW>::open(&mut buf).unwrap();
            let next = laid_out::<true>(&mut tail, 0, &node, 0, words).unwrap().1;
            assert_eq!(next, 8 + len.next_multiple_of(4), "len {len}");
        } else {
            assert_eq!(got, None, "len {len}");
        }
    }
    // A special byte anywhere in a longer one, in each of its windows.
    for len in [17usize, 31, 32, 33, 48, 63, 64] {
        for place in [0, 15, 16, len / 2, len - 2, len - 1] {
            for special in [b'"', b'\\', b'\n', 0x80] {
                let mut text = alloc::vec![b'x'; len];
                text[place] = special;
                let node = string_node(&text, &after);
                let got =
                    laid(|tail| laid_out::<true>(tail, 0, &node, 0, words).map(|(end, _)| end));
                assert_eq!(got, None, "len {len}, {special:#x} at {place}");
            }
        }
    }
    // Anything the walk escapes, or may not copy as it is, goes to the general code.
    for special in [
        b"a\"b".as_slice(),
        b"a\\b",
        b"\n",
        b"\x00x",
        b"\x7f\x1f",
        "é".as_bytes(),
    ] {
        let node = string_node(special, &after);
        let got = laid(|tail| laid_out::<true>(tail, 0, &node, 0, words).map(|(end, _)| end));
        assert_eq!(got, None, "{special:?}");
    }
}

#[test]
fn the_container_words_are_the_walks_untyped_dictionary_and_array() {
    for dialect in Dialect::ALL {
        let words = Words::new(dialect);
        let table = fast_table(dialect);
        // The leaves read by a fixed word have the same id in every dialect.
        for (ty, word) in [
            (VariantType::Int, INT),
            (VariantType::Float, FLOAT),
            (VariantType::String, STRING),
        ] {
            assert_eq!(ty.id(dialect).map(u32::from), Some(word), "{dialect:?}");
        }
        assert_eq!(
            head(words.dictionary, table),
            Head::Dictionary,
            "{dialect:?}"
        );
        assert_eq!(head(words.array, table), Head::Array, "{dialect:?}");
        // The vectors are 32-bit ones of eight and twelve bytes.
        assert_eq!(head(words.vector2, table), Head::Fixed(8), "{dialect:?}");
        assert_eq!(head(words.vector3, table), Head::Fixed(12), "{dialect:?}");
        assert_eq!(
            Header::decode(words.vector2, dialect).unwrap().ty,
            VariantType::Vector2
        );
        assert_eq!(
            Header::decode(words.vector3, dialect).unwrap().ty,
            VariantType::Vector3
        );
    }
}

#[test]
fn a_record_of_floats_that_need_their_shortest_digits_is_written_whole() {
    use crate::format::json::entry::write as json_write;
    use crate::format::json::options::WriteOptions;
    use crate::read::value::VariantRef;
    use crate::write::Builder;
    // A save game's inventory item: an f32 durability (widened, written with the f64's
    // shortest digits), a 64-bit scale, a large integer-valued float, then an int of 10^8
    // (left to the walk's code: the run goes on after it).
    let mut bytes = Vec::new();
    let mut dict = Builder::new(&mut bytes, Dialect::Godot4)
        .dictionary()
        .unwrap();
    dict.entry("id").string("sword").unwrap();
    dict.entry("durability").float(f64::from(0.8f32)).unwrap();
    dict.entry("scale").float(-1.3).unwrap();
    dict.entry("tiny").float(0.000_123).unwrap();
    dict.entry("big").float(123_456_789_012.0).unwrap();
    dict.entry("uid").int(100_000_000).unwrap();
    dict.entry("slot").vector2([1.0, 2.0]).unwrap();
    dict.finish().unwrap();
    let want: &[u8] = br#"{"Dictionary":[["id","sword"],["durability",0.800000011920929],["scale",-1.3],["tiny",0.000123],["big",123456789012.0],["uid",100000000],["slot",{"Vector2":[1.0,2.0]}]]}"#;
    let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    let mut out = Vec::new();
    json_write(&mut out, value, &WriteOptions::new()).unwrap();
    assert_eq!(out, want);
    // The small path takes it to its end.
    let mut out = Vec::new();
    let mut j = Json::new(&mut out, false);
    let reader = Reader::new(&value);
    let words = Words::new(Dialect::Godot4);
    let small = container(&reader, words).unwrap();
    let reach = write::<_, false>(&mut j, reader, small, words).unwrap();
    assert_eq!(reach, Reach::Whole(bytes.len()));
    assert_eq!(j.buf, want);
    // The floats in the window, each alone.
    for (x, text) in [
        (f64::from(0.8f32), "0.800000011920929"),
        (-1.3, "-1.3"),
        (0.000_123, "0.000123"),
        (123_456_789_012.0, "123456789012.0"),
    ] {
        let node = &float_nodes(x)[0];
        assert_eq!(laid_node(node).unwrap(), text.as_bytes(), "{x}");
    }
}
