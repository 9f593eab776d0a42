//! `edit(bytes).set(path, value).delete(path).toBytes()`: the crate's `Edit` plan over an
//! input the package owns. Operations are checked when they are added; `toBytes` copies
//! the input once around the changes and wraps the result in the container it came in
//! (the same mode, the same key, a fresh IV).

use std::rc::Rc;

use gdvariant::container::{Container, Secret};
use gdvariant::edit::{Edit, EditError, Encoded};
use gdvariant::frame::{self, Ambiguity, Hints, WholeError};
use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use yoke::{Yoke, Yokeable};

use crate::options::{self, Read};
use crate::{container, failure, undetected, whole_failure, Failure};

#[derive(Yokeable, Clone)]
struct Plan<'a>(Edit<'a>);

/// A plan of edits to one value of an input (see the module docs).
#[wasm_bindgen]
pub struct Editor {
    plan: Yoke<Plan<'static>, Rc<Vec<u8>>>,
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

/// The plan over value `frame` (or the one value) of `plain`.
fn plan<'a>(
    plain: &'a [u8],
    hints: Hints,
    read: &Read,
    frame: Option<usize>,
) -> Result<Plan<'a>, Failure> {
    let (value, reading) = match frame {
        // The one value: the crate's whole-input rule (detection and its refusals).
        None => {
            let whole =
                frame::read_whole(plain, hints, &read.parse).map_err(|e| whole_failure(&e))?;
            (whole.value, whole.reading)
        }
        // Frame `i` of a file of several.
        Some(i) => {
            let found = frame::detect(plain, hints)
                .map_err(|e| whole_failure(&undetected(plain, hints, &read.parse, e)))?;
            if let Some(ambiguity) = Ambiguity::of(&found) {
                return Err(whole_failure(&WholeError::Ambiguous(ambiguity)));
            }
            let value = found.values().nth(i).ok_or_else(|| {
                failure(
                    "NotFound",
                    0,
                    format!("frame {i} of {} frames", found.value_count()),
                )
            })?;
            (value, found.reading)
        }
    };
    let plan = match reading.prefix {
        Some(order) => Edit::in_frame(plain, value, order),
        None => Edit::within(plain, value),
    };
    plan.map(Plan).map_err(|e| edit_error(&e))
}

/// An editor of `bytes` (its container opened with `password` / `key`; `frame`: which
/// store_var frame of a file of several).
#[wasm_bindgen]
pub fn edit(bytes: Vec<u8>, options: &JsValue) -> Result<Editor, Failure> {
    let read = options::read(options)?;
    let frame = Reflect::get(options, &JsValue::from_str("frame"))
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
        .transpose()?;
    let (found, plain) = container::open_owned(bytes, &read.open)?;
    let hints = read.hints()?;
    let plan =
        Yoke::try_attach_to_cart(Rc::new(plain), |b: &Vec<u8>| plan(b, hints, &read, frame))?;
    Ok(Editor {
        plan,
        container: found,
        secret: read.open.secret.clone(),
    })
}

impl Editor {
    fn apply(
        &mut self,
        op: impl for<'a> FnOnce(&mut Edit<'a>) -> Result<(), EditError>,
    ) -> Result<(), Failure> {
        // The plan is cloned (a few words per change) and the operation tried on the
        // copy: a refused one leaves the plan as it was.
        let mut refused = None;
        let next = self.plan.map_project_cloned(|plan, _| {
            let mut next = plan.clone();
            if let Err(e) = op(&mut next.0) {
                refused = Some(e);
            }
            next
        });
        match refused {
            Some(e) => Err(edit_error(&e)),
            None => {
                self.plan = next;
                Ok(())
            }
        }
    }
}

#[wasm_bindgen]
impl Editor {
    /// The dialect the new values are written in (`"3"`, `"4"`, `"pm-a"`, …).
    #[wasm_bindgen(getter)]
    pub fn godot(&self) -> String {
        self.plan.get().0.dialect().code().into()
    }

    /// What the input was wrapped in (as `containerOf` says it).
    #[wasm_bindgen(getter)]
    pub fn container(&self) -> JsValue {
        container::describe(self.container)
    }

    /// Sets `path` to the value encoded in `value` (bytes of the editor's dialect):
    /// replaces it, adds a Dictionary key, or appends at an Array's length.
    pub fn set(&mut self, path: &str, value: &[u8]) -> Result<(), Failure> {
        self.apply(|e| e.set(path, Encoded(value)).map(drop))
    }

    /// Replaces the value at `path`, which must exist.
    pub fn replace(&mut self, path: &str, value: &[u8]) -> Result<(), Failure> {
        self.apply(|e| e.replace(path, Encoded(value)).map(drop))
    }

    /// Inserts at `path`: a new Dictionary key, or an Array element before the index.
    pub fn insert(&mut self, path: &str, value: &[u8]) -> Result<(), Failure> {
        self.apply(|e| e.insert(path, Encoded(value)).map(drop))
    }

    /// Deletes the Dictionary entry, Array or packed element at `path`.
    pub fn delete(&mut self, path: &str) -> Result<(), Failure> {
        self.apply(|e| e.delete(path).map(drop))
    }

    /// How many byte ranges the output changes.
    #[wasm_bindgen(getter, js_name = changeCount)]
    pub fn change_count(&self) -> usize {
        self.plan.get().0.changes().count()
    }

    /// The edited plain bytes (the store_var frames or var_to_bytes value).
    #[wasm_bindgen(js_name = toPlainBytes)]
    pub fn to_plain_bytes(&self) -> Vec<u8> {
        self.plan.get().0.to_vec()
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
