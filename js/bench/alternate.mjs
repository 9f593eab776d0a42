// `loads` of one file with two builds of the package, in one Node process, alternately:
// each round times one call of each build (the order swapped every round), after a
// collection, and the report is each build's best and median. Both builds are loaded side by side
// (two module graphs, two WebAssembly instances).
//
//   node --expose-gc js/bench/alternate.mjs BEFORE AFTER [FILE] [--rounds N]
//
// BEFORE and AFTER are folders that hold a copy of the package's src/ and pkg/ (for
// example `mkdir /tmp/before && cp -r js/src js/pkg js/package.json /tmp/before` after
// `npm run build`). FILE defaults to the Godot-written save game,
// tests/fixtures/g4-large/large_savegame_10mb.bin. Options as `loads` takes them may be
// given as --bigint and --objects.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const positional = args.filter((a, i) => !a.startsWith("--") && !(i > 0 && args[i - 1] === "--rounds"));
if (positional.length < 2) {
  console.error("usage: node --expose-gc js/bench/alternate.mjs BEFORE AFTER [FILE] [--rounds N]");
  process.exit(2);
}
const [a, b, file = join(repo, "tests/fixtures/g4-large/large_savegame_10mb.bin")] = positional;
const rounds = Number(value("--rounds", 40));
const options = { bigint: flag("--bigint"), objects: flag("--objects") };
const gc = globalThis.gc ?? (() => {});
if (!globalThis.gc) console.warn("(no --expose-gc: one call's garbage may be collected during the next)");

const bytes = new Uint8Array(readFileSync(file));
const builds = await Promise.all(
  [a, b].map(async (dir) => ({ dir, gd: await import(pathToFileURL(resolve(dir, "src/index.js")).href), times: [] })),
);
const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
let sink = null;
for (const build of builds) for (let w = 0; w < 3; w++) sink = build.gd.loads(bytes, options);
for (let r = 0; r < rounds; r++) {
  const order = r % 2 ? [...builds].reverse() : builds;
  for (const build of order) {
    sink = null;
    gc();
    const t = performance.now();
    sink = build.gd.loads(bytes, options);
    build.times.push(performance.now() - t);
  }
}
console.log(`${file.split("/").pop()}: ${(bytes.length / 1e6).toFixed(1)} MB, ${rounds} rounds, loads ${JSON.stringify(options)}`);
for (const { dir, times } of builds) {
  const best = Math.min(...times);
  const m = median(times);
  console.log(`  ${dir}: best ${best.toFixed(1)} ms (${(bytes.length / best / 1e3).toFixed(0)} MB/s), median ${m.toFixed(1)} ms, worst ${Math.max(...times).toFixed(1)} ms`);
}
