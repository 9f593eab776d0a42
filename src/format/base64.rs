//! Standard base64 (RFC 4648, with padding): JSON's `PackedByteArray` and Pandemonium's
//! text form of byte arrays.

use alloc::vec::Vec;

#[cfg_attr(not(feature = "std"), allow(dead_code))] // encode: JSON (std) only
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Appends the base64 text of `bytes` to `out`. O(len).
#[cfg_attr(not(feature = "std"), allow(dead_code))] // JSON (std) only
pub(crate) fn encode(out: &mut Vec<u8>, bytes: &[u8]) {
    let symbol = |six: u32| ALPHABET.get((six & 63) as usize).copied().unwrap_or(b'=');
    out.reserve(bytes.len().div_ceil(3) * 4);
    let mut chunks = bytes.chunks_exact(3);
    for chunk in &mut chunks {
        let &[a, b, c] = chunk else { continue };
        let n = u32::from_be_bytes([0, a, b, c]);
        out.extend_from_slice(&[symbol(n >> 18), symbol(n >> 12), symbol(n >> 6), symbol(n)]);
    }
    match *chunks.remainder() {
        [a] => {
            let n = u32::from(a) << 16;
            out.extend_from_slice(&[symbol(n >> 18), symbol(n >> 12), b'=', b'=']);
        }
        [a, b] => {
            let n = u32::from(a) << 16 | u32::from(b) << 8;
            out.extend_from_slice(&[symbol(n >> 18), symbol(n >> 12), symbol(n >> 6), b'=']);
        }
        _ => {}
    }
}

/// Decodes standard base64 with its `=` padding, as Godot's (mbedTLS) decoder accepts it:
/// the standard alphabet only, length a multiple of 4 once line breaks (`\n`, `\r\n`) are
/// dropped, padding only at the end. `None` for anything else. O(len).
pub(crate) fn decode(text: &[u8]) -> Option<Vec<u8>> {
    let value = |c: u8| -> Option<u32> {
        Some(u32::from(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        }))
    };
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let mut quad = [0u8; 4];
    let mut filled = 0;
    let mut ended = false;
    let mut i = 0;
    while let Some(&c) = text.get(i) {
        i += 1;
        if c == b'\n' || (c == b'\r' && text.get(i) == Some(&b'\n')) {
            continue;
        }
        if ended {
            return None;
        }
        *quad.get_mut(filled)? = c;
        filled += 1;
        if filled < 4 {
            continue;
        }
        filled = 0;
        let [a, b, c, d] = quad;
        // 24 bits: the three bytes are the low three of the big-endian word.
        let n = value(a)? << 18 | value(b)? << 12;
        match (c, d) {
            (b'=', b'=') => {
                let [_, first, _, _] = n.to_be_bytes();
                out.push(first);
                ended = true;
            }
            (c, b'=') => {
                let [_, first, second, _] = (n | value(c)? << 6).to_be_bytes();
                out.extend_from_slice(&[first, second]);
                ended = true;
            }
            (c, d) => {
                let [_, bytes @ ..] = (n | value(c)? << 6 | value(d)?).to_be_bytes();
                out.extend_from_slice(&bytes);
            }
        }
    }
    (filled == 0).then_some(out)
}

#[cfg(test)]
mod tests {
    use std::vec;
    use std::vec::Vec;

    #[test]
    fn decodes_what_it_encodes_and_refuses_what_godot_refuses() {
        for len in 0..40u8 {
            let bytes: Vec<u8> = (0..len).map(|i| i.wrapping_mul(37)).collect();
            let mut text = Vec::new();
            super::encode(&mut text, &bytes);
            assert_eq!(super::decode(&text), Some(bytes));
        }
        assert_eq!(super::decode(b"AQID\r\nBA=="), Some(vec![1, 2, 3, 4]));
        for bad in [
            &b"AQI"[..],
            b"AQIDBA",
            b"AQ ID",
            b"AQ-_",
            b"====",
            b"AQ==AQ==",
        ] {
            assert_eq!(super::decode(bad), None, "{:?}", core::str::from_utf8(bad));
        }
    }

    #[test]
    fn matches_rfc_4648_examples() {
        for (plain, encoded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            let mut out = Vec::new();
            super::encode(&mut out, plain.as_bytes());
            assert_eq!(out, encoded.as_bytes());
        }
    }
}
