// The package's errors, and the one place where the crate's failures become them. Every
// error the crate gives has a `code` in Node's style (`ERR_UNEXPECTED_END`,
// `ERR_WRONG_KEY`, …); `kind`, the name it had before (`UnexpectedEnd`, `wrong_key`), is a
// deprecated alias kept for one release.

let warned = false;
/** Node's DeprecationWarning for `kind`, once per process (nothing in browsers). */
function deprecated() {
  if (warned) return;
  warned = true;
  if (typeof process !== "undefined" && typeof process.emitWarning === "function") {
    process.emitWarning("error.kind is deprecated: use error.code (ERR_…); kind goes in the next release", "DeprecationWarning", "GDVARIANT_KIND");
  }
}

/** The base of the package's errors: `code`, `offset`, and the deprecated `kind`. */
class GodotError extends Error {
  #kind;
  constructor(message, code, offset, kind = code) {
    super(message);
    this.code = code;
    this.offset = offset;
    this.#kind = kind;
  }
  /** @deprecated The error's old name (`"UnexpectedEnd"`, `"wrong_key"`): use `code`. */
  get kind() {
    deprecated();
    return this.#kind;
  }
}

/** Bytes that are not a valid value (or a file that cannot be opened: a wrong password, a damaged container): `.code` names the problem (`"ERR_UNEXPECTED_END"`), `.offset` is where it is. */
export class DecodeError extends GodotError {
  constructor(message, code, offset, kind) {
    super(message, code, offset, kind);
    this.name = "DecodeError";
  }
}

/** A path that leads nowhere: `.code` is `"ERR_NOT_FOUND"`, `"ERR_NOT_A_CONTAINER"` or `"ERR_PATH_SYNTAX"`; `.offset` is the byte offset of the container (or value) where it stopped, or the character in the path for `"ERR_PATH_SYNTAX"`. */
export class PathError extends GodotError {
  constructor(message, code, offset, kind) {
    super(message, code, offset, kind);
    this.name = "PathError";
  }
}

/** An edit the crate refused (`.code`: `"ERR_TYPE_MISMATCH"`, `"ERR_ALREADY_EXISTS"`, `"ERR_CONFLICT"`, …; `.offset` where it applies). The plan is left as it was. */
export class EditError extends GodotError {
  constructor(message, code, offset, kind) {
    super(message, code, offset, kind);
    this.name = "EditError";
  }
}

/** A JavaScript value the chosen dialect cannot hold (a type it lacks, nesting deeper than 1024, …): `.code` `"ERR_ENCODE"`. */
export class EncodeError extends GodotError {
  constructor(message, code = "ERR_ENCODE", offset = 0, kind = "EncodeError") {
    super(message, code, offset, kind);
    this.name = "EncodeError";
  }
}

const PATH_CODES = new Set(["ERR_NOT_FOUND", "ERR_NOT_A_CONTAINER", "ERR_PATH_SYNTAX", "ERR_PATH"]);

let ready = false;

/** Marks the WebAssembly module as instantiated (by `initialize` or the auto-initialising entry). */
export function setReady() {
  ready = true;
}

/** Is the WebAssembly module instantiated? */
export function isReady() {
  return ready;
}

/** Calls into the crate, turning its failures into the package's errors (`ErrorClass`: the class for failures that are not path errors). */
export function call(f, ErrorClass = DecodeError) {
  if (!ready) {
    throw new Error('gdvariant is not initialised: import "gdvariant" (it initialises itself), or call initialize() from "gdvariant/manual" first');
  }
  try {
    return f();
  } catch (e) {
    if (e && typeof e === "object" && "code" in e && "kind" in e && "offset" in e && "message" in e && typeof e.free === "function") {
      const { message, code, kind, offset } = e;
      e.free();
      if (code === "ERR_ENCODE") throw new EncodeError(message, code, offset, kind);
      const Class = PATH_CODES.has(code) && ErrorClass !== EditError ? PathError : ErrorClass;
      throw new Class(message, code, offset, kind);
    }
    throw e;
  }
}
