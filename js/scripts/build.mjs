// Builds the package: the crate for wasm32-unknown-unknown, then wasm-bindgen (the CLI at
// the exact version of the crate in Cargo.lock) into pkg/, then wasm-opt -Oz when present.
import { execFileSync } from "node:child_process";
import { readFileSync, existsSync, mkdirSync } from "node:fs";
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

run("cargo", ["build", "--release", "--target", "wasm32-unknown-unknown", "-p", "gdvariant-js"]);

let installed = "";
try {
  installed = execFileSync("wasm-bindgen", ["--version"], { encoding: "utf8" }).trim();
} catch {}
if (installed !== `wasm-bindgen ${version}`) {
  run("cargo", ["install", "wasm-bindgen-cli", "--version", version]);
}

const target = process.env.CARGO_TARGET_DIR || join(root, "target");
const wasm = join(target, "wasm32-unknown-unknown", "release", "gdvariant_js.wasm");
const pkg = join(js, "pkg");
mkdirSync(pkg, { recursive: true });
run("wasm-bindgen", ["--target", "web", "--out-dir", pkg, "--out-name", "gdvariant", wasm]);

const out = join(pkg, "gdvariant_bg.wasm");
if (has("wasm-opt") && existsSync(out)) {
  run("wasm-opt", ["-Oz", "--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals", "--enable-reference-types", "--enable-multivalue", out, "-o", out]);
}
