//! Standard base64 (RFC 4648, with padding): JSON's `PackedByteArray` and Pandemonium's
//! text form of byte arrays.

use alloc::vec::Vec;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Appends the base64 text of `bytes` to `out`. O(len).
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

#[cfg(test)]
mod tests {
    use std::vec::Vec;

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
