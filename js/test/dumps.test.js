// dumps(loads(b)) gives the engine's bytes back, for every engine fixture.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loads, dumps, toJSON } from "../src/index.js";
import { cases, parseJSON, hex, sameBytes } from "./common.js";

const CASES = cases();

test("dumps(loads(b)) is b, for every engine fixture", () => {
  let exact = 0;
  let floats = 0;
  for (const c of CASES) {
    const opts = { godot: c.godot, prefixed: c.prefixed };
    const again = dumps(loads(c.data, opts), opts);
    if (sameBytes(again, c.data)) {
      exact++;
      continue;
    }
    const json = toJSON(c.data, opts);
    if ((c.godot === 3 || String(c.godot).startsWith("pm-")) && json.includes("NodePath")) {
      // Godot 3 (and Pandemonium, its descendant) leave NodePath padding uninitialised:
      // those bytes are compared through the JSON, which does not hold padding.
      assert.equal(toJSON(again, opts), json, c.id);
      continue;
    }
    // A JavaScript number does not say int or float: a float with an integral value
    // (1.0) reads as 1 and is written back as an int. The JSON, with such floats as ints,
    // is the same.
    if (integralFloats(json)) {
      assert.deepEqual(asInts(parseJSON(toJSON(again, opts))), asInts(parseJSON(json)), c.id);
      floats++;
      continue;
    }
    assert.fail(`${c.id}: ${hex(again).slice(0, 80)} != ${hex(c.data).slice(0, 80)}`);
  }
  assert.ok(exact > 300 && floats < 60, `${exact} exact, ${floats} with integral floats`);
  console.log(`${exact} fixtures byte for byte, ${floats} through the JSON (integral floats)`);
});

function integralFloats(json) {
  let found = false;
  asInts(parseJSON(json), () => (found = true));
  return found;
}

/** The parsed JSON with every integral float (and {"float": …} never integral) as an int. */
function asInts(j, seen = () => {}) {
  if (typeof j === "number") {
    if (Number.isInteger(j) && Math.abs(j) <= Number.MAX_SAFE_INTEGER && !Object.is(j, -0)) {
      seen();
      return { $int: String(j) };
    }
    return j;
  }
  if (Array.isArray(j)) return j.map((x) => asInts(x, seen));
  if (j && typeof j === "object") {
    const out = {};
    for (const [k, v] of Object.entries(j)) out[k] = asInts(v, seen);
    return out;
  }
  return j;
}
