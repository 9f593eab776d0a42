// `npm run test:pack` (after `npm run build`): the package as users get it. `npm pack`
// makes the tarball; its files must be exactly what the package needs (src/, the built
// pkg/, the typings, package.json, README, licences) and everything its exports name; then
// `npm install <tarball>` in an empty folder (offline: the package has no dependencies),
// and check.mjs's round trip runs there in Node (`import { loads } from "gdvariant"`) and
// in a Chromium page whose import map points at node_modules/gdvariant/src/index.js.
// `--node-only` leaves out the page (for a machine without Chromium, said loudly).
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { dirname, join, relative } from "node:path";
import { serveFolder } from "../browser/server.mjs";
import { launchChromium, findChromium, exitWithoutChromium, watchPage } from "../browser/chromium.mjs";

if (process.env.NODE_TEST_CONTEXT) {
  console.log("test/pack/run.mjs is the pack test's runner, not a test file: npm run test:pack");
  process.exit(0);
}

const here = dirname(fileURLToPath(import.meta.url));
const js = dirname(dirname(here));
const nodeOnly = process.argv.includes("--node-only");
const results = [];
const record = (name, ok, detail = "") => {
  results.push({ name, ok });
  console.log(`${ok ? "ok" : "not ok"} ${results.length} - ${name}${ok || !detail ? "" : `\n    ${String(detail).replace(/\n/g, "\n    ")}`}`);
};

if (!nodeOnly && !findChromium()) exitWithoutChromium("npm run test:pack (its browser half; --node-only leaves it out)");
if (!existsSync(join(js, "pkg", "gdvariant_bg.wasm"))) {
  console.error("ERROR: js/pkg/ is not built: npm run build first");
  process.exit(2);
}

// npm run sets npm_* variables (npm_config_local_prefix, …) that a child npm would read
// as its own configuration: the child npm gets the environment without them.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
const npm = (args, cwd) => execFileSync("npm", args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

const work = mkdtempSync(join(tmpdir(), "gdvariant-pack-"));
try {
  // 1. The tarball, and what is in it.
  const [packed] = JSON.parse(npm(["pack", "--json", "--pack-destination", work], js));
  const tarball = join(work, packed.filename);
  const files = packed.files.map((f) => f.path).sort();
  console.log(`${packed.filename}: ${files.length} files, ${packed.size} bytes packed, ${packed.unpackedSize} unpacked`);
  const wanted = [
    "package.json",
    "index.d.ts",
    "pkg/gdvariant.js",
    "pkg/gdvariant.d.ts",
    "pkg/gdvariant_bg.wasm",
    "pkg/gdvariant_bg.wasm.d.ts",
    ...readdirSync(join(js, "src")).filter((f) => f.endsWith(".js")).map((f) => `src/${f}`),
  ];
  const missing = wanted.filter((f) => !files.includes(f));
  record("the tarball holds src/, the built pkg/ (.wasm, .js, .d.ts), index.d.ts and package.json", !missing.length, `missing: ${missing.join(", ")}`);
  const allowed = (f) =>
    wanted.includes(f) || /^(README|LICEN[CS]E)[^/]*$/i.test(f) || /^[^/]+\.d\.ts$/.test(f);
  const extra = files.filter((f) => !allowed(f));
  record("nothing else: no tests, no Rust sources, no scripts or examples", !extra.length, `not wanted: ${extra.join(", ")}`);
  const manifest = JSON.parse(readFileSync(join(js, "package.json"), "utf8"));
  const leaves = (x) => (typeof x === "string" ? [x] : Object.values(x ?? {}).flatMap(leaves));
  const targets = [manifest.main, manifest.types, ...leaves(manifest.exports)]
    .filter((t) => t?.startsWith("./") && !t.includes("*") && !t.endsWith("/"))
    .map((t) => t.slice(2));
  const unexported = [...new Set(targets)].filter((t) => !files.includes(t));
  record("every file package.json's main, types and exports name is in it", !unexported.length, `missing: ${unexported.join(", ")}`);
  record("no runtime dependencies", !manifest.dependencies || !Object.keys(manifest.dependencies).length, JSON.stringify(manifest.dependencies));

  // 2. An empty folder, and the tarball installed into it.
  const app = join(work, "app");
  mkdirSync(app);
  npm(["install", "--prefix", app, "--offline", "--no-audit", "--no-fund", "--loglevel=error", tarball], app);
  const installed = join(app, "node_modules", "gdvariant");
  const installedFiles = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else installedFiles.push(relative(installed, join(dir, e.name)));
    }
  };
  walk(installed);
  record("npm install <tarball> in an empty folder installs the package's files", installedFiles.sort().join() === files.join(), installedFiles.join(", "));
  copyFileSync(join(here, "check.mjs"), join(app, "check.mjs"));
  const show = (where, checks) => {
    for (const c of checks) record(`${where}: ${c.name}`, c.ok, c.detail);
    if (!checks.length) record(`${where}: the checks ran`, false, "no result");
  };

  // 3. Node: the bare specifier through node_modules and the package's exports.
  const script = 'import { loads } from "gdvariant"; import { check } from "./check.mjs"; ' +
    'if (typeof loads !== "function") throw new Error("no loads"); console.log(JSON.stringify(check()));';
  let nodeChecks = [];
  try {
    nodeChecks = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: app, encoding: "utf8" }));
  } catch (e) {
    record("Node: import { loads } from \"gdvariant\" in the empty folder", false, e.stderr || e.message);
  }
  show("Node", nodeChecks);

  // 4. Chromium: the same, through an import map, the folder served statically.
  if (nodeOnly) {
    console.log("\nWARNING: --node-only: the installed package was NOT tried in a browser.\n");
  } else {
    writeFileSync(
      join(app, "index.html"),
      `<!doctype html>
<meta charset="utf-8">
<title>gdvariant from its tarball</title>
<link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "gdvariant": "./node_modules/gdvariant/src/index.js" } }</script>
<script type="module">
  import { loads } from "gdvariant";
  import { check } from "./check.mjs";
  window.result = typeof loads === "function" ? check() : [{ name: "loads is a function", ok: false, detail: typeof loads }];
</script>
`,
    );
    const server = await serveFolder(app);
    const browser = await launchChromium("npm run test:pack");
    const problems = [];
    try {
      const page = await browser.newPage();
      watchPage(page, (text) => problems.push(text));
      await page.goto(`${server.url}/index.html`, { waitUntil: "load", timeout: 60_000 });
      await page.waitForFunction(() => window.result !== undefined, null, { timeout: 120_000 });
      show("Chromium", await page.evaluate(() => window.result));
    } catch (e) {
      problems.push(`the page did not run the checks: ${e.message}`);
    } finally {
      await browser.close().catch(() => {});
      await server.close();
    }
    record("Chromium: no uncaught error, console error or failed request in the page", !problems.length, problems.join("\n"));
  }
} catch (e) {
  record("the pack test ran to its end", false, e.stderr || e.stack || e);
} finally {
  if (process.env.GDVARIANT_KEEP_PACK) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

const failed = results.filter((r) => !r.ok).length;
console.log(`\npack: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
