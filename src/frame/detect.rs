//! Finding how an input was written when the caller does not know: which dialect, and
//! whether it is one value (`var_to_bytes`) or a sequence of `store_var` / `put_var`
//! frames, each a 4-byte length and a value.

use super::detect_error::{failure_of, report, DetectError, Failure};
use super::plausible::{plausibility, Plausibility};
use super::reading::{Hints, Reading};
use super::sequence::{frames, Frames, FramesError};
use super::slice::{FrameError, FrameOptions, PrefixOrder};
use crate::read::options::ParseOptions;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use crate::wire::error::{Error, ErrorKind};
use crate::wire::types::VariantType;

/// The dialects detection tries, in order of preference. Never a Pandemonium era: their
/// ids collide with Godot's (and with each other's), so only a hint names one.
const DIALECTS: [Dialect; 2] = [Dialect::Godot4, Dialect::Godot3];
/// The framings detection tries, in order of preference.
const FRAMINGS: [Option<PrefixOrder>; 3] =
    [None, Some(PrefixOrder::Little), Some(PrefixOrder::Big)];

/// A reading that parsed.
#[derive(Clone, Copy, Debug)]
struct Candidate<'a> {
    reading: Reading,
    /// The (first) value.
    value: VariantRef<'a>,
    /// How many values: 1 unprefixed, else the frames.
    count: usize,
    /// Covers the input as an engine writes it: no bytes after the value, no bytes after a
    /// value inside its frame.
    exact: bool,
    /// The least plausible value's plausibility, and its index (the first such).
    least: (Plausibility, usize),
    /// Every value means the same in both dialects (nil, bool, int, float, String,
    /// single-precision Vector2: type ids 0 to 5).
    neutral: bool,
    /// A value alone whose type header is also the length prefix of a reading as frames
    /// that covers the input exactly: see [`Candidate::rank`].
    header_is_prefix: bool,
}

impl Candidate<'_> {
    /// How detection orders readings: those that cover the input exactly first, then by
    /// the plausibility of the least plausible value, then (on a tie) a reading whose
    /// header is not also a frame's length.
    ///
    /// A value alone whose first word equals the length of what follows it, when frames
    /// read the same bytes exactly, is a coincidence in one reading and by design in the
    /// other: a store_var prefix always equals the length of its frame. Godot 4's
    /// `store_var(Quaternion(0, 0, 0, 1))` is `[20][15][16 bytes]`, which Godot 3 also
    /// reads as a 15-byte PoolByteArray (type 20, length 15). Such a value alone scores
    /// one level below its own plausibility, and loses a tie.
    fn rank(&self) -> (bool, u8, bool) {
        (self.exact, self.score(), !self.header_is_prefix)
    }

    /// The plausibility score the ranking uses: one level down for a header that is also
    /// a frame's length.
    fn score(&self) -> u8 {
        self.least
            .0
            .score()
            .saturating_sub(u8::from(self.header_is_prefix))
    }

    /// Is `other` as likely as `self`, by the ranking, short of the tie-break?
    fn ties(&self, other: &Candidate<'_>) -> bool {
        (self.exact, self.score()) == (other.exact, other.score())
    }

    /// Do the two readings give the same values?
    fn same_values(&self, other: &Candidate<'_>) -> bool {
        self.reading.prefix == other.reading.prefix
            && self.neutral
            && other.neutral
            && self.count == other.count
    }
}

