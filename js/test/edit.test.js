// edit(bytes): the crate's Edit plan. On engine fixtures the edited bytes are exactly what
// dumps writes for the edited value; refusals are EditErrors with kind and offset; a frame
// of a multi-frame file is edited with its prefix.
import { test } from "node:test";
import assert from "node:assert/strict";
import { edit, loads, dumps, toText, view, iterFrames, EditError, DecodeError, EncodeError, TypedArray, ContainerType, equal } from "../src/index.js";
import { cases, catching, sameBytes, hex } from "./common.js";

const CASES = cases();



test("setting and deleting keys of engine fixtures gives exactly dumps of the edited value", () => {
  let edited = 0;
  for (const c of CASES) {
    const opts = { godot: c.godot, prefixed: c.prefixed, bigint: true };
    const value = loads(c.data, opts);
    if (!(value instanceof Map) || value.size === 0 || value.constructor !== Map) continue;
    if (!sameBytes(dumps(value, { ...opts, prefixed: c.prefixed }), c.data)) continue; // padding the engine left
    const keys = [...value.keys()].filter((k) => typeof k === "string" && /^[a-z_]+$/.test(k));
    if (keys.length === 0) continue;
    const [first] = keys;
    const plan = edit(c.data, opts).set(first, "edited").set("added_key", [1.5, 2n]);
    const expected = new Map(value).set(first, "edited").set("added_key", [1.5, 2n]);
    assert.ok(sameBytes(plan.toBytes(), dumps(expected, { godot: c.godot, prefixed: c.prefixed, bigint: true })), c.id);
    const deleted = edit(c.data, opts).delete(first).toBytes();
    const without = new Map(value);
    without.delete(first);
    assert.ok(sameBytes(deleted, dumps(without, { godot: c.godot, prefixed: c.prefixed, bigint: true })), c.id);
    edited++;
  }
  assert.ok(edited > 5, `${edited} fixtures edited`);
});

test("the bytes around a change are the input's, and the plan counts its changes", () => {
  const save = dumps(new Map([["a", "x".repeat(100)], ["hp", 10], ["z", "y".repeat(100)]]));
  const plan = edit(save).set("hp", 11);
  assert.equal(plan.changeCount, 1);
  const out = plan.toBytes();
  assert.equal(out.length, save.length);
  const diff = [...out].map((b, i) => (b === save[i] ? -1 : i)).filter((i) => i >= 0);
  assert.equal(diff.length, 1);
  assert.equal(view(save).get("hp"), 10);
  assert.equal(view(out).get("hp"), 11);
  assert.equal(plan.godot, 4);
  assert.deepEqual(plan.container, { container: "plain" });
});

test("setText writes the engine's text form; refused operations are EditErrors and leave the plan as it was", () => {
  const typed = TypedArray.typed([1, 2], new ContainerType("builtin", "int"));
  const save = dumps(new Map([["pos", 0], ["list", typed], ["n", 1]]));
  const plan = edit(save).setText("pos", "Vector2(3, 4)");
  assert.equal(toText(plan.toBytes()), '{\n"list": Array[int]([1, 2]),\n"n": 1,\n"pos": Vector2(3, 4)\n}');
  const mismatch = catching(() => plan.set("list/0", "a string"));
  assert.ok(mismatch instanceof EditError, String(mismatch));
  assert.equal(mismatch.code, "ERR_TYPE_MISMATCH");
  assert.equal(mismatch.offset, view(save).at("list").offset);
  const conflict = catching(() => plan.set("pos", 5));
  assert.ok(conflict instanceof EditError);
  assert.equal(conflict.code, "ERR_CONFLICT");
  const missing = catching(() => plan.delete("nothing"));
  assert.ok(missing instanceof EditError);
  assert.equal(missing.code, "ERR_NOT_FOUND");
  assert.equal(missing.offset, 0);
  const syntax = catching(() => plan.setText("n", "Vector2(3,"));
  assert.ok(syntax instanceof DecodeError);
  assert.equal(syntax.code, "ERR_SYNTAX");
  assert.ok(catching(() => plan.set("n", Symbol("x"))) instanceof TypeError);
  // Nothing of the refused operations applied.
  assert.equal(toText(plan.toBytes()), '{\n"list": Array[int]([1, 2]),\n"n": 1,\n"pos": Vector2(3, 4)\n}');
  assert.ok(catching(() => edit(dumps(1, { godot: 3 }), { godot: 3 }).set("", new BigInt64Array(1))) instanceof EncodeError);
});

test("a frame of a store_var file is edited with its prefix; the others are untouched", () => {
  const frames = [dumps("first", { prefixed: true }), dumps(new Map([["hp", 1]]), { prefixed: true }), dumps("last", { prefixed: true })];
  const file = new Uint8Array(frames.flatMap((f) => [...f]));
  const several = catching(() => edit(file).set("name", "Zoë"));
  assert.ok(several instanceof EditError);
  assert.equal(several.code, "ERR_MULTIPLE_FRAMES");
  const out = edit(file, { frame: 1 }).set("name", "Zoë").toBytes();
  const read = [...iterFrames(out)];
  assert.ok(equal(read, ["first", new Map([["hp", 1], ["name", "Zoë"]]), "last"]));
  assert.ok(sameBytes(out.subarray(0, frames[0].length), frames[0]));
  assert.ok(sameBytes(out.subarray(out.length - frames[2].length), frames[2]));
  const frame1 = out.subarray(frames[0].length, out.length - frames[2].length);
  assert.ok(sameBytes(frame1, dumps(new Map([["hp", 1], ["name", "Zoë"]]), { prefixed: true })));
  assert.equal(catching(() => edit(file, { frame: 3 })).code, "ERR_NOT_FOUND");
});

