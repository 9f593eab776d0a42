// Shared by the tests: the engine fixtures, and an independent reading of the crate's
// lossless JSON (written from the README's JSON schema, not from the package's mapping).
// Portable: in Node the fixtures are read from disk, in a browser (test/browser/) they are
// fetched from the static server rooted at the repository; nothing here uses Node's APIs
// directly, so the same test files run in both.
import assert from "node:assert/strict";

const FIXTURES = new URL("../../tests/fixtures/", import.meta.url);
const fs = FIXTURES.protocol === "file:" ? await import("node:fs/promises") : null;

export const DIALECTS = {
  g32: 3,
  g36: 3,
  g4: 4,
  "pandemonium/pma": "pm-a",
  "pandemonium/pmb": "pm-b",
  "pandemonium/pmc": "pm-c",
};

/** The bytes of `tests/fixtures/<relPath>`, from disk (Node) or the test server (browser). */
export async function readFixture(relPath) {
  const url = new URL(relPath, FIXTURES);
  if (!url.href.startsWith(FIXTURES.href)) throw new Error(`${relPath}: not under tests/fixtures/`);
  if (fs) return new Uint8Array(await fs.readFile(url));
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The text (UTF-8) of `tests/fixtures/<relPath>`. */
export async function readFixtureText(relPath) {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await readFixture(relPath));
}

// Every engine's cases.jsonl and blobs, read once when this module loads (top-level
// await), so that cases() stays synchronous.
const LOADED = await Promise.all(
  Object.entries(DIALECTS).map(async ([folder, godot]) => {
    const lines = (await readFixtureText(`${folder}/cases.jsonl`)).split("\n").filter((l) => l.trim());
    const blobs = await Promise.all(lines.map((line) => readFixture(`${folder}/${JSON.parse(line).file}`)));
    return { folder, godot, lines, blobs };
  }),
);

/** Every engine-written blob, with its dialect and whether it is a store_var frame. */
export function cases() {
  const out = [];
  for (const { folder, godot, lines, blobs } of LOADED) {
    lines.forEach((line, i) => {
      const c = JSON.parse(line);
      let data = blobs[i].slice(); // each call its own copy, as when read from disk
      if (data.length === 0) return; // an engine failure kept on purpose
      let prefixed = !["var2bytes", "var_to_bytes"].includes(c.function);
      if (c.name.endsWith("_be")) {
        // A big-endian store_var frame (Pandemonium's endian_swap): its value's bytes.
        prefixed = false;
        data = data.subarray(4);
      }
      out.push({ ...c, id: `${folder}/${c.name}`, folder, godot, prefixed, data });
    });
  }
  return out;
}

/** The bytes of a base64 string. */
export function fromBase64(text) {
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
}

/** Lower-case hex of bytes. */
export function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether two byte arrays hold the same bytes. */
export function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The error `f` throws (failing the test when it throws nothing). */
export function catching(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("expected an error, and nothing was thrown");
}

/** JSON.parse that keeps integers exact and apart from floats: `{ $int: "123" }`. */
export function parseJSON(text) {
  const marked = text.replace(
    /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g,
    (tok) => (tok[0] === '"' || /[.eE]/.test(tok) ? tok : `{"$int":"${tok}"}`),
  );
  return JSON.parse(marked);
}

const isInt = (j) => j !== null && typeof j === "object" && "$int" in j && Object.keys(j).length === 1;
const bigOf = (j) => BigInt(j.$int);
const SAFE = 2n ** 53n - 1n;

function number(j) {
  if (isInt(j)) return Number(bigOf(j));
  if (j === "nan") return NaN;
  if (j === "inf") return Infinity;
  if (j === "-inf") return -Infinity;
  return j;
}

function sameNumber(actual, expected, f32, at) {
  const e = f32 ? Math.fround(expected) : expected;
  assert.ok(Object.is(actual, e) || (actual === e), `${at}: ${actual} != ${e}`);
}

function intValue(actual, j, at) {
  const n = bigOf(j);
  if (n >= -SAFE && n <= SAFE) assert.equal(actual, Number(n), at);
  else assert.equal(actual, n, at);
}

const MATH_INT = new Set(["Vector2i", "Vector3i", "Vector4i", "Rect2i"]);
const MATH = new Set(["Vector2", "Vector2i", "Rect2", "Rect2i", "Vector3", "Vector3i", "Transform2D",
  "Vector4", "Vector4i", "Plane", "Quaternion", "AABB", "Basis", "Transform3D", "Projection", "Color"]);

function containerType(actual, t, at) {
  if (t === undefined || t === null) {
    assert.ok(actual === null || actual === undefined, `${at}: untyped`);
    return;
  }
  if (typeof t === "string") {
    assert.equal(actual.kind, "builtin", at);
    assert.equal(actual.name, t, at);
  } else if ("class" in t) {
    assert.deepEqual([actual.kind, actual.name], ["class", t.class], at);
  } else {
    assert.deepEqual([actual.kind, actual.name], ["script", t.script], at);
  }
}

