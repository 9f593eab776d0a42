// The engine's text form to bytes: one function, exported by the package (core.js) and
// used by the Editor's setText (lazy.js), which cannot import core.js (core.js re-exports
// lazy.js: a circle).
import { fromText as wasmFromText } from "../pkg/gdvariant.js";
import { call } from "./errors.js";
import { writeGodot } from "./options.js";

/** The bytes of the engine's text form (`godot`: the dialect to write; default the default dialect, else 4). Bad text throws a DecodeError of code "ERR_SYNTAX" at its offset in the text. */
export function fromText(text, { godot } = {}) {
  const g = writeGodot(godot);
  return call(() => wasmFromText(String(text), g));
}
