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

/** Bytes that are not a valid value: `.kind` names the problem, `.offset` is where it is. */
export class DecodeError extends Error {
  constructor(message, kind, offset) {
    super(message);
    this.name = "DecodeError";
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

function call(f) {
  try {
    return f();
  } catch (e) {
    if (e && typeof e === "object" && "kind" in e && "offset" in e && "message" in e) {
      const err = new DecodeError(e.message, e.kind, e.offset);
      if (typeof e.free === "function") e.free();
      throw err;
    }
    throw e;
  }
}

function godotOf(godot) {
  if (godot === undefined || godot === null) return "auto";
  const g = String(godot);
  if (!["auto", "3", "4", "pm-a", "pm-b", "pm-c"].includes(g)) {
    throw new TypeError(`godot must be "auto", 3, 4, "pm-a", "pm-b" or "pm-c", not ${godot}`);
  }
  return g;
}

function prefixedOf(prefixed) {
  if (prefixed === undefined || prefixed === null) return 2;
  return prefixed ? 1 : 0;
}

function bytesOf(bytes) {
  if (bytes instanceof Uint8Array) return bytes;
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  if (ArrayBuffer.isView(bytes)) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  throw new TypeError("bytes must be a Uint8Array, an ArrayBuffer or an ArrayBuffer view");
}

/** The engine's text form of the value in `bytes`. */
export function toText(bytes, { godot, prefixed, style } = {}) {
  const b = bytesOf(bytes);
  return call(() => wasmToText(b, godotOf(godot), prefixedOf(prefixed), style ?? ""));
}

/** The crate's lossless JSON of the value in `bytes`, as a string. */
export function toJSON(bytes, { godot, prefixed } = {}) {
  const b = bytesOf(bytes);
  return call(() => wasmToJSON(b, godotOf(godot), prefixedOf(prefixed)));
}

/**
 * The JavaScript value of the value in `bytes` (the whole input: one value or one
 * store_var frame).
 */
export function loads(bytes, { godot, prefixed, allowObjects = true, maxDepth = 1024, bigint = false, objects = false } = {}) {
  const b = bytesOf(bytes);
  const depth = Math.max(0, Math.min(0xffff, Math.trunc(Number(maxDepth))));
  return call(() => wasmLoads(b, godotOf(godot), prefixedOf(prefixed), Boolean(allowObjects), depth, Boolean(bigint), Boolean(objects), make));
}

/**
 * The engine's exact bytes for `value` (`godot`: 3, 4 (the default), "pm-a", "pm-b",
 * "pm-c"; `prefixed`: as store_var writes them, a u32 length first).
 */
export function dumps(value, { godot = 4, prefixed = false } = {}) {
  const g = godotOf(godot);
  try {
    return wasmDumps(value instanceof ArrayBuffer ? new Uint8Array(value) : value, g === "auto" ? "4" : g, Boolean(prefixed), kindOf);
  } catch (e) {
    if (e && typeof e === "object" && e.kind === "EncodeError") {
      const err = new EncodeError(e.message);
      if (typeof e.free === "function") e.free();
      throw err;
    }
    throw e;
  }
}

// The classes' toString: the engine's Godot 4 text, computed by the crate.
setText((v) => toText(dumps(v, { godot: 4 }), { godot: 4, prefixed: false }));

/** The bytes of the engine's text form (`godot`: the dialect to write, default 4). Bad text throws a DecodeError of kind "SyntaxError" at its offset in the text. */
export function fromText(text, { godot = 4 } = {}) {
  return call(() => wasmFromText(String(text), godotOf(godot)));
}

/** The bytes of the crate's lossless JSON (a string). */
export function fromJSON(json, { godot = 4 } = {}) {
  return call(() => wasmFromJSON(String(json), godotOf(godot)));
}
