// fromJSON(toJSON(b)) is b and fromText reads toText back, for the Godot 4 fixtures.
import { test } from "node:test";
import assert from "node:assert/strict";
import { toJSON, fromJSON, toText, fromText, loads, DecodeError, equal } from "../src/index.js";
import { cases } from "./common.js";

const G4 = cases().filter((c) => c.folder === "g4" && !c.prefixed);

test("fromJSON(toJSON(b)) gives b's value back", () => {
  for (const c of G4) {
    const again = fromJSON(toJSON(c.data, { godot: 4 }), { godot: 4 });
    assert.equal(toJSON(again, { godot: 4 }), toJSON(c.data, { godot: 4 }), c.id);
  }
});

test("fromText reads toText back", () => {
  let n = 0;
  for (const c of G4) {
    let again;
    try {
      again = fromText(toText(c.data, { godot: 4 }), { godot: 4 });
    } catch (e) {
      assert.ok(e instanceof DecodeError, c.id);
      continue; // text the engine writes but cannot read back (objects, NaN, …)
    }
    assert.equal(toText(again, { godot: 4 }), toText(c.data, { godot: 4 }), c.id);
    n++;
  }
  assert.ok(n > 50, `${n}`);
  assert.ok(equal(loads(fromText("[1, 2.5]")), [1, 2.5]));
  assert.throws(() => fromText("[1, "), (e) => e instanceof DecodeError && e.code === "ERR_SYNTAX");
});
