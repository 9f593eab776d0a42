// The inspector's Web Worker: it holds the file's bytes, the gdvariant Views of its values
// (by index path), the undo stack and the second file of a comparison. The page asks it
// for slices of rows and for edits; it never blocks the page. Every byte is read and
// written by the gdvariant package (the crate compiled to WebAssembly).
import * as g from "./gdvariant/src/index.js";
import { describeLine, keyLabel, stepOf, elementText, summary, colorOf, elementType, delta, patch, readingLabel } from "./format.js";

/** The open documents: `a`, the file being inspected; `b`, the file it is compared with. */
const docs = { a: null, b: null };
let replyId = 0;
/** Numbers every reading of every document: a slice of rows names the one it came from. */
let generation = 0;

const progress = (label, done, total) => postMessage({ id: replyId, progress: { label, done, total } });

/** The bytes of a File, read in chunks with progress. */
async function read(file) {
  const out = new Uint8Array(file.size);
  let at = 0;
  const reader = file.stream().getReader();
  let last = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    out.set(value, at);
    at += value.length;
    if (at - last > 8 << 20) {
      last = at;
      progress("Reading", at, file.size);
    }
  }
  return out;
}

/** Reader options as the package takes them, from the page's choices. */
function readOptions(o = {}) {
  const r = {};
  if (o.godot && o.godot !== "auto") r.godot = /^\d$/.test(o.godot) ? Number(o.godot) : o.godot;
  if (o.prefixed === "yes") r.prefixed = true;
  if (o.prefixed === "no") r.prefixed = false;
  if (o.password) r.password = o.password;
  if (o.key) r.key = o.key.replace(/\s+/g, "");
  if (o.decompress && o.decompress !== "auto") r.decompress = o.decompress;
  return r;
}

/** Opens `bytes`: detection, the container, the frames. Throws the package's errors. */
function open(name, bytes, choices) {
  const ro = readOptions(choices);
  progress("Detecting the dialect and the container", 0, 0);
  const info = g.describe(bytes, ro);
  progress("Opening the container", 0, 0);
  const plain = info.container.container === "plain" ? bytes : g.unpack(bytes, ro);
  const doc = { name, fileSize: bytes.length, choices, ro, info, plain, original: plain, undo: [], redo: [], gen: 0 };
  // Two readings explain the file as well (a Godot 4 Vector4i in a store_var frame, a
  // Godot 3 PoolByteArray): the guess is shown, marked as one, and nothing is edited or
  // written until the user says which it is.
  doc.readings = info.ambiguous ? [info, ...info.rivals].map((r) => ({ godot: r.godot, prefix: r.prefix, type: r.type, label: readingLabel(r) })) : null;
  // "Godot 3 or 4", as check says it: both read it, and its type (ids 0 to 5: nil, bool,
  // int, float, String, Vector2) means the same in both.
  const same = (d) => info.candidates.some((c) => c.godot === d && c.type === info.type && c.prefix === info.prefix);
  doc.neutral = !ro.godot && same(3) && same(4) && ["Nil", "null", "bool", "int", "float", "String", "Vector2"].includes(info.type);
  progress("Validating the values", 0, 0);
  load(doc);
  return doc;
}

/** (Re)reads the plain bytes' values: one View per frame; forgets the old Views. */
function load(doc) {
  const { info } = doc;
  // The old Views' copy of the bytes in WebAssembly memory goes now, not when the
  // garbage collector gets to it: after edits of a 100 MB save that is hundreds of MB.
  for (const root of doc.roots ?? []) root.free();
  for (const view of doc.cache?.values() ?? []) if (view instanceof g.View) view.free();
  doc.roots = info.frames === 0 ? [] : [...g.iterFrames(doc.plain, { godot: info.godot, prefixed: info.prefix !== null, view: true, bigint: true })];
  doc.cache = new Map();
  doc.gen = ++generation;
}

