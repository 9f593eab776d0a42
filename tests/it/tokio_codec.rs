//! `frame::GodotCodec` (feature `tokio`): frames through `tokio_util::codec::Framed` over a
//! loopback socket, split frames, oversized prefixes, malformed values.
//!
//! `cargo test --features tokio --test tokio_codec`
//!
//! Without the feature this target holds one ignored test that says how to run them:
//! plain `cargo test` shows `ignored, needs the tokio feature …`.

#[cfg(feature = "tokio")]
use crate::common;

#[cfg(feature = "tokio")]
mod codec;

#[cfg(not(feature = "tokio"))]
#[test]
#[ignore = "needs the tokio feature: cargo test --features tokio --test tokio_codec (.ci/run runs it)"]
fn the_codec_tests_need_the_tokio_feature() {}
