// describe, search and diff: what an inspector needs, checked on every engine fixture.
import { test } from "node:test";
import assert from "node:assert/strict";
import { describe, view, edit, diff, dumps, pack, iterFrames, StringName, NodePath, DecodeError, View } from "../src/index.js";
import { cases, catching } from "./common.js";

const CASES = cases();

test("describe says each fixture's dialect, framing, type and size", () => {
  for (const c of CASES) {
    const d = describe(c.data, { godot: c.godot, prefixed: c.prefixed });
    assert.equal(String(d.godot), String(c.godot), c.id);
    assert.equal(d.prefix, c.prefixed ? "little" : null, c.id);
    assert.equal(d.frames, 1, c.id);
    assert.equal(d.type, view(c.data, { godot: c.godot, prefixed: c.prefixed }).type, c.id);
    assert.equal(d.size, c.data.length, c.id);
    assert.deepEqual(d.container, { container: "plain" }, c.id);
    // Undirected, the fixture's own reading is among the candidates (or it is the error).
    let auto;
    try {
      auto = describe(c.data);
    } catch (e) {
      assert.ok(e instanceof DecodeError, c.id);
      continue;
    }
    assert.ok(auto.ambiguous || auto.candidates.some((r) => String(r.godot) === String(c.godot) || typeof c.godot === "string"), c.id);
  }
  const file = pack(dumps([1, 2], { prefixed: true }), { password: "pw" });
  assert.equal(catching(() => describe(file)).code, "ERR_NEEDS_KEY");
  const d = describe(file, { password: "pw" });
  assert.deepEqual([d.container.container, d.frames, d.type, d.prefix], ["encrypted", 1, "Array", "little"]);
});


test("search finds every string key of the fixtures' Dictionaries at its path and offset", () => {
  let found = 0;
  for (const c of CASES) {
    const v = view(c.data, { godot: c.godot, prefixed: c.prefixed });
    if (v.type !== "Dictionary") continue;
    v.keys().forEach((key, i) => {
      if (typeof key !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) return;
      const { hits } = v.search(key, { limit: 100000 });
      const hit = hits.find((h) => h.path === `/${key}`);
      assert.ok(hit, `${c.id}: ${key}`);
      assert.equal(hit.offset, v.child(i).offset, `${c.id}: ${key}`);
      assert.equal(hit.match, "key");
      found++;
    });
  }
  assert.ok(found > 20, `${found} keys`);
});

test("search matches keys, string values and paths, in document order, with a limit", () => {
  const save = new Map([
    ["player", new Map([["Name", "Zoë"], ["inventory", ["sword", "magic sword", "shield"]]])],
    ["swords", 2],
  ]);
  const v = view(dumps(save));
  const { hits, more } = v.search("SWORD");
  assert.deepEqual(hits.map((h) => [h.path, h.match]), [
    ["/player/inventory/0", "value"],
    ["/player/inventory/1", "value"],
    ["/swords", "key"],
  ]);
  assert.equal(more, false);
  assert.deepEqual(v.search("sword", { limit: 2 }).more, true);
  const path = v.search("player/inventory/2").hits[0];
  assert.deepEqual([path.path, path.match, path.type], ["/player/inventory/2", "path", "String"]);
  assert.equal(path.offset, v.at("player/inventory/2").offset);
  assert.deepEqual(v.search("name").hits.map((h) => h.path), ["/player/Name"]);
  assert.deepEqual(v.search("").hits, []);
});

test("search finds a String (StringName, NodePath) that is a whole frame's value, at path /", () => {
  // store_var("abc"), then store_var(7): the first frame's value is the String itself.
  const file = new Uint8Array([...dumps("abc", { prefixed: true }), ...dumps(7, { prefixed: true })]);
  const [abc, seven] = [...iterFrames(file, { view: true })];
  assert.deepEqual(abc.search("abc"), { hits: [{ path: "/", offset: 4, type: "String", match: "value" }], more: false });
  assert.deepEqual(abc.search("B").hits.map((h) => h.path), ["/"]);
  assert.deepEqual(seven.search("abc"), { hits: [], more: false });
  assert.deepEqual(abc.search("abc", { limit: 0 }), { hits: [], more: true });
  assert.deepEqual(view(dumps(new StringName("player_name"))).search("name").hits.map((h) => [h.path, h.type]), [["/", "StringName"]]);
  assert.deepEqual(view(dumps(new NodePath("/root/Main:position"))).search("main").hits.map((h) => [h.path, h.type]), [["/", "NodePath"]]);
  // A String inside a container is found where it is, and the container's own value is not a String.
  assert.deepEqual(view(dumps(["abc"])).search("abc").hits.map((h) => h.path), ["/0"]);
  // A View of a String found under a save: searching it finds it.
  assert.deepEqual(view(dumps(new Map([["name", "Zoë"]]))).at("name").search("zo").hits.map((h) => [h.path, h.offset]), [["/", 20]]);
});

test("diff: nothing between a fixture and itself; exactly the edit after an edit", () => {
  let edited = 0;
  for (const c of CASES) {
    const opts = { godot: c.godot, prefixed: c.prefixed };
    const a = view(c.data, opts);
    assert.deepEqual(diff(a, view(c.data, opts)), [], c.id);
    if (a.type !== "Dictionary" || !a.length) continue;
    const key = a.keys().find((k) => typeof k === "string" && /^[a-z_]+$/.test(k));
    if (key === undefined) continue;
    const b = view(edit(c.data, opts).delete(key).toBytes(), opts);
    const changes = diff(a, b);
    assert.equal(changes.length, 1, c.id);
    assert.deepEqual([changes[0].kind, changes[0].path], ["removed", `/${key}`], c.id);
    assert.equal(changes[0].old.offset, a.at(key).offset, c.id);
    assert.equal(changes[0].old.text, a.at(key).toText().replace(/\n/g, " ").slice(0, 200) + (a.at(key).toText().length > 200 ? "…" : ""), c.id);
    edited++;
  }
  assert.ok(edited > 5);
  const changed = diff(view(dumps(new Map([["hp", 10]]))), view(dumps(new Map([["hp", 11], ["mp", 3]]))));
  assert.deepEqual(changed.map((c) => [c.kind, c.path, c.old?.text, c.new?.text]), [["changed", "/hp", "10", "11"], ["added", "/mp", undefined, "3"]]);
  assert.throws(() => diff(view(dumps(1)), "not a view"), TypeError);
  assert.ok(view(dumps(1)) instanceof View);
});