/** What the page shows about a document. */
function summaryOf(doc) {
  const line = describeLine(doc.info, doc.fileSize, doc.neutral, doc.roots.length, doc.plain.length, doc.roots[0]?.size);
  const [shown, ...others] = doc.readings ?? [];
  return {
    name: doc.name,
    line: shown ? `AMBIGUOUS: shown as a ${shown.label}, a guess (it reads as well as ${others.map((r) => `a ${r.label}`).join(" or as ")}): choose a reading above` : line,
    info: doc.info,
    frames: doc.roots.length,
    multi: doc.info.prefix !== null && doc.roots.length !== 1,
    gen: doc.gen,
    undo: doc.undo.length,
    redo: doc.redo.length,
    edited: doc.undo.length > 0,
    size: doc.plain.length,
    // The readings of an ambiguous file (the one shown first): a guess until one is chosen.
    readings: doc.readings,
  };
}

/** Edits and downloads of a file read on a guess are refused (the page offers the choice first). */
function decided(doc) {
  if (doc.readings) {
    throw Object.assign(new Error(`this file reads as ${doc.readings.map((r) => `a ${r.label}`).join(" and as ")}: choose which it is first`), { name: "EditError", code: "ERR_AMBIGUOUS" });
  }
}

/** The View (or packed element `{packed, index}`) at an index path: [frame, child, child, …]. */
function resolve(doc, path) {
  const key = path.join("/");
  let hit = doc.cache.get(key);
  if (hit) return hit;
  if (path.length === 1) {
    hit = doc.roots[path[0]];
  } else {
    const parent = resolve(doc, path.slice(0, -1));
    const i = path[path.length - 1];
    if (parent.packed !== undefined || parent.isContainer === false && parent.length === undefined) throw new Error("no such node");
    hit = parent.isContainer ? parent.child(i) : { packed: parent, index: i };
  }
  if (!hit) throw new Error(`no node at ${key}`);
  doc.cache.set(key, hit);
  return hit;
}

/** What kind of children a View has: "array", "dict", "object" or "packed". */
function kindOf(v) {
  if (!v.isContainer) return "packed";
  if (v.type === "Dictionary") return "dict";
  if (v.type === "Object") return "object";
  return "array";
}

/** The crate's path (`player/inventory/3`) of the node at an index path, or null when a key on the way cannot be named by a path (a float key, a Vector2 key, …). */
function cratePath(doc, path) {
  const steps = [];
  for (let d = 1; d < path.length; d++) {
    const parent = resolve(doc, path.slice(0, d));
    const step = parent.isContainer ? stepOf(kindOf(parent), parent.key(path[d]), path[d]) : String(path[d]);
    if (step === null) return null;
    steps.push(step);
  }
  return steps.join("/");
}

/** One tree row: child `i` of `parent` (a View), or frame `i` when parent is null. */
function rowOf(doc, parent, i) {
  if (parent && parent.isContainer === false) {
    const v = parent.get(String(i));
    return { i, label: String(i), type: elementType(parent.type, v), value: elementText(v, parent.type), color: colorOf(v), leaf: true, element: true, step: String(i) };
  }
  const v = parent ? parent.child(i) : doc.roots[i];
  const row = { i, type: v.type, offset: v.offset, size: v.size, count: v.length, value: summary(v), color: null };
  if (parent) {
    const kind = kindOf(parent);
    const key = parent.key(i);
    row.label = kind === "array" ? String(i) : keyLabel(key);
    row.keyKind = kind;
    row.step = stepOf(kind, key, i);
  } else {
    row.label = doc.roots.length === 1 && doc.info.prefix === null ? "value" : `frame ${i}`;
    row.step = "";
  }
  row.leaf = !(v.length > 0);
  row.container = v.isContainer;
  row.packed = !v.isContainer && v.length !== undefined;
  row.plottable = /Vector[23]i?Array$/.test(v.type) && v.length > 0;
  if (v.type === "Color") row.color = colorOf(v.value());
  row.editable = !v.isContainer && !row.packed;
  return row;
}

