// ConfigFiles, text resources and binary resources (`openFile`) and `scan`: the crate's
// `host::file` in WebAssembly. Values cross as var_to_bytes bytes, turned into JavaScript
// values by `loads` and back by `dumps`, so `get` gives what `loads` gives.
import { openFile as wasmOpenFile, scanFile as wasmScanFile, dumps as wasmDumps, loads as wasmLoads } from "../pkg/gdvariant.js";
import { kindOf, make } from "./classes.js";
import { call, EditError, EncodeError } from "./errors.js";
import { bytesOf, godotValue, readOptions } from "./options.js";

const FILE = Symbol("gdvariant.file");

/** The options `openFile` and `scan` pass on: `password`, `key`, `godot` (a ConfigFile's engine). */
function fileOptions({ password, key, godot } = {}) {
  const out = {};
  if (password !== undefined && password !== null) out.password = password;
  if (key !== undefined && key !== null) out.key = key;
  if (godot !== undefined && godot !== null && godot !== "auto") out.godot = String(godot);
  return out;
}

/** `{runsCode, reachesOutside, findings}` of the crate's JSON report and the findings' messages. */
function report(json, messages) {
  const r = JSON.parse(json);
  r.findings.forEach((f, i) => { f.message = messages[i]; });
  return { runsCode: r.runs_code, reachesOutside: r.reaches_outside, findings: r.findings, json };
}

/**
 * A ConfigFile (plain or encrypted), a text resource or scene (`.tres`, `.tscn`) or a
 * binary one (`.res`, `.scn`, RSCC too), from `openFile(bytes)`. Paths: `section/key` in a
 * ConfigFile; `name`, `sub:ID/name`, `node:PATH/name`, `ext:ID/attr`, `header/attr` in a
 * resource.
 */
export class GodotFile {
  #file;
  #bigint;
  constructor(file, bigint, token) {
    if (token !== FILE) throw new TypeError("GodotFiles come from openFile(bytes)");
    this.#file = file;
    this.#bigint = bigint;
  }
  #live() {
    if (this.#file === null) throw new Error("this GodotFile was freed");
    return this.#file;
  }
  /** `"config"`, `"text_resource"` or `"binary_resource"`. */
  get kind() { return this.#live().kind; }
  /** The engine of its values: 3 or 4. */
  get godot() { return godotValue(this.#live().godot); }
  /** Is it an encrypted ConfigFile (`toBytes` encrypts it again)? */
  get encrypted() { return this.#live().encrypted; }
  /** The text as written, with the edits (comments kept); `undefined` for a binary resource. */
  get text() { return this.#live().text; }
  /** The value at `path`, as `loads` gives it. Throws PathError (code ERR_NOT_FOUND). */
  get(path) {
    const bytes = call(() => this.#live().getBytes(String(path)));
    const ro = readOptions({ godot: this.godot, prefixed: false });
    return call(() => wasmLoads(bytes, ro, this.#bigint, false, make));
  }
  /** The value at `path` in the file's text form (`SubResource("id")` for a reference). */
  getText(path) { return call(() => this.#live().getText(String(path))); }
  /** What the engine writes for the file: `ConfigFile.save()`'s text, `ResourceSaver`'s `.tres`/`.tscn` (a binary resource too, as text). */
  show() { return this.#live().show(); }
  /** The file as JSON text: `{section: {key: value}}`, or `{kind, header, sections: [{tag, attrs, props}]}`; values in the crate's lossless JSON. */
  toJSON() { return this.#live().toJSON(); }
  /** Sets `path` to `value` (written in the file's text form); the rest of the text stays. A binary resource throws EditError (ERR_READ_ONLY). */
  set(path, value) {
    const v = call(() => wasmDumps(value, this.#live().godot, false, this.#bigint, kindOf), EncodeError);
    call(() => this.#live().set(String(path), v), EditError);
    return this;
  }
  /** Sets `path` to the text-form literal `text` (`Vector2(1, 2)`, `SubResource("id")`). */
  setText(path, text) { call(() => this.#live().setText(String(path), String(text)), EditError); return this; }
  /** Removes the entry at `path`; false when there was none. */
  delete(path) { return call(() => this.#live().delete(String(path)), EditError); }
  /** The file's bytes with the edits (an encrypted ConfigFile encrypted again with its password or key). A binary resource throws EditError (ERR_READ_ONLY): writing .res is not in this version; `show()` gives it as text. */
  toBytes() { return call(() => this.#live().toBytes(), EditError); }
  /** What loading the file could run or reach: `{runsCode, reachesOutside, findings, json}`, as `scan` gives it. */
  scan() { const f = this.#live(); return report(f.scanJSON(), f.scanMessages()); }
  /** Gives the file's copy in WebAssembly memory back now. Also `[Symbol.dispose]`. */
  free() {
    this.#file?.free();
    this.#file = null;
  }
}

if (typeof Symbol.dispose === "symbol") GodotFile.prototype[Symbol.dispose] = GodotFile.prototype.free;

/**
 * Opens a ConfigFile, text resource or binary resource from its bytes (the kind is found
 * from the content): `{password}` / `{key}` for an encrypted ConfigFile, `{godot}` for a
 * ConfigFile's engine (else found from its text), `{bigint}` as for `loads`.
 */
export function openFile(bytes, options = {}) {
  const b = bytesOf(bytes);
  const f = call(() => wasmOpenFile(b, fileOptions(options)));
  return new GodotFile(f, Boolean(options.bigint), FILE);
}

/**
 * What loading `bytes` would run or reach, without loading it (the command line's
 * `scan`): a ConfigFile, resource or scene, else Variant data. `{runsCode,
 * reachesOutside, findings, json}`: each finding as `scan --json` writes it, with its
 * one-line `message`.
 */
export function scan(bytes, options = {}) {
  const b = bytesOf(bytes);
  const [json, messages] = call(() => wasmScanFile(b, fileOptions(options)));
  return report(json, messages);
}
