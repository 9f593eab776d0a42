// `npm test`: Node's test runner over test/*.test.js (and .mjs). Node 20's `node --test test/`
// would also run every other .js/.mjs under test/ as a test file (common.js, the browser
// shims, the browser and pack runners), so the files are listed here. Arguments are passed
// on to `node --test` (options such as --test-name-pattern); names of test files given as
// arguments replace the list.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join, relative } from "node:path";

export const TEST_DIR = join(dirname(dirname(fileURLToPath(import.meta.url))), "test");

/** The test files: test/*.test.js and test/*.test.mjs, sorted, as names inside test/. */
export function testFiles() {
  return readdirSync(TEST_DIR, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.test\.m?js$/.test(e.name))
    .map((e) => e.name)
    .sort();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const options = args.filter((a) => a.startsWith("-"));
  const named = args.filter((a) => !a.startsWith("-"));
  const files = named.length ? named : testFiles().map((f) => relative(process.cwd(), join(TEST_DIR, f)));
  const run = spawnSync(process.execPath, ["--test", ...options, ...files], { stdio: "inherit" });
  process.exit(run.status ?? 1);
}
