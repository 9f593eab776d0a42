//! String escaping by table: a 256-entry table says which bytes need an escape; the runs
//! of bytes between them are copied with one `extend_from_slice` each.

use alloc::vec::Vec;

/// A table that marks `special` bytes and every byte below `below`.
#[allow(clippy::indexing_slicing)] // const evaluation: an index out of range fails the build
pub(crate) const fn table(special: &[u8], below: u8) -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < below as usize {
        t[i] = true;
        i += 1;
    }
    let mut j = 0;
    while j < special.len() {
        t[special[j] as usize] = true;
        j += 1;
    }
    t
}

/// Appends `bytes` to `out`: runs of bytes not marked in `table` are copied whole, each
/// marked byte goes through `escape`.
#[inline]
pub(crate) fn escape_runs(
    out: &mut Vec<u8>,
    bytes: &[u8],
    table: &[bool; 256],
    mut escape: impl FnMut(&mut Vec<u8>, u8),
) {
    let mut rest = bytes;
    loop {
        let next = rest
            .iter()
            .position(|&b| table.get(usize::from(b)).copied().unwrap_or(false));
        let Some(i) = next else {
            out.extend_from_slice(rest);
            return;
        };
        let (run, tail) = rest.split_at(i);
        out.extend_from_slice(run);
        let Some((&b, tail)) = tail.split_first() else {
            return;
        };
        escape(out, b);
        rest = tail;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_and_escapes() {
        const T: [bool; 256] = table(b"\"\\", 0x20);
        let mut out = Vec::new();
        escape_runs(&mut out, b"ab\"c\\\n\xc3\xa9", &T, |o, b| {
            o.push(b'!');
            o.push(b);
        });
        assert_eq!(out, b"ab!\"c!\\!\n\xc3\xa9");
    }
}
