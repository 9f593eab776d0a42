// How the inspector writes things down: the line `gdvariant check` prints, key labels,
// path steps, one-line summaries of values, and the byte deltas of the undo stack. Pure
// functions of the package's values (no DOM), used by the Worker.

const thousands = (n) => Math.round(n).toLocaleString("en-US");
const counted = (n, one, many) => `${thousands(n)} ${n === 1 ? one : many}`;

const MODES = { fastlz: "FastLZ", deflate: "Deflate", zstd: "Zstd", gzip: "GZIP", brotli: "Brotli" };
const DIALECTS = { 3: "Godot 3", 4: "Godot 4", "pm-a": "Pandemonium A", "pm-b": "Pandemonium B", "pm-c": "Pandemonium C" };

/** What wraps the values, as the crate says it. */
export function containerText(c) {
  switch (c.container) {
    case "compressed": return `a ${MODES[c.compress]}-compressed file (GCPF, ${c.blockSize}-byte blocks)`;
    case "encrypted": return `an encrypted file (GDEC, Godot ${c.godot} layout, AES-256-${c.godot === 3 ? "ECB" : "CFB"})`;
    case "stream": return `a ${MODES[c.compress]} stream (PackedByteArray.compress, no container)`;
    default: return "a plain file";
  }
}

/** A reading of a file as the page names it: `Godot 4 Vector4i in a store_var frame`, `Godot 3 PoolByteArray`. */
export function readingLabel({ godot, prefix, type }) {
  const frame = prefix === "big" ? " in a big-endian store_var frame" : prefix ? " in a store_var frame" : "";
  return `${DIALECTS[godot] ?? godot} ${type}${frame}`;
}

/** The line `gdvariant check` prints for a file (`OK: Godot 4 Dictionary, 1,234 bytes`). */
export function describeLine(info, fileSize, neutral, count, plainSize, valueSize = info.size) {
  const dialect = neutral ? "Godot 3 or 4" : DIALECTS[info.godot];
  const wrapped = info.container.container !== "plain";
  const within = wrapped ? ` in ${containerText(info.container)}` : "";
  const inFile = wrapped ? ` (${thousands(fileSize)} in the file)` : "";
  const size = `${thousands(plainSize)} bytes${inFile}`;
  if (count === 0) return `OK: 0 values${within}, ${size}`;
  if (info.prefix === null) {
    let line = `OK: ${dialect} ${info.type}${within}, ${thousands(valueSize)} bytes${inFile}`;
    if (valueSize < plainSize) line += `; ${counted(plainSize - valueSize, "byte", "bytes")} after it, which bytes_to_var ignores`;
    return line;
  }
  const frames = info.prefix === "big" ? "big-endian store_var frame" : "store_var frame";
  const slack = info.exact ? "" : "; bytes after a value in its frame, which get_var ignores";
  if (count > 1) return `OK: ${counted(count, "value", "values")} (${frames}s)${within}, ${dialect}, ${size}${slack}`;
  return `OK: ${dialect} ${info.type} in a ${frames}${within}, ${size}${slack}`;
}

/** Is `x` one of the package's classes of that name? (Checked by name: the Worker and the tests share no classes.) */
const is = (x, name) => x !== null && typeof x === "object" && x.constructor?.name === name;

/** The shortest decimal that reads back as the same 32-bit float. */
export function float32(x) {
  if (!Number.isFinite(x)) return String(x);
  for (let p = 1; p < 17; p++) {
    const s = Number(x.toPrecision(p));
    if (Math.fround(s) === x) return String(s);
  }
  return String(x);
}

function number(x, single) {
  if (typeof x === "bigint") return String(x);
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  return single ? float32(x) : String(x);
}

/** A Dictionary key as the tree shows it. */
export function keyLabel(k) {
  if (typeof k === "string") return /^[\p{L}\p{N}_.:-]+$/u.test(k) ? k : JSON.stringify(k);
  if (typeof k === "bigint") return String(k);
  if (typeof k === "number") return number(k);
  if (is(k, "StringName")) return `&${JSON.stringify(k.name)}`;
  if (k === null) return "null";
  return String(k).replace(/\s+/g, " ");
}

