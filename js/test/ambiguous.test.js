// Never write back a guess (issue 40): Godot 4.6.3's store_var of 21 small math values
// (tests/fixtures/store_math). Five of them read as well as something else (a Godot 3
// PoolByteArray, a Godot 3 Color): every reader refuses them with a message that names
// both readings and the option that picks each, and an edit goes through only once
// `godot` says which it is. The others are edited as the Godot 4 value they are: the bytes
// written are checked one by one (the prefix, the type header, each component).
import { test } from "node:test";
import assert from "node:assert/strict";
import { edit, loads, view, toText, toJSON, iterFrames, describe, pack, dumps, math, DecodeError } from "../src/index.js";
import { readFixture, readFixtureText, catching, sameBytes, hex } from "./common.js";

const AMBIGUOUS = { vector4i: "Godot 3 PoolByteArray", vector4i_zero: "Godot 3 PoolByteArray", plane: "Godot 3 Color", plane_zero: "Godot 3 Color", quaternion_zero: "Godot 3 PoolByteArray" };

const CASES = await Promise.all(
  (await readFixtureText("store_math/cases.jsonl")).split("\n").filter((l) => l.trim()).map(async (line) => {
    const c = JSON.parse(line);
    return { ...c, data: await readFixture(`store_math/${c.file}`) };
  }),
);

/** Another value of the case's type: each component plus its index and one (so zeros change too), as a 32-bit float holds it. */
function another(c) {
  return decode(c).map((x, i) => (c.type_name.endsWith("i") ? x + i + 1 : Math.fround(x + i + 1)));
}

/** Godot 4's store_var of a math value, written here by hand: the frame's length, the type's header, then each component as a little-endian 32-bit int or float. */
function storeVar(header, components, integer) {
  const out = new Uint8Array(8 + 4 * components.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 4 + 4 * components.length, true);
  dv.setUint32(4, header, true);
  components.forEach((x, i) => (integer ? dv.setInt32(8 + 4 * i, x, true) : dv.setFloat32(8 + 4 * i, x, true)));
  return out;
}

test("the fixtures: 21 engine-written files, five of them ambiguous", () => {
  assert.equal(CASES.length, 21);
  assert.deepEqual(CASES.filter((c) => describe(c.data).ambiguous).map((c) => c.name), Object.keys(AMBIGUOUS));
  for (const c of CASES) {
    const d = describe(c.data);
    assert.deepEqual([d.godot, d.prefix, d.type, d.frames], [4, "little", c.type_name, 1], c.name);
    const rivals = d.rivals.map((r) => `Godot ${r.godot} ${r.type}`);
    assert.deepEqual(rivals, c.name in AMBIGUOUS ? [AMBIGUOUS[c.name]] : [], c.name);
  }
});

test("an unambiguous file is edited as its Godot 4 value: exactly the bytes store_var writes", () => {
  let edited = 0;
  for (const c of CASES.filter((c) => !(c.name in AMBIGUOUS))) {
    const type = c.type_name;
    const integer = type.endsWith("i");
    const header = c.data[4];
    const components = another(c);
    const value = new math[type](components);
    const expected = storeVar(header, components, integer);
    for (const path of ["", "#0"]) {
      const out = edit(c.data).set(path, value).toBytes();
      assert.equal(hex(out), hex(expected), `${c.name} at ${JSON.stringify(path)}`);
    }
    // The crate's own encoding agrees, and so does reading it back.
    assert.ok(sameBytes(expected, dumps(value, { prefixed: true })), c.name);
    assert.ok(loads(expected).equals(value), c.name);
    assert.equal(toText(c.data), c.text, c.name);
    edited++;
  }
  assert.equal(edited, 16);
});

