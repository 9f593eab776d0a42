// Views, frames and edits: handles on data the crate keeps in WebAssembly memory. Every
// byte is read by the crate; this file only wraps its handles.
import { dumps as wasmDumps, view as wasmView, iterFrames as wasmIterFrames, edit as wasmEdit, diff as wasmDiff, Node } from "../pkg/gdvariant.js";
import { make, kindOf } from "./classes.js";
import { call, PathError, EditError, EncodeError } from "./errors.js";
import { bytesOf, readOptions, godotValue } from "./options.js";
import { fromText } from "./text.js";

const VIEW = Symbol("gdvariant.view");

/**
 * A lazy view of one value, validated once: `get(path)`, `at(path)`, `keys()`,
 * `child(i)`, `key(i)`, `length`, `type`, `offset`, `size`, `value()`, `toText()`,
 * `toJSON()`. Containers are Views; anything else `get` gives as `loads` would.
 */
/** A View's node, for the functions of this module that take two Views. */
let nodeOf;

export class View {
  #node;
  #map;
  static {
    nodeOf = (v) => {
      if (!(v instanceof View)) throw new TypeError("expected a View (from view(bytes))");
      return v.#live();
    };
  }
  constructor(node, mapping, token) {
    if (token !== VIEW || !(node instanceof Node)) throw new TypeError("Views come from view(bytes)");
    this.#node = node;
    this.#map = mapping;
  }
  /** The type's name in the input's dialect (`"Dictionary"`, `"PackedVector3Array"`, …). */
  get type() { return this.#live().type; }
  /** The offset of the value's header in the plain input. */
  get offset() { return this.#live().offset; }
  /** The value's encoded size in bytes. */
  get size() { return this.#live().size; }
  /** Elements, entries or properties of a container; elements of a packed array; `undefined` otherwise. */
  get length() { return this.#live().length; }
  /** Does the value have children (Array, Dictionary, Object)? */
  get isContainer() { return this.#live().isContainer; }
  #live() {
    if (this.#node === null) throw new Error("this View was freed");
    return this.#node;
  }
  #wrap(x) { return x instanceof Node ? new View(x, this.#map, VIEW) : x; }
  /** The value at `path` (`"player/items/0"`; `""` is this value): a View for a container, else the value. Throws PathError. */
  get(path) {
    const { bigint, objects } = this.#map;
    return this.#wrap(call(() => this.#live().get(String(path), make, bigint, objects)));
  }
  /** The View at `path`, whatever its type. Throws PathError. */
  at(path) { return this.#wrap(call(() => this.#live().at(String(path)))); }
  /** Is there a value at `path`? */
  has(path) {
    try {
      this.get(path);
      return true;
    } catch (e) {
      if (e instanceof PathError && e.code !== "ERR_PATH_SYNTAX") return false;
      throw e;
    }
  }
  /** Dictionary keys, Object property names or Array indices. */
  keys() { const { bigint, objects } = this.#map; return call(() => this.#live().keys(make, bigint, objects)); }
  /** Child `i` as a View (`undefined` past the end). */
  child(i) { const c = this.#live().child(i); return c === undefined ? undefined : this.#wrap(c); }
  /** How child `i` is reached: an index, a key (any value) or a property name. */
  key(i) { const { bigint, objects } = this.#map; return call(() => this.#live().key(i, make, bigint, objects)); }
  /** `[key, View]` for every child. */
  *entries() {
    const n = this.isContainer ? this.length : 0;
    for (let i = 0; i < n; i++) yield [this.key(i), this.child(i)];
  }
  /** The whole value as `loads` gives it. */
  value() { const { bigint, objects } = this.#map; return call(() => this.#live().convert(make, bigint, objects)); }
  /** The value's encoded bytes. */
  bytes() { return this.#live().bytes(); }
  /**
   * This value and the places under it whose key, property name, or String / StringName /
   * NodePath value contains `needle` (ASCII case ignored), in document order (this value's
   * path is `"/"`), and the place `needle` names when it is a path: `{hits: [{path, offset,
   * type, match}], more}`, at most `limit` hits (default 1000). One walk in the crate.
   */
  search(needle, { limit = 1000 } = {}) { return this.#live().search(String(needle), Math.max(0, Math.trunc(Number(limit)) || 0)); }
  /**
   * Gives this View's hold on the input's copy in WebAssembly memory back now, rather than
   * when the garbage collector finalizes it (the copy goes when its last View does). The
   * View cannot be used afterwards. Also `[Symbol.dispose]` (`using v = view(bytes)`).
   */
  free() {
    this.#node?.free();
    this.#node = null;
  }
  /** The engine's text form (`style` as `toText` takes it). */
  toText({ style } = {}) { return call(() => this.#live().toText(style ?? "")); }
  /** Lossless JSON (or `plain` JSON). */
  toJSON({ plain = false } = {}) { return call(() => this.#live().toJSON(Boolean(plain))); }
}

/**
 * The crate's structural diff of two Views: `[{kind: "changed" | "removed" | "added", path,
 * old?, new?}]` in the first value's order, `old` / `new` = `{type, offset, size, text}`
 * (the engine's text on one line, cut to `width` characters; 0: whole). At most `limit`
 * changes (default 1000). Dictionary entries pair by key, Array elements by a longest
 * common subsequence.
 */
export function diff(a, b, { limit = 1000, width = 200 } = {}) {
  const [na, nb] = [nodeOf(a), nodeOf(b)];
  return wasmDiff(na, nb, Math.max(0, Math.trunc(Number(limit)) || 0), Math.max(0, Math.trunc(Number(width)) || 0));
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
 * An edit plan over the values in `bytes` (a compressed or encrypted file with `password`
 * or `key`). In a file of several store_var frames a path starts with its frame's number,
 * as the CLI's do (`"#1/player/hp"`), or `frame` names the frame plain paths go to; in a
 * file of one value, `"#0/player/hp"` and `"player/hp"` are the same place. Operations
 * are checked when added and return the plan; `toBytes()` gives the edited file in the
 * same container, the same key, a fresh IV. An input two readings explain as well
 * (`ERR_AMBIGUOUS`) is refused until `godot` (or `prefixed`) says which it is.
 */
export class Editor {
  #plan;
  #bigint;
  constructor(plan, bigint, token) {
    if (token !== VIEW) throw new TypeError("Editors come from edit(bytes)");
    this.#plan = plan;
    this.#bigint = bigint;
  }
  #live() {
    if (this.#plan === null) throw new Error("this Editor was freed");
    return this.#plan;
  }
  /** The dialect new values are written in: 3, 4 or an era's name. */
  get godot() { return godotValue(this.#live().godot); }
  /** What the file was wrapped in, as `containerOf` says it. */
  get container() { return this.#live().container; }
  /** How many byte ranges the output changes. */
  get changeCount() { return this.#live().changeCount; }
  /** How many values the input holds: 1, or its store_var frames (`#0` to `#frames - 1`). */
  get frames() { return this.#live().frames; }
  #bytes(value) {
    return call(() => wasmDumps(value, this.#live().godot, false, this.#bigint, kindOf), EncodeError);
  }
  /** Sets `path` to `value`: replaces it, adds a Dictionary key, or appends at an Array's length. */
  set(path, value) { const v = this.#bytes(value); call(() => this.#live().set(String(path), v), EditError); return this; }
  /** Sets `path` to the value of the engine's text form `text` (`Vector2(3, 4)`); bad text is a DecodeError of code "ERR_SYNTAX". */
  setText(path, text) { const v = fromText(text, { godot: this.godot }); call(() => this.#live().set(String(path), v), EditError); return this; }
  /** Replaces the value at `path`, which must exist. */
  replace(path, value) { const v = this.#bytes(value); call(() => this.#live().replace(String(path), v), EditError); return this; }
  /** Inserts at `path`: a new Dictionary key, or an Array element before that index. */
  insert(path, value) { const v = this.#bytes(value); call(() => this.#live().insert(String(path), v), EditError); return this; }
  /** Deletes the Dictionary entry, Array element or packed element at `path`. */
  delete(path) { call(() => this.#live().delete(String(path)), EditError); return this; }
  /** The edited file: in the container the input came in. */
  toBytes() { return call(() => this.#live().toBytes(), EncodeError); }
  /** The edited plain bytes (no container). */
  toPlainBytes() { return this.#live().toPlainBytes(); }
  /** Gives the plan's copy of the input in WebAssembly memory back now; the Editor cannot be used afterwards. Also `[Symbol.dispose]`. */
  free() {
    this.#plan?.free();
    this.#plan = null;
  }
}

if (typeof Symbol.dispose === "symbol") {
  View.prototype[Symbol.dispose] = View.prototype.free;
  Editor.prototype[Symbol.dispose] = Editor.prototype.free;
}

/** An Editor of `bytes` (see Editor). */
export function edit(bytes, options = {}) {
  const b = bytesOf(bytes);
  const read = readOptions(options);
  if (options.frame !== undefined) read.frame = options.frame;
  return new Editor(call(() => wasmEdit(b, read)), Boolean(options.bigint), VIEW);
}