/** A String key as a path step: bare when the crate's path syntax reads it back as that key, quoted otherwise. */
export function stepKey(k) {
  const bare = k !== "" && !/^\d+$/.test(k) && !/^["[]/.test(k) && !/[/"\\]/.test(k) && !/\p{Cc}/u.test(k);
  return bare ? k : `"${k.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** The path step to child `i` whose key is `key`, in a parent of `kind`; null when no path can name it. */
export function stepOf(kind, key, i) {
  if (kind === "array") return String(i);
  if (typeof key === "string") return stepKey(key);
  if (is(key, "StringName")) return stepKey(key.name);
  if (typeof key === "bigint") return `[${key}]`;
  return null;
}

/** The element type of a packed array (`PackedVector3Array` → `Vector3`). */
export function elementType(type, v) {
  if (typeof v === "string") return "String";
  if (v && typeof v === "object") return v.constructor.name;
  if (/Byte|Int|Pool(Int)?Array/i.test(type) && !/Float|Real/.test(type)) return "int";
  return "float";
}

/** A packed array's element, as the tree shows it. */
export function elementText(v, type) {
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "bigint") return number(v, /Float32|Real/.test(type));
  return String(v);
}

/** A Color's components `[r, g, b, a]`, or null. */
export function colorOf(v) {
  return is(v, "Color") ? v.components.slice(0, 4) : null;
}

const cut = (s, n = 160) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** A one-line summary of a View for its row. */
export function summary(v) {
  if (v.isContainer) {
    if (v.length === 0) return v.type === "Dictionary" ? "{}" : v.type === "Object" ? "Object" : "[]";
    if (v.type === "Dictionary" || v.type === "Object") {
      const n = Math.min(v.length, 6);
      const keys = [];
      for (let i = 0; i < n; i++) keys.push(keyLabel(v.key(i)));
      return cut(`{${keys.join(", ")}${v.length > n ? ", …" : ""}}`);
    }
    return `[${counted(v.length, "element", "elements")}]`;
  }
  if (v.length !== undefined) {
    // The first elements that fit on the line, then how many more there are.
    const items = [];
    let width = 0;
    for (let i = 0; i < Math.min(v.length, 16) && width < 120; i++) {
      const t = elementText(v.get(String(i)), v.type);
      items.push(t);
      width += t.length + 2;
    }
    const rest = v.length - items.length;
    return `${items.join(", ")}${rest > 0 ? `, … ${thousands(rest)} more` : ""}`;
  }
  if (v.type === "String" && v.size > 4096) {
    const s = v.value();
    return `${JSON.stringify(s.slice(0, 160))}… (${thousands(s.length)} characters)`;
  }
  return cut(v.toText().replace(/\s*\n\s*/g, " "), 200);
}

/**
 * The change from bytes `a` to bytes `b`, as small regions: the common prefix and suffix
 * are left out, and so are the equal runs in between (an edit that changes a value's size
 * also changes its frame's length word, far before it: that word and the value are two
 * regions, not everything between them). Every region but the last keeps its size.
 */
export function delta(a, b) {
  const n = Math.min(a.length, b.length);
  let s = 0;
  while (s < n && a[s] === b[s]) s++;
  let e = 0;
  while (e < n - s && a[a.length - 1 - e] === b[b.length - 1 - e]) e++;
  const endA = a.length - e;
  const endB = b.length - e;
  const regions = [];
  // Positional runs of differences, split by equal runs of 32 bytes or more.
  const limit = Math.min(endA, endB);
  let start = s;
  let i = s;
  while (i < limit) {
    if (a[i] !== b[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < limit && a[j] === b[j]) j++;
    if (j - i >= 32 && j < limit) {
      regions.push({ start, old: a.slice(start, i), neu: b.slice(start, i) });
      start = j;
    }
    i = j;
  }
  regions.push({ start, old: a.slice(start, endA), neu: b.slice(start, endB) });
  return regions;
}

/** `bytes` with a delta applied forward (old → new), or backward (`back`: new → old). */
export function patch(bytes, regions, back) {
  const last = regions[regions.length - 1];
  const [from, to] = back ? [last.neu, last.old] : [last.old, last.neu];
  const out = new Uint8Array(bytes.length - from.length + to.length);
  out.set(bytes.subarray(0, last.start));
  out.set(to, last.start);
  out.set(bytes.subarray(last.start + from.length), last.start + to.length);
  for (const r of regions.slice(0, -1)) out.set(back ? r.old : r.neu, r.start);
  return out;
}

/** Bytes an undo step keeps. */
export const deltaSize = (regions) => regions.reduce((n, r) => n + r.old.length + r.neu.length, 0);