/// The reading chosen for an input, its value(s), and the other readings that parsed.
/// Every method is O(1) but the iterators, which only measure the values (they were
/// validated by [`detect`]).
///
/// ```
/// use gdvariant::frame::{detect, Hints};
///
/// // var2bytes(Color(1, 0, 0, 1)) in Godot 3: also Godot 4's Plane(1, 0, 0, 1).
/// let color = [14, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x3f];
/// let found = detect(&color, Hints::default())?;
/// assert!(found.is_ambiguous());
/// assert_eq!(found.candidates().count(), 2);
///
/// // An int: the same in both dialects, so not ambiguous.
/// let found = detect(&[2, 0, 0, 0, 7, 0, 0, 0], Hints::default())?;
/// assert!(!found.is_ambiguous() && found.same_in_both_dialects());
/// assert_eq!((found.value_count(), found.is_exact()), (1, true));
/// assert!(found.frames().is_none()); // no prefix
/// # Ok::<(), gdvariant::frame::DetectError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Detected<'a> {
    /// The value of the chosen reading; for a sequence of frames, the first frame's
    /// ([`Detected::values`] gives them all). Its offsets count from the start of the
    /// input (after a prefix, they start at 4).
    pub value: VariantRef<'a>,
    /// The chosen reading.
    pub reading: Reading,
    data: &'a [u8],
    count: usize,
    exact: bool,
    neutral: bool,
    least: (Plausibility, usize),
    /// Every reading that parsed, the type it gave, and whether it is a rival of the
    /// chosen one (as plausible, other values), in the order tried.
    candidates: [Option<(Reading, VariantType, bool)>; 6],
}

impl<'a> Detected<'a> {
    /// Is the choice a guess? True when another reading that parsed is as plausible as
    /// the chosen one (see [`detect`]) and gives different values: tiny inputs can be,
    /// say, a Godot 3 `Color(1, 0, 0, 1)` or a Godot 4 `Plane(1, 0, 0, 1)`. Readings that
    /// give the same values (a Godot 3 and a Godot 4 int) do not make an input ambiguous.
    pub fn is_ambiguous(&self) -> bool {
        self.rivals().next().is_some()
    }

