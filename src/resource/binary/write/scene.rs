//! A scene's `node`, `connection` and `editable` sections as the `PackedScene`'s
//! `_bundled` Dictionary (`SceneState::get_bundled_scene`), the inverse of
//! `binary/scene.rs`.

use alloc::vec::Vec;

use super::error::{BinaryWriteError, BinaryWriteErrorKind as K};
use super::Tables;
use crate::resource::model::Document;

/// The `_bundled` Dictionary's `var_to_bytes` bytes.
pub(crate) fn bundle(_doc: &Document, _t: &mut Tables) -> Result<Vec<u8>, BinaryWriteError> {
    Err(BinaryWriteError::new(K::Scene("scenes are not written yet"), None, ""))
}
