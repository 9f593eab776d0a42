//! [`Walk`]: the deserializer's position in validated bytes ([`from_bytes`](crate::from_bytes)
//! validates them first with [`VariantRef::parse`](crate::VariantRef::parse): measured on
//! dict_nested_100k, checking each node as the walk reaches it was 30 % slower than the
//! validator's own tight loop followed by a trusting walk), and the depth of the next node.

use crate::read::decoded::Value;
use crate::read::reader::Reader;
use crate::read::strings::GdStr;
use crate::serde::error::DeError;

type Result<T> = core::result::Result<T, DeError>;

/// The reader and the depth of its next node.
pub(crate) struct Walk<'de> {
    pub(crate) r: Reader<'de>,
    /// Containers around the next node.
    pub(crate) depth: usize,
}

impl<'de> Walk<'de> {
    /// A walk over bytes `parse` validated.
    pub(crate) fn new(r: Reader<'de>) -> Self {
        Walk { r, depth: 0 }
    }

    /// Decodes the next node: its absolute offset and value. A container's children follow
    /// in the reader.
    #[inline]
    pub(crate) fn next(&mut self) -> Result<(usize, Value<'de>)> {
        Ok((self.r.offset(), self.r.value()))
    }

    /// The next node without consuming it.
    #[inline]
    pub(crate) fn peek(&self) -> Value<'de> {
        let mut peek = self.r;
        peek.value()
    }

    /// Steps over the next node and everything inside it (measuring it: headers only).
    pub(crate) fn skip(&mut self) -> Result<()> {
        self.r.skip();
        Ok(())
    }

    /// An object's property name.
    #[inline]
    pub(crate) fn name(&mut self) -> Result<GdStr<'de>> {
        Ok(self.r.name())
    }
}
