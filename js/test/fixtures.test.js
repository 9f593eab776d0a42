// Every engine-written fixture: toText equals the engine's decoded text (the Godot
// fixtures, as python/tests/test_fixtures.py), and toJSON reads every fixture.
import { test } from "node:test";
import assert from "node:assert/strict";
import { toText, toJSON } from "../src/index.js";
import { cases, DIALECTS } from "./common.js";

const STYLES = { g32: "3.2", g36: "3.6", g4: "4" };

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
