// The inspector in a real browser (Debian's Chromium, headless): engine fixtures of Godot 3
// and 4, a file of several store_var frames, a compressed and an encrypted save; expand,
// search, edit, undo, download; the downloaded bytes checked with the package in Node.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { containerOf, describe, diff, view, edit, dumps } from "../../js/src/index.js";
import { serve, launch, inspector, done, open, row, rows, selected, waitValue, fixtures, secretOf } from "./harness.mjs";

let server;
let browser;
const tmp = mkdtempSync(join(tmpdir(), "gdv-web-"));
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
});

test("Godot 4 and Godot 3 fixtures: what they are, a lazy tree, keyboard, packed arrays, a colour, a plot", async () => {
  const page = await inspector(browser, server.url);
  const status = await open(page, join(fixtures, "g4", "dict_nested.bin"));
  assert.match(status, /^dict_nested\.bin: OK: Godot 4 Dictionary, 108 bytes$/);
  assert.deepEqual((await rows(page)).map((r) => r[0]), ["▾value", "▸a"]);
  // Keyboard: down to "a", right opens it, right again goes in, Enter on a container opens the editor.
  await page.focus("#tree");
  await page.keyboard.press("ArrowDown");
  assert.equal(await selected(page), "a");
  await page.keyboard.press("ArrowRight");
  await row(page, "0/0/0").waitFor();
  assert.deepEqual((await rows(page)).map((r) => r[0]), ["▾value", "▾a", "▸b"]);
  await page.keyboard.press("ArrowLeft");
  assert.deepEqual((await rows(page)).map((r) => r[0]), ["▾value", "▸a"]);

  assert.match(await open(page, join(fixtures, "g36", "dict_nested.bin")), /OK: Godot 3 Dictionary, 108 bytes/);
  assert.match(await open(page, join(fixtures, "g36", "vector3.bin")), /OK: Godot 3 Vector3, 16 bytes/);
  assert.equal((await rows(page))[0][5], "Vector3( 1, -2, 3.5 )");

  // A packed array: its first elements, then "… N more"; a colour gets a swatch.
  assert.match(await open(page, join(fixtures, "g4", "pcol_3000.bin")), /OK: Godot 4 PackedColorArray/);
  await row(page, "0/0").waitFor();
  assert.equal(await page.getAttribute("#tree", "data-rows"), "102");
  assert.ok(await page.$eval('.row[data-path="0/0"] .sw', (e) => !e.hidden && getComputedStyle(e).backgroundColor !== ""));
  await page.locator("#tree").evaluate((t) => (t.scrollTop = t.scrollHeight));
  await page.locator(".row.more").click();
  await page.waitForFunction(() => document.getElementById("tree").dataset.rows === "3001");
  await page.keyboard.press("End");
  await page.waitForFunction(() => document.querySelector(".row.selected .kl")?.textContent === "2999");

  // Pandemonium is not detected: its era is chosen by hand.
  await open(page, join(fixtures, "pandemonium", "pmb", "dict_nested.bin"));
  assert.ok(await page.isVisible("#error"));
  await page.click("#options summary");
  await page.selectOption("#godot", "pm-b");
  await page.waitForFunction(() => /OK:/.test(document.getElementById("status").textContent));
  assert.match(await page.textContent("#status"), /^dict_nested\.bin: OK: Pandemonium B Dictionary, \d+ bytes$/);
  await page.selectOption("#godot", "auto");
  await page.click("#options summary");

  // A PackedVector2Array as a scatter plot.
  await open(page, join(fixtures, "g4", "pv2_3000.bin"));
  await page.click("#plot");
  await page.waitForSelector('#scatter[data-points="3000"]');
  const inked = await page.$eval("#scatter", (c) => {
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    const bg = [...d.subarray(0, 3)].join();
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if ([d[i], d[i + 1], d[i + 2]].join() !== bg) n++;
    return n;
  });
  assert.ok(inked > 500, `the plot has ${inked} inked pixels`);

  // 200 % zoom (half the CSS pixels): nothing runs off the side; the tree is still there.
  await page.setViewportSize({ width: 640, height: 400 });
  await page.waitForTimeout(100);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1), "no horizontal scrolling at 200 %");
  assert.ok(await page.isVisible('.row[data-path="0"]'));
  await done(page);
});

