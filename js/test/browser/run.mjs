// `npm run test:browser`: the package's tests (test/*.test.js, the same files `npm test`
// runs in Node) in headless Chromium. A static server (server.mjs) serves the repository
// root, so the page reaches /js/src/, /js/pkg/ and /tests/fixtures/; index.html maps
// node:test and node:assert/strict to the shims beside it and runs every test file. One
// line per test, a summary, and a non-zero exit on any failure, any uncaught error or
// console error in the page, any failed request, or the time running out
// (GDVARIANT_BROWSER_TIMEOUT, seconds, default 1800). Test files may be named as arguments.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { testFiles } from "../../scripts/test.mjs";
import { serveFolder } from "./server.mjs";
import { launchChromium, findChromium, exitWithoutChromium, watchPage } from "./chromium.mjs";

if (process.env.NODE_TEST_CONTEXT) {
  // `node --test test/` runs every .js/.mjs under test/; this file is not a test.
  console.log("test/browser/run.mjs is the browser runner, not a test file: npm run test:browser");
  process.exit(0);
}

const js = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const root = dirname(js);
const timeoutSeconds = Number(process.env.GDVARIANT_BROWSER_TIMEOUT ?? 1800);

if (!findChromium()) exitWithoutChromium("npm run test:browser");
if (!existsSync(join(js, "pkg", "gdvariant_bg.wasm"))) {
  console.error("ERROR: js/pkg/ is not built: npm run build first");
  process.exit(2);
}
const named = process.argv.slice(2).map((f) => f.replace(/^(\.\/)?(js\/)?test\//, ""));
const files = named.length ? named : testFiles();
if (!files.length) {
  console.error("ERROR: no test files in js/test/");
  process.exit(2);
}

const server = await serveFolder(root, { routes: { "/js/test/browser/files.json": JSON.stringify(files) } });
const browser = await launchChromium("npm run test:browser");
const started = Date.now();
const counts = { pass: 0, fail: 0, skip: 0, todo: 0 };
const problems = [];
let number = 0;
let finish;
const finished = new Promise((resolve) => (finish = resolve));

function indent(text) {
  return String(text).replace(/^/gm, "    ");
}

function onEvent(event) {
  if (event.type === "plan") console.log(`${event.files.length} test file(s): ${event.files.join(" ")}`);
  else if (event.type === "file") console.log(`# ${event.file}`);
  else if (event.type === "diagnostic") console.log(`  # ${event.name}: ${event.message}`);
  else if (event.type === "test") {
    counts[event.status]++;
    const label = `${event.file} > ${event.name}`;
    const note = event.status === "skip" || event.status === "todo" ? ` # ${event.status.toUpperCase()} ${event.reason ?? ""}` : "";
    console.log(`${event.status === "fail" ? "not ok" : "ok"} ${++number} - ${label} (${event.ms} ms)${note}`);
    if (event.error) {
      const { stack, message, name, cause } = event.error;
      console.log(indent(stack && stack.includes(message) ? stack : `${name}: ${message}\n${stack}`));
      if (cause) console.log(indent(`cause: ${cause.stack || cause.message}`));
    }
  } else if (event.type === "done") finish("done");
}

const page = await browser.newPage();
watchPage(page, (text) => {
  problems.push(text);
  console.log(`PROBLEM: ${text}`);
});
page.on("crash", () => finish("crash"));
page.on("close", () => finish("closed"));
await page.exposeFunction("__gdvariantReport", onEvent);

let outcome;
const timer = setTimeout(() => finish("timeout"), timeoutSeconds * 1000);
try {
  await page.goto(`${server.url}/js/test/browser/index.html`, { waitUntil: "load", timeout: 120_000 });
  outcome = await finished;
} catch (e) {
  outcome = "error";
  problems.push(`the page could not be run: ${e.message}`);
  console.log(`PROBLEM: the page could not be run: ${e.message}`);
}
clearTimeout(timer);
await browser.close().catch(() => {});
await server.close();

const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (outcome !== "done") problems.push(outcome === "timeout" ? `the run took more than ${timeoutSeconds} s` : `the run did not finish (${outcome})`);
if (counts.pass + counts.fail === 0) problems.push("no test ran");
console.log("");
for (const p of problems) console.log(`FAILED: ${p.split("\n")[0]}`);
const extra = (counts.skip ? `, ${counts.skip} skipped` : "") + (counts.todo ? `, ${counts.todo} todo` : "");
console.log(`Chromium, ${files.length} test file(s) in ${seconds} s:`);
console.log(`browser: ${counts.pass} passed, ${counts.fail} failed${extra}`);
process.exit(counts.fail || problems.length ? 1 : 0);