    /// The readings that make the input ambiguous: every other reading as plausible as the
    /// chosen one that gives different values, and the type of the (first) value each
    /// gives, in the order tried. Empty when the choice is not a guess. Readings that
    /// parsed but rank lower (a PoolByteArray whose padding is not zeros, a Plane beside
    /// a Color in 0..1) are not rivals; [`Detected::candidates`] lists them too.
    ///
    /// ```
    /// use gdvariant::frame::{detect, Hints, PrefixOrder};
    /// use gdvariant::{Dialect, VariantType};
    ///
    /// // Godot 4's store_var(Vector4i(1, 2, 3, 4)): [20][13][16 bytes]. Godot 3 also reads
    /// // a 13-byte PoolByteArray (type 20, length 13) with zero padding, but its type
    /// // header being the frame's length makes it the less likely reading.
    /// let mut file = vec![20, 0, 0, 0, 13, 0, 0, 0];
    /// for c in 1..=4u32 {
    ///     file.extend_from_slice(&c.to_le_bytes());
    /// }
    /// let found = detect(&file, Hints::default())?;
    /// assert_eq!(found.value.ty(), VariantType::Vector4i);
    /// assert_eq!(found.reading.prefix, Some(PrefixOrder::Little));
    /// let rivals: Vec<_> = found.rivals().collect();
    /// assert_eq!(rivals.len(), 1);
    /// assert_eq!((rivals[0].0.dialect, rivals[0].1), (Dialect::Godot3, VariantType::PackedByteArray));
    /// # Ok::<(), gdvariant::frame::DetectError>(())
    /// ```
    pub fn rivals(&self) -> impl Iterator<Item = (Reading, VariantType)> + '_ {
        self.candidates
            .iter()
            .flatten()
            .filter(|c| c.2)
            .map(|&(reading, ty, _)| (reading, ty))
    }

    /// Do both dialects read every value the same way (nil, bool, int, float, String,
    /// Vector2: type ids 0 to 5 mean the same in both)? Then the dialect of
    /// [`Detected::reading`] is a guess that changes nothing.
    pub fn same_in_both_dialects(&self) -> bool {
        self.neutral
    }

    /// Every reading that parsed (the chosen one included) and the type of the (first)
    /// value it gave, in the order tried.
    pub fn candidates(&self) -> impl Iterator<Item = (Reading, VariantType)> + '_ {
        self.candidates
            .iter()
            .flatten()
            .map(|&(reading, ty, _)| (reading, ty))
    }

    /// How many values the input holds: 1 without a prefix, else the number of frames.
    pub fn value_count(&self) -> usize {
        self.count
    }

    /// Does the reading cover the input as an engine writes it? False when a dialect or
    /// prefix hint let through bytes after the value, or bytes after a value inside its
    /// frame (the engine ignores both).
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// How plausible the values are: the plausibility of the least plausible one (see
    /// [`plausibility`](super::plausibility)); detection prefers the reading where it
    /// scores highest. [`Detected::least_plausible`] says which value it is.
    pub fn plausibility(&self) -> Plausibility {
        self.least.0
    }

    /// The index of the least plausible value (the first of them; 0 for one value alone).
    pub fn least_plausible(&self) -> usize {
        self.least.1
    }

    /// Is `other`, another reading of the same input (detected with another dialect as
    /// hint, say), far more plausible than this one? True when `other` covers the input at
    /// least as exactly ([`Detected::is_exact`]), its least plausible value is at least
    /// plain for its type ([`Plausibility::PLAIN`]), and either this reading's least
    /// plausible value is far below it ([`Plausibility::is_far_below`]: three levels, as
    /// subnormal floats against a Dictionary), or this reading leaves bytes over that
    /// `other` reads and its values are no more plausible. The evidence that a dialect
    /// given by hand is the wrong one; O(1).
    ///
    /// ```
    /// use gdvariant::frame::{detect, Hints};
    /// use gdvariant::Dialect;
    ///
    /// // var2bytes({1: 10, 2: 20, 3: 30}) in Godot 3, read as Godot 4 by hand: a
    /// // Transform3D (Godot 4's id 18) of subnormal floats, with 4 bytes after it.
    /// let mut dict = vec![18, 0, 0, 0, 3, 0, 0, 0];
    /// for (key, value) in [(1u8, 10u8), (2, 20), (3, 30)] {
    ///     dict.extend_from_slice(&[2, 0, 0, 0, key, 0, 0, 0, 2, 0, 0, 0, value, 0, 0, 0]);
    /// }
    /// let hint = |dialect| Hints { dialect: Some(dialect), prefixed: Some(false) };
    /// let as_4 = detect(&dict, hint(Dialect::Godot4))?;
    /// let as_3 = detect(&dict, hint(Dialect::Godot3))?;
    /// assert!(as_4.is_far_less_plausible_than(&as_3));
    /// assert!(!as_3.is_far_less_plausible_than(&as_4));
    /// # Ok::<(), gdvariant::frame::DetectError>(())
    /// ```
    pub fn is_far_less_plausible_than(&self, other: &Detected<'_>) -> bool {
        let (mine, theirs) = (self.plausibility(), other.plausibility());
        let covers = other.exact || !self.exact;
        let leaves_more = other.exact && !self.exact && mine.score() <= theirs.score();
        covers
            && theirs.score() >= Plausibility::PLAIN
            && (mine.is_far_below(theirs) || leaves_more)
    }

    /// The input's bytes the values were read from.
    pub fn input(&self) -> &'a [u8] {
        self.data
    }

    /// Every value, in order, with offsets counted from the start of the input. They
    /// were validated by [`detect`]: this only measures them (header reads), O(values).
    pub fn values(&self) -> Values<'a> {
        Values {
            single: Some(self.value).filter(|_| self.reading.prefix.is_none()),
            frames: self.frames(),
        }
    }

    /// The frames of a framed reading, in order (`None` for an unprefixed one). They were
    /// validated by [`detect`]: the iterator only measures them and never yields an error.
    pub fn frames(&self) -> Option<Frames<'a>> {
        self.reading
            .prefix
            .map(|order| Frames::trusted(self.data, detection_options(self.reading.dialect, order)))
    }
}

/// The values of a [`Detected`] input, in order: see [`Detected::values`]. Each step
/// measures one value (header reads), O(1) for most values, O(nodes) for containers.
///
/// ```
/// use gdvariant::frame::{detect, Hints};
///
/// // store_var(7) twice.
/// let file = [8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0];
/// let found = detect(&file, Hints::default())?;
/// let offsets: Vec<usize> = found.values().map(|v| v.offset()).collect();
/// assert_eq!(offsets, [4, 16]);
/// # Ok::<(), gdvariant::frame::DetectError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Values<'a> {
    single: Option<VariantRef<'a>>,
    frames: Option<Frames<'a>>,
}

impl<'a> Iterator for Values<'a> {
    type Item = VariantRef<'a>;

