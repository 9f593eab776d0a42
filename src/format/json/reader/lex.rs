//! JSON tokens over UTF-8 text: whitespace, punctuation, strings (with every escape),
//! numbers and literals. Every read is bounds-checked; errors carry the offset of the
//! token that is wrong.

use alloc::borrow::Cow;
use alloc::string::String;

use super::error::{fail, Fail, JsonErrorKind as K, Res};

/// A position in the JSON text, with a buffer for strings that hold escapes.
pub(crate) struct Lexer<'j> {
    text: &'j str,
    pos: usize,
    /// The decoded text of the last string that held an escape.
    unescaped: String,
}

/// Where a string's text is.
#[derive(Clone, Copy, Debug)]
enum Span {
    /// In the input, between these offsets (no escape).
    Input(usize, usize),
    /// In [`Lexer::unescaped`].
    Unescaped,
}

/// A JSON number as scanned: its text, and its value when it is an integer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Number<'j> {
    /// The number's text (valid JSON number syntax).
    pub(crate) text: &'j str,
    /// Offset of its first byte.
    pub(crate) at: usize,
    /// Written with a `.` or an exponent?
    pub(crate) fraction: bool,
    /// A leading `-`?
    pub(crate) negative: bool,
    /// All its digits as an integer (the magnitude of an integer); `None` past u64.
    mantissa: Option<u64>,
    /// The power of ten that scales `mantissa` to the number.
    exp10: i32,
}

/// The digits of a number as one integer, as they are read.
#[derive(Default)]
struct Digits {
    value: u64,
    /// Digits read so far: below 19 the value cannot overflow.
    count: usize,
    overflow: bool,
}

impl Digits {
    /// Reads the digits from `bytes[i]`; returns the offset after them.
    #[inline(always)]
    fn read(&mut self, bytes: &[u8], mut i: usize) -> usize {
        while let Some(&d) = bytes.get(i) {
            let digit = d.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            if self.count < 19 {
                // At most 19 digits: below 10^19 < 2^64.
                self.value = self.value.wrapping_mul(10).wrapping_add(u64::from(digit));
            } else {
                match self
                    .value
                    .checked_mul(10)
                    .and_then(|m| m.checked_add(u64::from(digit)))
                {
                    Some(next) => self.value = next,
                    None => self.overflow = true,
                }
            }
            self.count += 1;
            i += 1;
        }
        i
    }
}

/// Powers of ten that are exact f64 values.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// What a value that is not of the kind the schema needs is called, for `WrongType`.
pub(crate) const A_STRING: &str = "a string";
/// See [`A_STRING`].
pub(crate) const AN_INTEGER: &str = "an integer";

impl<'j> Number<'j> {
    /// The integer, if it is one in i64's range.
    #[inline]
    pub(crate) fn i64(&self) -> Res<i64> {
        if self.fraction {
            return Err(fail(
                K::WrongType {
                    expected: AN_INTEGER,
                },
                self.at,
            ));
        }
        let m = self.mantissa.ok_or(fail(K::IntOutOfRange, self.at))?;
        let value = if self.negative {
            0i64.checked_sub_unsigned(m)
        } else {
            i64::try_from(m).ok()
        };
        value.ok_or(fail(K::IntOutOfRange, self.at))
    }

    /// The integer, if it is one in i32's range.
    pub(crate) fn i32(&self) -> Res<i32> {
        i32::try_from(self.i64()?).map_err(|_| fail(K::IntOutOfRange, self.at))
    }

    /// The integer, if it is one in u64's range (`-0` is 0).
    pub(crate) fn u64(&self) -> Res<u64> {
        if self.fraction {
            return Err(fail(
                K::WrongType {
                    expected: AN_INTEGER,
                },
                self.at,
            ));
        }
        match self.mantissa {
            Some(m) if !self.negative || m == 0 => Ok(m),
            _ => Err(fail(K::IntOutOfRange, self.at)),
        }
    }

    /// The number as the nearest f64 (correctly rounded; an integer too). When its digits
    /// and its power of ten are both exact f64 values, one multiplication or division
    /// rounds once, correctly (Clinger's fast path); otherwise core's parser decides.
    #[inline]
    pub(crate) fn f64(&self) -> Res<f64> {
        if let Some(m) = self.mantissa.filter(|&m| m <= 1 << 53) {
            let scale = POW10.get(self.exp10.unsigned_abs() as usize);
            if let Some(&scale) = scale {
                let x = m as f64;
                let x = if self.exp10 < 0 { x / scale } else { x * scale };
                return Ok(if self.negative { -x } else { x });
            }
        }
        self.text
            .parse::<f64>()
            .map_err(|_| fail(K::InvalidNumber, self.at))
    }
}

