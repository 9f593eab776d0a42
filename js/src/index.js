// The gdvariant npm package: the crate compiled to WebAssembly, initialised at import
// (top-level await). In Node the .wasm file next to the bindings is read from disk; in
// browsers and Workers it is fetched by the generated `init`.
import init, { initSync, toText as wasmToText, toJSON as wasmToJSON } from "../pkg/gdvariant.js";

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
