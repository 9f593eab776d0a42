// loads(bytes, {objects: true}): an untyped Dictionary whose keys are all strings is a plain
// object with the same entries in the same order; any other Dictionary stays a Map; a
// "__proto__" key, or an array-index key ("1", which a plain object lists first), keeps a
// Map.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loads, dumps, fromText, TypedDictionary, GodotObject, equal } from "../src/index.js";
import { cases } from "./common.js";

const CASES = cases();

/** Compares a value read with {objects: true} to the same value read as Maps. */
function same(obj, map, at) {
  if (map instanceof Map && map.constructor === Map) {
    const keys = [...map.keys()];
    if (keys.every((k) => typeof k === "string" && !/^(0|[1-9][0-9]*)$/.test(k)) && !map.has("__proto__")) {
      assert.equal(Object.getPrototypeOf(obj), Object.prototype, `${at}: a plain object`);
      assert.deepEqual(Object.keys(obj), keys, at);
      for (const k of keys) same(obj[k], map.get(k), `${at}.${k}`);
    } else {
      assert.ok(obj instanceof Map, `${at}: a Map`);
      assert.deepEqual([...obj.keys()].length, keys.length, at);
      [...map].forEach(([k, v], i) => same([...obj.values()][i], v, `${at}[${i}]`));
    }
    return;
  }
  if (Array.isArray(map)) {
    assert.equal(obj.length, map.length, at);
    map.forEach((x, i) => same(obj[i], x, `${at}[${i}]`));
    return;
  }
  if (map instanceof GodotObject) {
    assert.ok(obj instanceof GodotObject, at);
    assert.equal(obj.className, map.className, at);
    const [a, b] = [[...obj.properties], [...map.properties]];
    assert.deepEqual(a.map(([k]) => k), b.map(([k]) => k), at);
    b.forEach(([k, v], i) => same(a[i][1], v, `${at}.${k}`));
    return;
  }
  if (map instanceof TypedDictionary) {
    assert.ok(obj instanceof TypedDictionary, `${at}: typed stays typed`);
    return;
  }
  assert.ok(equal(obj, map), at);
}

test("objects: true on every engine fixture: plain objects exactly where every key is a string", () => {
  let objects = 0;
  for (const c of CASES) {
    const opts = { godot: c.godot, prefixed: c.prefixed };
    const asObjects = loads(c.data, { ...opts, objects: true });
    same(asObjects, loads(c.data, opts), c.id);
    if (asObjects && Object.getPrototypeOf(asObjects) === Object.prototype) objects++;
  }
  assert.ok(objects > 10, `${objects} fixtures read as plain objects`);
});

test("objects: true keeps a Map for other keys and for __proto__, and dumps writes both back", () => {
  const v = loads(fromText('{"a": {"b": 1}, "__proto__": 2}'), { objects: true });
  assert.ok(v instanceof Map);
  assert.deepEqual(v.get("a"), { b: 1 });
  assert.equal(Object.getPrototypeOf({}).polluted, undefined);
  const mixed = loads(fromText('{"a": 1, 2: "b"}'), { objects: true });
  assert.ok(mixed instanceof Map);
  // "1" would go first in a plain object: a Map keeps the engine's order, and its bytes.
  const indexLike = fromText('{"b": 1, "1": 2, "01": 3}');
  const kept = loads(indexLike, { objects: true });
  assert.ok(kept instanceof Map);
  assert.deepEqual([...kept.keys()], ["b", "1", "01"]);
  assert.deepEqual(dumps(kept), indexLike);
  assert.deepEqual(loads(fromText('{"b": 1, "01": 3}'), { objects: true }), { b: 1, "01": 3 });
  const plain = loads(dumps(new Map([["x", [1, new Map([["y", "z"]])]]])), { objects: true });
  assert.deepEqual(plain, { x: [1, { y: "z" }] });
  assert.deepEqual(dumps(plain), dumps(new Map([["x", [1, new Map([["y", "z"]])]]])));
});