function rows(doc, path, from, to) {
  const parent = path.length ? resolve(doc, path) : null;
  const n = parent ? parent.length : doc.roots.length;
  const out = [];
  for (let i = from; i < Math.min(to, n); i++) out.push(rowOf(doc, parent, i));
  return { rows: out, gen: doc.gen };
}

/** The value at an index path as the engine's text, lossless JSON or plain JSON. */
function textOf(doc, path, form) {
  const v = resolve(doc, path);
  if (v.packed !== undefined) {
    const bytes = g.dumps(v.packed.get(String(v.index)), { godot: doc.info.godot, bigint: true });
    if (form === "text") return g.toText(bytes, { godot: doc.info.godot });
    return g.toJSON(bytes, { godot: doc.info.godot, plain: form === "plain" });
  }
  if (form === "text") return v.toText();
  return v.toJSON({ plain: form === "plain" });
}

/** What an inline edit box starts with: a string's characters, or the engine's text. */
function editText(doc, path) {
  const v = resolve(doc, path);
  if (v.packed === undefined && ["String", "StringName", "NodePath"].includes(v.type)) {
    const value = v.value();
    if (typeof value === "string") return { raw: true, text: value };
    if (v.type === "StringName") return { raw: true, text: value.name };
    return { raw: true, text: `${value.absolute ? "/" : ""}${value.names.join("/")}${value.subnames.map((x) => `:${x}`).join("")}` };
  }
  return { raw: false, text: textOf(doc, path, "text") };
}

/** Applies one edit: an Editor over the current plain bytes, one operation, new Views. */
function applyEdit(doc, { path, op, text, key }) {
  decided(doc);
  const where = cratePath(doc, path);
  if (where === null) throw Object.assign(new Error("this entry's key (or one above it) is not a String, StringName or int, so no path can name it: edit the Dictionary around it instead"), { name: "EditError", code: "ERR_UNNAMED_KEY" });
  const options = { godot: doc.info.godot, prefixed: doc.info.prefix !== null, bigint: true };
  if (doc.info.prefix !== null) options.frame = path[0];
  progress("Applying the edit", 0, 0);
  const e = g.edit(doc.plain, options);
  const v = resolve(doc, path);
  if (op === "scalar" && v.packed === undefined && ["String", "StringName", "NodePath"].includes(v.type)) {
    const value = v.type === "String" ? text : v.type === "StringName" ? new g.StringName(text) : new g.NodePath(text);
    e.replace(where, value);
  } else if (op === "scalar" && v.type === "float" && /^\s*[+-]?\d+\s*$/.test(text)) {
    e.setText(where, `${text.trim()}.0`);
  } else if (op === "scalar" && v.packed === undefined) {
    // In place, a value keeps its type (Replace… changes it).
    const bytes = g.fromText(text, { godot: doc.info.godot });
    const typed = g.view(bytes, { godot: doc.info.godot });
    const type = typed.type;
    typed.free();
    const a = (t) => `${/^[aeiou]/i.test(t) ? "an" : "a"} ${t}`;
    if (type !== v.type) throw Object.assign(new Error(`this is ${a(v.type)}, and ${text.trim()} is ${a(type)}: type ${a(v.type)}, or use Replace… to change the type`), { name: "EditError", code: "ERR_TYPE_MISMATCH" });
    if (where === "") e.setText("", text);
    else e.replace(where, g.loads(bytes, { bigint: true }));
  } else if (op === "scalar" && v.packed !== undefined) {
    const value = g.loads(g.fromText(text, { godot: doc.info.godot }), { bigint: true });
    e.replace(where, typeof value === "bigint" && /Float|Real/.test(v.packed.type) ? Number(value) : value);
  } else if (op === "scalar" || op === "replace") {
    if (where === "") e.setText("", text);
    else e.replace(where, g.loads(g.fromText(text, { godot: doc.info.godot }), { bigint: true }));
  } else if (op === "delete") {
    e.delete(where);
  } else if (op === "add") {
    let step;
    if (v.isContainer && kindOf(v) === "array") {
      step = String(v.length);
    } else {
      let k;
      try {
        k = g.loads(g.fromText(key, { godot: doc.info.godot }), { bigint: true });
      } catch (err) {
        err.message = `${err.message} (key)`;
        throw err;
      }
      step = stepOf("dict", k, 0);
      if (step === null || typeof k === "number") throw Object.assign(new Error("a new key must be a String (\"name\"), a StringName (&\"name\") or an int (42)"), { name: "EditError", code: "ERR_KEY_TYPE" });
      if (v.has(step)) throw Object.assign(new Error(`the Dictionary already has the key ${key}`), { name: "EditError", code: "ERR_ALREADY_EXISTS" });
    }
    e.setText(where === "" ? step : `${where}/${step}`, text);
  } else {
    throw new Error(`unknown edit ${op}`);
  }
  const next = e.toPlainBytes();
  progress("Reading the edited values", 0, 0);
  commit(doc, next, doc.undo);
  doc.redo = [];
  return summaryOf(doc);
}

