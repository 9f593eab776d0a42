// Issue 40 in the browser: a file two readings explain as well is shown as a guess, marked
// as one, and nothing is edited or downloaded until the user chooses its reading (Godot
// 4.6.3's store_var(Vector4i(1, 2, 3, 4)), which Godot 3 reads as a 13-byte
// PoolByteArray); a String that is a whole frame's value is found by the search.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dumps, loads, Vector4i, DecodeError } from "../../js/src/index.js";
import { serve, launch, inspector, done, open, rows, selected, fixtures, screenshotFolder } from "./harness.mjs";

let server;
let browser;
const tmp = mkdtempSync(join(tmpdir(), "gdv-web-guesses-"));
const shots = screenshotFolder();
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
  console.log(`screenshots: ${shots}`);
});

const status = (page) => page.textContent("#status");

test("an ambiguous file: the guess is marked, editing and downloading wait for a choice; the chosen reading is edited and downloaded", async () => {
  const file = join(fixtures, "store_math", "vector4i.sav");
  const page = await inspector(browser, server.url);
  assert.equal(
    await open(page, file),
    "vector4i.sav: AMBIGUOUS: shown as a Godot 4 Vector4i in a store_var frame, a guess (it reads as well as a Godot 3 PoolByteArray): choose a reading above",
  );
  assert.ok(await page.isVisible("#ambiguous"));
  assert.equal(
    await page.textContent("#ambiguous-why"),
    "It reads as a Godot 4 Vector4i in a store_var frame and as a Godot 3 PoolByteArray. The values below are the first reading, a guess: editing and downloading are off until you choose.",
  );
  assert.deepEqual(await page.$$eval("#readings button", (bs) => bs.map((b) => b.textContent)), ["Godot 4 Vector4i in a store_var frame", "Godot 3 PoolByteArray"]);
  assert.ok(await page.$eval("body", (b) => b.classList.contains("guess")), "the tree is marked as a guess");
  assert.equal((await rows(page))[0][5], "Vector4i(1, 2, 3, 4)");
  // Nothing writes: the buttons are off, and Enter and Delete in the tree do nothing.
  await page.waitForFunction(() => document.getElementById("sel-title").textContent === "frame 0: Vector4i");
  for (const id of ["download", "edit", "replace", "add", "delete"]) assert.ok(await page.isDisabled(`#${id}`), `#${id} is off`);
  await page.focus("#tree");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Delete");
  await page.waitForTimeout(300);
  assert.equal(await page.$(".inline input"), null, "no edit box");
  assert.ok(await page.isHidden("#editor"));
  assert.match(await status(page), /AMBIGUOUS/);
  await page.screenshot({ path: join(shots, "ambiguous-light.png") });

  // The Godot 3 reading: a PoolByteArray of 13 bytes, editable; the options say it.
  await page.click("#readings button >> text=Godot 3 PoolByteArray");
  await page.waitForFunction(() => /OK:/.test(document.getElementById("status").textContent));
  assert.equal(await status(page), "vector4i.sav: OK: Godot 3 PoolByteArray, 24 bytes");
  assert.deepEqual([await page.inputValue("#godot"), await page.inputValue("#prefixed")], ["3", "no"]);
  assert.ok(await page.isHidden("#ambiguous"));
  assert.ok(await page.isEnabled("#download"));
  assert.deepEqual((await rows(page))[0].slice(0, 3), ["▾value", "PoolByteArray", "13"]);

  // Detection again (both options back to Detect): the same question; now the Godot 4 Vector4i.
  await page.evaluate(() => {
    document.getElementById("godot").value = "auto";
    document.getElementById("prefixed").value = "auto";
    document.getElementById("godot").dispatchEvent(new Event("change"));
  });
  await page.waitForFunction(() => /AMBIGUOUS/.test(document.getElementById("status").textContent));
  assert.ok(await page.isDisabled("#download"));
  await page.click("#readings button >> text=Godot 4 Vector4i in a store_var frame");
  await page.waitForFunction(() => /OK:/.test(document.getElementById("status").textContent));
  assert.equal(await status(page), "vector4i.sav: OK: Godot 4 Vector4i in a store_var frame, 24 bytes");
  assert.ok(await page.$eval("body", (b) => !b.classList.contains("guess")));
  await page.waitForFunction(() => document.getElementById("sel-title").textContent === "frame 0: Vector4i");
  assert.ok(await page.isEnabled("#edit"));
  await page.focus("#tree");
  await page.keyboard.press("Enter");
  await page.waitForSelector(".inline input");
  assert.equal(await page.inputValue(".inline input"), "Vector4i(1, 2, 3, 4)");
  await page.fill(".inline input", "Vector4i(5, 6, 7, 8)");
  await page.press(".inline input", "Enter");
  await page.waitForFunction(() => document.querySelector(".row.selected .vt")?.textContent === "Vector4i(5, 6, 7, 8)");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  const saved = join(tmp, "vector4i.sav");
  await download.saveAs(saved);
  // store_var(Vector4i(5, 6, 7, 8)): the frame's length 20, type 13, four int32s.
  assert.equal(Buffer.from(readFileSync(saved)).toString("hex"), "14000000" + "0d000000" + "05000000" + "06000000" + "07000000" + "08000000");
  assert.ok(loads(readFileSync(saved), { godot: 4 }).equals(new Vector4i(5, 6, 7, 8)));
  await done(page);
});

