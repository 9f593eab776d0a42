// loads of every engine fixture equals the crate's lossless JSON, read by test/common.js.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loads, toJSON } from "../src/index.js";
import { cases, check, parseJSON } from "./common.js";

const CASES = cases();

test("loads is the crate's JSON, for every engine fixture", () => {
  for (const c of CASES) {
    const opts = { godot: c.godot, prefixed: c.prefixed };
    const value = loads(c.data, opts);
    check(value, parseJSON(toJSON(c.data, opts)), c.id);
  }
  assert.ok(CASES.length > 300, `${CASES.length} fixtures`);
});
