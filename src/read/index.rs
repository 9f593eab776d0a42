//! An optional index of container spans, for callers that step over nested containers
//! many times (see [`crate::VariantRef::parse_indexed`]).

use crate::read::validate::record_spans;
use crate::wire::dialect::Dialect;

/// The byte span of every non-empty Array, Dictionary and full Object of a parsed value,
/// in document order. Built by [`crate::VariantRef::parse_indexed`]; reusable (it is
/// cleared and refilled), so a server can keep one per connection.
#[derive(Clone, Debug, Default)]
pub struct SpanIndex {
    /// `(start, end)` offsets, sorted by start (pre-order).
    spans: Vec<(usize, usize)>,
}

impl SpanIndex {
    /// An empty index.
    pub fn new() -> Self {
        SpanIndex::default()
    }

    /// Containers recorded.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Nothing recorded?
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// Records the spans of validated `encoded` (one value starting at offset 0).
    pub(crate) fn record(&mut self, encoded: &[u8], dialect: Dialect) {
        self.spans.clear();
        record_spans(encoded, dialect, &mut self.spans);
    }

    /// The encoded length of the container starting at `offset`, if recorded. O(log n).
    pub(crate) fn len_at(&self, offset: usize) -> Option<usize> {
        let i = self
            .spans
            .binary_search_by_key(&offset, |&(start, _)| start)
            .ok()?;
        self.spans.get(i).map(|&(start, end)| end - start)
    }
}
