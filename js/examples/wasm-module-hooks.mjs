// Node module hooks that import a .wasm file as a compiled WebAssembly.Module, as the
// bundlers of Worker hosts (wrangler, esbuild's wasm loaders) do: the examples' test runs
// worker.mjs unchanged with them (`node --import ./examples/wasm-module-hooks.mjs`).
import { register } from "node:module";

register("data:text/javascript," + encodeURIComponent(`
  export async function load(url, context, next) {
    if (!url.endsWith(".wasm")) return next(url, context);
    return {
      format: "module",
      shortCircuit: true,
      source: "import { readFileSync } from 'node:fs';" +
        "export default new WebAssembly.Module(readFileSync(new URL(" + JSON.stringify(url) + ")));",
    };
  }
`));