    fn next(&mut self) -> Option<VariantRef<'a>> {
        match &mut self.frames {
            Some(frames) => frames.next()?.ok().map(|frame| frame.value),
            None => self.single.take(),
        }
    }
}

impl core::iter::FusedIterator for Values<'_> {}

/// Reads `data` as one value or a sequence of frames, detecting what `hints` leave open.
///
/// Tried, in this order: one value alone (`var_to_bytes`), then a sequence of
/// `store_var` / `put_var` frames with little-endian, then big-endian prefixes; each in
/// Godot 4, then Godot 3. A reading is a candidate when it covers the input: the value
/// consumes all of it, or the frames follow each other to its end. Frames whose value
/// leaves bytes over inside them (`get_var` ignores those) and, with a dialect hint, a
/// value with bytes after it (`bytes_to_var` ignores those) are candidates too, but rank
/// below any reading that covers the input exactly, as an engine writes it
/// ([`Detected::is_exact`]). Among candidates the most plausible wins
/// (containers, text and packed arrays over scalars; a Color whose components lie in
/// 0..1 over a Plane whose normal is not a unit vector, an AABB with a positive size over
/// a skewed Transform2D, an empty PoolIntArray over an empty StringName; floats that look
/// like text or counts lose), then the first tried. The result is ambiguous when another
/// candidate is as plausible and gives different values.
///
/// When no reading works, the error is that of the reading that got furthest into the
/// input: the one the input most likely is, cut short or damaged where it says.
///
/// Cost: up to six validation passes over the input (most readings fail within a few
/// bytes), no allocation; the values are then handed out without validating them again.
///
/// ```
/// use gdvariant::frame::{detect, Hints, PrefixOrder};
/// use gdvariant::Dialect;
///
/// // store_var("abc") in Godot 4: a 12-byte body behind its length.
/// let file = [12, 0, 0, 0, 4, 0, 0, 0, 3, 0, 0, 0, b'a', b'b', b'c', 0];
/// let found = detect(&file, Hints::default())?;
/// assert_eq!(found.reading.prefix, Some(PrefixOrder::Little));
/// assert_eq!(found.value.as_str(), Some("abc"));
/// assert_eq!(found.value.offset(), 4); // offsets count from the file's start
///
/// // Two store_var calls in a row: 7, then "abc".
/// let mut two = vec![8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0];
/// two.extend_from_slice(&file);
/// let found = detect(&two, Hints::default())?;
/// assert_eq!(found.value_count(), 2);
/// let texts: Vec<String> = found.values().map(|v| v.to_string()).collect();
/// assert_eq!(texts, ["7", "\"abc\""]);
///
/// // Cut short, and said to be frames: the frame that is cut, and what it needs. (Without
/// // the hint these 20 bytes read as one Godot 4 Rect2i: tiny inputs can fit anything.)
/// let hints = Hints { prefixed: Some(true), ..Hints::default() };
/// let error = detect(&two[..20], hints).unwrap_err();
/// assert_eq!(error.reading.dialect, Dialect::Godot4);
/// assert_eq!(error.frame.map(|f| f.offset), Some(12));
/// assert_eq!(
///     error.to_string(),
///     "invalid Godot 4 data: frame #1 at offset 0xc is truncated: it needs 16 bytes, 8 remain"
/// );
/// # Ok::<(), gdvariant::frame::DetectError>(())
/// ```
pub fn detect(data: &[u8], hints: Hints) -> Result<Detected<'_>, DetectError> {
    let mut candidates: [Option<Candidate<'_>>; 6] = [None; 6];
    let mut found = 0;
    let mut furthest: Option<(Failure, Reading)> = None;
    for prefix in FRAMINGS {
        if hints.prefixed.is_some_and(|p| p != prefix.is_some()) {
            continue;
        }
        let hinted = hints.dialect.map(|d| [d]);
        let dialects: &[Dialect] = match &hinted {
            Some(one) => one,
            None => &DIALECTS,
        };
        for &dialect in dialects {
            let reading = Reading { dialect, prefix };
            let attempt = match prefix {
                None => single(data, dialect, hints.dialect.is_some()),
                Some(order) => framed(data, dialect, order),
            };
            match attempt {
                Ok(candidate) => {
                    if let Some(slot) = candidates.get_mut(found) {
                        *slot = Some(candidate);
                        found += 1;
                    }
                }
                Err(failure) => {
                    if furthest.is_none_or(|(f, _)| failure.reach > f.reach) {
                        furthest = Some((failure, reading));
                    }
                }
            }
        }
    }
    // A value alone whose header is the prefix of frames that cover the input exactly.
    let framed_exactly = candidates
        .iter()
        .flatten()
        .any(|c| c.reading.prefix.is_some() && c.exact);
    for c in candidates.iter_mut().flatten() {
        c.header_is_prefix = framed_exactly && c.reading.prefix.is_none();
    }
    let best = candidates
        .iter()
        .flatten()
        .enumerate()
        .max_by_key(|&(i, c)| (c.rank(), usize::MAX - i))
        .map(|(_, c)| *c);
    let Some(best) = best else {
        return Err(report(furthest));
    };
    let rival =
        |c: &Candidate<'_>| c.reading != best.reading && c.ties(&best) && !c.same_values(&best);
    Ok(Detected {
        value: best.value,
        reading: best.reading,
        data,
        count: best.count,
        exact: best.exact,
        neutral: best.neutral,
        least: best.least,
        candidates: candidates.map(|c| c.map(|c| (c.reading, c.value.ty(), rival(&c)))),
    })
}

