// The functions a V8 CPU profile (`node --cpu-prof`) spent its time in, by self time.
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof some-script.mjs
//   node profile-top.mjs /tmp/prof/CPU.*.cpuprofile [how many rows, default 30]
//
// Wasm functions are named only when the module has a name section (see wasm-size.mjs).
import { readFileSync } from "node:fs";

const profile = JSON.parse(readFileSync(process.argv[2], "utf8"));
const rows = Number(process.argv[3] ?? 30);
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const byName = new Map();
let total = 0;
for (const node of profile.nodes) {
  const t = self.get(node.id) ?? 0;
  total += t;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? ` ${url.split("/").pop()}:${lineNumber + 1}` : "";
  const key = `${(functionName || "(anonymous)").replace(/::h[0-9a-f]{16}$/, "")}${where}`;
  byName.set(key, (byName.get(key) ?? 0) + t);
}
console.log("| self ms | % | function |\n|---:|---:|---|");
for (const [k, t] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
  console.log(`| ${(t / 1000).toFixed(0)} | ${((100 * t) / total).toFixed(1)} | ${k.replace(/\|/g, "\\|")} |`);
}
console.log(`\ntotal ${(total / 1000).toFixed(0)} ms`);
