//! [`GdString`]: the owned text of a [`Variant`](super::Variant), inline when short.

use alloc::{borrow::ToOwned, boxed::Box, string::String};
use core::borrow::Borrow;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;

use crate::wire::cast::ascii_str;

/// The most bytes a [`GdString`] holds without an allocation.
const INLINE_CAPACITY: usize = 22;

/// An immutable owned UTF-8 string of 24 bytes: up to 22 bytes are stored inline (no
/// allocation: most dictionary keys and property names), longer text in one heap
/// allocation of exactly its length.
///
/// It dereferences to `str`, compares with `str`, `&str` and `String`, and converts from
/// and into `String`. To edit the text, take it out as a `String`
/// ([`GdString::into_string`]) and convert back.
///
/// ```
/// use gdvariant::GdString;
///
/// let key = GdString::from("hp");
/// assert_eq!(key, "hp");
/// assert_eq!(key.len(), 2);
/// let long = GdString::from("a string longer than twenty-two bytes");
/// assert!(long.starts_with("a string"));
/// assert_eq!(String::from(long), "a string longer than twenty-two bytes");
/// ```
#[derive(Clone)]
pub struct GdString(Repr);

#[derive(Clone)]
enum Repr {
    /// `len` bytes of `bytes` (the rest zero), valid UTF-8.
    Inline {
        len: u8,
        bytes: [u8; INLINE_CAPACITY],
    },
    Heap(Box<str>),
}

impl GdString {
    /// The most bytes held without an allocation: 22.
    pub const INLINE_CAPACITY: usize = INLINE_CAPACITY;

    /// The empty string (no allocation). O(1).
    pub const fn new() -> GdString {
        GdString(Repr::Inline {
            len: 0,
            bytes: [0; INLINE_CAPACITY],
        })
    }

    /// The text. O(1) for heap text; inline text is checked to be ASCII (or else UTF-8)
    /// again, O(its ≤ 22 bytes).
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Inline { len, bytes } => {
                let raw = bytes.get(..usize::from(*len)).unwrap_or_default();
                // Inline bytes are always a whole `str` (copied from one): both checks pass.
                ascii_str(raw)
                    .or_else(|| core::str::from_utf8(raw).ok())
                    .unwrap_or_default()
            }
            Repr::Heap(s) => s,
        }
    }

    /// Is the text stored inline (22 bytes or fewer)? O(1).
    pub fn is_inline(&self) -> bool {
        matches!(self.0, Repr::Inline { .. })
    }

    /// The text as a `String` (one allocation unless it is empty; heap text is moved, not
    /// copied). O(length).
    pub fn into_string(self) -> String {
        match self.0 {
            Repr::Heap(s) => s.into_string(),
            Repr::Inline { .. } => self.as_str().to_owned(),
        }
    }
}

/// `raw` (at most [`INLINE_CAPACITY`] bytes) zero-padded to the inline array, gathered in
/// registers: each 8-byte word from at most two overlapping loads, with no copy of a
/// variable length (a byte-wise copy into a stack array, read back whole, stalls the CPU
/// on store forwarding: it was half the time of `to_owned` on short keys).
#[inline(always)]
fn inline_bytes(raw: &[u8]) -> [u8; INLINE_CAPACITY] {
    // The 8 bytes (or fewer) from `from` on.
    let word = |from: usize| {
        let rest = raw.get(from..).unwrap_or(&[]);
        load_le(rest.get(..8).unwrap_or(rest))
    };
    let low = u128::from(word(0)) | u128::from(word(8)) << 64;
    let high = word(16).to_le_bytes();
    let mut bytes = [0; INLINE_CAPACITY];
    let (first, last) = bytes.split_at_mut(16);
    first.copy_from_slice(&low.to_le_bytes());
    for (dst, src) in last.iter_mut().zip(high) {
        *dst = src;
    }
    bytes
}

/// Up to 8 bytes as a little-endian word (the missing high bytes zero), from at most two
/// loads that may overlap (an overlapped byte is the same byte either way).
#[inline(always)]
fn load_le(b: &[u8]) -> u64 {
    let n = b.len();
    let u32_at = |i: usize| {
        b.get(i..i + 4)
            .and_then(|w| w.try_into().ok())
            .map_or(0, |w| u64::from(u32::from_le_bytes(w)))
    };
    let byte = |i: usize| u64::from(b.get(i).copied().unwrap_or(0));
    match n {
        8.. => b
            .get(..8)
            .and_then(|w| w.try_into().ok())
            .map_or(0, u64::from_le_bytes),
        4..=7 => u32_at(0) | u32_at(n - 4) << (8 * (n - 4)),
        1..=3 => byte(0) | byte(n / 2) << (8 * (n / 2)) | byte(n - 1) << (8 * (n - 1)),
        0 => 0,
    }
}

