//! The constructors of an [`Edit`]: over a parsed value, over bytes (raw or one frame),
//! and over a value inside a larger input (one frame among others).

use super::ops::Doc;
use super::plan::Plan;
use super::{Edit, EditError};
use crate::frame::PrefixOrder;
use crate::read::options::ParseOptions;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use crate::wire::error::{Error, ErrorKind};
use alloc::collections::BTreeSet;
use alloc::vec::Vec;

impl<'a> Edit<'a> {
    /// A plan for an already parsed value: the output is that value's new bytes (its
    /// [`encoded`](VariantRef::encoded) bytes with the changes). Offsets in errors are
    /// those of the view ([`VariantRef::offset`]); the ranges of [`Change`](super::Change)s index
    /// `value.encoded()`. O(1).
    ///
    /// ```
    /// use gdvariant::edit::Edit;
    /// use gdvariant::{Dialect, VariantRef};
    ///
    /// let bytes = [2, 0, 0, 0, 7, 0, 0, 0]; // 7
    /// let value = VariantRef::parse(&bytes, Dialect::Godot4)?;
    /// let mut edit = Edit::new(value);
    /// edit.set("", 8)?; // the empty path is the value itself
    /// assert_eq!(edit.to_vec(), [2, 0, 0, 0, 8, 0, 0, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(value: VariantRef<'a>) -> Self {
        Edit::with_doc(
            Doc {
                input: value.encoded(),
                root: value,
                base: value.offset(),
            },
            None,
        )
    }

    /// A plan for the value at the start of `bytes` (the layout of `var_to_bytes`, no
    /// prefix), validated like [`VariantRef::parse`] (default options: what the engine
    /// accepts). Bytes after the value are kept in the output as they are. O(length of
    /// the value), no allocation.
    ///
    /// ```
    /// use gdvariant::edit::Edit;
    /// use gdvariant::{Dialect, EditError, ErrorKind};
    ///
    /// let error = Edit::from_bytes(&[2, 0, 0, 0, 7], Dialect::Godot4).unwrap_err();
    /// assert!(matches!(error, EditError::InvalidInput(e) if e.kind() == ErrorKind::UnexpectedEnd));
    /// ```
    pub fn from_bytes(bytes: &'a [u8], dialect: Dialect) -> Result<Self, EditError> {
        let (root, _) =
            VariantRef::parse_prefix(bytes, dialect).map_err(EditError::InvalidInput)?;
        let doc = Doc {
            input: bytes,
            root,
            base: 0,
        };
        Ok(Edit::with_doc(doc, None))
    }

    /// A plan for a `store_var` / `put_var` frame at the start of `bytes`: a 4-byte length
    /// in `order`, then the value. The output keeps the prefix, set to the new length in
    /// the same byte order; bytes inside the frame after the value, and bytes after the
    /// frame (more `store_var` values), are kept as they are. The prefix must not claim
    /// more bytes than there are ([`ErrorKind::LengthOutOfBounds`] at offset 0); the
    /// value is validated with default options, offsets counting from the start of
    /// `bytes`. O(length of the value), no allocation.
    ///
    /// ```
    /// use gdvariant::edit::Edit;
    /// use gdvariant::frame::PrefixOrder;
    /// use gdvariant::Dialect;
    ///
    /// // store_var([1]) in Godot 4: length 16, then the Array
    /// let file = [16, 0, 0, 0, 28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0];
    /// let mut edit = Edit::from_frame(&file, Dialect::Godot4, PrefixOrder::Little)?;
    /// edit.delete("0")?;
    /// assert_eq!(edit.to_vec(), [8, 0, 0, 0, 28, 0, 0, 0, 0, 0, 0, 0]);
    /// # Ok::<(), gdvariant::EditError>(())
    /// ```
    pub fn from_frame(
        bytes: &'a [u8],
        dialect: Dialect,
        order: PrefixOrder,
    ) -> Result<Self, EditError> {
        let body_len = order.read(bytes).ok_or(EditError::InvalidInput(Error::new(
            ErrorKind::UnexpectedEnd,
            0,
        )))?;
        let body = usize::try_from(body_len)
            .ok()
            .and_then(|len| bytes.get(4..len.checked_add(4)?))
            .ok_or(EditError::InvalidInput(Error::new(
                ErrorKind::LengthOutOfBounds,
                0,
            )))?;
        let options = ParseOptions::default();
        let (root, _) = VariantRef::parse_prefix_at(body, 4, dialect, &options)
            .map_err(EditError::InvalidInput)?;
        // The frame at offset 0 of `bytes`: the value lies where `in_frame` checks it does.
        Edit::in_frame(bytes, root, order)
    }

    /// A plan for the value of one `store_var` frame among others: `value` is a frame's
    /// value read from `input` (by [`frame::frames`](crate::frame::frames),
    /// [`frame::detect`](crate::frame::detect) or [`frame::read`](crate::frame::read) on
    /// `input` itself: its offsets count from `input`'s start), its prefix the 4 bytes
    /// before it, in `order`. The output is the whole of `input`, with the value changed
    /// and its frame's prefix set to the new length; the other frames, and bytes inside the
    /// frame after the value, are kept as they are. [`Change`](super::Change) ranges index `input`.
    ///
    /// Checks, O(1), no second validation: `value`'s bytes are `input`'s at
    /// `value.offset()` (else [`EditError::InvalidInput`] with
    /// [`ErrorKind::LengthOutOfBounds`] at that offset, as [`Edit::within`] says), after
    /// at least 4 bytes, and the prefix claims them and no more bytes than `input` has
    /// (else the same error at the prefix).
    ///
    /// ```
    /// use gdvariant::edit::Edit;
    /// use gdvariant::frame::{self, FrameOptions, PrefixOrder};
    /// use gdvariant::Dialect;
    ///
    /// // store_var(7), then store_var([1]), in Godot 4
    /// let file = [8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0,
    ///             16, 0, 0, 0, 28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0];
    /// let second = frame::frames(&file, FrameOptions::new(Dialect::Godot4)).nth(1).unwrap()?;
    /// let mut edit = Edit::in_frame(&file, second.value, PrefixOrder::Little)?;
    /// edit.delete("0")?;
    /// assert_eq!(edit.to_vec(), [8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 8, 0, 0, 0, 28, 0, 0, 0, 0, 0, 0, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn in_frame(
        input: &'a [u8],
        value: VariantRef<'a>,
        order: PrefixOrder,
    ) -> Result<Self, EditError> {
        let start = value.offset();
        let at = start.checked_sub(4);
        let out_of_bounds =
            || EditError::InvalidInput(Error::new(ErrorKind::LengthOutOfBounds, at.unwrap_or(0)));
        let at = at.ok_or_else(out_of_bounds)?;
        let mut edit = Edit::within(input, value)?;
        let claimed = input
            .get(at..)
            .and_then(|bytes| order.read(bytes))
            .and_then(|len| usize::try_from(len).ok())
            .and_then(|len| start.checked_add(len));
        match claimed {
            Some(end) if end >= start + value.encoded().len() && end <= input.len() => {}
            _ => return Err(out_of_bounds()),
        }
        edit.prefix = Some((at, order));
        Ok(edit)
    }

    /// A plan for `value`, read from `input` itself (its offsets count from `input`'s
    /// start): the output is the whole of `input` with the value changed, everything
    /// around it kept as it is. [`Change`](super::Change) ranges index `input`. For a
    /// value inside a `store_var` frame, [`Edit::in_frame`] also keeps the frame's length
    /// up to date.
    ///
    /// Checks, O(1), no second validation: `value`'s bytes are `input`'s at
    /// `value.offset()`; otherwise [`EditError::InvalidInput`] with
    /// [`ErrorKind::LengthOutOfBounds`] at that offset.
    ///
    /// ```
    /// use gdvariant::edit::Edit;
    /// use gdvariant::{Dialect, VariantRef};
    ///
    /// let file = [0xAA, 0xBB, 0xCC, 0xDD, 2, 0, 0, 0, 7, 0, 0, 0]; // a header of yours, then 7
    /// let value = VariantRef::parse_prefix_at(&file[4..], 4, Dialect::Godot4, &Default::default())?.0;
    /// let mut edit = Edit::within(&file, value)?;
    /// edit.set("", 8)?;
    /// assert_eq!(edit.to_vec(), [0xAA, 0xBB, 0xCC, 0xDD, 2, 0, 0, 0, 8, 0, 0, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn within(input: &'a [u8], value: VariantRef<'a>) -> Result<Self, EditError> {
        let start = value.offset();
        let encoded = value.encoded();
        // The value's bytes are these very bytes of `input`, not a copy elsewhere.
        let here = start
            .checked_add(encoded.len())
            .and_then(|end| input.get(start..end))
            .is_some_and(|bytes| core::ptr::eq(bytes.as_ptr(), encoded.as_ptr()));
        if !here {
            return Err(EditError::InvalidInput(Error::new(
                ErrorKind::LengthOutOfBounds,
                start,
            )));
        }
        let doc = Doc {
            input,
            root: value,
            base: 0,
        };
        Ok(Edit::with_doc(doc, None))
    }

    fn with_doc(doc: Doc<'a>, prefix: Option<(usize, PrefixOrder)>) -> Self {
        Edit {
            doc,
            prefix,
            arena: Vec::new(),
            plan: Plan::default(),
            adds: BTreeSet::new(),
        }
    }
}