test("an ambiguous file is refused by edit and by every reader, with both readings and the options that pick them", () => {
  for (const c of CASES.filter((c) => c.name in AMBIGUOUS)) {
    for (const [name, f] of [
      ["edit", () => edit(c.data)],
      ["edit #0", () => edit(c.data, { frame: 0 })],
      ["loads", () => loads(c.data)],
      ["view", () => view(c.data)],
      ["toText", () => toText(c.data)],
      ["toJSON", () => toJSON(c.data)],
      ["iterFrames", () => [...iterFrames(c.data)]],
      ["edit in a Zstd file", () => edit(pack(c.data, { compress: "zstd" }))],
    ]) {
      const e = catching(f);
      assert.ok(e instanceof DecodeError, `${c.name} ${name}: ${e}`);
      assert.equal(e.code, "ERR_AMBIGUOUS", `${c.name} ${name}`);
      assert.equal(e.offset, 0);
      assert.match(e.message, new RegExp(`^ambiguous input: it reads as a Godot 4 ${c.type_name} in a store_var frame and as a ${AMBIGUOUS[c.name]}`), `${c.name} ${name}`);
      assert.match(e.message, /\{godot: 4\}.* reads the Godot 4 .*\{godot: 3\}.* reads the Godot 3 /, `${c.name} ${name}`);
      assert.match(e.message, /setDefaults\(\{godot: 4\}\), or GDVARIANT_GODOT=4/, `${c.name} ${name}`);
    }
  }
  // The whole message, for each kind of pair: another dialect and another framing; another
  // dialect only (Godot 3's store_var(Color(0, 1, 0, 0.5)) is the same 24 bytes).
  const byName = Object.fromEntries(CASES.map((c) => [c.name, c]));
  assert.equal(
    catching(() => edit(byName.vector4i.data)).message,
    "ambiguous input: it reads as a Godot 4 Vector4i in a store_var frame and as a Godot 3 PoolByteArray; " +
      "nothing was guessed: {godot: 4} (or {prefixed: true}) reads the Godot 4 Vector4i in a store_var frame; " +
      "{godot: 3} (or {prefixed: false}) reads the Godot 3 PoolByteArray. A project's saves are all one engine's: " +
      "set its dialect once with setDefaults({godot: 4}), or GDVARIANT_GODOT=4 in Node's environment",
  );
  assert.equal(
    catching(() => edit(byName.plane.data)).message,
    "ambiguous input: it reads as a Godot 4 Plane in a store_var frame and as a Godot 3 Color in a store_var frame; " +
      "nothing was guessed: {godot: 4} reads the Godot 4 Plane in a store_var frame; " +
      "{godot: 3} reads the Godot 3 Color in a store_var frame. A project's saves are all one engine's: " +
      "set its dialect once with setDefaults({godot: 4}), or GDVARIANT_GODOT=4 in Node's environment",
  );
});

test("an ambiguous file is edited once godot (or prefixed, where the framing differs) says which it is", () => {
  for (const c of CASES.filter((c) => c.name in AMBIGUOUS)) {
    const type = c.type_name;
    const components = another(c);
    const value = new math[type](components);
    const expected = storeVar(c.data[4], components, type.endsWith("i"));
    const plan = edit(c.data, { godot: 4 });
    assert.equal(plan.godot, 4);
    assert.equal(hex(plan.set("", value).toBytes()), hex(expected), c.name);
    assert.ok(loads(c.data, { godot: 4 }).equals(new math[type](decode(c))), c.name);
    if (AMBIGUOUS[c.name].endsWith("PoolByteArray")) {
      // The framing tells them apart too: the PoolByteArray is the value alone.
      assert.equal(hex(edit(c.data, { prefixed: true }).set("", value).toBytes()), hex(expected), c.name);
      const bytes = loads(c.data, { prefixed: false });
      assert.ok(bytes instanceof Uint8Array && bytes.length === c.data[4], c.name);
    } else {
      // The Godot 3 reading: a Color in the same frame, edited as one.
      assert.equal(loads(c.data, { godot: 3 }).constructor.name, "Color", c.name);
      const color = edit(c.data, { godot: 3 }).set("", new math.Color(1, 0.5, 0.25, 1)).toBytes();
      assert.equal(hex(color), hex(storeVar(14, [1, 0.5, 0.25, 1], false)), c.name);
    }
  }
});

/** The components of a fixture's math value, as the bytes hold them. */
function decode(c) {
  const dv = new DataView(c.data.buffer, c.data.byteOffset, c.data.byteLength);
  const n = math[c.type_name].size;
  return Array.from({ length: n }, (_, i) => (c.type_name.endsWith("i") ? dv.getInt32(8 + 4 * i, true) : dv.getFloat32(8 + 4 * i, true)));
}