test("the Worker refuses to edit or download a file read on a guess, whatever the page asks", async () => {
  const page = await inspector(browser, server.url);
  const bytes = [...readFileSync(join(fixtures, "store_math", "plane.sav"))];
  assert.match(await open(page, join(fixtures, "store_math", "plane.sav")), /^plane\.sav: AMBIGUOUS: shown as a Godot 4 Plane in a store_var frame, a guess \(it reads as well as a Godot 3 Color in a store_var frame\)/);
  // A Worker of its own, asked straight, past the page's disabled buttons.
  const answers = await page.evaluate(async (b) => {
    const worker = new Worker("./worker.js", { type: "module" });
    await new Promise((resolve) => (worker.onmessage = ({ data }) => data.ready && resolve()));
    let id = 0;
    const ask = (op, args) => new Promise((resolve) => {
      const mine = ++id;
      worker.onmessage = ({ data }) => data.id === mine && data.ok !== undefined && resolve(data.ok ? { ok: true } : data.error);
      worker.postMessage({ id: mine, op, args });
    });
    const file = new File([new Uint8Array(b)], "plane.sav");
    const opened = await ask("open", { file, choices: { godot: "auto", prefixed: "auto" } });
    const edited = await ask("edit", { path: [0], op: "scalar", text: "Plane(1, 2, 3, 4)" });
    const downloaded = await ask("download", {});
    const chosen = await ask("open", { file, choices: { godot: "4", prefixed: "auto" } });
    const then = await ask("edit", { path: [0], op: "scalar", text: "Plane(1, 2, 3, 4)" });
    worker.terminate();
    return { opened, edited, downloaded, chosen, then };
  }, bytes);
  assert.deepEqual(answers.opened, { ok: true });
  const refusal = "this file reads as a Godot 4 Plane in a store_var frame and as a Godot 3 Color in a store_var frame: choose which it is first";
  assert.deepEqual(answers.edited, { name: "EditError", code: "ERR_AMBIGUOUS", offset: null, message: refusal });
  assert.deepEqual(answers.downloaded, { name: "EditError", code: "ERR_AMBIGUOUS", offset: null, message: refusal });
  assert.deepEqual([answers.chosen, answers.then], [{ ok: true }, { ok: true }]);
  await done(page);
});

test("search finds a String that is a whole frame's value; hits in a file of several frames start with the frame's number", async () => {
  const file = join(tmp, "two_frames.sav");
  writeFileSync(file, new Uint8Array([...dumps("abc", { prefixed: true }), ...dumps(7, { prefixed: true })]));
  const page = await inspector(browser, server.url);
  assert.match(await open(page, file), /OK: 2 values \(store_var frames\)/);
  await page.fill("#search", "abc");
  await page.press("#search", "Enter");
  await page.waitForFunction(() => /of/.test(document.getElementById("hits").textContent));
  assert.equal(await page.textContent("#hits"), "1 of 1: #0 (value)");
  assert.equal(await selected(page), "frame 0");
  assert.ok(await page.$eval('.row[data-path="0"]', (e) => e.classList.contains("hit")), "the frame's row is marked");
  assert.ok(await page.$eval('.row[data-path="1"]', (e) => !e.classList.contains("hit")));
  await page.fill("#search", "b");
  await page.press("#search", "Enter");
  await page.waitForFunction(() => document.getElementById("hits").textContent === "1 of 1: #0 (value)");
  await page.screenshot({ path: join(shots, "search-frame-light.png") });
  await done(page);
});

test("an ambiguous file is a DecodeError for the package without a dialect, as the page says", () => {
  const bytes = readFileSync(join(fixtures, "store_math", "vector4i.sav"));
  assert.throws(() => loads(bytes), (e) => e instanceof DecodeError && e.code === "ERR_AMBIGUOUS");
});
