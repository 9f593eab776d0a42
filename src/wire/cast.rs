//! The crate's `unsafe` code, all of it (see SAFETY.md): a `&str` from bytes just checked
//! to be ASCII, and (feature `mint`) packed vectors seen as mint's `#[repr(C)]` vectors.
#![allow(unsafe_code)]

use super::utf8::is_plain_ascii;

/// `raw` as a `&str` when it is plain ASCII without a NUL (then it is also its own Godot
/// view), without a second UTF-8 validation pass.
#[inline(always)]
pub(crate) fn ascii_str(raw: &[u8]) -> Option<&str> {
    if !is_plain_ascii(raw) {
        return None;
    }
    // SAFETY: `is_plain_ascii(raw)` just returned true, which it does only when every byte
    // of `raw` is in 0x01..=0x7F (see `flags` in `utf8.rs`: a byte that is 0 or has its
    // high bit set is always flagged). Every byte below 0x80 is a complete UTF-8 sequence
    // on its own, so `raw` is valid UTF-8, which is what `from_utf8_unchecked` requires.
    Some(unsafe { core::str::from_utf8_unchecked(raw) })
}

/// A mint vector type laid out exactly as `[E; N]`: `#[repr(C)]` with `N` fields of type
/// `E` (mint documents and guarantees the `repr(C)`). Sealed; each impl below asserts at
/// compile time that the size and alignment equal those of `[E; N]`.
#[cfg(feature = "mint")]
pub(crate) trait MintOf<E, const N: usize>: Sized {}

#[cfg(feature = "mint")]
macro_rules! mint_of {
    ($($t:ty: [$e:ty; $n:literal]),*) => {$(
        impl MintOf<$e, $n> for $t {}
        const _: () = assert!(
            core::mem::size_of::<$t>() == core::mem::size_of::<[$e; $n]>()
                && core::mem::align_of::<$t>() == core::mem::align_of::<[$e; $n]>()
        );
    )*};
}

#[cfg(feature = "mint")]
mint_of!(
    mint::Vector2<f32>: [f32; 2],
    mint::Vector3<f32>: [f32; 3],
    mint::Vector4<f32>: [f32; 4],
    mint::Vector2<f64>: [f64; 2],
    mint::Vector3<f64>: [f64; 3],
    mint::Vector4<f64>: [f64; 4]
);

/// `elements` seen as mint vectors of the same components, without copying.
#[cfg(feature = "mint")]
pub(crate) fn mint_slice<E, M: MintOf<E, N>, const N: usize>(elements: &[[E; N]]) -> &[M] {
    // SAFETY: `M: MintOf<E, N>` is implemented only by `mint_of!` above, for mint's
    // `#[repr(C)]` vectors of `N` fields of type `E`, each with a compile-time assertion that
    // its size and alignment equal `[E; N]`'s. So every `[E; N]` is a valid `M` (every bit
    // pattern of `E` is, for f32 and f64), the pointer is aligned for `M`, and `len`
    // elements of `M` span exactly the bytes of `elements`, which the returned slice
    // borrows for the same lifetime.
    unsafe { core::slice::from_raw_parts(elements.as_ptr().cast::<M>(), elements.len()) }
}
