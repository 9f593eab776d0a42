// The readers' options, checked and normalised in one place before they reach the crate.

const GODOTS = ["auto", "3", "4", "pm-a", "pm-b", "pm-c"];

export function godotOf(godot) {
  if (godot === undefined || godot === null) return "auto";
  const g = String(godot);
  if (!GODOTS.includes(g)) {
    throw new TypeError(`godot must be "auto", 3, 4, "pm-a", "pm-b" or "pm-c", not ${godot}`);
  }
  return g;
}

/** A reading dialect as the package names it: 3, 4 or an era's name. */
export function godotValue(g) {
  return g === "3" || g === "4" ? Number(g) : g;
}

export function bytesOf(bytes) {
  if (bytes instanceof Uint8Array) return bytes;
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  if (ArrayBuffer.isView(bytes)) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  throw new TypeError("bytes must be a Uint8Array, an ArrayBuffer or an ArrayBuffer view");
}

/** The readers' options, checked and normalised for the crate. */
export function readOptions({ godot, prefixed, allowObjects = true, maxDepth = 1024, password, key, decompress } = {}) {
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

