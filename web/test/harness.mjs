// What the browser tests share: web/dist served by `python3 -m http.server` (as the README
// serves it), Debian's Chromium driven by playwright-core (no browser download), pages
// that fail the test on any uncaught error or console error, and the fixtures.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

export const web = dirname(dirname(fileURLToPath(import.meta.url)));
export const root = dirname(web);
export const fixtures = join(root, "tests", "fixtures");
export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
export const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** The password or key of a container fixture, from its folder's cases.jsonl. */
export function secretOf(engine, file) {
  const lines = readFileSync(join(fixtures, "containers", engine, "cases.jsonl"), "utf8").trim().split("\n");
  const c = lines.map((l) => JSON.parse(l)).find((x) => x.file === file);
  if (!c) throw new Error(`${file} is not in containers/${engine}/cases.jsonl`);
  return c;
}

/** Serves web/dist on a free port: `{url, close}`. */
export async function serve() {
  const dist = join(web, "dist");
  assert.ok(existsSync(join(dist, "index.html")), "web/dist is missing: run npm run build first");
  const server = spawn("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", dist], { stdio: ["ignore", "pipe", "pipe"] });
  const port = await new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      const m = /port (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    server.on("error", reject);
    server.on("exit", (code) => reject(new Error(`python3 -m http.server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, close: () => server.kill() };
}

export async function launch() {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing (Debian: apt-get install chromium)`);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** A fresh page of the inspector; `page.problems` collects page errors and console errors. */
export async function inspector(browser, url, { colorScheme = "light", viewport = { width: 1280, height: 800 } } = {}) {
  const context = await browser.newContext({ colorScheme, viewport, acceptDownloads: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: url });
  const page = await context.newPage();
  page.problems = [];
  page.on("pageerror", (e) => page.problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") page.problems.push(`console error: ${m.text()}`);
  });
  await page.goto(url);
  await page.waitForFunction(() => document.readyState === "complete");
  return page;
}

/** No uncaught error and no console error happened on the page; then it is closed. */
export async function done(page) {
  const problems = page.problems;
  await page.context().close();
  assert.deepEqual(problems, [], "the page had errors");
}

/** Opens a file with the one file input and waits for the status line (or an error). */
export async function open(page, file) {
  await page.evaluate(() => {
    document.getElementById("status").textContent = "";
    document.getElementById("error").hidden = true;
  });
  await page.setInputFiles("#file", file);
  await page.waitForFunction(() => /OK:|AMBIGUOUS:|encrypted|password/i.test(document.getElementById("status").textContent) || !document.getElementById("error").hidden);
  // The first rows are drawn with their data.
  await page.waitForFunction(() => !document.querySelector(".row.loading:not([hidden])"));
  return page.textContent("#status");
}

/** The rendered row of the node at an index path ("0/3/1"). */
export const row = (page, path) => page.locator(`.row[data-path="${path}"]:not([hidden]):not(.loading)`);

/** The visible rows' cells: `[[key, type, count, offset, size, value], …]`. */
export function rows(page) {
  return page.$$eval(".row:not([hidden])", (els) =>
    els.sort((a, b) => a.dataset.row - b.dataset.row).map((e) => [...e.children].map((c) => c.textContent.trim())));
}

/** The key of the selected row. */
export const selected = (page) => page.$eval(".row.selected:not([hidden]) .kl", (e) => e.textContent);

/** Waits until the row at `path` shows `text` in its value cell. */
export async function waitValue(page, path, text) {
  await page.waitForFunction(([p, t]) => document.querySelector(`.row[data-path="${p}"]:not([hidden]) .vt`)?.textContent === t, [path, text]);
}

/**
 * A folder for a test file's screenshots, to look at: `GDVARIANT_SCREENSHOT_DIR` when set,
 * else a fresh temporary one (the test file prints where). The README's pictures are
 * screenshots.test.mjs's alone.
 */
export function screenshotFolder(prefix = "gdvariant-screenshots-") {
  const out = process.env.GDVARIANT_SCREENSHOT_DIR || mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(out, { recursive: true });
  return out;
}