/** Makes `next` the current bytes, remembering the change on `stack` (undo or redo). */
function commit(doc, next, stack) {
  stack.push(delta(doc.plain, next));
  doc.plain = next;
  try {
    load(doc);
  } catch (e) {
    doc.plain = patch(next, stack.pop(), true);
    load(doc);
    throw e;
  }
}

/** Undo (`back`) or redo: the change's bytes put back in place, then new Views. */
function undoRedo(doc, back) {
  const [from, to] = back ? [doc.undo, doc.redo] : [doc.redo, doc.undo];
  const d = from.pop();
  if (!d) return summaryOf(doc);
  progress(back ? "Undoing" : "Redoing", 0, 0);
  doc.plain = patch(doc.plain, d, back);
  to.push(d);
  load(doc);
  return summaryOf(doc);
}

/** The edited file in its container: the same compression, the same password or key, a fresh IV. */
function download(doc) {
  decided(doc);
  const c = doc.info.container;
  let bytes;
  if (c.container === "plain") bytes = doc.plain;
  else if (c.container === "compressed") bytes = g.pack(doc.plain, { compress: c.compress, blockSize: c.blockSize });
  else if (c.container === "stream") {
    if (c.compress === "brotli") throw Object.assign(new Error("Brotli streams cannot be written (the engine only decompresses Brotli)"), { name: "EncodeError", code: "ERR_BROTLI_WRITE" });
    bytes = g.pack(doc.plain, { compress: c.compress, stream: true });
  } else if (doc.ro.password) bytes = g.pack(doc.plain, { password: doc.ro.password, godot: c.godot });
  else bytes = g.pack(doc.plain, { key: doc.ro.key, godot: c.godot });
  const copy = bytes.slice();
  return { name: doc.name, bytes: copy };
}

/** The index path of the value at `offset` (of the packed element `index` there). */
function locate(doc, frame, offset, index) {
  const path = [frame];
  let v = doc.roots[frame];
  while (v.offset !== offset && v.isContainer) {
    let lo = 0;
    let hi = v.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (v.child(mid).offset <= offset) lo = mid;
      else hi = mid - 1;
    }
    const c = v.child(lo);
    if (!c || offset < c.offset || offset >= c.offset + c.size) break;
    path.push(lo);
    v = c;
  }
  if (v.offset !== offset && index !== undefined && !v.isContainer) path.push(index);
  return path;
}