function nodePathText(p) {
  return (p.absolute ? "/" : "") + p.names.join("/") + p.subnames.map((s) => `:${s}`).join("");
}

/** Asserts that `actual` (what `loads` gave) is the value the crate's JSON `j` describes. */
export function check(actual, j, at = "$") {
  if (j === null || typeof j === "boolean" || typeof j === "string") {
    assert.equal(actual, j, at);
    return;
  }
  if (typeof j === "number") {
    assert.equal(typeof actual, "number", at);
    sameNumber(actual, j, false, at);
    return;
  }
  if (isInt(j)) {
    intValue(actual, j, at);
    return;
  }
  if (Array.isArray(j)) {
    assert.ok(Array.isArray(actual) && actual.constructor === Array, `${at}: an Array`);
    assert.equal(actual.length, j.length, at);
    j.forEach((x, i) => check(actual[i], x, `${at}[${i}]`));
    return;
  }
  const [tag] = Object.keys(j);
  const body = j[tag];
  const name = actual?.constructor?.name;
  if (tag === "float") return sameNumber(actual, number(body), false, at);
  if (tag === "StringName") {
    assert.equal(name, "StringName", at);
    return assert.equal(actual.name, body, at);
  }
  if (MATH.has(tag)) {
    assert.equal(name, tag, at);
    assert.equal(actual.double, Boolean(j.double), at);
    assert.equal(actual.components.length, body.length, at);
    body.forEach((c, i) => sameNumber(actual.components[i], number(c), !MATH_INT.has(tag) && !j.double, `${at}.${i}`));
    return;
  }
  if (tag === "NodePath") {
    assert.equal(name, "NodePath", at);
    return assert.equal(nodePathText(actual), body, at);
  }
  if (tag === "RID") {
    assert.equal(name, "RID", at);
    return assert.equal(BigInt(actual.id), bigOf(body), at);
  }
  if (tag === "Callable") return assert.equal(name, "Callable", at);
  if (tag === "Signal") {
    assert.equal(name, "Signal", at);
    assert.equal(actual.name, body.name, at);
    return assert.equal(BigInt(actual.objectId), bigOf(body.object), at);
  }
  if (tag === "Object") {
    if (body === null) return assert.equal(actual, null, at);
    if ("id" in body) {
      assert.equal(name, "ObjectId", at);
      return assert.equal(BigInt(actual.id), bigOf(body.id), at);
    }
    assert.equal(name, "GodotObject", at);
    assert.equal(actual.className, body.class, at);
    const props = [...actual.properties];
    assert.equal(props.length, body.properties.length, at);
    body.properties.forEach(([k, v], i) => {
      assert.equal(props[i][0], k, at);
      check(props[i][1], v, `${at}.${k}`);
    });
    return;
  }
  if (tag === "Array" || tag === "TypedArray" || tag === "PackedTypedArray") {
    assert.ok(Array.isArray(actual), at);
    assert.equal(name, "TypedArray", at);
    assert.equal(actual.packed, tag === "PackedTypedArray", at);
    containerType(actual.elementType, j.type, at);
    assert.equal(actual.length, body.length, at);
    body.forEach((x, i) => check(actual[i], x, `${at}[${i}]`));
    return;
  }
  if (tag === "Dictionary") {
    const entries = actual instanceof Map ? [...actual] : [...actual];
    if (j.key_type !== undefined || j.value_type !== undefined) {
      containerType(actual.keyType, j.key_type, `${at} key`);
      containerType(actual.valueType, j.value_type, `${at} value`);
    } else {
      assert.ok(actual.constructor === Map || name === "Pairs", `${at}: a Map`);
    }
    assert.equal(entries.length, body.length, at);
    body.forEach(([k, v], i) => {
      check(entries[i][0], k, `${at} key ${i}`);
      check(entries[i][1], v, `${at}{${i}}`);
    });
    return;
  }
  if (tag === "PackedByteArray") {
    assert.ok(actual instanceof Uint8Array, at);
    return assert.deepEqual(Uint8Array.from(actual), fromBase64(body), at);
  }
  if (tag === "PackedStringArray") {
    assert.equal(name, "PackedStringArray", at);
    return assert.deepEqual([...actual], body, at);
  }
  const packed = {
    PackedInt32Array: [Int32Array, 1], PackedInt64Array: [BigInt64Array, 1],
    PackedFloat32Array: [Float32Array, 1], PackedFloat64Array: [Float64Array, 1],
    PackedVector2Array: [Float32Array, 2], PackedVector3Array: [Float32Array, 3],
    PackedVector4Array: [Float32Array, 4], PackedColorArray: [Float32Array, 4],
    PackedVector2iArray: [Int32Array, 2], PackedVector3iArray: [Int32Array, 3],
    PackedVector4iArray: [Int32Array, 4],
  }[tag];
  assert.ok(packed, `${at}: unknown JSON tag ${tag}`);
  let [Type, width] = packed;
  if (j.double) Type = Float64Array;
  assert.equal(actual.constructor, Type, at);
  if (width > 1) assert.equal(actual.components, width, at);
  const flat = body.flat();
  assert.equal(actual.length, flat.length, at);
  flat.forEach((x, i) => {
    if (Type === BigInt64Array) assert.equal(actual[i], bigOf(x), at);
    else if (Type === Int32Array) assert.equal(actual[i], Number(bigOf(x)), at);
    else sameNumber(actual[i], number(x), Type === Float32Array, `${at}[${i}]`);
  });
}