test("a file of two store_var frames in a Zstd-compressed file", async () => {
  const page = await inspector(browser, server.url);
  const status = await open(page, join(fixtures, "containers", "g4", "big_vectors__gcpf_zstd.bin"));
  assert.match(status, /OK: 2 values \(store_var frames\) in a Zstd-compressed file \(GCPF, 4096-byte blocks\), Godot 4, 50,984 bytes \(22,755 in the file\)/);
  const r = await rows(page);
  assert.deepEqual(r.map((x) => [x[0], x[1], x[2]]), [["▸frame 0", "PackedVector3Array", "3,000"], ["▸frame 1", "PackedStringArray", "700"]]);
  await page.click('.row[data-path="1"] .tw');
  await waitValue(page, "1/2", '"word_2_xx"');
  // A path in the second frame, to an element of its packed array (past the first 100).
  await page.fill("#search", "#1/650");
  await page.press("#search", "Enter");
  await page.waitForFunction(() => document.querySelector(".row.selected .vt")?.textContent.startsWith('"word_650_'));
  assert.equal(await page.textContent("#sel-path"), "path: #1/650");
  await done(page);
});

test("an encrypted save: password (a wrong one first), search, an edit in place, undo, redo, download; the crate finds exactly that change, in the same container", async () => {
  const file = join(fixtures, "containers", "g4", "save__gdec_pass.bin");
  const { secret: password } = secretOf("g4", "save__gdec_pass.bin");
  const page = await inspector(browser, server.url);
  assert.match(await open(page, file), /encrypted/i);
  assert.ok(await page.isVisible("#secret"));
  await page.fill("#password", "not the password");
  await page.press("#password", "Enter");
  await page.waitForFunction(() => /^Wrong password/.test(document.getElementById("secret-why").textContent));
  assert.match(await page.textContent("#secret-why"), /^Wrong password or key for save__gdec_pass\.bin: .*, at file offset 0x4\. Try again\.$/);
  assert.ok(await page.isHidden("#error"));
  await page.fill("#password", password);
  await page.press("#password", "Enter");
  await page.waitForFunction(() => /OK:/.test(document.getElementById("status").textContent));
  assert.match(await page.textContent("#status"), /OK: Godot 4 Dictionary in a store_var frame in an encrypted file \(GDEC, Godot 4 layout, AES-256-CFB\)/);
  assert.ok(await page.isHidden("#error"));

  // Search: a key, then a path; each hit is opened and selected.
  await page.fill("#search", "inventory");
  await page.press("#search", "Enter");
  await page.waitForFunction(() => document.querySelector(".row.selected .kl")?.textContent === "inventory");
  assert.match(await page.textContent("#hits"), /1 of 1: \/player\/inventory \(key\)/);
  await page.fill("#search", "player/inventory/1");
  await page.press("#search", "Enter");
  await page.waitForFunction(() => document.querySelector(".row.selected .vt")?.textContent === '"potion"');
  await page.fill("#search", "zoë");
  await page.press("#search", "Enter");
  await page.waitForFunction(() => /no hits|1 of/.test(document.getElementById("hits").textContent));

  // Copy as lossless and plain JSON.
  await page.fill("#search", "player/hp");
  await page.press("#search", "Enter");
  await page.waitForFunction(() => document.querySelector(".row.selected .kl")?.textContent === "hp");
  await page.click("#copy-json");
  await page.waitForFunction(() => /^Copied hp/.test(document.getElementById("status").textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "87");

  // Enter edits in place.
  await page.focus("#tree");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".inline input");
  // In place, a value keeps its type: an int stays an int.
  await page.fill(".inline input", "99.5");
  await page.press(".inline input", "Enter");
  await page.waitForSelector(".inline-error:not([hidden])");
  assert.match(await page.textContent(".inline-error"), /this is an int, and 99\.5 is a float/);
  await page.fill(".inline input", "99");
  await page.press(".inline input", "Enter");
  const hp = (await page.getAttribute(".row.selected", "data-path"));
  await waitValue(page, hp, "99");
  await page.click("#undo");
  await waitValue(page, hp, "87");
  await page.keyboard.press("Control+Shift+Z");
  await waitValue(page, hp, "99");

  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  assert.equal(download.suggestedFilename(), "save__gdec_pass.bin");
  const saved = join(tmp, "downloaded.bin");
  await download.saveAs(saved);
  const before = readFileSync(file);
  const after = readFileSync(saved);
  assert.deepEqual(containerOf(after), containerOf(before));
  assert.deepEqual(describe(after, { password }).container, { container: "encrypted", godot: 4 });
  assert.notDeepEqual(after.subarray(28, 44), before.subarray(28, 44), "a fresh IV");
  const changes = diff(view(before, { password }), view(after, { password }));
  assert.deepEqual(changes.map((c) => [c.kind, c.path, c.old.text, c.new.text]), [["changed", "/player/hp", "87", "99"]]);
  await done(page);
});

