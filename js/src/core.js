// The package's functions over the crate compiled to WebAssembly, without initialising
// it: `gdvariant/manual` for hosts that hand over the compiled module themselves (Workers
// whose bundler imports the .wasm as a WebAssembly.Module). `gdvariant` (index.js) is this
// and its own initialisation.
import init, {
  initSync,
  loads as wasmLoads,
  dumps as wasmDumps,
  fromJSON as wasmFromJSON,
  toText as wasmToText,
  toJSON as wasmToJSON,
  pack as wasmPack,
  unpack as wasmUnpack,
  containerOf as wasmContainerOf,
  describe as wasmDescribe,
} from "../pkg/gdvariant.js";
import { make, kindOf, setText } from "./classes.js";
import { call, isReady, setReady, EncodeError } from "./errors.js";
import { writeGodot, bytesOf, readOptions } from "./options.js";

export { setDefaults, getDefaults } from "./options.js";

import { math } from "./classes.js";

export {
  math, MathValue, StringName, NodePath, RID, ObjectId, GodotObject, Callable, Signal,
  ContainerType, TypedArray, TypedDictionary, Pairs, PackedStringArray, packed, equal,
} from "./classes.js";
export const {
  Vector2, Vector2i, Rect2, Rect2i, Vector3, Vector3i, Transform2D, Vector4, Vector4i, Plane,
  Quaternion, AABB, Basis, Transform3D, Projection, Color,
} = math;
export { DecodeError, PathError, EditError, EncodeError } from "./errors.js";
export { View, view, iterFrames, Editor, edit, diff } from "./lazy.js";
export { GodotFile, openFile, scan } from "./files.js";

/**
 * Instantiates the WebAssembly module from a `WebAssembly.Module`, or the bytes of
 * `gdvariant_bg.wasm` (synchronous). Needed only with `gdvariant/manual`; calling it again
 * does nothing.
 */
export function initialize(module) {
  if (!isReady()) {
    initSync({ module });
    setReady();
  }
}

/** `initialize` from a URL, a `Response` or a `Promise` of one (compiled while it downloads). */
export async function initializeAsync(source) {
  if (!isReady()) {
    await init({ module_or_path: source });
    setReady();
  }
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
 * The engine's exact bytes for `value` (`godot`: 3, 4, "pm-a", "pm-b", "pm-c"; default
 * the dialect `setDefaults` or `GDVARIANT_GODOT` set, else 4; `prefixed`: as store_var writes them, a u32 length first; `bigint`: ints are
 * `BigInt`s and every `number` is a float, as `loads` gives them with `bigint`).
 */
export function dumps(value, { godot, prefixed = false, bigint = false } = {}) {
  const g = writeGodot(godot);
  const v = value instanceof ArrayBuffer ? new Uint8Array(value) : value;
  return call(() => wasmDumps(v, g, Boolean(prefixed), Boolean(bigint), kindOf), EncodeError);
}

// The classes' toString: the engine's Godot 4 text, computed by the crate.
setText((v) => toText(dumps(v, { godot: 4 }), { godot: 4, prefixed: false }));

export { fromText } from "./text.js";

/** The bytes of JSON: the crate's lossless JSON, or plain JSON (`plain`: true or false; absent: told by the document's first key). */
export function fromJSON(json, { godot, plain } = {}) {
  const form = plain === undefined || plain === null ? 2 : plain ? 1 : 0;
  const g = writeGodot(godot);
  return call(() => wasmFromJSON(String(json), g, form));
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
  // An encrypted file's layout: the default dialect's when the call names none.
  const secret = (options.password ?? options.key) !== undefined && (options.password ?? options.key) !== null;
  const opts = secret && (options.godot === undefined || options.godot === null) ? { ...options, godot: Number(writeGodot()) || 3 } : options;
  return call(() => wasmPack(b, opts), EncodeError);
}


/**
 * What `bytes` is, as `gdvariant check` says it: `{container, godot, prefix: "little" |
 * "big" | null, frames, type, size, exact, ambiguous, candidates: [{godot, prefix, type}]}`
 * (`container` as `containerOf` gives it; `size` of the plain bytes). Opens the container
 * with `password` / `key`; a file no reading parses throws the DecodeError of the reading
 * that got furthest.
 */
export function describe(bytes, options = {}) {
  const b = bytesOf(bytes);
  return call(() => wasmDescribe(b, readOptions(options)));
}
