//! `edit(bytes).set(path, value).delete(path).toBytes()`: the crate's `Edit` plan over an
//! input the package owns. Operations are checked when they are added; `toBytes` copies
//! the input once around the changes and wraps the result in the container it came in
//! (the same mode, the same key, a fresh IV).
//!
//! A file of several `store_var` frames is edited frame by frame: a path names its frame
//! as the CLI's do (`#1/player/hp`), or the `frame` option names the one plain paths go
//! to. A plan covers one frame; an operation on another frame first writes the plan out
//! (one copy of the input) and starts a plan over that frame of the result.

use std::rc::Rc;

use gdvariant::container::{Container, Secret};
use gdvariant::edit::{Edit, EditError, Encoded};
use gdvariant::frame::{self, Ambiguity, FrameOptions, PrefixOrder, Reading};
use gdvariant::{ParseOptions, VariantRef};
use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use yoke::{Yoke, Yokeable};

use crate::errors::ambiguous;
use crate::options::{self, Read};
use crate::{container, failure, undetected, whole_failure, Failure};

/// The plan over one value of the input: its frame's number, and the crate's plan.
#[derive(Yokeable, Clone)]
struct Plan<'a>(Option<(usize, Edit<'a>)>);

/// A plan of edits to the values of an input (see the module docs).
#[wasm_bindgen]
pub struct Editor {
    plan: Yoke<Plan<'static>, Rc<Vec<u8>>>,
    /// How the input was read (fixed once detected: an edit never reads it again).
    reading: Reading,
    /// How many values the input holds.
    count: usize,
    /// Where plain paths go: the `frame` option, or the one value.
    frame: Option<usize>,
    parse: ParseOptions,
    /// Changes of the plans written out before the current one.
    earlier: usize,
    container: Container,
    secret: Option<Secret>,
}

/// An edit error as a `DecodeError`-shaped failure: `kind` the variant's name
/// (`"NotFound"`, `"TypeMismatch"`, `"Conflict"`, …), `offset` where the crate gives one.
fn edit_error(e: &EditError) -> Failure {
    let name = format!("{e:?}");
    let kind = name.split([' ', '(', '{']).next().unwrap_or("EditError");
    failure(kind, e.offset().unwrap_or(0), e.to_string())
}

/// `1 value (#0)`, `3 values (#0 to #2)`.
fn values_text(count: usize) -> String {
    match count {
        0 => "no values".into(),
        1 => "1 value (#0)".into(),
        n => format!("{n} values (#0 to #{})", n - 1),
    }
}

/// The plan over `value`, value `index` of `plain` (in a frame when `prefix` is some).
fn plan_of<'a>(
    plain: &'a [u8],
    value: VariantRef<'a>,
    prefix: Option<PrefixOrder>,
    index: usize,
) -> Result<Plan<'a>, Failure> {
    let plan = match prefix {
        Some(order) => Edit::in_frame(plain, value, order),
        None => Edit::within(plain, value),
    };
    plan.map(|plan| Plan(Some((index, plan))))
        .map_err(|e| edit_error(&e))
}

fn missing(index: usize, count: usize) -> Failure {
    failure(
        "NotFound",
        0,
        format!("no value #{index}: the input holds {}", values_text(count)),
    )
}

/// A plan over value `index` of `plain` (an edited input), read as `reading`.
fn plan_at<'a>(
    plain: &'a [u8],
    reading: Reading,
    parse: &ParseOptions,
    index: usize,
    count: usize,
) -> Result<Plan<'a>, Failure> {
    let value = match reading.prefix {
        None if index == 0 => {
            VariantRef::parse_prefix_at(plain, 0, reading.dialect, parse)
                .map_err(|e| failure(e.kind().code(), e.offset(), e.to_string()))?
                .0
        }
        None => return Err(missing(index, count)),
        Some(order) => {
            let options = FrameOptions::new(reading.dialect)
                .order(order)
                .max_frame(usize::MAX)
                .parse(*parse);
            frame::frames(plain, options)
                .nth(index)
                .ok_or_else(|| missing(index, count))?
                .map_err(|e| failure(e.error.code(), e.offset, e.to_string()))?
                .value
        }
    };
    plan_of(plain, value, reading.prefix, index)
}

/// What `edit` found of its input: how it reads, how many values, where plain paths go.
type Found = (Reading, usize, Option<usize>);

