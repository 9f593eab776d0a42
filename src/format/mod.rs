//! Text formats of a parsed value: the engines' own text form and lossless JSON, both ways,
//! with one error type for their readers.

pub(crate) mod base64;
pub(crate) mod exact;
// TODO(issue 23): casts in this module are fixed after the format reshape merges
#[cfg(feature = "std")]
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
pub mod json;
pub(crate) mod number;
pub(crate) mod syntax;
pub mod text;
