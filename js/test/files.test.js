// openFile(bytes) and scan(bytes): ConfigFiles, text and binary resources as the engines
// wrote them; values as loads gives them, the engine's text, edits that keep the file,
// encrypted files written back encrypted, and what a scan finds.
import { test } from "node:test";
import assert from "node:assert/strict";
import { openFile, scan, dumps, Vector2, GodotFile, DecodeError, PathError, EditError, equal } from "../src/index.js";
import { readFixture, readFixtureText } from "./common.js";

const PASSWORD = "pässwörd-🔑-Ключ";
const KEY = "0b30557a9fc4e90e33587da2c7ec11365b80a5caef14395e83a8cdf2173c6186";
const res = (engine, file) => readFixture(`resources/${engine}/${file}`);
const resText = (engine, file) => readFixtureText(`resources/${engine}/${file}`);

test("a ConfigFile reads as the engine wrote it, and writes back to itself", async () => {
  for (const [engine, godot] of [["g36", 3], ["g4", 4]]) {
    const data = await res(engine, "settings.cfg");
    const text = await resText(engine, "settings.cfg");
    const f = openFile(data);
    assert.ok(f instanceof GodotFile);
    assert.equal(f.kind, "config");
    assert.equal(f.godot, godot);
    assert.equal(f.encrypted, false);
    assert.equal(f.get("display/width"), 1920);
    assert.equal(f.get("weird section. ünï/key with spaces"), "v");
    assert.ok(equal(f.get("player/pos"), new Vector2(12.5, -3.25)));
    assert.ok(equal(f.get("data/inventory"), ["sword", 3, 0.5, null, true, new Vector2(1, 1)]));
    assert.equal(f.getText("player/pos"), godot === 3 ? "Vector2( 12.5, -3.25 )" : "Vector2(12.5, -3.25)");
    assert.equal(f.show(), text);
    assert.equal(f.text, text);
    assert.deepEqual(f.toBytes(), new Uint8Array(data));
    assert.throws(() => f.get("display/nope"), (e) => e instanceof PathError && e.code === "ERR_NOT_FOUND");
    f.free();
  }
  const json = JSON.parse(openFile(await res("g4", "settings.cfg")).toJSON());
  assert.deepEqual(Object.keys(json), ["display", "player", "data", "weird section. ünï"]);
  assert.deepEqual(json.player.pos, { Vector2: [12.5, -3.25] });
});

test("edits change one value's text and keep the rest", async () => {
  const text = await resText("g4", "settings.cfg");
  const f = openFile(await res("g4", "settings.cfg"));
  f.set("display/width", 1280).set("player/pos", new Vector2(0.5, 2)).setText("display/vsync", "false");
  assert.equal(f.delete("display/tiny"), true);
  assert.equal(f.delete("display/tiny"), false);
  const expected = text
    .replace("width=1920", "width=1280")
    .replace("pos=Vector2(12.5, -3.25)", "pos=Vector2(0.5, 2)")
    .replace("vsync=true", "vsync=false")
    .replace("tiny=1e-07\n", "");
  assert.equal(f.text, expected);
  assert.equal(new TextDecoder().decode(f.toBytes()), expected);
  assert.equal(openFile(f.toBytes()).get("display/width"), 1280);
  assert.throws(() => f.setText("display/width", "Vector2(1,"), (e) => e instanceof EditError && e.code === "ERR_BAD_CONFIG");
});

test("an encrypted ConfigFile is written back encrypted with its password or key", async () => {
  for (const [engine, file, secret] of [
    ["g4", "settings_pass.cfg", { password: PASSWORD }],
    ["g4", "settings_key.cfg", { key: KEY }],
    ["g36", "settings_pass.cfg", { password: PASSWORD }],
  ]) {
    const f = openFile(await res(engine, file), secret);
    assert.equal(f.encrypted, true);
    assert.equal(f.show(), await resText(engine, "settings.cfg"));
    f.set("display/width", 640);
    const out = f.toBytes();
    assert.equal(new TextDecoder().decode(out.subarray(0, 4)), "GDEC");
    assert.equal(openFile(out, secret).get("display/width"), 640);
    assert.throws(() => openFile(out, { password: "wrong" }), (e) => e instanceof DecodeError && e.code === "ERR_WRONG_KEY");
    assert.throws(() => openFile(out), (e) => e instanceof DecodeError && e.code === "ERR_NEEDS_KEY");
  }
});

