// A default dialect set once (issue 40): `setDefaults({godot})` (every host) and
// `GDVARIANT_GODOT` (Node's environment, read at each call). Readers then read in it and
// only detect the framing; writers write it instead of Godot 4; an option a call gives
// always wins; a bad value throws, naming where it came from.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setDefaults, getDefaults, loads, edit, dumps, fromText, fromJSON, describe, pack, unpack, containerOf, toText, Vector3, Plane, Color, DecodeError } from "../src/index.js";
import { readFixture, catching, hex } from "./common.js";

// Godot 4's store_var(Plane(0, 1, 0, 0.5)): also Godot 3's store_var(Color(0, 1, 0, 0.5)).
const PLANE = await readFixture("store_math/plane.sav");
const NODE = typeof process !== "undefined" && Boolean(process.versions?.node);

/** Runs `f` with `setDefaults(defaults)`, then puts the defaults back. */
function withDefaults(defaults, f) {
  const before = setDefaults(defaults);
  try {
    return f();
  } finally {
    setDefaults(before);
  }
}

/** Runs `f` with GDVARIANT_GODOT set to `value` (unset: undefined), then puts it back. */
function withEnv(value, f) {
  const before = process.env.GDVARIANT_GODOT;
  if (value === undefined) delete process.env.GDVARIANT_GODOT;
  else process.env.GDVARIANT_GODOT = value;
  try {
    return f();
  } finally {
    if (before === undefined) delete process.env.GDVARIANT_GODOT;
    else process.env.GDVARIANT_GODOT = before;
  }
}

test("setDefaults({godot}) is the dialect of every reader and writer that names none; an option wins", () => {
  assert.deepEqual(getDefaults(), {});
  assert.equal(catching(() => loads(PLANE)).code, "ERR_AMBIGUOUS");
  withDefaults({ godot: 3 }, () => {
    assert.deepEqual(getDefaults(), { godot: 3 });
    // Readers: the Godot 3 reading, the framing still detected.
    assert.ok(loads(PLANE).equals(new Color(0, 1, 0, 0.5)));
    assert.deepEqual([describe(PLANE).godot, describe(PLANE).prefix, describe(PLANE).ambiguous], [3, "little", false]);
    assert.equal(toText(PLANE), "Color( 0, 1, 0, 0.5 )");
    const plan = edit(PLANE);
    assert.equal(plan.godot, 3);
    // Godot 3's Color is type 14: its frame is the same length.
    assert.equal(hex(plan.set("", new Color(1, 1, 1, 1)).toBytes()), "14000000" + "0e000000" + "0000803f".repeat(4));
    // Writers: Godot 3's Vector3 is type 7 (Godot 4's 9).
    assert.equal(dumps(new Vector3(1, 2, 3))[0], 7);
    assert.equal(fromText("Vector3(1, 2, 3)")[0], 7);
    assert.equal(fromJSON('{"Vector3": [1, 2, 3]}')[0], 7);
    // An encrypted file's layout follows it too (Godot 3's has no magic-prefixed IV).
    assert.deepEqual(containerOf(pack(dumps(1), { password: "x" })), { container: "encrypted", godot: 3 });
    // What a call says wins.
    assert.ok(loads(PLANE, { godot: 4 }).equals(new Plane(0, 1, 0, 0.5)));
    assert.equal(dumps(new Vector3(1, 2, 3), { godot: 4 })[0], 9);
    assert.equal(catching(() => loads(PLANE, { godot: "auto" })).code, "ERR_AMBIGUOUS");
    assert.equal(edit(PLANE, { godot: 4 }).godot, 4);
  });
  withDefaults({ godot: 4 }, () => {
    assert.ok(loads(PLANE).equals(new Plane(0, 1, 0, 0.5)));
    assert.equal(hex(edit(PLANE).set("", new Plane(1, 2, 3, 4)).toBytes()), "14000000" + "0e000000" + "0000803f" + "00000040" + "00004040" + "00008040");
  });
  withDefaults({ godot: "pm-b" }, () => assert.equal(describe(dumps(new Map([["a", 1]]), { godot: "pm-b" })).godot, "pm-b"));
  // Cleared: detected again, Godot 4 written.
  assert.deepEqual(getDefaults(), {});
  assert.equal(catching(() => edit(PLANE)).code, "ERR_AMBIGUOUS");
  assert.equal(dumps(new Vector3(1, 2, 3))[0], 9);
});

