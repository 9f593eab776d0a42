// `gdvariant/manual`: everything `gdvariant` exports, without initialising the
// WebAssembly module at import. Call `initialize` (or `initializeAsync`) once first.
export * from "./index.js";

/** Instantiates the module from a `WebAssembly.Module` or the bytes of `gdvariant_bg.wasm`; again: nothing. */
export function initialize(module: WebAssembly.Module | BufferSource): void;

/** Instantiates the module from a URL, a `Response` or a `Promise` of one; again: nothing. */
export function initializeAsync(source: URL | string | Response | Promise<Response>): Promise<void>;
