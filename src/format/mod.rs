//! Text formats of a parsed value: the engines' own text form and lossless JSON, both ways,
//! with one error type for their readers.

pub(crate) mod base64;
pub(crate) mod escape;
#[cfg(feature = "std")]
pub(crate) mod float32;
#[cfg(feature = "std")]
pub mod json;
pub(crate) mod num;
pub(crate) mod number;
#[cfg(feature = "parallel")]
pub(crate) mod parallel;
pub(crate) mod syntax;
pub mod text;