impl From<&str> for GdString {
    /// Copies the text: inline up to 22 bytes, else one allocation. O(length).
    fn from(s: &str) -> GdString {
        let raw = s.as_bytes();
        match u8::try_from(raw.len()) {
            Ok(len) if raw.len() <= INLINE_CAPACITY => GdString(Repr::Inline {
                len,
                bytes: inline_bytes(raw),
            }),
            _ => GdString(Repr::Heap(Box::from(s))),
        }
    }
}

impl From<String> for GdString {
    /// Takes the text: short text moves inline (the `String` is freed), longer text keeps
    /// its buffer (shrunk to its length). O(length) at most.
    fn from(s: String) -> GdString {
        if s.len() <= INLINE_CAPACITY {
            GdString::from(s.as_str())
        } else {
            GdString(Repr::Heap(s.into_boxed_str()))
        }
    }
}

impl From<&String> for GdString {
    fn from(s: &String) -> GdString {
        GdString::from(s.as_str())
    }
}

impl From<Box<str>> for GdString {
    fn from(s: Box<str>) -> GdString {
        if s.len() <= INLINE_CAPACITY {
            GdString::from(&*s)
        } else {
            GdString(Repr::Heap(s))
        }
    }
}

impl From<char> for GdString {
    fn from(c: char) -> GdString {
        GdString::from(c.encode_utf8(&mut [0; 4]) as &str)
    }
}

impl From<GdString> for String {
    fn from(s: GdString) -> String {
        s.into_string()
    }
}

impl From<&GdString> for String {
    fn from(s: &GdString) -> String {
        s.as_str().to_owned()
    }
}

impl core::str::FromStr for GdString {
    type Err = core::convert::Infallible;
    fn from_str(s: &str) -> Result<GdString, Self::Err> {
        Ok(GdString::from(s))
    }
}

impl Default for GdString {
    fn default() -> GdString {
        GdString::new()
    }
}

impl Deref for GdString {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for GdString {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<[u8]> for GdString {
    fn as_ref(&self) -> &[u8] {
        self.as_str().as_bytes()
    }
}

impl Borrow<str> for GdString {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Debug for GdString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for GdString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl PartialEq for GdString {
    fn eq(&self, other: &GdString) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for GdString {}

impl PartialOrd for GdString {
    fn partial_cmp(&self, other: &GdString) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for GdString {
    fn cmp(&self, other: &GdString) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for GdString {
    /// Hashes as `str` does (so `Borrow<str>` lookups work).
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

macro_rules! eq_with {
    ($($t:ty),*) => {$(
        impl PartialEq<$t> for GdString {
            fn eq(&self, other: &$t) -> bool {
                self.as_str() == AsRef::<str>::as_ref(other)
            }
        }
        impl PartialEq<GdString> for $t {
            fn eq(&self, other: &GdString) -> bool {
                AsRef::<str>::as_ref(self) == other.as_str()
            }
        }
    )*};
}
eq_with!(str, &str, String);

#[cfg(feature = "serde")]
impl serde::Serialize for GdString {
    /// As a string.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for GdString {
    /// From a string.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GdString, D::Error> {
        struct Text;
        impl serde::de::Visitor<'_> for Text {
            type Value = GdString;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E>(self, v: &str) -> Result<GdString, E> {
                Ok(GdString::from(v))
            }
            fn visit_string<E>(self, v: String) -> Result<GdString, E> {
                Ok(GdString::from(v))
            }
        }
        d.deserialize_str(Text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_up_to_22_bytes_then_heap() {
        for n in 0..40 {
            let text: String = "é".repeat(n / 2) + &"a".repeat(n % 2);
            let s = GdString::from(text.as_str());
            assert_eq!(s, text);
            assert_eq!(s.is_inline(), text.len() <= INLINE_CAPACITY);
            assert_eq!(GdString::from(text.clone()), s);
            assert_eq!(s.clone().into_string(), text);
        }
        assert_eq!(core::mem::size_of::<GdString>(), 24);
    }

    #[test]
    fn nul_and_non_ascii_inline() {
        for text in ["a\0b", "\u{feff}x", "ü", "日本語のキー"] {
            assert_eq!(GdString::from(text).as_str(), text);
        }
    }

    #[test]
    fn inline_bytes_are_the_text_then_zeros_at_every_length() {
        // Every length, every start in a longer buffer (the loads overlap differently).
        let source: [u8; 64] = core::array::from_fn(|i| b'!' + 1 + i as u8);
        for start in 0..8 {
            for n in 0..=INLINE_CAPACITY {
                let raw = source.get(start..start + n).unwrap();
                let mut expected = [0; INLINE_CAPACITY];
                expected.get_mut(..n).unwrap().copy_from_slice(raw);
                assert_eq!(inline_bytes(raw), expected, "start {start}, length {n}");
                let text = core::str::from_utf8(raw).unwrap();
                match GdString::from(text).0 {
                    Repr::Inline { len, bytes } => {
                        assert_eq!((usize::from(len), bytes), (n, expected));
                    }
                    Repr::Heap(_) => panic!("length {n} is inline"),
                }
            }
        }
    }
}