/**
 * Every error name the package gave before (`kind`, now a deprecated alias) and its code
 * in Node's style (`code`), as CHANGELOG.md lists them.
 */
export const RENAMED = {
  // The crate's value errors (ErrorKind::code) and frame errors (FrameError::code).
  UnexpectedEnd: "ERR_UNEXPECTED_END",
  LengthOutOfBounds: "ERR_LENGTH_OUT_OF_BOUNDS",
  UnknownType: "ERR_UNKNOWN_TYPE",
  InvalidUtf8: "ERR_INVALID_UTF8",
  TooDeep: "ERR_TOO_DEEP",
  TooManyNodes: "ERR_TOO_MANY_NODES",
  InvalidContainerType: "ERR_INVALID_CONTAINER_TYPE",
  OldNodePath: "ERR_OLD_NODE_PATH",
  FullObjectNotAllowed: "ERR_FULL_OBJECT_NOT_ALLOWED",
  InvalidScriptProperty: "ERR_INVALID_SCRIPT_PROPERTY",
  TrailingBytes: "ERR_TRAILING_BYTES",
  NonCanonical: "ERR_NON_CANONICAL",
  FrameTooLarge: "ERR_FRAME_TOO_LARGE",
  // The whole-input rule (WholeError::code).
  ambiguous: "ERR_AMBIGUOUS",
  multiple_frames: "ERR_MULTIPLE_FRAMES",
  trailing_bytes: "ERR_TRAILING_BYTES",
  not_a_save: "ERR_NOT_A_SAVE",
  // Containers (ContainerError::code); a stream that may be plain bytes is ERR_AMBIGUOUS_STREAM.
  unexpected_end: "ERR_UNEXPECTED_END",
  unknown_mode: "ERR_UNKNOWN_MODE",
  zero_block_size: "ERR_ZERO_BLOCK_SIZE",
  size_mismatch: "ERR_SIZE_MISMATCH",
  block_too_large: "ERR_BLOCK_TOO_LARGE",
  corrupt_block: "ERR_CORRUPT_BLOCK",
  block_overflow: "ERR_BLOCK_OVERFLOW",
  block_short: "ERR_BLOCK_SHORT",
  bad_end_magic: "ERR_BAD_END_MAGIC",
  too_large: "ERR_TOO_LARGE",
  needs_key: "ERR_NEEDS_KEY",
  wrong_key: "ERR_WRONG_KEY",
  ciphertext_length: "ERR_CIPHERTEXT_LENGTH",
  unknown_layout: "ERR_UNKNOWN_LAYOUT",
  cannot_write: "ERR_CANNOT_WRITE",
  cannot_fit: "ERR_CANNOT_FIT",
  unsupported: "ERR_UNSUPPORTED",
  no_random: "ERR_NO_RANDOM",
  // The package's own, paths and edits.
  BadOption: "ERR_BAD_OPTION",
  SyntaxError: "ERR_SYNTAX",
  EncodeError: "ERR_ENCODE",
  Io: "ERR_IO",
  NotFound: "ERR_NOT_FOUND",
  NotAContainer: "ERR_NOT_A_CONTAINER",
  PathSyntax: "ERR_PATH_SYNTAX",
  PathError: "ERR_PATH",
  Syntax: "ERR_PATH_SYNTAX",
  AlreadyExists: "ERR_ALREADY_EXISTS",
  TypeMismatch: "ERR_TYPE_MISMATCH",
  InvalidKey: "ERR_INVALID_KEY",
  TopLevel: "ERR_TOP_LEVEL",
  Unrepresentable: "ERR_UNREPRESENTABLE",
  InvalidValue: "ERR_INVALID_VALUE",
  InvalidInput: "ERR_INVALID_INPUT",
  TooLarge: "ERR_TOO_LARGE",
  Conflict: "ERR_CONFLICT",
  EditError: "ERR_EDIT",
};
