// The gdvariant npm package: the crate compiled to WebAssembly, initialised at import
// (top-level await). In Node the .wasm file next to the bindings is read from disk; in
// browsers and Workers it is fetched by the generated `init`.
import init, {
  initSync,
  loads as wasmLoads,
  dumps as wasmDumps,
  fromText as wasmFromText,
  fromJSON as wasmFromJSON,
  toText as wasmToText,
  toJSON as wasmToJSON,
  view as wasmView,
  iterFrames as wasmIterFrames,
  edit as wasmEdit,
  pack as wasmPack,
  unpack as wasmUnpack,
  containerOf as wasmContainerOf,
  Node,
} from "../pkg/gdvariant.js";
import { make, kindOf, setText } from "./classes.js";

export {
  math, MathValue, StringName, NodePath, RID, ObjectId, GodotObject, Callable, Signal,
  ContainerType, TypedArray, TypedDictionary, Pairs, PackedStringArray, packed, equal,
} from "./classes.js";
export const {
  Vector2, Vector2i, Rect2, Rect2i, Vector3, Vector3i, Transform2D, Vector4, Vector4i, Plane,
  Quaternion, AABB, Basis, Transform3D, Projection, Color,
} = (await import("./classes.js")).math;

const wasmUrl = new URL("../pkg/gdvariant_bg.wasm", import.meta.url);
if (typeof process !== "undefined" && process.versions?.node && wasmUrl.protocol === "file:") {
  const { readFileSync } = await import("node:fs");
  initSync({ module: readFileSync(wasmUrl) });
} else {
  await init({ module_or_path: wasmUrl });
}

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

