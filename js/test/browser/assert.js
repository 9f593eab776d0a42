// `node:assert/strict` for the browser run of the tests (the page's import map points the
// specifier here): the strict assertions the tests use, with Node's semantics where they
// matter (Object.is for equal; deepEqual comparing prototypes, own enumerable keys, typed
// arrays by their bytes, Maps and Sets by their entries, BigInt and NaN exactly).

export class AssertionError extends Error {
  constructor({ message, actual, expected, operator, generated = false }) {
    super(message);
    this.name = "AssertionError";
    this.code = "ERR_ASSERTION";
    this.actual = actual;
    this.expected = expected;
    this.operator = operator;
    this.generatedMessage = generated;
  }
}

/** A short, readable form of a value for failure messages. */
const seen = new WeakSet();
export function inspect(value, depth = 0) {
  if (typeof value === "string") return JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "symbol" || typeof value !== "object" || value === null) {
    return typeof value === "function" ? `[Function ${value.name || "anonymous"}]` : String(value);
  }
  if (seen.has(value)) return "[Circular]";
  if (depth > 3) return `[${value.constructor?.name ?? "Object"}]`;
  seen.add(value);
  try {
    const name = value.constructor?.name ?? "Object";
    const list = (items, open, close, total) => {
      const shown = items.slice(0, 30);
      const more = total > shown.length ? `, … ${total - shown.length} more` : "";
      return `${open}${shown.join(", ")}${more}${close}`;
    };
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
      const items = Array.from(value.subarray(0, 30), (x) => inspect(x));
      return `${name}(${value.length}) ` + list(items, "[", "]", value.length);
    }
    if (Array.isArray(value)) {
      const items = value.slice(0, 30).map((x) => inspect(x, depth + 1));
      return (name === "Array" ? "" : `${name}(${value.length}) `) + list(items, "[", "]", value.length);
    }
    if (value instanceof Map) {
      const items = [...value].slice(0, 30).map(([k, v]) => `${inspect(k, depth + 1)} => ${inspect(v, depth + 1)}`);
      return `${name}(${value.size}) ` + list(items, "{", "}", value.size);
    }
    if (value instanceof Set) {
      const items = [...value].slice(0, 30).map((x) => inspect(x, depth + 1));
      return `${name}(${value.size}) ` + list(items, "{", "}", value.size);
    }
    const keys = Object.keys(value);
    const items = keys.slice(0, 30).map((k) => `${k}: ${inspect(value[k], depth + 1)}`);
    return (name === "Object" ? "" : `${name} `) + list(items, "{ ", " }", keys.length);
  } finally {
    seen.delete(value);
  }
}

function fail(message, fallback, fields = {}) {
  if (message instanceof Error) throw message;
  throw new AssertionError({ message: message ?? fallback, generated: message === undefined, ...fields });
}

// ---- deep strict equality -------------------------------------------------------------

const tag = (x) => Object.prototype.toString.call(x);
const isIndex = (key) => /^(0|[1-9]\d*)$/.test(key);

function ownKeys(x, skipIndices) {
  const keys = Object.keys(x).filter((k) => !(skipIndices && isIndex(k)));
  const symbols = Object.getOwnPropertySymbols(x).filter((s) => Object.prototype.propertyIsEnumerable.call(x, s));
  return [...keys, ...symbols];
}

function sameKeys(a, b, skipIndices, memo) {
  const ka = ownKeys(a, skipIndices);
  const kb = ownKeys(b, skipIndices);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.prototype.propertyIsEnumerable.call(b, k)) return false;
    if (!deep(a[k], b[k], memo)) return false;
  }
  return true;
}

