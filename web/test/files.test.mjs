// ConfigFiles and resources in the page: shown as text, the scan's banner (red when
// loading the file would run code, a note for the rest, none when nothing is found), a
// value edited by its path and the file downloaded with the edit; binary resources shown
// as the engine's text, read-only.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serve, launch, inspector, done, open, fixtures } from "./harness.mjs";

let server;
let browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
});

const res = (engine, file) => join(fixtures, "resources", engine, file);

test("canary.tres: a red banner says loading it would run code, with the findings", async () => {
  const page = await inspector(browser, server.url);
  const status = await open(page, res("g4", "canary.tres"));
  assert.equal(status, "canary.tres: OK: a text resource of Godot 4");
  assert.ok(await page.isVisible("#scan-banner"));
  assert.ok(await page.$eval("#scan-banner", (b) => b.classList.contains("danger")));
  assert.equal(await page.textContent("#scan-title"),
    'Warning: loading this file would run code: [sub_resource id="GDScript_2m2be"] script/source: an embedded GDScript (8 lines, sha256 7233ae53213c4fb04b1ecee3fd04b6f8451c38014ce69633deb27c73aa56f4f2); [resource] script: a Resource with a script attached: SubResource("GDScript_2m2be")');
  assert.deepEqual(await page.$$eval("#scan-findings li", (els) => els.map((e) => e.dataset.kind)), ["embedded_script", "script_attached"]);
  assert.equal(await page.textContent("#resource-text"), readFileSync(res("g4", "canary.tres"), "utf8"));
  assert.ok(await page.isHidden("#values"));
  // The binary twin: the same warning, its text the engine's .tres, no download.
  assert.match(await open(page, res("g32", "canary.res")), /^canary\.res: OK: a binary resource of Godot 3/);
  assert.ok(await page.$eval("#scan-banner", (b) => b.classList.contains("danger") && !b.hidden));
  assert.equal(await page.textContent("#resource-text"), readFileSync(res("g32", "canary.tres"), "utf8"));
  assert.ok(await page.isDisabled("#download"));
  await done(page);
});

test("settings.cfg: no banner; a value edited by its path, downloaded with the edit and nothing else", async () => {
  const page = await inspector(browser, server.url);
  const text = readFileSync(res("g4", "settings.cfg"), "utf8");
  assert.equal(await open(page, res("g4", "settings.cfg")), "settings.cfg: OK: a ConfigFile of Godot 4");
  assert.ok(await page.isHidden("#scan-banner"));
  assert.equal(await page.textContent("#resource-text"), text);
  await page.fill("#resource-path", "player/pos");
  await page.click("#resource-get");
  await page.waitForFunction(() => document.getElementById("resource-value").value !== "");
  assert.equal(await page.inputValue("#resource-value"), "Vector2(12.5, -3.25)");
  // A bad literal: the error, nothing changed.
  await page.fill("#resource-path", "display/width");
  await page.fill("#resource-value", "Vector2(1,");
  await page.click("#resource-apply");
  await page.waitForSelector("#resource-error:not([hidden])");
  assert.match(await page.textContent("#resource-error"), /\[ERR_BAD_CONFIG\]$/);
  assert.equal(await page.textContent("#resource-text"), text);
  await page.fill("#resource-value", "1280");
  await page.click("#resource-apply");
  const expected = text.replace("width=1920", "width=1280");
  await page.waitForFunction((t) => document.getElementById("resource-text").textContent === t, expected);
  assert.equal(await page.textContent("#download"), "Download settings.cfg (1 edit)");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  assert.equal(download.suggestedFilename(), "settings.cfg");
  assert.equal(readFileSync(await download.path(), "utf8"), expected);
  await done(page);
});

test("scene_2d.tscn: a softer note for its connections; a save still opens in the tree", async () => {
  const page = await inspector(browser, server.url);
  assert.equal(await open(page, res("g4", "scene_2d.tscn")), "scene_2d.tscn: OK: a text resource of Godot 4");
  assert.ok(await page.$eval("#scan-banner", (b) => !b.hidden && b.classList.contains("note") && !b.classList.contains("danger")));
  assert.equal(await page.textContent("#scan-title"), "Note: loading this file runs no code by itself, but it does 2 things to know about:");
  assert.deepEqual(await page.$$eval("#scan-findings li", (els) => els.map((e) => e.textContent)), [
    "[connection]: connects SpawnTimer.timeout to Enemies.queue_free()",
    "[connection]: connects SpawnTimer.timeout to Player.set_visible()",
  ]);
  // Then a Variant save: the tree again, no banner.
  assert.match(await open(page, join(fixtures, "g4", "dict_nested.bin")), /OK: Godot 4 Dictionary/);
  assert.ok(await page.isHidden("#scan-banner"));
  assert.ok(await page.isHidden("#resource"));
  assert.ok(await page.isVisible("#values"));
  await done(page);
});