test("text resources and scenes: paths, references as the saver writes them, edits", async () => {
  for (const [engine, godot, id] of [["g32", 3, "1"], ["g4", 4, "GDScript_2m2be"]]) {
    const text = await resText(engine, "canary.tres");
    const f = openFile(await res(engine, "canary.tres"));
    assert.equal(f.kind, "text_resource");
    assert.equal(f.godot, godot);
    assert.equal(f.get("note"), "top-level embedded script");
    assert.equal(f.getText("script"), godot === 4 ? 'SubResource("GDScript_2m2be")' : "SubResource( 1 )");
    assert.ok(f.get(`sub:${id}/script/source`).startsWith("extends Resource\n"));
    assert.equal(f.show(), text);
  }
  const text = await resText("g4", "scene_2d.tscn");
  const s = openFile(await res("g4", "scene_2d.tscn"));
  assert.ok(equal(s.get("node:Player/position"), new Vector2(100, 200.5)));
  assert.equal(s.get("node:Player/metadata/note"), "méta ✓");
  s.set("node:Enemies/Enemy1/position", new Vector2(1, 2)).setText("node:SpawnTimer/wait_time", "4.0");
  assert.equal(s.text, text
    .replace('position = Vector2(0, -10)\n\n[node name="Enemy2"', 'position = Vector2(1, 2)\n\n[node name="Enemy2"')
    .replace("wait_time = 2.5", "wait_time = 4.0"));
});

test("binary resources read as their text twins, RSCC too, and are read-only", async () => {
  for (const engine of ["g32", "g36", "g4"]) {
    const b = openFile(await res(engine, "gradient.res"));
    assert.equal(b.kind, "binary_resource");
    assert.equal(b.text, undefined);
    assert.equal(b.show(), await resText(engine, "gradient.tres"));
    assert.deepEqual(JSON.parse(b.toJSON()), JSON.parse(openFile(await res(engine, "gradient.tres")).toJSON()));
    assert.throws(() => b.toBytes(), (e) => e instanceof EditError && e.code === "ERR_READ_ONLY");
    assert.throws(() => b.set("offsets", 1), (e) => e instanceof EditError && e.code === "ERR_READ_ONLY");
    const z = openFile(await res(engine, "custom_full_z.res"));
    assert.equal(z.show(), openFile(await res(engine, "custom_full.res")).show());
  }
});

test("scan: the canary runs code, settings and gradients do not", async () => {
  for (const engine of ["g32", "g36", "g4"]) {
    for (const file of ["canary.tres", "canary.res"]) {
      const r = scan(await res(engine, file));
      assert.equal(r.runsCode, true, `${engine}/${file}`);
      assert.deepEqual(r.findings.map((f) => f.kind), ["embedded_script", "script_attached"]);
      assert.equal(r.findings[0].source.lines, 8);
      assert.ok(r.findings[0].message.startsWith("[sub_resource id="));
      assert.deepEqual(openFile(await res(engine, file)).scan().findings, r.findings);
    }
  }
  assert.equal(scan(await res("g4", "canary.tres")).findings[1].message,
    '[resource] script: a Resource with a script attached: SubResource("GDScript_2m2be")');
  for (const [engine, file] of [["g4", "settings.cfg"], ["g4", "gradient.tres"], ["g36", "gradient.res"]]) {
    const r = scan(await res(engine, file));
    assert.equal(r.runsCode, false);
    assert.deepEqual(r.findings, []);
    assert.equal(r.json, '{"runs_code":false,"reaches_outside":false,"findings":[]}');
  }
  const v = scan(await readFixture("scan/g4_script_object__fo.bin"));
  assert.equal(v.runsCode, true);
  assert.deepEqual(v.findings.map((f) => [f.kind, f.location.path]), [
    ["script_attached", "player/items/1/script"],
    ["script_reference", "player/items/1/script"],
  ]);
  assert.equal(scan(dumps(new Map([["hp", 3]]))).runsCode, false);
  assert.throws(() => openFile(dumps(new Map([["hp", 3]]))), (e) => e instanceof DecodeError && e.code === "ERR_NOT_A_FILE");
  assert.throws(() => openFile(new TextEncoder().encode("These are my notes, not a save game.\n")), (e) => e instanceof DecodeError && e.code === "ERR_NOT_A_FILE");
});
