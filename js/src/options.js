// The readers' options, checked and normalised in one place before they reach the crate;
// and the default dialect a caller sets once (`setDefaults`, or `GDVARIANT_GODOT` in
// Node's environment), used where a call names none.

const GODOTS = ["auto", "3", "4", "pm-a", "pm-b", "pm-c"];
const NAMED = '3, 4, "pm-a", "pm-b" or "pm-c"';

/** The defaults `setDefaults` set: `{godot}` (a code: "3", "4", "pm-a", …), or none. */
let defaults = {};

export function godotOf(godot) {
  if (godot === undefined || godot === null) return defaultGodot();
  const g = String(godot);
  if (!GODOTS.includes(g)) {
    throw new TypeError(`godot must be "auto", ${NAMED}, not ${godot}`);
  }
  return g;
}

/** The dialect of `GDVARIANT_GODOT` (read at each call: Node's environment; absent in browsers), or undefined when it is unset or empty. */
function environmentGodot() {
  const env = typeof process !== "undefined" ? process.env?.GDVARIANT_GODOT : undefined;
  if (env === undefined || env.trim() === "") return undefined;
  const g = env.trim().toLowerCase();
  // As the command line has it: the variable names a dialect (`auto` too is refused;
  // unset or empty, it detects).
  if (!GODOTS.includes(g) || g === "auto") {
    const error = new TypeError(`GDVARIANT_GODOT=${JSON.stringify(env)} names no dialect: it takes 3, 4, pm-a, pm-b or pm-c (or unset it to detect Godot 3 or 4)`);
    error.code = "ERR_BAD_OPTION";
    throw error;
  }
  return g;
}

/** The dialect a call that names none uses: `setDefaults`'s, else `GDVARIANT_GODOT`'s, else "auto" (detected). */
export function defaultGodot() {
  return defaults.godot ?? environmentGodot() ?? "auto";
}

/** The dialect a writer uses when the call names none: the default dialect, else Godot 4. */
export function writeGodot(godot) {
  const g = godotOf(godot);
  return g === "auto" ? "4" : g;
}

/**
 * Sets the defaults of every later call that does not name them, for this module's
 * lifetime (a page, a Worker, a process): `{godot}` (3, 4, "pm-a", "pm-b", "pm-c"), the
 * dialect readers then read in (detecting only the framing) and writers write. An
 * option a call gives wins; `setDefaults({})` (or `{godot: null}`) clears it. It wins
 * over `GDVARIANT_GODOT`. Gives the defaults as they were.
 */
export function setDefaults(options = {}) {
  if (options === null || typeof options !== "object") throw new TypeError("setDefaults takes an object: setDefaults({godot: 3})");
  for (const key of Object.keys(options)) {
    if (key !== "godot") throw new TypeError(`setDefaults: unknown option ${key} (it takes godot)`);
  }
  const before = getDefaults();
  const { godot } = options;
  if (godot === undefined || godot === null) {
    defaults = {};
  } else {
    const g = String(godot);
    if (!GODOTS.includes(g) || g === "auto") {
      const error = new TypeError(`setDefaults: godot must be ${NAMED}, not ${JSON.stringify(godot)}`);
      error.code = "ERR_BAD_OPTION";
      throw error;
    }
    defaults = { godot: g };
  }
  return before;
}

/** The defaults `setDefaults` set (`{}` when none; `GDVARIANT_GODOT` is not among them). */
export function getDefaults() {
  return defaults.godot === undefined ? {} : { godot: godotValue(defaults.godot) };
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