/** Calls into the crate, turning its failures into the package's errors (`Error`: the class for failures that are not path errors). */
function call(f, ErrorClass = DecodeError) {
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

const GODOTS = ["auto", "3", "4", "pm-a", "pm-b", "pm-c"];

function godotOf(godot) {
  if (godot === undefined || godot === null) return "auto";
  const g = String(godot);
  if (!GODOTS.includes(g)) {
    throw new TypeError(`godot must be "auto", 3, 4, "pm-a", "pm-b" or "pm-c", not ${godot}`);
  }
  return g;
}

/** A reading dialect as the package names it: 3, 4 or an era's name. */
function godotValue(g) {
  return g === "3" || g === "4" ? Number(g) : g;
}

function bytesOf(bytes) {
  if (bytes instanceof Uint8Array) return bytes;
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  if (ArrayBuffer.isView(bytes)) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  throw new TypeError("bytes must be a Uint8Array, an ArrayBuffer or an ArrayBuffer view");
}

/** The readers' options, checked and normalised for the crate. */
function readOptions({ godot, prefixed, allowObjects = true, maxDepth = 1024, password, key, decompress } = {}) {
  const depth = Number(maxDepth);
  if (!(depth >= 0)) throw new TypeError(`maxDepth must be a number ≥ 0, not ${maxDepth}`);
  if (password !== undefined && password !== null && typeof password !== "string") {
    throw new TypeError("password must be a string");
  }
  if (key !== undefined && key !== null && typeof key !== "string" && !(key instanceof Uint8Array)) {
    throw new TypeError("key must be 64 hex digits or a Uint8Array of 32 bytes");
  }
  return {
    godot: godotOf(godot),
    prefixed: prefixed === undefined || prefixed === null ? 2 : prefixed ? 1 : 0,
    allowObjects: Boolean(allowObjects),
    maxDepth: Math.trunc(depth),
    password: password ?? undefined,
    key: key ?? undefined,
    decompress: decompress ?? undefined,
  };
}

/** The engine's text form of the value in `bytes` (`style`: "3.2", "3.6", "4", "pm-a", …; default the dialect's). */
export function toText(bytes, options = {}) {
  const b = bytesOf(bytes);
  return call(() => wasmToText(b, readOptions(options), options.style ?? ""));
}

/** The crate's lossless JSON of the value in `bytes`, as a string (`plain`: the plain JSON, as people write it). */
export function toJSON(bytes, options = {}) {
  const b = bytesOf(bytes);
  return call(() => wasmToJSON(b, readOptions(options), Boolean(options.plain)));
}

/**
 * The JavaScript value of the value in `bytes` (the whole input: one value or one
 * store_var frame, in a compressed or encrypted file with `password` or `key`).
 */
export function loads(bytes, options = {}) {
  const b = bytesOf(bytes);
  const { bigint = false, objects = false } = options;
  return call(() => wasmLoads(b, readOptions(options), Boolean(bigint), Boolean(objects), make));
}

/**
 * The engine's exact bytes for `value` (`godot`: 3, 4 (the default), "pm-a", "pm-b",
 * "pm-c"; `prefixed`: as store_var writes them, a u32 length first; `bigint`: ints are
 * `BigInt`s and every `number` is a float, as `loads` gives them with `bigint`).
 */
export function dumps(value, { godot = 4, prefixed = false, bigint = false } = {}) {
  const g = godotOf(godot);
  const v = value instanceof ArrayBuffer ? new Uint8Array(value) : value;
  return call(() => wasmDumps(v, g === "auto" ? "4" : g, Boolean(prefixed), Boolean(bigint), kindOf), EncodeError);
}

// The classes' toString: the engine's Godot 4 text, computed by the crate.
setText((v) => toText(dumps(v, { godot: 4 }), { godot: 4, prefixed: false }));

/** The bytes of the engine's text form (`godot`: the dialect to write, default 4). Bad text throws a DecodeError of kind "SyntaxError" at its offset in the text. */
export function fromText(text, { godot = 4 } = {}) {
  return call(() => wasmFromText(String(text), godotOf(godot)));
}

/** The bytes of JSON: the crate's lossless JSON, or plain JSON (`plain`: true or false; absent: told by the document's first key). */
export function fromJSON(json, { godot = 4, plain } = {}) {
  const form = plain === undefined || plain === null ? 2 : plain ? 1 : 0;
  return call(() => wasmFromJSON(String(json), godotOf(godot), form));
}

/** The plain bytes inside a compressed or encrypted file or a `compress()` stream (`password`, `key`, `decompress`); plain bytes are given back as they are. */
export function unpack(bytes, options = {}) {
  const b = bytesOf(bytes);
  return call(() => wasmUnpack(b, readOptions(options)));
}

/** `{container: "plain" | "compressed" | "encrypted" | "stream", compress?, blockSize?, godot?}`: what wraps `bytes`. No key is needed. */
export function containerOf(bytes, options = {}) {
  const b = bytesOf(bytes);
  return call(() => wasmContainerOf(b, readOptions(options)));
}

/** `plain` bytes in a new container: `{compress: "zstd" | "deflate" | "gzip" | "fastlz", blockSize?, stream?}`, or `{password}` / `{key}` with `godot` (3 or 4, the layout). */
export function pack(plain, options = {}) {
  const b = bytesOf(plain);
  return call(() => wasmPack(b, options), EncodeError);
}

const VIEW = Symbol("gdvariant.view");

/**
 * A lazy view of one value, validated once: `get(path)`, `at(path)`, `keys()`,
 * `child(i)`, `key(i)`, `length`, `type`, `offset`, `size`, `value()`, `toText()`,
 * `toJSON()`. Containers are Views; anything else `get` gives as `loads` would.
 */
export class View {
  #node;
  #map;
  constructor(node, mapping, token) {
    if (token !== VIEW || !(node instanceof Node)) throw new TypeError("Views come from view(bytes)");
    this.#node = node;
    this.#map = mapping;
  }
  /** The type's name in the input's dialect (`"Dictionary"`, `"PackedVector3Array"`, …). */
  get type() { return this.#node.type; }
  /** The offset of the value's header in the plain input. */
  get offset() { return this.#node.offset; }
  /** The value's encoded size in bytes. */
  get size() { return this.#node.size; }
  /** Elements, entries or properties of a container; elements of a packed array; `undefined` otherwise. */
  get length() { return this.#node.length; }
  /** Does the value have children (Array, Dictionary, Object)? */
  get isContainer() { return this.#node.isContainer; }
  #wrap(x) { return x instanceof Node ? new View(x, this.#map, VIEW) : x; }
  /** The value at `path` (`"player/items/0"`; `""` is this value): a View for a container, else the value. Throws PathError. */
  get(path) {
    const { bigint, objects } = this.#map;
    return this.#wrap(call(() => this.#node.get(String(path), make, bigint, objects)));
  }
  /** The View at `path`, whatever its type. Throws PathError. */
  at(path) { return this.#wrap(call(() => this.#node.at(String(path)))); }
  /** Is there a value at `path`? */
  has(path) {
    try {
      this.get(path);
      return true;
    } catch (e) {
      if (e instanceof PathError && e.kind !== "PathSyntax") return false;
      throw e;
    }
  }
  /** Dictionary keys, Object property names or Array indices. */
  keys() { const { bigint, objects } = this.#map; return call(() => this.#node.keys(make, bigint, objects)); }
  /** Child `i` as a View (`undefined` past the end). */
  child(i) { const c = this.#node.child(i); return c === undefined ? undefined : this.#wrap(c); }
  /** How child `i` is reached: an index, a key (any value) or a property name. */
  key(i) { const { bigint, objects } = this.#map; return call(() => this.#node.key(i, make, bigint, objects)); }
  /** `[key, View]` for every child. */
  *entries() {
    const n = this.isContainer ? this.length : 0;
    for (let i = 0; i < n; i++) yield [this.key(i), this.child(i)];
  }
  /** The whole value as `loads` gives it. */
  value() { const { bigint, objects } = this.#map; return call(() => this.#node.convert(make, bigint, objects)); }
  /** The value's encoded bytes. */
  bytes() { return this.#node.bytes(); }
  /** The engine's text form (`style` as `toText` takes it). */
  toText({ style } = {}) { return call(() => this.#node.toText(style ?? "")); }
  /** Lossless JSON (or `plain` JSON). */
  toJSON({ plain = false } = {}) { return call(() => this.#node.toJSON(Boolean(plain))); }
}

/** A lazy View of the value in `bytes` (one value or one frame; a compressed or encrypted file with `password` or `key`). Validates once. */
export function view(bytes, options = {}) {
  const b = bytesOf(bytes);
  const mapping = { bigint: Boolean(options.bigint), objects: Boolean(options.objects) };
  return new View(call(() => wasmView(b, readOptions(options))), mapping, VIEW);
}

/**
 * The values of a file of store_var frames (or the one value of a var_to_bytes blob), in
 * order: as `loads` gives them, or as Views with `{view: true}`. The input is validated
 * once; a damaged frame throws its DecodeError after the frames before it.
 */
export function* iterFrames(bytes, options = {}) {
  const b = bytesOf(bytes);
  const mapping = { bigint: Boolean(options.bigint), objects: Boolean(options.objects) };
  const list = call(() => wasmIterFrames(b, readOptions(options)));
  try {
    for (let i = 0; i < list.length; i++) {
      const node = list.get(i);
      if (options.view) {
        yield new View(node, mapping, VIEW);
      } else {
        try {
          yield call(() => node.convert(make, mapping.bigint, mapping.objects));
        } finally {
          node.free();
        }
      }
    }
    const error = list.error();
    if (error !== undefined) call(() => { throw error; });
  } finally {
    list.free();
  }
}

/**
 * An edit plan over the value in `bytes` (a compressed or encrypted file with `password`
 * or `key`; `frame`: which store_var frame of a file of several). Operations are checked
 * when added and return the plan; `toBytes()` gives the edited file in the same
 * container, the same key, a fresh IV.
 */
export class Editor {
  #plan;
  #bigint;
  constructor(plan, bigint, token) {
    if (token !== VIEW) throw new TypeError("Editors come from edit(bytes)");
    this.#plan = plan;
    this.#bigint = bigint;
  }
  /** The dialect new values are written in: 3, 4 or an era's name. */
  get godot() { return godotValue(this.#plan.godot); }
  /** What the file was wrapped in, as `containerOf` says it. */
  get container() { return this.#plan.container; }
  /** How many byte ranges the output changes. */
  get changeCount() { return this.#plan.changeCount; }
  #bytes(value) {
    return call(() => wasmDumps(value, this.#plan.godot, false, this.#bigint, kindOf), EncodeError);
  }
  /** Sets `path` to `value`: replaces it, adds a Dictionary key, or appends at an Array's length. */
  set(path, value) { const v = this.#bytes(value); call(() => this.#plan.set(String(path), v), EditError); return this; }
  /** Sets `path` to the value of the engine's text form `text` (`Vector2(3, 4)`); bad text is a DecodeError of kind "SyntaxError". */
  setText(path, text) { const v = fromText(text, { godot: this.godot }); call(() => this.#plan.set(String(path), v), EditError); return this; }
  /** Replaces the value at `path`, which must exist. */
  replace(path, value) { const v = this.#bytes(value); call(() => this.#plan.replace(String(path), v), EditError); return this; }
  /** Inserts at `path`: a new Dictionary key, or an Array element before that index. */
  insert(path, value) { const v = this.#bytes(value); call(() => this.#plan.insert(String(path), v), EditError); return this; }
  /** Deletes the Dictionary entry, Array element or packed element at `path`. */
  delete(path) { call(() => this.#plan.delete(String(path)), EditError); return this; }
  /** The edited file: in the container the input came in. */
  toBytes() { return call(() => this.#plan.toBytes(), EncodeError); }
  /** The edited plain bytes (no container). */
  toPlainBytes() { return this.#plan.toPlainBytes(); }
}

/** An Editor of `bytes` (see Editor). */
export function edit(bytes, options = {}) {
  const b = bytesOf(bytes);
  const read = readOptions(options);
  if (options.frame !== undefined) read.frame = options.frame;
  return new Editor(call(() => wasmEdit(b, read)), Boolean(options.bigint), VIEW);
}