function search(doc, needle, limit = 1000) {
  const hits = [];
  let more = false;
  // `#2/player/hp`: a path in frame 2 (as the page writes paths of files of several frames).
  const m = /^#(\d+)\/(.*)$/.exec(needle);
  const only = m && Number(m[1]) < doc.roots.length ? Number(m[1]) : null;
  if (only !== null) needle = m[2].includes("/") ? m[2] : `${m[2]}/`;
  doc.roots.forEach((root, frame) => {
    if (only !== null && frame !== only) return;
    if (hits.length >= limit) return void (more = true);
    const r = root.search(needle, { limit: limit - hits.length });
    for (const h of r.hits) hits.push({ ...h, frame });
    more ||= r.more;
  });
  return { hits, more, gen: doc.gen };
}

function compare(a, b) {
  const changes = [];
  const n = Math.max(a.roots.length, b.roots.length);
  const multi = n > 1;
  for (let f = 0; f < n; f++) {
    const at = (p) => (multi ? `#${f}${p}` : p || "/");
    if (f >= a.roots.length) changes.push({ kind: "added", path: at(""), frame: f, new: { type: b.roots[f].type, text: b.roots[f].toText().slice(0, 120) } });
    else if (f >= b.roots.length) changes.push({ kind: "removed", path: at(""), frame: f, old: { type: a.roots[f].type, offset: a.roots[f].offset, text: a.roots[f].toText().slice(0, 120) } });
    else for (const c of g.diff(a.roots[f], b.roots[f], { limit: 1000, width: 120 })) changes.push({ ...c, path: at(c.path), frame: f });
  }
  return { changes, a: a.name, b: b.name };
}

/**
 * Opens `bytes` as a ConfigFile, text resource or binary resource when it is one (the
 * package's `openFile`): `null` for anything else (Variant data, read as a save). An
 * encrypted file that is no ConfigFile (an encrypted save) is a save too.
 */
function openAsFile(name, bytes, choices) {
  const ro = readOptions(choices);
  const options = { password: ro.password, key: ro.key };
  if (ro.godot === 3 || ro.godot === 4) options.godot = ro.godot;
  let file;
  try {
    file = g.openFile(bytes, options);
  } catch (e) {
    if (e.code === "ERR_NOT_A_FILE") return null;
    const gdec = bytes.length >= 4 && String.fromCharCode(...bytes.subarray(0, 4)) === "GDEC";
    if (gdec && e.code === "ERR_BAD_CONFIG") return null;
    throw e;
  }
  let report;
  try {
    report = file.scan();
  } catch {
    report = { runsCode: false, findings: [] };
  }
  return { name, bytes, file, report, edits: 0, gen: ++generation };
}

/** What the page shows about a ConfigFile or resource. */
function fileSummary(doc) {
  const f = doc.file;
  const kinds = { config: "a ConfigFile", text_resource: "a text resource", binary_resource: "a binary resource" };
  const container = f.encrypted ? "encrypted" : "plain";
  return {
    name: doc.name,
    line: `OK: ${kinds[f.kind]} of Godot ${f.godot}${f.encrypted ? ", encrypted (written back with the same password or key)" : ""}${f.kind === "binary_resource" ? " (shown as the engine's text; .res files are read-only here)" : ""}`,
    file: {
      kind: f.kind,
      godot: f.godot,
      encrypted: f.encrypted,
      writable: f.kind !== "binary_resource",
      // What is downloaded (a text file with its edits); a binary resource as the engine's text.
      text: f.text ?? f.show(),
      engineText: f.show(),
      json: f.toJSON(),
    },
    scan: { runsCode: doc.report.runsCode, findings: doc.report.findings.map((x) => ({ kind: x.kind, runsCode: x.runs_code, message: x.message })) },
    info: { container: { container } },
    frames: 0,
    multi: false,
    gen: doc.gen,
    undo: 0,
    redo: 0,
    edits: doc.edits,
    edited: doc.edits > 0,
    size: doc.bytes.length,
    readings: null,
  };
}

