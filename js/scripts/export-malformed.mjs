// Writes the crate's malformed-input table (tests/it/malformed.rs) to
// test/generated/malformed.jsonl for test/malformed.test.js, by running the crate's
// exporter (`cargo test --test it -- --ignored malformed::export_table --exact`). Skipped
// when the file is newer than the table's source.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const js = dirname(dirname(fileURLToPath(import.meta.url)));
const root = dirname(js);
const out = join(js, "test", "generated", "malformed.jsonl");
const source = join(root, "tests", "it", "malformed.rs");
if (existsSync(out) && statSync(out).mtimeMs > statSync(source).mtimeMs) process.exit(0);
mkdirSync(dirname(out), { recursive: true });
execFileSync("cargo", ["test", "-q", "--test", "it", "--", "--ignored", "malformed::export_table", "--exact"], {
  cwd: root,
  env: { ...process.env, GDVARIANT_MALFORMED_EXPORT: out },
  stdio: ["ignore", "ignore", "inherit"],
});
console.log(`wrote ${out}`);
