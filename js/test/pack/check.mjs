// The round trip the packed package must make wherever it is installed: copied beside the
// empty project's node_modules/ by run.mjs, imported there by Node (`import ... from
// "gdvariant"` through the package's exports) and by a page in Chromium (through an import
// map). Returns one { name, ok, detail } per check.
import { loads, dumps, toText, equal, Vector3 } from "gdvariant";

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

export function check() {
  const results = [];
  const expect = (name, ok, detail = "") => results.push({ name, ok: Boolean(ok), detail: String(detail) });
  const run = (name, f) => {
    try {
      f();
    } catch (e) {
      expect(name, false, e?.stack ?? e);
    }
  };

  run("dumps writes the engine's bytes", () => {
    expect("dumps(1) is a Godot 4 int", same([...dumps(1)], [2, 0, 0, 0, 1, 0, 0, 0]), [...dumps(1)]);
    const hi = [...dumps("hi")];
    expect('dumps("hi") is a padded String', same(hi, [4, 0, 0, 0, 2, 0, 0, 0, 104, 105, 0, 0]), hi);
  });
  run("loads reads known bytes", () => {
    const v = loads(new Uint8Array([2, 0, 0, 0, 42, 0, 0, 0]), { godot: 4, prefixed: false });
    expect("loads of an int's bytes is 42", v === 42, v);
    const s = loads(new Uint8Array([4, 0, 0, 0, 2, 0, 0, 0, 104, 105, 0, 0]), { godot: 4 });
    expect('loads of a String\'s bytes is "hi"', s === "hi", s);
  });
  run("a Map round trip", () => {
    const value = new Map([["name", "Godot"], ["hp", 10], ["pos", new Vector3(1, 2, 3)], ["items", [1, 2.5, "x"]]]);
    const bytes = dumps(value);
    const back = loads(bytes);
    expect("loads(dumps(map)) is a Map", back instanceof Map, back?.constructor?.name);
    expect("loads(dumps(map)) equals the map", equal(back, value) && back.get("hp") === 10 && back.get("items")[1] === 2.5);
    const text = toText(bytes);
    const want = '{\n"hp": 10,\n"items": [1, 2.5, "x"],\n"name": "Godot",\n"pos": Vector3(1, 2, 3)\n}';
    expect("toText(dumps(map)) is the engine's text", text === want, JSON.stringify(text));
    const framed = dumps(value, { prefixed: true });
    const length = framed[0] | (framed[1] << 8) | (framed[2] << 16) | (framed[3] << 24);
    expect("a store_var frame is the length, then the bytes", length === bytes.length && same([...framed.subarray(4)], [...bytes]));
    expect("loads reads the frame back", equal(loads(framed, { prefixed: true }), value));
  });
  return results;
}