/** Sets the value at `path` of an open ConfigFile or text resource to the text form `text`. */
function fileEdit(doc, { path, text }) {
  if (!doc?.file) throw Object.assign(new Error("no ConfigFile or resource is open"), { code: "ERR_NO_FILE" });
  doc.file.setText(path, text);
  doc.edits++;
  doc.gen = ++generation;
  return fileSummary(doc);
}

/** The value at `path` of an open ConfigFile or resource, in its text form. */
function fileGet(doc, { path }) {
  if (!doc?.file) throw Object.assign(new Error("no ConfigFile or resource is open"), { code: "ERR_NO_FILE" });
  return doc.file.getText(path);
}

const handlers = {
  async open({ file, choices, slot = "a" }) {
    progress("Reading", 0, file.size);
    const bytes = await read(file);
    const asFile = slot === "a" ? openAsFile(file.name, bytes, choices) : null;
    if (asFile) {
      docs[slot]?.file?.free();
      docs[slot] = asFile;
      return fileSummary(asFile);
    }
    const doc = open(file.name, bytes, choices);
    doc.bytes = bytes;
    docs[slot] = doc;
    return summaryOf(doc);
  },
  reopen({ choices, slot = "a" }) {
    const old = docs[slot];
    const asFile = slot === "a" ? openAsFile(old.name, old.bytes, choices) : null;
    if (asFile) {
      docs[slot]?.file?.free();
      docs[slot] = asFile;
      return fileSummary(asFile);
    }
    const doc = open(old.name, old.bytes, choices);
    doc.bytes = old.bytes;
    docs[slot] = doc;
    return summaryOf(doc);
  },
  pathOf: ({ path }) => {
    const p = cratePath(docs.a, path);
    if (p === null) return null;
    if (docs.a.roots.length > 1) return p ? `#${path[0]}/${p}` : `#${path[0]}`;
    return `/${p}`;
  },
  rows: ({ path, from, to }) => rows(docs.a, path, from, to),
  text: ({ path, form }) => textOf(docs.a, path, form),
  editText: ({ path }) => editText(docs.a, path),
  edit: (args) => applyEdit(docs.a, args),
  undo: () => undoRedo(docs.a, true),
  redo: () => undoRedo(docs.a, false),
  download: () => (docs.a.file ? { name: docs.a.name, bytes: docs.a.file.toBytes() } : download(docs.a)),
  fileEdit: (args) => fileEdit(docs.a, args),
  fileGet: (args) => fileGet(docs.a, args),
  search: ({ needle, limit }) => search(docs.a, needle, limit),
  locate: ({ frame, offset, index }) => locate(docs.a, frame, offset, index),
  locatePath: ({ frame, path }) => {
    const v = docs.a.roots[frame].at(path);
    return locate(docs.a, frame, v.offset);
  },
  compare: () => compare(docs.a, docs.b),
  compareOriginal: () => compare({ ...docs.a, name: `${docs.a.name} (as opened)`, roots: [...g.iterFrames(docs.a.original, { godot: docs.a.info.godot, prefixed: docs.a.info.prefix !== null, view: true })] }, { ...docs.a, name: `${docs.a.name} (edited)` }),
  points: ({ path }) => {
    const v = resolve(docs.a, path).value();
    const points = v instanceof Float32Array ? v.slice() : Float32Array.from(v);
    return { points, components: v.components ?? 2, type: resolve(docs.a, path).type };
  },
};

onmessage = async ({ data }) => {
  const { id, op, args } = data;
  replyId = id;
  try {
    const result = await handlers[op](args ?? {});
    const transfer = [];
    if (result?.bytes) transfer.push(result.bytes.buffer);
    if (result?.points) transfer.push(result.points.buffer);
    postMessage({ id, ok: true, result }, transfer);
  } catch (e) {
    postMessage({ id, ok: false, error: { name: e.name ?? "Error", code: e.code ?? null, offset: e.offset ?? null, message: String(e.message ?? e) } });
  }
};
postMessage({ ready: true });
