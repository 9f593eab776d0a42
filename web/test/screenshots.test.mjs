// The README's screenshots, light and dark, taken from the page as the tests drive it:
// the tree, a search, an edit (a syntax error shown at its line and column), a comparison,
// an ambiguous file.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, launch, inspector, done, open, web, fixtures } from "./harness.mjs";

// The committed pictures are rewritten only on request (`GDVARIANT_SCREENSHOTS=1 npm test`):
// a plain test run takes them in a temporary folder and leaves the checkout clean.
const out = process.env.GDVARIANT_SCREENSHOTS === "1" ? join(web, "screenshots") : mkdtempSync(join(tmpdir(), "gdvariant-screenshots-"));
let server;
let browser;
before(async () => {
  mkdirSync(out, { recursive: true });
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
});

for (const scheme of ["light", "dark"]) {
  test(`screenshots (${scheme})`, async () => {
    const page = await inspector(browser, server.url, { colorScheme: scheme, viewport: { width: 1400, height: 820 } });
    const shot = async (name) => {
      const path = join(out, `${name}-${scheme}.png`);
      await page.waitForTimeout(150);
      await page.screenshot({ path });
      assert.ok(statSync(path).size < 400_000, `${path} is small`);
    };
    assert.match(await open(page, join(fixtures, "containers", "g4", "save__gcpf_zstd.bin")), /OK:/);
    const find = async (text, key) => {
      await page.fill("#search", text);
      await page.press("#search", "Enter");
      await page.waitForFunction((k) => document.querySelector(".row.selected:not(.loading) .kl")?.textContent === k, key);
    };
    await find("player/inventory/2", "2");
    await find("flags/4", "4");
    await find("tint", "tint");
    await shot("tree");

    await find("player/name", "name");
    await page.fill("#search", "o");
    await page.press("#search", "Enter");
    await page.waitForFunction(() => /^1 of \d+/.test(document.getElementById("hits").textContent));
    await shot("search");

    await find("player/pos", "pos");
    await page.click("#replace");
    await page.fill("#editor-text", "Vector2(3,\n  4,)");
    await page.click("#editor-apply");
    await page.waitForSelector("#editor-error:not([hidden])");
    await shot("edit");
    await page.fill("#editor-text", "Vector2(3, 4)");
    await page.click("#editor-apply");
    await page.waitForFunction(() => document.querySelector(".row.selected .vt")?.textContent === "Vector2(3, 4)");
    await find("player/hp", "hp");
    await page.focus("#tree");
    await page.keyboard.press("Enter");
    await page.fill(".inline input", "100");
    await page.press(".inline input", "Enter");
    await page.waitForFunction(() => document.querySelector(".row.selected .vt")?.textContent === "100");
    await page.click("#compare-original");
    await page.waitForSelector("#diff:not([hidden])");
    await shot("diff");

    // An ambiguous file: the guess marked, the readings to choose from.
    assert.match(await open(page, join(fixtures, "store_math", "vector4i.sav")), /AMBIGUOUS/);
    await shot("ambiguous");
    await done(page);
  });
}