/// Does `b` start a JSON value (so that a misplaced one is a schema error, not a syntax
/// error)?
fn starts_value(b: u8) -> bool {
    matches!(
        b,
        b'"' | b'{' | b'[' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n'
    )
}

impl<'j> Lexer<'j> {
    pub(crate) fn new(text: &'j str) -> Self {
        Lexer {
            text,
            pos: 0,
            unescaped: String::new(),
        }
    }

    #[inline(always)]
    fn bytes(&self) -> &'j [u8] {
        self.text.as_bytes()
    }

    /// The current offset.
    #[inline(always)]
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// Moves to `pos` (a position this lexer was at before).
    pub(crate) fn set_pos(&mut self, pos: usize) {
        self.pos = pos;
    }

    /// Skips whitespace and returns the offset of what follows.
    #[inline(always)]
    pub(crate) fn skip_ws(&mut self) -> usize {
        let bytes = self.bytes();
        while let Some(&b) = bytes.get(self.pos) {
            if b > b' ' || !matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
                break;
            }
            self.pos += 1;
        }
        self.pos
    }

    /// The next byte after whitespace, not consumed.
    #[inline(always)]
    pub(crate) fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.bytes().get(self.pos).copied()
    }

    /// The byte at the current position (whitespace not skipped).
    #[inline(always)]
    pub(crate) fn current(&self) -> Option<u8> {
        self.bytes().get(self.pos).copied()
    }

    /// Consumes one byte (one that [`Lexer::peek`] returned).
    #[inline(always)]
    pub(crate) fn bump(&mut self) {
        self.pos += 1;
    }

    /// An error at the current position: `UnexpectedEnd` at the end of the input, else
    /// `Unexpected { expected }`.
    #[cold]
    pub(crate) fn unexpected(&self, expected: &'static str) -> Fail {
        if self.pos >= self.text.len() {
            fail(K::UnexpectedEnd, self.pos)
        } else {
            fail(K::Unexpected { expected }, self.pos)
        }
    }

    /// An error for a value that is not of the kind the schema needs here: `WrongType`
    /// when a JSON value starts here, else the syntax error.
    #[cold]
    pub(crate) fn wrong(&mut self, expected: &'static str) -> Fail {
        match self.peek() {
            Some(b) if starts_value(b) => fail(K::WrongType { expected }, self.pos),
            _ => self.unexpected("a value"),
        }
    }

    /// Consumes `b` if it comes next (after whitespace).
    #[inline(always)]
    pub(crate) fn eat(&mut self, b: u8) -> bool {
        let next = self.peek() == Some(b);
        if next {
            self.pos += 1;
        }
        next
    }

    /// Consumes `b`, which must come next; `expected` names it in the error.
    #[inline(always)]
    pub(crate) fn expect(&mut self, b: u8, expected: &'static str) -> Res<()> {
        if self.eat(b) {
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    /// After an item of a list or object: `,` (true: another item follows) or `close`
    /// (false), both consumed.
    #[inline(always)]
    pub(crate) fn comma_or(&mut self, close: u8, expected: &'static str) -> Res<bool> {
        match self.peek() {
            Some(b',') => {
                self.pos += 1;
                Ok(true)
            }
            Some(b) if b == close => {
                self.pos += 1;
                Ok(false)
            }
            _ => Err(self.unexpected(expected)),
        }
    }

    /// `true`, `false` or `null`: consumes `word`, which must come next.
    pub(crate) fn literal(&mut self, word: &'static str) -> Res<()> {
        let at = self.skip_ws();
        let end = at.saturating_add(word.len());
        if self.bytes().get(at..end) == Some(word.as_bytes()) {
            self.pos = end;
            Ok(())
        } else if self.bytes().get(at) == word.as_bytes().first() {
            // The right first letter: a misspelled literal is a syntax error.
            Err(fail(K::Unexpected { expected: word }, at))
        } else {
            Err(self.wrong(word))
        }
    }

    /// The JSON string that must come next (`WrongType { expected }` for another value),
    /// its escapes decoded. Borrowed from the input when it has none.
    #[inline]
    pub(crate) fn string_as(&mut self, expected: &'static str) -> Res<&str> {
        if self.peek() != Some(b'"') {
            return Err(self.wrong(expected));
        }
        self.string()
    }

    /// The JSON string at the current position (its `"` not yet consumed), escapes decoded.
    #[inline]
    pub(crate) fn string(&mut self) -> Res<&str> {
        let span = self.span()?;
        Ok(self.text_of(span))
    }

    /// [`Lexer::string`], borrowed from the input when the string holds no escape (so it
    /// outlives the next string read); an escaped one is copied out of the buffer.
    pub(crate) fn string_cow(&mut self) -> Res<Cow<'j, str>> {
        Ok(match self.span()? {
            Span::Input(start, end) => Cow::Borrowed(self.text.get(start..end).unwrap_or("")),
            Span::Unescaped => Cow::Owned(self.unescaped.clone()),
        })
    }

    /// The text of a string read by [`Lexer::span`] (valid until the next string).
    #[inline(always)]
    fn text_of(&self, span: Span) -> &str {
        match span {
            // Both ends are next to ASCII bytes: character boundaries.
            Span::Input(start, end) => self.text.get(start..end).unwrap_or(""),
            Span::Unescaped => &self.unescaped,
        }
    }

    /// Reads the JSON string at the current position (its `"` not yet consumed).
    #[inline(always)]
    fn span(&mut self) -> Res<Span> {
        let start = self.pos + 1;
        let rest = self.bytes().get(start..).unwrap_or(&[]);
        let n = rest
            .iter()
            .position(|&b| b == b'"' || b == b'\\' || b < 0x20);
        match n.map(|n| (n, rest.get(n))) {
            Some((n, Some(b'"'))) => {
                self.pos = start + n + 1;
                Ok(Span::Input(start, start + n))
            }
            _ => self.span_slow(start),
        }
    }

    /// [`Lexer::span`] of a string that holds an escape, a control character, or no end:
    /// decoded into the lexer's buffer.
    #[inline(never)]
    fn span_slow(&mut self, start: usize) -> Res<Span> {
        let (text, bytes) = (self.text, self.bytes());
        self.unescaped.clear();
        let mut i = start;
        loop {
            let rest = bytes.get(i..).unwrap_or(&[]);
            let Some(n) = rest
                .iter()
                .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
            else {
                return Err(fail(K::UnexpectedEnd, text.len()));
            };
            self.unescaped.push_str(text.get(i..i + n).unwrap_or(""));
            i += n;
            match bytes.get(i) {
                Some(b'"') => {
                    self.pos = i + 1;
                    return Ok(Span::Unescaped);
                }
                Some(b'\\') => {
                    let (c, len) = escape(bytes, i)?;
                    self.unescaped.push(c);
                    i += len;
                }
                _ => return Err(fail(K::ControlCharacter, i)),
            }
        }
    }

    /// A key of an object: a string (`Unexpected` for anything else), then `:`. Returns
    /// the key and its offset.
    #[inline]
    pub(crate) fn key(&mut self) -> Res<(&str, usize)> {
        let at = self.skip_ws();
        if self.bytes().get(at) != Some(&b'"') {
            return Err(self.unexpected("a string key"));
        }
        let span = self.span()?;
        self.expect(b':', "':'")?;
        Ok((self.text_of(span), at))
    }

    /// The JSON number that must come next (`WrongType { expected }` for another value).
    #[inline]
    pub(crate) fn number_as(&mut self, expected: &'static str) -> Res<Number<'j>> {
        match self.peek() {
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(self.wrong(expected)),
        }
    }

    /// The JSON number at the current position (its first byte is `-` or a digit).
    #[inline]
    pub(crate) fn number(&mut self) -> Res<Number<'j>> {
        let bytes = self.bytes();
        let at = self.pos;
        let invalid = || fail(K::InvalidNumber, at);
        let mut i = at;
        let negative = bytes.get(i) == Some(&b'-');
        if negative {
            i += 1;
        }
        let mut digits = Digits::default();
        match bytes.get(i) {
            Some(b'0') => {
                i += 1;
                if bytes.get(i).is_some_and(u8::is_ascii_digit) {
                    return Err(invalid());
                }
            }
            Some(b'1'..=b'9') => i = digits.read(bytes, i),
            _ => return Err(invalid()),
        }
        let mut fraction = false;
        let mut exp10 = 0i32;
        if bytes.get(i) == Some(&b'.') {
            fraction = true;
            let start = i + 1;
            i = digits.read(bytes, start);
            if i == start {
                return Err(invalid());
            }
            exp10 = -i32::try_from(i - start).unwrap_or(i32::MAX);
        }
        if matches!(bytes.get(i), Some(b'e' | b'E')) {
            fraction = true;
            i += 1;
            let minus = bytes.get(i) == Some(&b'-');
            if matches!(bytes.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            let start = i;
            let mut e = 0i32;
            while let Some(d) = bytes.get(i).filter(|d| d.is_ascii_digit()) {
                e = e.saturating_mul(10).saturating_add(i32::from(d - b'0'));
                i += 1;
            }
            if i == start {
                return Err(invalid());
            }
            exp10 = exp10.saturating_add(if minus { -e } else { e });
        }
        self.pos = i;
        Ok(Number {
            text: self.text.get(at..i).unwrap_or("0"),
            at,
            fraction,
            negative,
            mantissa: (!digits.overflow).then_some(digits.value),
            exp10,
        })
    }

    /// Skips whitespace and checks that nothing else follows.
    pub(crate) fn end(&mut self) -> Res<()> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(fail(K::TrailingCharacters, self.pos)),
        }
    }
}

