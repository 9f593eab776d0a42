// edit(bytes): the crate's Edit plan. On engine fixtures the edited bytes are exactly what
// dumps writes for the edited value; refusals are EditErrors with kind and offset; a frame
// of a multi-frame file is edited with its prefix.
import { test } from "node:test";
import assert from "node:assert/strict";
import { edit, loads, dumps, toText, view, iterFrames, EditError, DecodeError, EncodeError, TypedArray, ContainerType, equal } from "../src/index.js";
import { cases, catching, sameBytes } from "./common.js";

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
  assert.equal(mismatch.kind, "TypeMismatch");
  assert.equal(mismatch.offset, view(save).at("list").offset);
  const conflict = catching(() => plan.set("pos", 5));
  assert.ok(conflict instanceof EditError);
  assert.equal(conflict.kind, "Conflict");
  const missing = catching(() => plan.delete("nothing"));
  assert.ok(missing instanceof EditError);
  assert.equal(missing.kind, "NotFound");
  assert.equal(missing.offset, 0);
  const syntax = catching(() => plan.setText("n", "Vector2(3,"));
  assert.ok(syntax instanceof DecodeError);
  assert.equal(syntax.kind, "SyntaxError");
  assert.ok(catching(() => plan.set("n", Symbol("x"))) instanceof TypeError);
  // Nothing of the refused operations applied.
  assert.equal(toText(plan.toBytes()), '{\n"list": Array[int]([1, 2]),\n"n": 1,\n"pos": Vector2(3, 4)\n}');
  assert.ok(catching(() => edit(dumps(1, { godot: 3 }), { godot: 3 }).set("", new BigInt64Array(1))) instanceof EncodeError);
});

test("a frame of a store_var file is edited with its prefix; the others are untouched", () => {
  const frames = [dumps("first", { prefixed: true }), dumps(new Map([["hp", 1]]), { prefixed: true }), dumps("last", { prefixed: true })];
  const file = new Uint8Array(frames.flatMap((f) => [...f]));
  const several = catching(() => edit(file));
  assert.ok(several instanceof DecodeError);
  assert.equal(several.kind, "multiple_frames");
  const out = edit(file, { frame: 1 }).set("name", "Zoë").toBytes();
  const read = [...iterFrames(out)];
  assert.ok(equal(read, ["first", new Map([["hp", 1], ["name", "Zoë"]]), "last"]));
  assert.ok(sameBytes(out.subarray(0, frames[0].length), frames[0]));
  assert.ok(sameBytes(out.subarray(out.length - frames[2].length), frames[2]));
  const frame1 = out.subarray(frames[0].length, out.length - frames[2].length);
  assert.ok(sameBytes(frame1, dumps(new Map([["hp", 1], ["name", "Zoë"]]), { prefixed: true })));
  assert.equal(catching(() => edit(file, { frame: 3 })).kind, "NotFound");
});