test("a compressed save: replace by text form (a syntax error at its line and column first), add an entry, delete one, compare, download", async () => {
  const file = join(fixtures, "containers", "g4", "save__gcpf_zstd.bin");
  const page = await inspector(browser, server.url);
  assert.match(await open(page, file), /OK: Godot 4 Dictionary in a store_var frame in a Zstd-compressed file \(GCPF, 4096-byte blocks\)/);
  const reveal = async (path) => {
    await page.fill("#search", path);
    await page.press("#search", "Enter");
    await page.waitForFunction((k) => document.querySelector(".row.selected .kl")?.textContent === k, path.split("/").pop());
  };
  // The colour's swatch.
  const swatch = await page.$$eval(".row:not([hidden])", (els) => els.filter((e) => e.querySelector(".kl").textContent === "tint").map((e) => !e.querySelector(".sw").hidden && getComputedStyle(e.querySelector(".sw")).backgroundColor));
  assert.deepEqual(swatch, ["rgb(51, 102, 153)"]);

  await reveal("player/pos");
  await page.click("#replace");
  await page.fill("#editor-text", "Vector2(3,\n  )");
  await page.click("#editor-apply");
  await page.waitForSelector("#editor-error:not([hidden])");
  assert.match(await page.textContent("#editor-error"), /^line 2, column 3: expected a number/);
  await page.fill("#editor-text", "Vector2(3, 4)");
  await page.click("#editor-apply");
  await page.waitForFunction(() => document.querySelector(".row.selected .vt")?.textContent === "Vector2(3, 4)");

  await reveal("player");
  await page.click("#add");
  await page.fill("#editor-key", '"level"');
  await page.fill("#editor-text", "5");
  await page.click("#editor-apply");
  await page.waitForFunction(() => [...document.querySelectorAll(".row:not([hidden]) .kl")].some((e) => e.textContent === "level"));

  await reveal("ratio");
  await page.focus("#tree");
  await page.keyboard.press("Delete");
  await page.waitForFunction(() => ![...document.querySelectorAll(".row:not([hidden]) .kl")].some((e) => e.textContent === "ratio"));
  const shown = async () => (await rows(page)).map((r) => r[0]).join(" ");
  const afterDelete = await shown();
  await page.click("#undo");
  await page.waitForFunction(() => [...document.querySelectorAll(".row:not([hidden]) .kl")].some((e) => e.textContent === "ratio"));
  await page.click("#redo");
  await page.waitForFunction(() => ![...document.querySelectorAll(".row:not([hidden]) .kl")].some((e) => e.textContent === "ratio"));
  assert.equal(await shown(), afterDelete);

  await page.click("#compare-original");
  await page.waitForSelector("#diff:not([hidden])");
  const listed = await page.$$eval("#diff-list li", (els) => els.map((e) => e.textContent));
  assert.equal(listed.length, 3, listed.join("\n"));
  assert.ok(listed.some((t) => /changed \/player\/pos.*Vector2\(12\.5, -3\.25\).*Vector2\(3, 4\)/.test(t)));
  assert.ok(listed.some((t) => /added \/player\/level/.test(t)));
  assert.ok(listed.some((t) => /removed \/ratio/.test(t)));

  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  const saved = join(tmp, "compressed.bin");
  await download.saveAs(saved);
  const before = readFileSync(file);
  const after = readFileSync(saved);
  assert.deepEqual(containerOf(after), { container: "compressed", compress: "zstd", blockSize: 4096 });
  assert.equal(diff(view(before), view(after)).length, 3);

  // Compare with a second file: the save after a level.
  const later = edit(before);
  later.set("player/hp", 12);
  const laterFile = join(tmp, "save_after_level.bin");
  writeFileSync(laterFile, later.toBytes());
  await open(page, file);
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.click("#compare")]);
  assert.ok(await page.isVisible("#arming"));
  await chooser.setFiles(laterFile);
  await page.waitForFunction(() => /1 difference/.test(document.getElementById("diff-title").textContent));
  assert.match(await page.textContent("#diff-list"), /changed\s*\/player\/hp\s*int: 87 → int: 12/);
  await page.click("#diff-list button");
  await page.waitForFunction(() => document.querySelector(".row.selected .kl")?.textContent === "hp");

  // An encrypted second file: its password is asked for.
  page.once("dialog", (d) => d.accept(secretOf("g4", "save__gdec_pass.bin").secret));
  const [again] = await Promise.all([page.waitForEvent("filechooser"), page.click("#compare")]);
  await again.setFiles(join(fixtures, "containers", "g4", "save__gdec_pass.bin"));
  await page.waitForFunction(() => /^No differences: save__gcpf_zstd\.bin and save__gdec_pass\.bin/.test(document.getElementById("diff-title").textContent));
  await done(page);
});

