// Every engine-written fixture: toText equals the engine's decoded text (the Godot
// fixtures, as python/tests/test_fixtures.py), and toJSON reads every fixture.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { toText, toJSON } from "../src/index.js";

const FIXTURES = new URL("../../tests/fixtures/", import.meta.url);
const DIALECTS = {
  g32: 3,
  g36: 3,
  g4: 4,
  "pandemonium/pma": "pm-a",
  "pandemonium/pmb": "pm-b",
  "pandemonium/pmc": "pm-c",
};
const STYLES = { g32: "3.2", g36: "3.6", g4: "4" };

export function cases() {
  const out = [];
  for (const [folder, godot] of Object.entries(DIALECTS)) {
    const dir = new URL(`${folder}/`, FIXTURES);
    for (const line of readFileSync(new URL("cases.jsonl", dir), "utf8").split("\n")) {
      if (!line.trim()) continue;
      const c = JSON.parse(line);
      let data = new Uint8Array(readFileSync(new URL(c.file, dir)));
      if (data.length === 0) continue; // an engine failure kept on purpose
      let prefixed = !["var2bytes", "var_to_bytes"].includes(c.function);
      if (c.name.endsWith("_be")) {
        // A big-endian store_var frame: its value's bytes.
        prefixed = false;
        data = data.subarray(4);
      }
      out.push({ ...c, folder, godot, prefixed, data });
    }
  }
  return out;
}

const CASES = cases();

test("there are fixtures from every engine", () => {
  for (const folder of Object.keys(DIALECTS)) {
    assert.ok(CASES.some((c) => c.folder === folder), folder);
  }
});

test("toText is what the engine prints after decoding", () => {
  let checked = 0;
  for (const c of CASES) {
    if (!(c.folder in STYLES) || c.decoded_text == null || c.text_file) continue;
    const text = toText(c.data, { godot: c.godot, prefixed: c.prefixed, style: STYLES[c.folder] });
    assert.equal(text, c.decoded_text, `${c.folder}/${c.name}`);
    checked++;
  }
  assert.ok(checked > 100, `${checked} texts`);
});

test("toJSON reads every fixture", () => {
  for (const c of CASES) {
    const json = toJSON(c.data, { godot: c.godot, prefixed: c.prefixed });
    assert.doesNotThrow(() => JSON.parse(json), `${c.folder}/${c.name}`);
  }
});
