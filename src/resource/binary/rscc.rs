//! Compressed binary resources (`RSCC`, feature `containers`): the engine's
//! `FileAccessCompressed` block container (the same layout as a GCPF file: mode, block
//! size, plain size, one compressed size per block, the blocks, the magic again at the
//! end) with `RSCC` as its magic at both ends. The `RSRC` stream starts right after the
//! leading magic.

use alloc::borrow::Cow;
use alloc::string::ToString;

use super::error::{BinaryError, BinaryErrorKind as K};
use super::file::{BinaryOptions, BinaryResource};
use crate::container::{open, Container, OpenOptions};
use crate::resource::model::Document;

/// A binary resource's plain bytes, from [`decompress`].
#[derive(Clone, Debug)]
pub struct Unpacked<'a> {
    bytes: Cow<'a, [u8]>,
    compressed: bool,
}

impl Unpacked<'_> {
    /// The plain `RSRC` bytes (for a compressed file: `RSRC` and the decoded stream).
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Whether the file was compressed (`RSCC`).
    pub fn is_compressed(&self) -> bool {
        self.compressed
    }

    /// Parses the bytes ([`BinaryResource::parse_with`]). A compressed file's internal
    /// offsets count from the start of its stream (after the magic); they are read so.
    pub fn parse(&self, options: &BinaryOptions) -> Result<BinaryResource<'_>, BinaryError> {
        BinaryResource::parse_based(&self.bytes, options, if self.compressed { 4 } else { 0 })
    }
}

/// The plain bytes of a binary resource: the input itself (borrowed) when it is `RSRC`,
/// decoded into an owned buffer when it is `RSCC`. Every size the container claims is
/// checked against the input and [`BinaryOptions::max_unpacked`] before memory follows it
/// (the crate's container reader, [`crate::container::open`]).
///
/// Cost: one copy of the compressed bytes (the container reader is given them as a GCPF
/// file), then the decompression. Errors: [`K::BadMagic`] for anything else,
/// [`K::Container`] (at the container's offset) when the blocks do not decode.
///
/// ```
/// # fn main() -> Result<(), gdvariant::resource::BinaryError> {
/// use gdvariant::resource::{decompress, BinaryOptions};
///
/// # let file = include_bytes!("../../../tests/fixtures/resources/g4/custom_full_z.res");
/// let options = BinaryOptions::default();
/// let unpacked = decompress(file, &options)?;
/// assert!(unpacked.is_compressed());
/// let res = unpacked.parse(&options)?;
/// assert_eq!(res.header.class, "Resource");
/// # Ok(())
/// # }
/// ```
pub fn decompress<'a>(
    data: &'a [u8],
    options: &BinaryOptions,
) -> Result<Unpacked<'a>, BinaryError> {
    match data.get(..4) {
        Some(b"RSRC") => {
            return Ok(Unpacked {
                bytes: Cow::Borrowed(data),
                compressed: false,
            })
        }
        Some(b"RSCC") => {}
        _ => return Err(BinaryError::new(K::BadMagic, 0)),
    }
    // The same container as GCPF under another magic, at both ends.
    let mut gcpf = data.to_vec();
    let n = gcpf.len();
    if let Some(head) = gcpf.get_mut(..4) {
        head.copy_from_slice(b"GCPF");
    }
    if n >= 8 && gcpf.get(n - 4..) == Some(b"RSCC".as_slice()) {
        if let Some(tail) = gcpf.get_mut(n - 4..) {
            tail.copy_from_slice(b"GCPF");
        }
    }
    let opts = OpenOptions::default().max_unpacked(options.max_unpacked);
    let opened = open(&gcpf, &opts)
        .map_err(|e| BinaryError::new(K::Container(e.to_string()), e.offset()))?;
    if !matches!(opened.container(), Container::Compressed { .. }) {
        return Err(BinaryError::new(K::BadMagic, 0));
    }
    let mut plain = alloc::vec::Vec::with_capacity(opened.bytes().len().saturating_add(4));
    plain.extend_from_slice(b"RSRC");
    plain.extend_from_slice(opened.bytes());
    Ok(Unpacked {
        bytes: Cow::Owned(plain),
        compressed: true,
    })
}

/// Reads a binary resource file, plain or compressed, into the [`Document`] the engine's
/// text saver would write: [`decompress`], [`Unpacked::parse`], then
/// [`BinaryResource::to_document`]. Error offsets are in [`Unpacked::bytes`].
pub fn read_document(data: &[u8], options: &BinaryOptions) -> Result<Document, BinaryError> {
    decompress(data, options)?.parse(options)?.to_document()
}
