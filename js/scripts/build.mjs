// Builds the package: the crate for wasm32-unknown-unknown, then wasm-bindgen (the CLI at
// the exact version of the crate in Cargo.lock) into pkg/, then wasm-opt -Oz when present.
import { execFileSync } from "node:child_process";
import { readFileSync, existsSync, mkdirSync, renameSync, copyFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const js = dirname(dirname(fileURLToPath(import.meta.url)));
const root = dirname(js);
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: "inherit", cwd: root, ...opts });
const has = (cmd) => {
  try {
    execFileSync(cmd, ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

const lock = readFileSync(join(root, "Cargo.lock"), "utf8");
const version = /name = "wasm-bindgen"\nversion = "([^"]+)"/.exec(lock)?.[1];
if (!version) throw new Error("wasm-bindgen is not in Cargo.lock");

// The `wasm` profile (Cargo.toml): opt-level "z", fat LTO, one codegen unit.
run("cargo", ["build", "--profile", "wasm", "--target", "wasm32-unknown-unknown", "-p", "gdvariant-js"]);

let installed = "";
try {
  installed = execFileSync("wasm-bindgen", ["--version"], { encoding: "utf8" }).trim();
} catch {}
if (installed !== `wasm-bindgen ${version}`) {
  run("cargo", ["install", "wasm-bindgen-cli", "--version", version]);
}

const target = process.env.CARGO_TARGET_DIR || join(root, "target");
const wasm = join(target, "wasm32-unknown-unknown", "wasm", "gdvariant_js.wasm");
const pkg = join(js, "pkg");
mkdirSync(pkg, { recursive: true });
run("wasm-bindgen", ["--target", "web", "--remove-name-section", "--remove-producers-section", "--out-dir", pkg, "--out-name", "gdvariant", wasm]);

const out = join(pkg, "gdvariant_bg.wasm");
// Binaryen's wasm-opt, when it is new enough to read what rustc emits (Debian 12's
// version 108 is not: it stops at the first bulk-memory opcode it does not know). A
// failure keeps wasm-bindgen's output as it is.
if (has("wasm-opt") && existsSync(out)) {
  try {
    execFileSync("wasm-opt", ["-Oz", "--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals", "--enable-reference-types", "--enable-multivalue", out, "-o", `${out}.opt`], { stdio: "pipe" });
    renameSync(`${out}.opt`, out);
  } catch (e) {
    console.log(`wasm-opt could not read the module (${String(e.stderr ?? e).split("\n")[0].trim()}); kept as built`);
  }
}
const size = readFileSync(out);
console.log(`pkg/gdvariant_bg.wasm: ${size.length} bytes, ${gzipSync(size, { level: 9 }).length} gzipped`);

// The licences the package declares (MIT OR Apache-2.0), shipped in the tarball.
for (const name of ["LICENSE-MIT", "LICENSE-APACHE"]) copyFileSync(join(root, name), join(js, name));
