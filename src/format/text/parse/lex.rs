//! The tokenizer of the engines' text form (`VariantParser::get_token`): punctuation,
//! strings (with Godot's escapes), StringNames, `#` colors, numbers and identifiers,
//! whitespace (every code point up to U+0020) and `;` comments.

use alloc::string::String;

use super::number::{self, Number};

use super::{TextError, TextErrorKind};
use crate::wire::dialect::Dialect;

/// One token. Strings borrow the input when they hold no escape, else the lexer's scratch
/// buffer (see [`Lexer::text`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Token<'t> {
    /// One of `{ } [ ] ( ) : , . =`.
    Punct(u8),
    /// A `"…"` string; `escaped`: its text is in the scratch buffer.
    Str { raw: &'t str, escaped: bool },
    /// `&"…"` (or `@"…"`), Godot 4.
    Name { raw: &'t str, escaped: bool },
    /// `#rrggbb` and its siblings.
    Color([f32; 4]),
    /// An int literal (or `-` alone in Godot 3, which is 0).
    Int(i64),
    /// A float literal, converted.
    Float(f64),
    /// `[A-Za-z_][A-Za-z0-9_]*`, and in Godot 4 also with a leading `-`.
    Ident(&'t str),
    /// The end of the input (or a NUL, which the engine reads as the end).
    Eof,
}

impl Token<'_> {
    /// Is it the punctuation `p`? (A plain comparison, where `==` on tokens compares
    /// every variant's payload.)
    #[inline]
    pub(super) fn is_punct(&self, p: u8) -> bool {
        matches!(self, Token::Punct(q) if *q == p)
    }
}

/// The tokenizer: a position in the input, one token of pushback and a scratch buffer for
/// strings with escapes.
pub(super) struct Lexer<'t> {
    text: &'t str,
    pos: usize,
    dialect: Dialect,
    /// Convert floats as the engine does.
    engine: bool,
    /// Where the last token started (for errors).
    pub(super) start: usize,
    back: Option<(Token<'t>, usize, usize)>,
    scratch: String,
}

impl<'t> Lexer<'t> {
    pub(super) fn new(text: &'t str, dialect: Dialect, engine: bool) -> Self {
        Lexer {
            text,
            pos: 0,
            dialect,
            engine,
            start: 0,
            back: None,
            scratch: String::new(),
        }
    }

    /// The text of a string token: the input itself, or the decoded escapes.
    pub(super) fn text<'s>(&'s self, raw: &'s str, escaped: bool) -> &'s str {
        if escaped {
            &self.scratch
        } else {
            raw
        }
    }

    fn pandemonium(&self) -> bool {
        self.dialect.is_pandemonium()
    }

    /// Starts reading at byte `pos` of `text` (offsets, lines and columns in errors still
    /// count from the start of `text`).
    pub(super) fn seek(&mut self, pos: usize) {
        self.pos = pos.min(self.text.len());
        self.start = self.pos;
        self.back = None;
    }

    /// Where the next token starts or, with none read ahead, where reading stopped: the
    /// end of what has been consumed.
    pub(super) fn consumed(&self) -> usize {
        match self.back {
            Some((_, start, _)) => start,
            None => self.pos,
        }
    }

    /// Gives `token` back: the next call to [`Lexer::next`] returns it again.
    pub(super) fn unread(&mut self, token: Token<'t>) {
        self.back = Some((token, self.start, self.pos));
    }

    pub(super) fn error(&self, kind: TextErrorKind) -> TextError {
        TextError::locate(self.text.as_bytes(), self.start, kind)
    }

    fn byte(&self, at: usize) -> Option<u8> {
        self.text.as_bytes().get(at).copied()
    }

    /// Skips whitespace and comments; if the next character is `punct`, takes it (as a
    /// token: errors point at it) and returns true.
    pub(super) fn eat(&mut self, punct: u8) -> bool {
        if let Some((token, start, pos)) = self.back {
            if token.is_punct(punct) {
                self.back = None;
                self.start = start;
                self.pos = pos;
                return true;
            }
            return false;
        }
        loop {
            while let Some(b) = self.byte(self.pos) {
                if b == 0 || b > b' ' {
                    break;
                }
                self.pos += 1;
            }
            if self.byte(self.pos) != Some(b';') {
                break;
            }
            let rest = self.text.as_bytes().get(self.pos..).unwrap_or_default();
            match memchr::memchr(b'\n', rest) {
                Some(n) => self.pos += n + 1,
                None => self.pos = self.text.len(),
            }
        }
        if self.byte(self.pos) == Some(punct) {
            self.start = self.pos;
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// The next token.
    pub(super) fn next(&mut self) -> Result<Token<'t>, TextError> {
        if let Some((token, start, pos)) = self.back.take() {
            self.start = start;
            self.pos = pos;
            return Ok(token);
        }
        loop {
            // Whitespace: every code point up to U+0020 (a NUL ends the input).
            while let Some(b) = self.byte(self.pos) {
                if b == 0 || b > b' ' {
                    break;
                }
                self.pos += 1;
            }
            self.start = self.pos;
            match self.byte(self.pos) {
                None | Some(0) => return Ok(Token::Eof),
                Some(b';') => {
                    // A comment runs to the next newline.
                    let rest = self.text.as_bytes().get(self.pos..).unwrap_or_default();
                    match memchr::memchr(b'\n', rest) {
                        Some(n) => self.pos += n + 1,
                        None => return Ok(Token::Eof),
                    }
                }
                Some(b) => return self.token(b),
            }
        }
    }

    fn token(&mut self, b: u8) -> Result<Token<'t>, TextError> {
        match b {
            b'{' | b'}' | b'[' | b']' | b'(' | b')' | b':' | b',' | b'.' | b'=' => {
                self.pos += 1;
                Ok(Token::Punct(b))
            }
            b'"' => {
                self.pos += 1;
                let (raw, escaped) = self.string()?;
                Ok(Token::Str { raw, escaped })
            }
            // `&"…"` (Godot 4) and `@"…"` (Godot 4, Pandemonium): a StringName.
            b'&' | b'@' if self.dialect == Dialect::Godot4 || (b == b'@' && self.pandemonium()) => {
                if self.byte(self.pos + 1) != Some(b'"') {
                    return Err(self.error(TextErrorKind::ExpectedQuoteAfterAmpersand));
                }
                self.pos += 2;
                let (raw, escaped) = self.string()?;
                Ok(Token::Name { raw, escaped })
            }
            b'#' => {
                self.pos += 1;
                let from = self.pos;
                while self.byte(self.pos).is_some_and(|b| b.is_ascii_hexdigit()) {
                    self.pos += 1;
                }
                // The engine reads a color that ends the input as the end of the input.
                if self.pos >= self.text.len() {
                    return Ok(Token::Eof);
                }
                let hex = self.text.get(from..self.pos).unwrap_or_default();
                Ok(Token::Color(number::html_color(hex, self.dialect)))
            }
            b'0'..=b'9' => self.number(),
            b'-' => match (self.dialect == Dialect::Godot4, self.byte(self.pos + 1)) {
                (true, Some(c)) if c.is_ascii_digit() => self.number(),
                (true, Some(c)) if c.is_ascii_alphabetic() || c == b'_' => {
                    self.pos += 1;
                    Ok(self.ident())
                }
                (true, _) => Err(self.error(TextErrorKind::UnexpectedCharacter)),
                // Godot 3 and Pandemonium: Godot 3.2 prints −∞ as `-inf` (its own parser reads a lone `-`, 0): read
                // it as what was printed.
                (false, Some(b'i' | b'n'))
                    if matches!(self.ident_after_minus(), "-inf" | "-nan") =>
                {
                    self.pos += 1;
                    Ok(self.ident())
                }
                (false, _) => self.number(),
            },
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => Ok(self.ident()),
            _ => Err(self.error(TextErrorKind::UnexpectedCharacter)),
        }
    }

    /// The identifier a `-` at the current position starts (for Godot 3's `-inf`).
    fn ident_after_minus(&self) -> &'t str {
        let bytes = self.text.as_bytes();
        let mut end = self.pos + 1;
        while bytes
            .get(end)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
        {
            end += 1;
        }
        self.text.get(self.pos..end).unwrap_or_default()
    }

    fn ident(&mut self) -> Token<'t> {
        while self
            .byte(self.pos)
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            self.pos += 1;
        }
        Token::Ident(self.text.get(self.start..self.pos).unwrap_or_default())
    }

    /// A number token, scanned as the engine scans it (greedy; what follows is the next
    /// token).
    fn number(&mut self) -> Result<Token<'t>, TextError> {
        let mut len = 0;
        let number = number::scan(
            self.text.as_bytes().get(self.pos..).unwrap_or_default(),
            self.dialect,
            self.engine,
            &mut len,
        );
        self.pos += len;
        Ok(match number {
            Number::Int(i) => Token::Int(i),
            Number::Float(f) => Token::Float(f),
        })
    }

    /// The body of a string after its opening quote, up to and past the closing one.
    fn string(&mut self) -> Result<(&'t str, bool), TextError> {
        let from = self.pos;
        let bytes = self.text.as_bytes();
        let rest = bytes.get(from..).unwrap_or_default();
        let Some(n) = memchr::memchr3(b'"', b'\\', 0, rest) else {
            return Err(self.error(TextErrorKind::UnterminatedString));
        };
        if rest.get(n) == Some(&b'"') {
            self.pos = from + n + 1;
            return Ok((self.text.get(from..from + n).unwrap_or_default(), false));
        }
        self.scratch.clear();
        self.scratch
            .push_str(self.text.get(from..from + n).unwrap_or_default());
        self.pos = from + n;
        let mut lead: Option<u32> = None; // a Godot 4 lead surrogate waiting for its trail
        loop {
            let Some(c) = self.text.get(self.pos..).and_then(|s| s.chars().next()) else {
                return Err(self.error(TextErrorKind::UnterminatedString));
            };
            self.pos += c.len_utf8();
            let code = match c {
                '\0' => return Err(self.error(TextErrorKind::UnterminatedString)),
                '"' => {
                    if lead.is_some() {
                        return Err(self.error(TextErrorKind::UnpairedSurrogate));
                    }
                    break;
                }
                '\\' => {
                    let Some(e) = self.text.get(self.pos..).and_then(|s| s.chars().next()) else {
                        return Err(self.error(TextErrorKind::UnterminatedString));
                    };
                    self.pos += e.len_utf8();
                    match e {
                        '\0' => return Err(self.error(TextErrorKind::UnterminatedString)),
                        'b' => 8,
                        't' => 9,
                        'n' => 10,
                        'f' => 12,
                        'r' => 13,
                        'u' => self.hex(4)?,
                        'U' if self.dialect == Dialect::Godot4 => self.hex(6)?,
                        other => u32::from(other),
                    }
                }
                other => {
                    if lead.is_some() {
                        return Err(self.error(TextErrorKind::UnpairedSurrogate));
                    }
                    self.scratch.push(other);
                    continue;
                }
            };
            // An escape: surrogates pair (Godot 4 requires it; Godot 3.6 writes a pair as
            // its character and a lone surrogate as a space).
            let is_lead = (0xD800..0xDC00).contains(&code);
            let is_trail = (0xDC00..0xE000).contains(&code);
            match (lead.take(), is_lead, is_trail) {
                (Some(high), false, true) => {
                    let c = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00);
                    self.scratch.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
                }
                (Some(_), _, _) if self.dialect == Dialect::Godot4 => {
                    return Err(self.error(TextErrorKind::UnpairedSurrogate));
                }
                (Some(_), true, _) => {
                    self.scratch.push(' ');
                    lead = Some(code);
                }
                (Some(_), false, false) => {
                    self.scratch.push(' ');
                    self.push_code(code);
                }
                (None, true, _) => lead = Some(code),
                (None, false, true) if self.dialect == Dialect::Godot4 => {
                    return Err(self.error(TextErrorKind::UnpairedSurrogate));
                }
                (None, false, true) => self.scratch.push(' '),
                (None, false, false) => self.push_code(code),
            }
            // A Godot 3 lead not followed by an escape is lone.
            if lead.is_some()
                && self.dialect == Dialect::Godot3
                && !self
                    .text
                    .as_bytes()
                    .get(self.pos..)
                    .is_some_and(|r| r.starts_with(b"\\u"))
            {
                lead = None;
                self.scratch.push(' ');
            }
        }
        Ok((self.text.get(from..self.pos).unwrap_or_default(), true))
    }

    /// A code point from an escape: Godot 4 reads U+0000 and values past U+10FFFF as
    /// U+FFFD; Godot 3 keeps a NUL.
    fn push_code(&mut self, code: u32) {
        let c = match char::from_u32(code) {
            Some('\0') if self.dialect == Dialect::Godot4 => '\u{FFFD}',
            Some(c) => c,
            None => '\u{FFFD}',
        };
        self.scratch.push(c);
    }

    /// `digits` hex digits of a `\u` / `\U` escape.
    fn hex(&mut self, digits: usize) -> Result<u32, TextError> {
        let mut value = 0u32;
        for _ in 0..digits {
            let Some(b) = self.byte(self.pos).filter(|&b| b != 0) else {
                return Err(self.error(TextErrorKind::UnterminatedString));
            };
            let Some(d) = char::from(b).to_digit(16) else {
                return Err(self.error(TextErrorKind::MalformedHexEscape));
            };
            value = value << 4 | d;
            self.pos += 1;
        }
        Ok(value)
    }
}