function sameView(a, b) {
  if (a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

function sameSet(a, b, memo) {
  if (a.size !== b.size) return false;
  const pending = [];
  for (const x of a) {
    if (typeof x === "object" && x !== null) pending.push(x);
    else if (!b.has(x)) return false;
  }
  if (!pending.length) return true;
  const others = [...b].filter((y) => typeof y === "object" && y !== null);
  for (const x of pending) {
    const i = others.findIndex((y) => deep(x, y, memo));
    if (i < 0) return false;
    others.splice(i, 1);
  }
  return true;
}

function sameMap(a, b, memo) {
  if (a.size !== b.size) return false;
  const pending = [];
  for (const [k, v] of a) {
    if (typeof k === "object" && k !== null && !b.has(k)) pending.push([k, v]);
    else if (!b.has(k) || !deep(v, b.get(k), memo)) return false;
  }
  if (!pending.length) return true;
  const others = [...b].filter(([k]) => typeof k === "object" && k !== null && !a.has(k));
  for (const [k, v] of pending) {
    const i = others.findIndex(([k2, v2]) => deep(k, k2, memo) && deep(v, v2, memo));
    if (i < 0) return false;
    others.splice(i, 1);
  }
  return true;
}

function deep(a, b, memo) {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b) || tag(a) !== tag(b)) return false;
  // Cycles: a pair already being compared is taken as equal here.
  let partners = memo.get(a);
  if (partners?.has(b)) return true;
  if (!partners) memo.set(a, (partners = new Set()));
  partners.add(b);
  try {
    if (Array.isArray(a)) {
      if (a.length !== b.length) return false;
      const ka = Object.keys(a);
      if (ka.length !== Object.keys(b).length) return false; // holes
      for (let i = 0; i < a.length; i++) if (!deep(a[i], b[i], memo)) return false;
      return sameKeys(a, b, true, memo);
    }
    if (ArrayBuffer.isView(a)) return sameView(a, b) && sameKeys(a, b, true, memo);
    if (a instanceof ArrayBuffer) return sameView(new Uint8Array(a), new Uint8Array(b));
    if (a instanceof Date) return Object.is(a.getTime(), b.getTime()) && sameKeys(a, b, false, memo);
    if (a instanceof RegExp) {
      return a.source === b.source && a.flags === b.flags && a.lastIndex === b.lastIndex && sameKeys(a, b, false, memo);
    }
    if (a instanceof Error && (a.message !== b.message || a.name !== b.name)) return false;
    const Box = [Number, String, Boolean, BigInt, Symbol].find((B) => a instanceof B);
    if (Box && !Object.is(Box.prototype.valueOf.call(a), Box.prototype.valueOf.call(b))) return false;
    if (a instanceof Map) return sameMap(a, b, memo) && sameKeys(a, b, false, memo);
    if (a instanceof Set) return sameSet(a, b, memo) && sameKeys(a, b, false, memo);
    return sameKeys(a, b, false, memo);
  } finally {
    partners.delete(b);
  }
}

export function isDeepStrictEqual(a, b) {
  return deep(a, b, new Map());
}

// ---- the assertions -------------------------------------------------------------------

export function ok(value, message) {
  if (!value) fail(message, `The expression evaluated to a falsy value:\n\n  ${inspect(value)}\n`, { actual: value, expected: true, operator: "==" });
}

export function equal(actual, expected, message) {
  if (!Object.is(actual, expected)) {
    fail(message, `Expected values to be strictly equal:\n\n${inspect(actual)} !== ${inspect(expected)}\n`, { actual, expected, operator: "strictEqual" });
  }
}

export function notEqual(actual, expected, message) {
  if (Object.is(actual, expected)) {
    fail(message, `Expected "actual" to be strictly unequal to: ${inspect(expected)}`, { actual, expected, operator: "notStrictEqual" });
  }
}

export function deepEqual(actual, expected, message) {
  if (!isDeepStrictEqual(actual, expected)) {
    fail(message, `Expected values to be strictly deep-equal:\n+ actual - expected\n\n+ ${inspect(actual)}\n- ${inspect(expected)}\n`, { actual, expected, operator: "deepStrictEqual" });
  }
}

export function notDeepEqual(actual, expected, message) {
  if (isDeepStrictEqual(actual, expected)) {
    fail(message, `Expected "actual" not to be strictly deep-equal to: ${inspect(expected)}`, { actual, expected, operator: "notDeepStrictEqual" });
  }
}

export function match(string, regexp, message) {
  if (!(regexp instanceof RegExp)) throw new TypeError(`The "regexp" argument must be a RegExp, not ${inspect(regexp)}`);
  if (typeof string !== "string" || !regexp.test(string)) {
    fail(message, `The input did not match the regular expression ${regexp}. Input:\n\n${inspect(string)}\n`, { actual: string, expected: regexp, operator: "match" });
  }
}

export function doesNotMatch(string, regexp, message) {
  if (!(regexp instanceof RegExp)) throw new TypeError(`The "regexp" argument must be a RegExp, not ${inspect(regexp)}`);
  if (typeof string !== "string" || regexp.test(string)) {
    fail(message, `The input was expected to not match the regular expression ${regexp}. Input:\n\n${inspect(string)}\n`, { actual: string, expected: regexp, operator: "doesNotMatch" });
  }
}

