//! The leaves `small.rs` lays out from their header word, against the writers the walk
//! uses for them: ints and floats over the ranges the fast routes take and just past
//! them, strings at the 16-byte window's edge, and the header words of every dialect.

#![allow(clippy::indexing_slicing, clippy::unwrap_used)] // tests: a panic is a failure
use super::*;
use crate::format::number::push_i64;
use crate::read::walk::{head, Head};
use crate::wire::header::{fast_table, Header};
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

#[test]
fn floats_laid_out_are_those_of_push_f64() {
    let mut taken = 0;
    for int in edges() {
        for steps in 0..256u32 {
            for negative in [false, true] {
                let magnitude = int as f64 + f64::from(steps) / 256.0;
                let x = if negative { -magnitude } else { magnitude };
                let mut want = Vec::new();
                push_f64(&mut want, x);
                // Declined: an integer of 10^8 or more, a fraction at or above 10^7.
                let declined = int >= 100_000_000 || (steps > 0 && int >= 10_000_000);
                match laid(|tail| float(tail, 0, x)) {
                    Some(text) => {
                        assert_eq!(text, want, "{x}");
                        assert!(!declined, "{x}");
                        taken += 1;
                    }
                    None => assert!(declined, "{x}"),
                }
            }
        }
    }
    assert!(taken > 150_000, "{taken}");
    for x in [0.0, -0.0] {
        let mut want = Vec::new();
        push_f64(&mut want, x);
        assert_eq!(laid(|tail| float(tail, 0, x)).unwrap(), want, "{x}");
    }
    assert_eq!(laid(|tail| float(tail, 0, 0.0)).unwrap(), b"0.0");
    assert_eq!(laid(|tail| float(tail, 0, -0.0)).unwrap(), b"-0.0");
    assert_eq!(laid(|tail| float(tail, 0, -2.5)).unwrap(), b"-2.5");
    // Not short binary fractions: the general code's.
    for x in [
        0.1,
        1.0 / 512.0,
        1e-7,
        1e300,
        f64::MIN_POSITIVE,
        9_007_199_254_740_992.0,
    ] {
        assert_eq!(laid(|tail| float(tail, 0, x)), None, "{x}");
    }
}

#[test]
fn ints_laid_out_are_those_of_push_i64() {
    let mut taken = 0;
    for magnitude in edges().into_iter().chain([u64::MAX >> 1]) {
        for n in [magnitude as i64, -(magnitude as i64)] {
            let mut want = Vec::new();
            push_i64(&mut want, n);
            match laid(|tail| int(tail, 0, n)) {
                Some(text) => {
                    assert_eq!(text, want, "{n}");
                    assert!(magnitude < 100_000_000, "{n}");
                    taken += 1;
                }
                None => assert!(magnitude >= 100_000_000, "{n}"),
            }
        }
    }
    assert!(taken > 600, "{taken}");
    assert_eq!(laid(|tail| int(tail, 0, i64::MIN)), None);
    assert_eq!(
        laid(|tail| int(tail, 0, -99_999_999)).unwrap(),
        b"-99999999"
    );
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