/// The options detection reads frames with: no size limit (the input is in memory
/// already; nothing is allocated for a frame), the default parse options.
pub(super) fn detection_options(dialect: Dialect, order: PrefixOrder) -> FrameOptions {
    FrameOptions {
        dialect,
        order,
        max_frame: usize::MAX,
        parse: ParseOptions::default(),
    }
}

/// Does `value` mean the same in both dialects?
fn neutral(value: &VariantRef<'_>) -> bool {
    match value.ty() {
        VariantType::Nil
        | VariantType::Bool
        | VariantType::Int
        | VariantType::Float
        | VariantType::String => true,
        VariantType::Vector2 => !value.is_double(),
        _ => false,
    }
}

/// `data` as one value; `loose`: bytes after it are allowed.
fn single(data: &[u8], dialect: Dialect, loose: bool) -> Result<Candidate<'_>, Failure> {
    let (value, len) = VariantRef::parse_prefix_at(data, 0, dialect, &ParseOptions::default())
        .map_err(Failure::plain)?;
    let exact = len == data.len();
    if !exact && !loose {
        return Err(Failure::plain(Error::new(
            ErrorKind::TrailingBytes {
                left: data.len().saturating_sub(len),
                frames: 0,
            },
            len,
        )));
    }
    Ok(Candidate {
        reading: Reading {
            dialect,
            prefix: None,
        },
        value,
        count: 1,
        exact,
        least: (plausibility(&value), 0),
        neutral: neutral(&value),
        header_is_prefix: false,
    })
}

/// `data` as frames. Bytes after a value inside its frame are accepted (`get_var` ignores
/// them), but make the reading rank below one that covers the input exactly.
fn framed(data: &[u8], dialect: Dialect, order: PrefixOrder) -> Result<Candidate<'_>, Failure> {
    let mut first = None;
    let (mut count, mut exact, mut all_neutral) = (0, true, true);
    let mut least: Option<(Plausibility, usize)> = None;
    for frame in frames(data, detection_options(dialect, order)) {
        let frame = frame.map_err(|e| failure_of(data, dialect, e))?;
        exact &= frame.unused() == 0;
        first.get_or_insert(frame.value);
        count += 1;
        let p = plausibility(&frame.value);
        if least.is_none_or(|(l, _)| p.score() < l.score()) {
            least = Some((p, count - 1));
        }
        all_neutral &= neutral(&frame.value);
    }
    let (Some(value), Some(least)) = (first, least) else {
        // An empty input: not even a prefix.
        return Err(failure_of(
            data,
            dialect,
            FramesError {
                index: 0,
                offset: 0,
                error: FrameError::Truncated {
                    needed: 4,
                    available: 0,
                },
            },
        ));
    };
    Ok(Candidate {
        reading: Reading {
            dialect,
            prefix: Some(order),
        },
        value,
        count,
        exact,
        least,
        neutral: all_neutral,
        header_is_prefix: false,
    })
}
