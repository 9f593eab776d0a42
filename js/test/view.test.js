// view(bytes): nodes of an input validated once, over every engine fixture; paths, keys,
// offsets and sizes; PathError with its kind and offset. iterFrames over frame files.
import { test } from "node:test";
import assert from "node:assert/strict";
import { view, loads, toText, dumps, iterFrames, View, PathError, DecodeError, equal } from "../src/index.js";
import { cases, catching } from "./common.js";

const CASES = cases();
const STYLES = { g32: "3.2", g36: "3.6", g4: "4" };

test("a view's value, text and bytes are the input's, for every engine fixture", () => {
  for (const c of CASES) {
    const opts = { godot: c.godot, prefixed: c.prefixed };
    const v = view(c.data, opts);
    assert.ok(v instanceof View);
    assert.ok(equal(v.value(), loads(c.data, opts)), c.id);
    const start = c.prefixed ? 4 : 0;
    assert.equal(v.offset, start, c.id);
    assert.deepEqual(v.bytes(), c.data.subarray(start, start + v.size), c.id);
    if (c.folder in STYLES && c.decoded_text != null && !c.text_file) {
      assert.equal(v.toText({ style: STYLES[c.folder] }), c.decoded_text, c.id);
    }
  }
});

test("every child of every fixture's root is the bytes at its offset, reached by its key", () => {
  let children = 0;
  for (const c of CASES) {
    const opts = { godot: c.godot, prefixed: c.prefixed };
    const v = view(c.data, opts);
    if (!v.isContainer) {
      assert.equal(v.child(0), undefined, c.id);
      continue;
    }
    const keys = v.keys();
    assert.equal(keys.length, v.length, c.id);
    for (let i = 0; i < v.length; i++) {
      const child = v.child(i);
      assert.deepEqual(child.bytes(), c.data.subarray(child.offset, child.offset + child.size), c.id);
      assert.ok(child.offset > v.offset && child.offset + child.size <= v.offset + v.size, c.id);
      assert.ok(equal(v.key(i), keys[i]), c.id);
      // Names and indices are paths; the last duplicate key wins, as in the engine.
      const key = keys[i];
      if ((typeof key === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) && keys.lastIndexOf(key) === i) || typeof key === "number" && v.type.endsWith("Array")) {
        const got = v.get(String(key));
        const value = got instanceof View ? got.value() : got;
        assert.ok(equal(value, child.value()), `${c.id}/${key}`);
      }
      children++;
    }
    assert.equal(v.child(v.length), undefined);
  }
  assert.ok(children > 250, `${children} children`);
});

test("paths: nested Views, packed elements, PathError kinds and offsets", () => {
  const save = new Map([
    ["player", new Map([["hp", 10], ["items", ["sword", "shield"]], ["path", new Float32Array([1, 2, 3])]])],
    ["level", 3],
  ]);
  const v = view(dumps(save));
  assert.equal(v.type, "Dictionary");
  assert.deepEqual(v.keys(), ["player", "level"]);
  const player = v.get("player");
  assert.ok(player instanceof View);
  assert.equal(player.get("items/1"), "shield");
  assert.equal(v.get("player/items/0"), "sword");
  assert.equal(v.get("player/path/2"), 3);
  assert.equal(v.get("level"), 3);
  assert.equal(v.get("player/items").type, "Array");
  assert.equal(v.at("player/hp").type, "int");
  assert.ok(v.has("player/hp") && !v.has("player/mp"));
  const notFound = catching(() => v.get("player/mp"));
  assert.ok(notFound instanceof PathError);
  assert.equal(notFound.code, "ERR_NOT_FOUND");
  assert.equal(notFound.offset, player.offset);
  const deep = catching(() => v.get("level/x"));
  assert.ok(deep instanceof PathError);
  assert.equal(deep.code, "ERR_NOT_A_CONTAINER");
  assert.equal(deep.offset, v.at("level").offset);
  assert.equal(catching(() => v.get('"unterminated')).code, "ERR_PATH_SYNTAX");
  assert.equal(catching(() => v.at("player/path/0")).code, "ERR_NOT_A_CONTAINER");
});


test("iterFrames reads every frame of a store_var file, and a damaged one after the good ones", () => {
  const values = [1, "two", [3], new Map([["four", 4]])];
  const file = new Uint8Array(values.flatMap((x) => [...dumps(x, { prefixed: true })]));
  const read = [...iterFrames(file)];
  assert.equal(read.length, 4);
  values.forEach((x, i) => assert.ok(equal(read[i], x), String(i)));
  const views = [...iterFrames(file, { view: true })];
  assert.deepEqual(views.map((v) => v.type), ["int", "String", "Array", "Dictionary"]);
  assert.equal(views[1].offset, 16);
  // The last frame cut short: the three before it, then its error at its prefix.
  const cut = file.subarray(0, file.length - 3);
  const got = [];
  const e = catching(() => {
    for (const x of iterFrames(cut, { godot: 4, prefixed: true })) got.push(x);
  });
  assert.equal(got.length, 3);
  assert.ok(e instanceof DecodeError);
  assert.equal(e.code, "ERR_UNEXPECTED_END");
  const lastFrame = file.length - dumps(values[3], { prefixed: true }).length;
  assert.equal(e.offset, lastFrame);
  // One value alone is a list of one.
  assert.deepEqual([...iterFrames(dumps("alone"))], ["alone"]);
});

test("every frame fixture reads frame by frame as loads reads it", () => {
  for (const c of CASES.filter((c) => c.prefixed)) {
    const frames = [...iterFrames(c.data, { godot: c.godot, prefixed: true })];
    assert.equal(frames.length, 1, c.id);
    assert.ok(equal(frames[0], loads(c.data, { godot: c.godot, prefixed: true })), c.id);
  }
  assert.equal(toText(dumps(1)), "1");
});

test("free gives the input's copy back; a freed View or Editor says so", () => {
  const v = view(dumps([1, 2]));
  const child = v.at("1");
  v.free();
  v.free(); // twice: nothing
  assert.throws(() => v.get("0"), /this View was freed/);
  assert.equal(child.value(), 2); // the copy lives while a View of it does
  child.free();
  if (typeof Symbol.dispose === "symbol") {
    const w = view(dumps(1));
    w[Symbol.dispose]();
    assert.throws(() => w.value(), /freed/);
  }
});
