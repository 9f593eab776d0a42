// A small static HTTP server for the browser runs (node:http): serves a folder on
// 127.0.0.1 at a free port, with the MIME types a browser needs (application/wasm for
// WebAssembly streaming, text/javascript for modules), GET and HEAD only, never outside
// the folder. `routes` adds generated files: { "/path": string | () => string }.
import { createServer } from "node:http";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".cjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8",
  ".md": "text/plain; charset=utf-8",
  ".ts": "text/plain; charset=utf-8",
  ".jsonl": "text/plain; charset=utf-8",
  ".tres": "text/plain; charset=utf-8",
  ".tscn": "text/plain; charset=utf-8",
};

export function mimeType(path) {
  return TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

/** Starts the server; resolves to { url, close() } once it listens. */
export async function serveFolder(folder, { routes = {}, log = () => {} } = {}) {
  const root = resolve(folder);
  const server = createServer(async (req, res) => {
    const send = (status, type, body) => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store", "content-length": Buffer.byteLength(body) });
      res.end(req.method === "HEAD" ? undefined : body);
    };
    if (req.method !== "GET" && req.method !== "HEAD") return send(405, "text/plain", "GET and HEAD only\n");
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
    } catch {
      return send(400, "text/plain", "bad path\n");
    }
    if (Object.hasOwn(routes, path)) {
      const body = typeof routes[path] === "function" ? await routes[path]() : routes[path];
      return send(200, mimeType(path), body);
    }
    let file = resolve(root, `.${path}`);
    if (path.includes("\0") || (file !== root && !file.startsWith(root + sep))) return send(403, "text/plain", "outside the served folder\n");
    try {
      let info = await stat(file);
      if (info.isDirectory()) {
        file = join(file, "index.html");
        info = await stat(file);
      }
      if (!info.isFile()) throw new Error("not a file");
      res.writeHead(200, { "content-type": mimeType(file), "content-length": info.size, "cache-control": "no-store" });
      if (req.method === "HEAD") return res.end();
      createReadStream(file)
        .on("error", (e) => res.destroy(e))
        .pipe(res);
    } catch {
      log(`404 ${path}`);
      send(404, "text/plain", `not found: ${path}\n`);
    }
  });
  await new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", ok);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}
