// The package's own modules import each other without a circle (issue 41): core.js
// re-exported lazy.js, which imported core.js back. Read from the sources, as the crate's
// tests/it/layers.rs and the CLI's modules test read theirs. Node only: it reads files.
import { test } from "node:test";
import assert from "node:assert/strict";

const NODE = typeof process !== "undefined" && Boolean(process.versions?.node);

/** Each module of js/src and the modules of js/src it imports or re-exports. */
async function graph() {
  const { readdir, readFile } = await import("node:fs/promises");
  const dir = new URL("../src/", import.meta.url);
  const edges = new Map();
  for (const name of (await readdir(dir)).filter((n) => n.endsWith(".js"))) {
    const text = await readFile(new URL(name, dir), "utf8");
    const targets = [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"\.\/([\w.-]+\.js)"/gms)].map((m) => m[1]);
    edges.set(name, new Set(targets));
  }
  return edges;
}

/** A circle in `edges` as a list of modules, or null. */
function circle(edges) {
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === "open") return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of edges.keys()) {
    if (!state.has(node)) {
      const found = visit(node);
      if (found) return found;
    }
  }
  return null;
}

test("js/src imports no circle", { skip: !NODE }, async () => {
  const edges = await graph();
  assert.ok(edges.get("core.js")?.has("lazy.js"), "the graph reads re-exports: core.js re-exports lazy.js");
  assert.equal(circle(edges)?.join(" -> ") ?? null, null);
});

test("the circle finder finds a circle", () => {
  const edges = new Map([["a.js", new Set(["b.js"])], ["b.js", new Set(["c.js"])], ["c.js", new Set(["a.js"])]]);
  assert.equal(circle(edges).join(" -> "), "a.js -> b.js -> c.js -> a.js");
});