/// The first plan over `plain` (see [`edit`]), and what was found.
fn first_plan<'a>(
    plain: &'a [u8],
    read: &Read,
    frame: Option<usize>,
    found: &mut Option<Found>,
) -> Result<Plan<'a>, Failure> {
    let hints = read.hints()?;
    let detected = frame::detect(plain, hints)
        .map_err(|e| whole_failure(&undetected(plain, hints, &read.parse, e)))?;
    // An input two readings explain as well is never edited on a guess.
    if let Some(ambiguity) = Ambiguity::of(&detected) {
        return Err(ambiguous(&ambiguity));
    }
    let (reading, count) = (detected.reading, detected.value_count());
    let frame = frame.or((count == 1).then_some(0));
    *found = Some((reading, count, frame));
    let Some(index) = frame else {
        return Ok(Plan(None));
    };
    // One value: the crate's whole-input rule (bytes left over, the caller's limits).
    let alone = reading.prefix.is_none() && !detected.is_exact();
    let value = if count == 1 && (alone || read.parse != ParseOptions::default()) {
        frame::read_whole(plain, hints, &read.parse)
            .map_err(|e| whole_failure(&e))?
            .value
    } else {
        detected
            .values()
            .nth(index)
            .ok_or_else(|| missing(index, count))?
    };
    plan_of(plain, value, reading.prefix, index)
}

/// The `frame` option: a whole number, or absent.
fn frame_option(options: &JsValue) -> Result<Option<usize>, Failure> {
    Reflect::get(options, &JsValue::from_str("frame"))
        .ok()
        .and_then(|f| f.as_f64())
        .map(|f| {
            if f >= 0.0 && f.fract() == 0.0 && f <= f64::from(u32::MAX) {
                // A whole number in 0..=u32::MAX.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                Ok(f as usize)
            } else {
                Err(failure(
                    "BadOption",
                    0,
                    format!("frame must be a whole number, not {f}"),
                ))
            }
        })
        .transpose()
}

/// An editor of `bytes` (its container opened with `password` / `key`; `frame`: which
/// store_var frame of a file of several plain paths go to).
#[wasm_bindgen]
pub fn edit(bytes: Vec<u8>, options: &JsValue) -> Result<Editor, Failure> {
    let read: Read = options::read(options)?;
    let frame = frame_option(options)?;
    let (container, plain) = container::open_owned(bytes, &read.open)?;
    let mut found = None;
    let plan = Yoke::try_attach_to_cart(Rc::new(plain), |b: &Vec<u8>| {
        first_plan(b, &read, frame, &mut found)
    })?;
    let Some((reading, count, frame)) = found else {
        return Err(failure("EditError", 0, "internal: no reading".into()));
    };
    Ok(Editor {
        plan,
        reading,
        count,
        frame,
        parse: read.parse,
        earlier: 0,
        container,
        secret: read.open.secret.clone(),
    })
}

/// An operation on the value at a path, inside the plan of its frame.
type Op<'p> = &'p dyn for<'a> Fn(&mut Edit<'a>, &str) -> Result<(), EditError>;

