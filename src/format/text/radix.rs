//! Sorting a dictionary's key prefixes (`order.rs`): least-significant-digit radix sorts
//! that are stable, so that ties stay in position order (the order of std's sort of
//! (prefix, position) pairs).
//!
//! Keys of one dictionary often share most of their prefix bits (`"k1"`, `"k20"`,
//! `"key_00042"`: a common start, digits, zero padding). [`Packing`] keeps only the bits
//! in which the prefixes differ, byte by byte, in their order; when those fit in 32 bits,
//! a key and its position are one `u64` ([`radix_sort_packed`]): half the bytes moved of
//! a (prefix, position) pair, and fewer, wider digits.

use alloc::vec::Vec;

/// Bits per digit of [`radix_sort_packed`] at most (2,048 counters per pass).
const DIGIT: u32 = 11;

/// Which bits of the prefixes vary, byte by byte: each varying byte's bits from its
/// lowest to its highest varying one (the bits in between kept), concatenated from the
/// most significant byte down. Prefixes that agree outside those bits (all of them: the
/// other bits are the same in every prefix) keep their order.
#[derive(Clone, Copy, Debug)]
pub(super) struct Packing {
    /// Per varying byte, most significant first: the shift to its lowest varying bit and
    /// the mask of its kept bits (after the shift), and their count.
    fields: [(u32, u64, u32); 8],
    count: usize,
    /// Bits in all.
    width: u32,
}

impl Packing {
    /// The packing of prefixes whose bits differ where `diff` has ones (the OR of every
    /// prefix XOR the first), or `None` when that takes more than 32 bits.
    pub(super) fn of(diff: u64) -> Option<Packing> {
        let mut packing = Packing {
            fields: [(0, 0, 0); 8],
            count: 0,
            width: 0,
        };
        for byte in (0..8u32).rev() {
            let m = (diff >> (8 * byte)) & 0xFF;
            if m == 0 {
                continue;
            }
            let low = m.trailing_zeros();
            let bits = 64 - m.leading_zeros() - low;
            if let Some(field) = packing.fields.get_mut(packing.count) {
                *field = (8 * byte + low, (1u64 << bits) - 1, bits);
            }
            packing.count += 1;
            packing.width += bits;
        }
        (packing.width <= 32).then_some(packing)
    }

    /// The bits in all.
    pub(super) fn width(&self) -> u32 {
        self.width
    }

    /// The packed key of `prefix` (below 2^32).
    #[inline]
    pub(super) fn key(&self, prefix: u64) -> u64 {
        let mut key = 0u64;
        for &(shift, mask, bits) in self.fields.iter().take(self.count) {
            key = key << bits | (prefix >> shift) & mask;
        }
        key
    }
}

/// Sorts `items` (a packed key of `width` bits in the high half, a position in the low
/// half, positions in increasing order) by key, ties in position order: the order of
/// std's sort of the `u64`s. Digits of at most [`DIGIT`] bits, one pass each; the second
/// buffer is the second half of `items` itself (made room for by the caller, cut off again
/// at the end).
pub(super) fn radix_sort_packed(items: &mut Vec<u64>, width: u32) {
    let passes = width.div_ceil(DIGIT);
    if passes == 0 || items.len() < 2 {
        return; // one key: already in position order
    }
    let digit = width.div_ceil(passes);
    let buckets = 1usize << digit;
    let mask = (1u64 << digit) - 1;
    // A digit of the key (at most 11 bits): an index.
    let index = |x: u64| usize::try_from(x & mask).unwrap_or(0);
    let passes = passes as usize;
    let mut counts = alloc::vec![0u32; passes * buckets];
    for &item in items.iter() {
        let mut key = item >> 32;
        for pass in 0..passes {
            if let Some(c) = counts.get_mut(pass * buckets + index(key)) {
                *c += 1;
            }
            key >>= digit;
        }
    }
    let n = items.len();
    items.resize(2 * n, 0);
    let mut second = false;
    let mut shift = 32;
    for pass in 0..passes {
        let count = counts
            .get(pass * buckets..(pass + 1) * buckets)
            .unwrap_or(&[]);
        let this = shift;
        shift += digit;
        if count.iter().any(|&c| c as usize == n) {
            continue; // one digit value in this pass: nothing to move
        }
        let mut starts = Vec::with_capacity(buckets);
        let mut at = 0usize;
        for &c in count {
            starts.push(at);
            at += c as usize;
        }
        let (first_half, second_half) = items.split_at_mut(n);
        let (from, to) = if second {
            (&*second_half, first_half)
        } else {
            (&*first_half, second_half)
        };
        for &item in from {
            let d = index(item >> this);
            if let Some(start) = starts.get_mut(d) {
                if let Some(slot) = to.get_mut(*start) {
                    *slot = item;
                }
                *start += 1;
            }
        }
        second = !second;
    }
    if second {
        items.copy_within(n.., 0);
    }
    items.truncate(n);
}

