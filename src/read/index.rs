//! An optional index of container spans, for callers that step over nested containers
//! many times (see [`crate::VariantRef::parse_indexed`]).

#[cfg(feature = "alloc")]
use crate::read::validate::record_spans;
#[cfg(feature = "alloc")]
use crate::wire::dialect::Dialect;
#[cfg(feature = "alloc")]
use alloc::vec::Vec;

/// The byte span of every non-empty Array, Dictionary and full Object of a parsed value,
/// in document order. Built by [`crate::VariantRef::parse_indexed`]; reusable (it is
/// cleared and refilled), so a server can keep one per connection. Without the `alloc`
/// feature it records nothing (and nothing can build one).
#[derive(Clone, Debug, Default)]
pub struct SpanIndex {
    /// `(start, end)` offsets, sorted by start (pre-order).
    #[cfg(feature = "alloc")]
    spans: Vec<(usize, usize)>,
}

impl SpanIndex {
    /// An empty index.
    pub fn new() -> Self {
        SpanIndex::default()
    }

    /// Containers recorded.
    pub fn len(&self) -> usize {
        self.spans().len()
    }

    /// Nothing recorded?
    pub fn is_empty(&self) -> bool {
        self.spans().is_empty()
    }

    fn spans(&self) -> &[(usize, usize)] {
        #[cfg(feature = "alloc")]
        return &self.spans;
        #[cfg(not(feature = "alloc"))]
        return &[];
    }

    /// Records the spans of validated `encoded` (one value starting at offset 0).
    #[cfg(feature = "alloc")]
    pub(crate) fn record(&mut self, encoded: &[u8], dialect: Dialect) {
        self.spans.clear();
        record_spans(encoded, dialect, &mut self.spans);
    }

    /// The encoded length of the container starting at `offset`, if recorded. O(log n).
    pub(crate) fn len_at(&self, offset: usize) -> Option<usize> {
        let spans = self.spans();
        let i = spans
            .binary_search_by_key(&offset, |&(start, _)| start)
            .ok()?;
        spans.get(i).map(|&(start, end)| end - start)
    }
}
