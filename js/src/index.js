// The gdvariant npm package: the crate compiled to WebAssembly, initialised at import
// (top-level await). In Node the .wasm file next to the bindings is read from disk; in
// browsers it is fetched (and compiled while it downloads). Hosts that must hand over the
// compiled module themselves import `gdvariant/manual` and call `initialize(module)`.
import { initialize, initializeAsync } from "./core.js";

export * from "./core.js";

const wasmUrl = new URL("../pkg/gdvariant_bg.wasm", import.meta.url);
if (typeof process !== "undefined" && process.versions?.node && wasmUrl.protocol === "file:") {
  const { readFileSync } = await import("node:fs");
  initialize(readFileSync(wasmUrl));
} else {
  await initializeAsync(wasmUrl);
}