/// Sorts `keyed` (positions in increasing order, with their prefixes) by prefix, ties in
/// position order: the order of std's sort of the (prefix, position) pairs. A stable
/// least-significant-digit radix sort, a byte per pass; the bytes in which every prefix
/// is the same take no pass. The second buffer is the second half of `keyed` itself (one
/// allocation, made room for by the caller), cut off again at the end.
pub(super) fn radix_sort(keyed: &mut Vec<(u64, u32)>) {
    let mut counts = [[0u32; 256]; 8];
    for &(prefix, _) in keyed.iter() {
        for (byte, count) in counts.iter_mut().enumerate() {
            let digit = prefix.to_le_bytes().get(byte).copied().unwrap_or(0);
            if let Some(c) = count.get_mut(usize::from(digit)) {
                *c += 1;
            }
        }
    }
    let n = keyed.len();
    keyed.resize(2 * n, (0, 0));
    // The data is in the first half (`false`) or the second.
    let mut second = false;
    for (byte, count) in counts.iter().enumerate() {
        if count.iter().any(|&c| c as usize == n) {
            continue; // one value in this byte: nothing to move
        }
        // Where each digit's run starts.
        let mut starts = [0usize; 256];
        let mut at = 0;
        for (start, &c) in starts.iter_mut().zip(count.iter()) {
            *start = at;
            at += c as usize;
        }
        let (first_half, second_half) = keyed.split_at_mut(n);
        let (from, to) = if second {
            (&*second_half, first_half)
        } else {
            (&*first_half, second_half)
        };
        for &item in from {
            let digit = usize::from(item.0.to_le_bytes().get(byte).copied().unwrap_or(0));
            if let Some(start) = starts.get_mut(digit) {
                if let Some(slot) = to.get_mut(*start) {
                    *slot = item;
                }
                *start += 1;
            }
        }
        second = !second;
    }
    if second {
        keyed.copy_within(n.., 0);
    }
    keyed.truncate(n);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rng(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// Prefixes of several shapes: shared high bytes, few distinct values, digits and
    /// zero padding like `"k123"`, or anything.
    fn prefixes(n: usize, spread: u64, next: &mut impl FnMut() -> u64) -> Vec<u64> {
        (0..n)
            .map(|_| {
                let x = next();
                match spread {
                    0 => 0x6b00_0000_0000_0000 | (x & 0xFF_FF00),
                    1 => {
                        let digits = (x % 6) as usize;
                        let mut p = *b"k\0\0\0\0\0\0\0";
                        for (i, slot) in p.iter_mut().enumerate().skip(1).take(digits) {
                            *slot = b'0' + ((x >> (4 * i)) % 10) as u8;
                        }
                        u64::from_be_bytes(p)
                    }
                    s => (x & s).rotate_left(24),
                }
            })
            .collect()
    }

    #[test]
    fn radix_sort_is_std_sort_of_prefix_and_position() {
        let mut next = rng(0x2545_f491_4f6c_dd1d);
        for n in [0usize, 1, 2, 255, 256, 257, 1000, 5000] {
            for spread in [0u64, 1, 3, 0xFFFF, u64::MAX] {
                let keyed: Vec<(u64, u32)> = prefixes(n, spread, &mut next)
                    .into_iter()
                    .enumerate()
                    .map(|(i, p)| (p, i as u32))
                    .collect();
                let mut expected = keyed.clone();
                expected.sort_unstable();
                let mut ours = keyed;
                radix_sort(&mut ours);
                assert_eq!(ours, expected, "n {n}, spread {spread:#x}");
            }
        }
    }

    #[test]
    fn packed_keys_keep_the_order_and_sort_like_std() {
        let mut next = rng(0x9e37_79b9_7f4a_7c15);
        let mut packed_some = 0;
        for n in [1usize, 2, 17, 255, 256, 1000, 5000] {
            for spread in [0u64, 1, 3, 0xFF, 0xFFFF, 0x0F0F_0F0F_0000, u64::MAX] {
                let prefixes = prefixes(n, spread, &mut next);
                let first = prefixes.first().copied().unwrap_or(0);
                let diff = prefixes.iter().fold(0, |d, &p| d | (p ^ first));
                let Some(packing) = Packing::of(diff) else {
                    assert!(diff.count_ones() > 0);
                    continue;
                };
                packed_some += 1;
                assert!(packing.width() <= 32);
                // Same order and same ties as the prefixes themselves.
                for (a, b) in prefixes.iter().zip(prefixes.iter().skip(1)) {
                    let (ka, kb) = (packing.key(*a), packing.key(*b));
                    assert!(ka < 1 << 32 && kb < 1 << 32);
                    assert_eq!(ka.cmp(&kb), a.cmp(b), "{a:#x} {b:#x} spread {spread:#x}");
                }
                let mut items: Vec<u64> = prefixes
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| packing.key(p) << 32 | i as u64)
                    .collect();
                let mut expected: Vec<(u64, u32)> = prefixes
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| (p, i as u32))
                    .collect();
                expected.sort_unstable();
                radix_sort_packed(&mut items, packing.width());
                let ours: Vec<u32> = items.iter().map(|&x| x as u32).collect();
                let expected: Vec<u32> = expected.iter().map(|&(_, i)| i).collect();
                assert_eq!(ours, expected, "n {n}, spread {spread:#x}");
            }
        }
        assert!(packed_some > 20, "{packed_some}");
    }
}