test("setDefaults refuses what it does not know, naming itself; it gives the defaults as they were", () => {
  for (const bad of [{ godot: 5 }, { godot: "auto" }, { godot: "Godot 3" }]) {
    const e = catching(() => setDefaults(bad));
    assert.ok(e instanceof TypeError);
    assert.equal(e.code, "ERR_BAD_OPTION");
    assert.match(e.message, /^setDefaults: godot must be 3, 4, "pm-a", "pm-b" or "pm-c", not /);
  }
  assert.match(catching(() => setDefaults({ prefixed: true })).message, /^setDefaults: unknown option prefixed/);
  assert.ok(catching(() => setDefaults(3)) instanceof TypeError);
  assert.deepEqual(getDefaults(), {});
  assert.deepEqual(setDefaults({ godot: "4" }), {});
  assert.deepEqual(setDefaults({ godot: null }), { godot: 4 });
  assert.deepEqual(getDefaults(), {});
});

test("GDVARIANT_GODOT in Node's environment, read at each call; setDefaults and options win; a bad value throws naming it", { skip: NODE ? false : "no environment in a browser" }, () => {
  withEnv("3", () => {
    assert.ok(loads(PLANE).equals(new Color(0, 1, 0, 0.5)));
    assert.equal(dumps(new Vector3(1, 2, 3))[0], 7);
    assert.equal(edit(PLANE).godot, 3);
    assert.ok(loads(PLANE, { godot: 4 }).equals(new Plane(0, 1, 0, 0.5)));
    withDefaults({ godot: 4 }, () => assert.ok(loads(PLANE).equals(new Plane(0, 1, 0, 0.5))));
    assert.deepEqual(getDefaults(), {});
  });
  withEnv(" 4 ", () => assert.ok(loads(PLANE).equals(new Plane(0, 1, 0, 0.5))));
  // Pandemonium's era A: its Color is type 17 (Godot 4's 20).
  withEnv("PM-A", () => assert.equal(dumps(new Color(1, 0, 0, 1))[0], 17));
  // Unset or empty: detected.
  for (const unset of ["", "  ", undefined]) {
    withEnv(unset, () => assert.equal(catching(() => loads(PLANE)).code, "ERR_AMBIGUOUS"));
  }
  // As the command line has it: anything else is refused, auto too (unset it to detect).
  for (const bad of ["auto", "Godot 3", "4 3"]) {
    withEnv(bad, () => assert.equal(catching(() => loads(PLANE)).message, `GDVARIANT_GODOT=${JSON.stringify(bad)} names no dialect: it takes 3, 4, pm-a, pm-b or pm-c (or unset it to detect Godot 3 or 4)`));
  }
  withEnv("5", () => {
    for (const f of [() => loads(PLANE), () => dumps(1), () => edit(PLANE), () => unpack(PLANE)]) {
      const e = catching(f);
      assert.ok(e instanceof TypeError, String(e));
      assert.equal(e.code, "ERR_BAD_OPTION");
      assert.equal(e.message, 'GDVARIANT_GODOT="5" names no dialect: it takes 3, 4, pm-a, pm-b or pm-c (or unset it to detect Godot 3 or 4)');
    }
    // A call that names its dialect does not need the environment's.
    assert.ok(loads(PLANE, { godot: 4 }).equals(new Plane(0, 1, 0, 0.5)));
    assert.equal(dumps(1, { godot: 3 })[0], 2);
  });
});

test("in a browser there is no environment: only setDefaults sets a default", { skip: NODE ? "Node has an environment" : false }, () => {
  assert.equal(typeof process, "undefined");
  assert.ok(catching(() => loads(PLANE)) instanceof DecodeError);
  withDefaults({ godot: 4 }, () => assert.ok(loads(PLANE).equals(new Plane(0, 1, 0, 0.5))));
});