function failNow(message = "Failed") {
  fail(message, "Failed", { operator: "fail" });
}
export { failNow as fail };

export function ifError(value) {
  if (value !== null && value !== undefined) {
    if (value instanceof Error) throw value;
    fail(undefined, `ifError got unwanted exception: ${inspect(value)}`, { actual: value, expected: null, operator: "ifError" });
  }
}

/** Whether `error` is what `expected` (a class, a RegExp, a validation function or an object of properties) asks for; throws when not. */
function checkError(error, expected, message, operator) {
  if (expected === undefined) return;
  const mismatch = (why) => fail(message, why, { actual: error, expected, operator });
  if (expected instanceof RegExp) {
    if (!expected.test(String(error))) mismatch(`The error message does not match ${expected}: ${inspect(error)}`);
    return;
  }
  if (typeof expected === "function") {
    if (expected.prototype !== undefined && error instanceof expected) return;
    if (Error.isPrototypeOf(expected) || expected === Error) {
      mismatch(`The error is expected to be an instance of "${expected.name}". Received ${inspect(error)}`);
    }
    if (expected.call({}, error) !== true) {
      mismatch(`The ${expected.name ? `"${expected.name}" ` : ""}validation function is expected to return "true". Received false\n\nCaught error:\n\n${inspect(error)}`);
    }
    return;
  }
  if (typeof expected === "object" && expected !== null) {
    for (const key of Reflect.ownKeys(expected)) {
      const want = expected[key];
      const got = error?.[key];
      const same = want instanceof RegExp && typeof got === "string" ? want.test(got) : isDeepStrictEqual(got, want);
      if (!same) mismatch(`Expected the error's ${String(key)} to be ${inspect(want)}, not ${inspect(got)}`);
    }
    return;
  }
  throw new TypeError(`The "expected" argument must be a function, RegExp or object, not ${inspect(expected)}`);
}

const NONE = Symbol("none");

export function throws(fn, expected, message) {
  if (typeof expected === "string" && message === undefined) [expected, message] = [undefined, expected];
  let error = NONE;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  if (error === NONE) fail(message, `Missing expected exception${expected?.name ? ` (${expected.name})` : ""}.`, { expected, operator: "throws" });
  checkError(error, expected, message, "throws");
}

export function doesNotThrow(fn, expected, message) {
  if (typeof expected === "string") [expected, message] = [undefined, expected];
  try {
    fn();
  } catch (e) {
    if (expected === undefined || typeof expected !== "function" || e instanceof expected) {
      fail(undefined, `Got unwanted exception${message ? `: ${message}` : "."}\nActual message: "${e?.message ?? e}"`, { actual: e, expected, operator: "doesNotThrow" });
    }
    throw e;
  }
}

export async function rejects(promiseOrFn, expected, message) {
  if (typeof expected === "string" && message === undefined) [expected, message] = [undefined, expected];
  let error = NONE;
  try {
    await (typeof promiseOrFn === "function" ? promiseOrFn() : promiseOrFn);
  } catch (e) {
    error = e;
  }
  if (error === NONE) fail(message, `Missing expected rejection${expected?.name ? ` (${expected.name})` : ""}.`, { expected, operator: "rejects" });
  checkError(error, expected, message, "rejects");
}

export async function doesNotReject(promiseOrFn, expected, message) {
  if (typeof expected === "string") [expected, message] = [undefined, expected];
  try {
    await (typeof promiseOrFn === "function" ? promiseOrFn() : promiseOrFn);
  } catch (e) {
    fail(undefined, `Got unwanted rejection${message ? `: ${message}` : "."}\nActual message: "${e?.message ?? e}"`, { actual: e, expected, operator: "doesNotReject" });
  }
}

/** The module's default export: `assert(value, message)` is `assert.ok`, as in Node. */
function assert(value, message) {
  ok(value, message);
}
Object.assign(assert, {
  AssertionError, ok, equal, notEqual, deepEqual, notDeepEqual, match, doesNotMatch, fail: failNow, ifError,
  throws, doesNotThrow, rejects, doesNotReject, isDeepStrictEqual,
  strictEqual: equal, notStrictEqual: notEqual, deepStrictEqual: deepEqual, notDeepStrictEqual: notDeepEqual,
});
assert.strict = assert;

export {
  equal as strictEqual, notEqual as notStrictEqual, deepEqual as deepStrictEqual, notDeepEqual as notDeepStrictEqual,
  assert as strict,
};
export default assert;