/// The character of the escape at `bytes[at]` (a backslash) and the escape's length.
fn escape(bytes: &[u8], at: usize) -> Res<(char, usize)> {
    let c = match bytes.get(at + 1) {
        None => return Err(fail(K::UnexpectedEnd, bytes.len())),
        Some(b'"') => '"',
        Some(b'\\') => '\\',
        Some(b'/') => '/',
        Some(b'b') => '\u{8}',
        Some(b'f') => '\u{c}',
        Some(b'n') => '\n',
        Some(b'r') => '\r',
        Some(b't') => '\t',
        Some(b'u') => return unicode_escape(bytes, at),
        Some(_) => return Err(fail(K::InvalidEscape, at)),
    };
    Ok((c, 2))
}

/// `\uXXXX` at `bytes[at]`, or a surrogate pair `\uD83D\uDE00`.
fn unicode_escape(bytes: &[u8], at: usize) -> Res<(char, usize)> {
    let high = hex4(bytes, at + 2)?;
    let invalid = fail(K::InvalidUnicodeEscape, at);
    match high {
        0xD800..=0xDBFF => {
            if bytes.get(at + 6..at + 8) != Some(b"\\u") {
                return match bytes.get(at + 6) {
                    None => Err(fail(K::UnexpectedEnd, bytes.len())),
                    Some(_) => Err(invalid),
                };
            }
            let low = hex4(bytes, at + 8)?;
            if !(0xDC00..=0xDFFF).contains(&low) {
                return Err(invalid);
            }
            let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
            char::from_u32(code).map(|c| (c, 12)).ok_or(invalid)
        }
        0xDC00..=0xDFFF => Err(invalid),
        _ => char::from_u32(high).map(|c| (c, 6)).ok_or(invalid),
    }
}

/// Four hex digits at `bytes[at]`; an error at the escape (`at - 2`) otherwise.
fn hex4(bytes: &[u8], at: usize) -> Res<u32> {
    let escape_at = at.saturating_sub(2);
    let Some(digits) = bytes.get(at..at + 4) else {
        // Cut short by the end, or by a quote or other byte before it.
        let rest = bytes.get(at..).unwrap_or(&[]);
        return if rest.iter().all(u8::is_ascii_hexdigit) {
            Err(fail(K::UnexpectedEnd, bytes.len()))
        } else {
            Err(fail(K::InvalidUnicodeEscape, escape_at))
        };
    };
    digits.iter().try_fold(0u32, |acc, &d| {
        let v = match d {
            b'0'..=b'9' => d - b'0',
            b'a'..=b'f' => d - b'a' + 10,
            b'A'..=b'F' => d - b'A' + 10,
            _ => return Err(fail(K::InvalidUnicodeEscape, escape_at)),
        };
        Ok(acc << 4 | u32::from(v))
    })
}