/** store_var("first"), store_var({hp: 1, player: {hp: 5}}), store_var("last"): its frames and the file. */
function threeFrames() {
  const values = ["first", new Map([["hp", 1], ["player", new Map([["hp", 5]])]]), "last"];
  const frames = values.map((v) => dumps(v, { prefixed: true }));
  return { values, frames, file: new Uint8Array(frames.flatMap((f) => [...f])) };
}

const framed = (values) => new Uint8Array(values.flatMap((v) => [...dumps(v, { prefixed: true })]));

test("a file of several frames: a plain path says how to name a frame; #N/path names it, as in the CLI", () => {
  const { values, file } = threeFrames();
  const plan = edit(file);
  assert.equal(plan.frames, 3);
  const e = catching(() => plan.set("player/hp", 120));
  assert.ok(e instanceof EditError);
  assert.equal(e.code, "ERR_MULTIPLE_FRAMES");
  assert.equal(e.message, "`player/hp`: the input holds 3 store_var frames (Godot 4 values, each behind a 4-byte length), not one value: start the path with the frame's number, #0 to #2 (as in `#2/player/hp`), or pass {frame: N} to edit()");
  // #1/player/hp: the same bytes as {frame: 1} and player/hp, and as writing the file anew.
  const healed = [values[0], new Map([["hp", 1], ["player", new Map([["hp", 120]])]]), values[2]];
  assert.equal(hex(plan.set("#1/player/hp", 120).toBytes()), hex(framed(healed)));
  assert.equal(hex(edit(file, { frame: 1 }).set("player/hp", 120).toBytes()), hex(framed(healed)));
  assert.equal(hex(edit(file, { frame: 0 }).set("#1/player/hp", 120).toBytes()), hex(framed(healed)));
  // Several frames in one plan, in any order; a frame's whole value by `#N`.
  const all = edit(file).set("#2", "LAST!").set("#1/player/hp", 6).set("#1/mp", 3).set("#0", "1st");
  const expected = ["1st", new Map([["hp", 1], ["player", new Map([["hp", 6]])], ["mp", 3]]), "LAST!"];
  assert.equal(hex(all.toBytes()), hex(framed(expected)));
  // The ranges of the three frames' plans, counted as each plan alone counts them.
  const alone = edit(file).set("#2", "LAST!").changeCount + edit(file, { frame: 1 }).set("player/hp", 6).set("mp", 3).changeCount + edit(file).set("#0", "1st").changeCount;
  assert.equal(all.changeCount, alone);
  assert.equal(alone, 8);
  assert.ok(equal([...iterFrames(all.toBytes())], expected));
});

test("#N/path: a frame that is not there, a # without a number, a refused operation on another frame", () => {
  const { file } = threeFrames();
  const plan = edit(file).set("#0", "one");
  const before = plan.toBytes();
  const missing = catching(() => plan.set("#3/hp", 1));
  assert.ok(missing instanceof EditError);
  assert.deepEqual([missing.code, missing.message], ["ERR_NOT_FOUND", "no value #3: the input holds 3 values (#0 to #2)"]);
  const bad = catching(() => plan.set("#x/hp", 1));
  assert.deepEqual([bad.code, bad.offset], ["ERR_PATH_SYNTAX", 1]);
  assert.match(bad.message, /quote a key that starts with `#`/);
  // Refused in frame 1 (an int is no container): the plan over frame 0 is kept.
  const refused = catching(() => plan.set("#1/hp/x", 1));
  assert.equal(refused.code, "ERR_NOT_A_CONTAINER");
  assert.ok(sameBytes(plan.toBytes(), before));
  assert.equal(plan.changeCount, edit(file).set("#0", "one").changeCount);
  // A quoted key that starts with # is a key.
  const hashed = edit(dumps(new Map([["#1", 1]])));
  assert.equal(hex(hashed.set('"#1"', 2).toBytes()), hex(dumps(new Map([["#1", 2]]))));
});

test("a file of one value: #0/path and path are the same place; #1 is not there", () => {
  const one = dumps(new Map([["hp", 1], ["player", new Map([["hp", 5]])]]), { prefixed: true });
  const raw = dumps(new Map([["hp", 1]]));
  for (const bytes of [one, raw]) {
    assert.equal(edit(bytes).frames, 1);
    assert.equal(hex(edit(bytes).set("#0/hp", 7).toBytes()), hex(edit(bytes).set("hp", 7).toBytes()));
    assert.equal(catching(() => edit(bytes).set("#1/hp", 7)).message, "no value #1: the input holds 1 value (#0)");
  }
  assert.equal(hex(edit(one).set("#0/player/hp", 6).toBytes()), hex(dumps(new Map([["hp", 1], ["player", new Map([["hp", 6]])]]), { prefixed: true })));
});

test("reading a file of several frames as one value says what reads them", () => {
  const { file } = threeFrames();
  const e = catching(() => loads(file));
  assert.ok(e instanceof DecodeError);
  assert.deepEqual([e.code, e.offset], ["ERR_MULTIPLE_FRAMES", 20]);
  assert.equal(e.message, 'the input holds 3 store_var frames (Godot 4 values, each behind a 4-byte length), not one value: read them with iterFrames(bytes); edit one with a path that starts with its number, #0 to #2 (edit(bytes).set("#2/player/hp", 120)), or with edit(bytes, {frame: N})');
});
