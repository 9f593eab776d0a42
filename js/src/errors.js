// The package's errors, and the one place where the crate's failures become them.

/** Bytes that are not a valid value (or a file that cannot be opened: a wrong password, a damaged container): `.kind` names the problem, `.offset` is where it is. */
export class DecodeError extends Error {
  constructor(message, kind, offset) {
    super(message);
    this.name = "DecodeError";
    this.kind = kind;
    this.offset = offset;
  }
}

/** A path that leads nowhere: `.kind` is `"NotFound"`, `"NotAContainer"` or `"PathSyntax"`; `.offset` is the byte offset of the container (or value) where it stopped, or the character in the path for `"PathSyntax"`. */
export class PathError extends Error {
  constructor(message, kind, offset) {
    super(message);
    this.name = "PathError";
    this.kind = kind;
    this.offset = offset;
  }
}

/** An edit the crate refused (`.kind`: `"TypeMismatch"`, `"AlreadyExists"`, `"Conflict"`, …; `.offset` where it applies). The plan is left as it was. */
export class EditError extends Error {
  constructor(message, kind, offset) {
    super(message);
    this.name = "EditError";
    this.kind = kind;
    this.offset = offset;
  }
}

/** A JavaScript value the chosen dialect cannot hold (a type it lacks, nesting deeper than 1024, …). */
export class EncodeError extends Error {
  constructor(message) {
    super(message);
    this.name = "EncodeError";
  }
}

const PATH_KINDS = new Set(["NotFound", "NotAContainer", "PathSyntax", "PathError"]);

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
    if (e && typeof e === "object" && "kind" in e && "offset" in e && "message" in e) {
      const { message, kind, offset } = e;
      if (typeof e.free === "function") e.free();
      if (kind === "EncodeError") throw new EncodeError(message);
      const Class = PATH_KINDS.has(kind) && ErrorClass !== EditError ? PathError : ErrorClass;
      throw new Class(message, kind, offset);
    }
    throw e;
  }
}

