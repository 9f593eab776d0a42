// Issue 40's smaller things on the page, each looked at in Chromium with a screenshot: a
// wrong password said once; counts up to 4,294,967,295 fit their column; an Array's
// summary has thousands separators; the search box is cleared for a new file; the scatter
// plot's points are big enough to see and the plot stays inside its panel.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dumps, packed } from "../../js/src/index.js";
import { serve, launch, inspector, done, open, rows, fixtures, screenshotFolder } from "./harness.mjs";

let server;
let browser;
const tmp = mkdtempSync(join(tmpdir(), "gdv-web-fixes-"));
const shots = screenshotFolder();
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
  rmSync(tmp, { recursive: true, force: true });
  console.log(`screenshots: ${shots}`);
});

/** The page's visible text. */
const visible = (page) => page.evaluate(() => document.body.innerText);

test("a wrong password is said once, without brackets in brackets", async () => {
  const page = await inspector(browser, server.url);
  await open(page, join(fixtures, "containers", "g4", "save__gdec_pass.bin"));
  await page.fill("#password", "not the password");
  await page.press("#password", "Enter");
  await page.waitForFunction(() => /^Wrong password/.test(document.getElementById("secret-why").textContent));
  assert.equal(
    await page.textContent("#secret-why"),
    "Wrong password or key for save__gdec_pass.bin: the MD5 of the decrypted data does not match; or the file is damaged, at file offset 0x4. Try again.",
  );
  const text = await visible(page);
  assert.equal(text.match(/wrong password/gi)?.length, 1, text);
  assert.equal(text.match(/MD5/g)?.length, 1, text);
  assert.doesNotMatch(text, /\([^)]*\(|\) \(|\[ERR_|\[wrong_key\]/);
  assert.ok(await page.isHidden("#error"));
  assert.equal(await page.textContent("#status"), "save__gdec_pass.bin: encrypted.");
  await page.screenshot({ path: join(shots, "wrong-password-light.png") });
  await done(page);
});

test("counts fit their column (10,000,000 and up to 4,294,967,295), and an Array of 3,000,000 elements says so with separators", async () => {
  const file = join(tmp, "big_counts.sav");
  writeFileSync(file, dumps(new Map([["many", new Array(3_000_000).fill(null)], ["blob", new Uint8Array(10_000_000)]]), { prefixed: true }));
  const page = await inspector(browser, server.url);
  assert.match(await open(page, file), /OK: Godot 4 Dictionary in a store_var frame, 22,000,052 bytes/);
  await page.waitForSelector('.row[data-path="0/1"]:not(.loading)');
  const r = await rows(page);
  assert.deepEqual(r.map((x) => [x[0], x[2], x[5]]).slice(1), [["▸many", "3,000,000", "[3,000,000 elements]"], ["▸blob", "10,000,000", r[2][5]]]);
  /** Is every count cell's text whole (nothing cut off)? */
  const whole = () => page.$$eval(".row:not([hidden]) .c", (cells) => cells.map((c) => [c.textContent, c.scrollWidth <= c.clientWidth]));
  assert.deepEqual(await whole(), [["2", true], ["3,000,000", true], ["10,000,000", true]]);
  await page.screenshot({ path: join(shots, "counts-light.png") });
  // The largest count a container can have, in the wide layout and the narrow one.
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 700 });
    await page.waitForTimeout(100);
    await page.$eval('.row[data-path="0/1"] .c', (c) => (c.textContent = "4,294,967,295"));
    const [cell] = await page.$$eval('.row[data-path="0/1"] .c', (cells) => cells.map((c) => [c.textContent, c.scrollWidth <= c.clientWidth, getComputedStyle(c).display]));
    assert.deepEqual(cell, ["4,294,967,295", true, "block"], `${width} px wide`);
  }
  await done(page);
});

test("the search box is cleared when another file is opened", async () => {
  const page = await inspector(browser, server.url);
  await open(page, join(fixtures, "containers", "g4", "save__gcpf_zstd.bin"));
  await page.fill("#search", "inventory");
  await page.press("#search", "Enter");
  await page.waitForFunction(() => /^1 of 1/.test(document.getElementById("hits").textContent));
  assert.match(await open(page, join(fixtures, "g4", "dict_nested.bin")), /OK: Godot 4 Dictionary/);
  assert.equal(await page.inputValue("#search"), "");
  assert.equal(await page.textContent("#hits"), "");
  assert.ok(await page.isDisabled("#next"));
  assert.ok(await page.isDisabled("#prev"));
  await page.screenshot({ path: join(shots, "search-cleared-light.png") });
  await done(page);
});