test("bad input: a file that is no Variant, a cut one; a clear message with the offset, and the page keeps working", async () => {
  const page = await inspector(browser, server.url);
  const junk = join(tmp, "notes.txt");
  writeFileSync(junk, "These are my notes, not a save game.\n");
  await open(page, junk);
  assert.match(await page.textContent("#error"), /^Cannot read notes\.txt: .*(offset 0x[0-9a-f]+|byte \d+).*\[\w+\]/);
  const cut = join(tmp, "cut.bin");
  const whole = dumps(new Map([["name", "Zoë"], ["gold", 12]]));
  writeFileSync(cut, whole.subarray(0, whole.length - 3));
  await open(page, cut);
  assert.match(await page.textContent("#error"), /Cannot read cut\.bin: .*(offset 0x[0-9a-f]+|byte \d+)/);
  // Still working.
  assert.match(await open(page, join(fixtures, "g4", "dict_nested.bin")), /OK: Godot 4 Dictionary/);
  assert.ok(await page.isHidden("#error"));
  // A wrong dialect chosen by hand is an error too; Detect brings it back.
  await page.click("#options summary");
  await page.selectOption("#godot", "pm-a");
  await page.waitForFunction(() => !document.getElementById("error").hidden || /Pandemonium/.test(document.getElementById("status").textContent));
  await page.selectOption("#godot", "auto");
  await page.waitForFunction(() => /OK: Godot 4/.test(document.getElementById("status").textContent));

  // Dropped on the page, a file lands in the file input and opens.
  const bytes = [...readFileSync(join(fixtures, "g4", "vector2i.bin"))];
  await page.evaluate((b) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(b)], "dropped.bin"));
    document.body.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  }, bytes);
  await page.waitForFunction(() => /^dropped\.bin: OK: Godot 4 Vector2i/.test(document.getElementById("status").textContent));
  await done(page);
});

test("a Godot 3 save encrypted with a key (hex), edited and downloaded in the same layout; a FastLZ stream with no header, read when told", async () => {
  const file = join(fixtures, "containers", "g36", "save__gdec_key.bin");
  const { secret: key } = secretOf("g36", "save__gdec_key.bin");
  const page = await inspector(browser, server.url);
  assert.match(await open(page, file), /encrypted/i);
  await page.fill("#key", key);
  await page.click("#secret button[type=submit]");
  await page.waitForFunction(() => /OK:/.test(document.getElementById("status").textContent));
  assert.match(await page.textContent("#status"), /OK: Godot 3 Dictionary in a store_var frame in an encrypted file \(GDEC, Godot 3 layout, AES-256-ECB\)/);
  await page.fill("#search", "player/name");
  await page.press("#search", "Enter");
  await page.waitForFunction(() => document.querySelector(".row.selected .kl")?.textContent === "name");
  await page.focus("#tree");
  await page.keyboard.press("Enter");
  await page.fill(".inline input", "Zoë the Brave");
  await page.press(".inline input", "Enter");
  await page.waitForFunction(() => document.querySelector(".row.selected .vt")?.textContent === '"Zoë the Brave"');
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  const saved = join(tmp, "g3key.bin");
  await download.saveAs(saved);
  const before = readFileSync(file);
  const after = readFileSync(saved);
  assert.deepEqual(containerOf(after), { container: "encrypted", godot: 3 });
  const changes = diff(view(before, { key }), view(after, { key }));
  assert.deepEqual(changes.map((c) => [c.kind, c.path, c.new.text]), [["changed", "/player/name", '"Zoë the Brave"']]);

  // A FastLZ stream has no header: it reads as something else until told.
  const raw = join(fixtures, "containers", "g4", "save__raw_fastlz.bin");
  await open(page, raw);
  assert.ok(await page.isVisible("#error"));
  await page.click("#options summary");
  await page.selectOption("#decompress", "fastlz");
  await page.waitForFunction(() => /OK:/.test(document.getElementById("status").textContent));
  assert.match(await page.textContent("#status"), /OK: Godot 4 Dictionary in a FastLZ stream \(PackedByteArray\.compress, no container\), 356 bytes/);
  await done(page);
});