impl Editor {
    /// The frame a path starts in and the path inside it: `#1/player/hp`, or a plain path
    /// in the `frame` option's frame (the one value's).
    fn address<'p>(&self, path: &'p str) -> Result<(usize, &'p str), Failure> {
        let Some(numbered) = path.strip_prefix('#') else {
            return match self.frame {
                Some(index) => Ok((index, path)),
                None => Err(failure(
                    "multiple_frames",
                    0,
                    format!(
                        "`{path}`: the input holds {} store_var frames ({} values, each behind a \
                         4-byte length), not one value: start the path with the frame's \
                         number, #0 to #{last} (as in `#{last}/{}`), or pass {{frame: N}} to \
                         edit()",
                        self.count,
                        self.reading.dialect,
                        path.trim_start_matches('/'),
                        last = self.count.saturating_sub(1),
                    ),
                )),
            };
        };
        let (digits, rest) = numbered.split_at(numbered.find('/').unwrap_or(numbered.len()));
        let index = digits
            .parse::<usize>()
            .ok()
            .filter(|_| digits.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| {
                failure(
                    "PathSyntax",
                    1,
                    format!(
                        "bad path `{path}`: `#` is followed by a value's number (`#0/player`); \
                         quote a key that starts with `#`: `\"#key\"`"
                    ),
                )
            })?;
        if index >= self.count {
            return Err(failure(
                "NotFound",
                0,
                format!(
                    "no value #{index}: the input holds {}",
                    values_text(self.count)
                ),
            ));
        }
        Ok((index, rest.strip_prefix('/').unwrap_or(rest)))
    }

    /// Runs `op` at `path`; a refused operation leaves the plan as it was.
    fn apply(&mut self, path: &str, op: Op<'_>) -> Result<(), Failure> {
        let (index, inner) = self.address(path)?;
        let mut refused = None;
        let current = self.plan.get().0.as_ref().map(|(i, _)| *i);
        if current == Some(index) {
            // The plan is cloned (a few words per change) and the operation tried on the
            // copy.
            let next = self.plan.map_project_cloned(|plan, _| {
                let mut next = plan.clone();
                if let Some((_, edit)) = next.0.as_mut() {
                    if let Err(e) = op(edit, inner) {
                        refused = Some(edit_error(&e));
                    }
                }
                next
            });
            return match refused {
                Some(e) => Err(e),
                None => {
                    self.plan = next;
                    Ok(())
                }
            };
        }
        // Another frame: the plan so far written out, and a plan over that frame of it.
        let (bytes, changes) = match &self.plan.get().0 {
            Some((_, edit)) => (edit.to_vec(), edit.changes().count()),
            None => (self.plan.backing_cart().to_vec(), 0),
        };
        let (reading, parse, count) = (self.reading, self.parse, self.count);
        let next = Yoke::try_attach_to_cart(Rc::new(bytes), |b: &Vec<u8>| {
            let mut plan = plan_at(b, reading, &parse, index, count)?;
            if let Some((_, edit)) = plan.0.as_mut() {
                op(edit, inner).map_err(|e| edit_error(&e))?;
            }
            Ok::<_, Failure>(plan)
        })?;
        self.plan = next;
        self.earlier += changes;
        Ok(())
    }
}

#[wasm_bindgen]
impl Editor {
    /// The dialect the new values are written in (`"3"`, `"4"`, `"pm-a"`, …).
    #[wasm_bindgen(getter)]
    pub fn godot(&self) -> String {
        self.reading.dialect.code().into()
    }

    /// What the input was wrapped in (as `containerOf` says it).
    #[wasm_bindgen(getter)]
    pub fn container(&self) -> JsValue {
        container::describe(self.container)
    }

    /// How many values the input holds (1, or its store_var frames).
    #[wasm_bindgen(getter)]
    pub fn frames(&self) -> usize {
        self.count
    }

    /// Sets `path` to the value encoded in `value` (bytes of the editor's dialect):
    /// replaces it, adds a Dictionary key, or appends at an Array's length.
    pub fn set(&mut self, path: &str, value: &[u8]) -> Result<(), Failure> {
        self.apply(path, &|e, p| e.set(p, Encoded(value)).map(drop))
    }

    /// Replaces the value at `path`, which must exist.
    pub fn replace(&mut self, path: &str, value: &[u8]) -> Result<(), Failure> {
        self.apply(path, &|e, p| e.replace(p, Encoded(value)).map(drop))
    }

    /// Inserts at `path`: a new Dictionary key, or an Array element before the index.
    pub fn insert(&mut self, path: &str, value: &[u8]) -> Result<(), Failure> {
        self.apply(path, &|e, p| e.insert(p, Encoded(value)).map(drop))
    }

    /// Deletes the Dictionary entry, Array or packed element at `path`.
    pub fn delete(&mut self, path: &str) -> Result<(), Failure> {
        self.apply(path, &|e, p| e.delete(p).map(drop))
    }

    /// How many byte ranges the output changes (a plan of another frame written out
    /// counts its ranges then).
    #[wasm_bindgen(getter, js_name = changeCount)]
    pub fn change_count(&self) -> usize {
        let current = self.plan.get().0.as_ref();
        self.earlier + current.map_or(0, |(_, edit)| edit.changes().count())
    }

    /// The edited plain bytes (the store_var frames or var_to_bytes value).
    #[wasm_bindgen(js_name = toPlainBytes)]
    pub fn to_plain_bytes(&self) -> Vec<u8> {
        match &self.plan.get().0 {
            Some((_, edit)) => edit.to_vec(),
            None => self.plan.backing_cart().to_vec(),
        }
    }

    /// The edited file: the plain bytes in the container they came in.
    #[wasm_bindgen(js_name = toBytes)]
    pub fn to_bytes(&self) -> Result<Vec<u8>, Failure> {
        let plain = self.to_plain_bytes();
        if self.container.is_plain() {
            return Ok(plain);
        }
        self.container
            .wrap(&plain, self.secret.as_ref())
            .map_err(|e| container::error(&e))
    }
}