/** The plot's pixels: how many are not the background, and the distinct colours of those. */
function inked(page) {
  return page.$eval("#scatter", (c) => {
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    const bg = [...d.subarray(0, 4)].join();
    let n = 0;
    const colours = new Map();
    // The dots only: the labels are in the top and bottom 20 pixels.
    for (let y = 20; y < c.height - 20; y++) {
      for (let x = 0; x < c.width; x++) {
        const i = (y * c.width + x) * 4;
        const px = [d[i], d[i + 1], d[i + 2], d[i + 3]].join();
        if (px === bg) continue;
        n++;
        colours.set(px, (colours.get(px) ?? 0) + 1);
      }
    }
    return { n, colours: [...colours.keys()] };
  });
}

/** Is the plot inside its panel's box, on screen? */
function inside(page) {
  return page.evaluate(() => {
    const c = document.getElementById("scatter").getBoundingClientRect();
    const p = document.getElementById("panel").getBoundingClientRect();
    return { inside: c.top >= p.top && c.bottom <= p.bottom && c.left >= p.left && c.right <= p.right, plot: [c.top, c.bottom], panel: [p.top, p.bottom] };
  });
}

test("the scatter plot: opaque dots of 4 pixels (3,000 points), inside its panel at any window height", async () => {
  const page = await inspector(browser, server.url);
  await open(page, join(fixtures, "g4", "pv2_3000.bin"));
  await page.click("#plot");
  await page.waitForSelector('#scatter[data-points="3000"]');
  assert.equal(await page.getAttribute("#scatter", "data-dot"), "4");
  const { n, colours } = await inked(page);
  // The light theme's --plot-fg, opaque. The points lie on a line 424 pixels wide and 304
  // high: dots of one pixel would ink about 424 pixels, dots of 4×4 about 7 times as many.
  assert.deepEqual(colours, ["11,95,204,255"]);
  assert.ok(n > 2500, `${n} inked pixels`);
  const fits = await inside(page);
  assert.ok(fits.inside, JSON.stringify(fits));
  await page.screenshot({ path: join(shots, "plot-light.png") });
  for (const height of [600, 1000]) {
    await page.setViewportSize({ width: 1280, height });
    await page.waitForTimeout(200);
    const again = await inside(page);
    assert.ok(again.inside, `${height} px high: ${JSON.stringify(again)}`);
  }
  await page.screenshot({ path: join(shots, "plot-tall-light.png") });

  // A spiral of 200,000 points: smaller dots (2 pixels), still opaque; a Vector3 array's axes.
  const cloud = new Float32Array(3 * 200_000);
  let seed = 0x9e3779b9;
  const rand = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  // A noisy spiral, three turns.
  for (let i = 0; i < 200_000; i++) {
    const t = (i / 200_000) * 6 * Math.PI;
    const r = 5 + 7 * t + (rand() - 0.5) * 6;
    cloud.set([r * Math.cos(t), r * Math.sin(t), (rand() - 0.5) * 20], 3 * i);
  }
  const file = join(tmp, "cloud.sav");
  writeFileSync(file, dumps(new Map([["points", packed(cloud, "PackedVector3Array")]])));
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page, file);
  await page.click('.row[data-path="0/0"]');
  await page.click("#plot");
  await page.waitForSelector('#scatter[data-points="200000"]');
  assert.equal(await page.getAttribute("#scatter", "data-dot"), "2");
  assert.deepEqual((await inked(page)).colours, ["11,95,204,255"]);
  assert.deepEqual(await page.$$eval("#plot-axes button", (bs) => bs.map((b) => b.textContent)), ["x, y", "x, z", "z, y"]);
  const cloudFits = await inside(page);
  assert.ok(cloudFits.inside, JSON.stringify(cloudFits));
  await page.screenshot({ path: join(shots, "plot-cloud-light.png") });
  await done(page);
});
