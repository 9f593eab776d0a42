// The npm package's benchmarks (issue 24's Targets), in one Node process: every row is
// timed interleaved with its baseline (and the other contenders of its group), round
// after round, the order rotated each round, and the median of each is reported.
//
//   cd js/bench && npm ci && npm run bench        (or, in js/: npm run bench)
//   node run.mjs [--blobs DIR] [--dry-run] [--help]
//
// Inputs: the standard blobs of the Rust benches (benches/blobs.rs), as files: from
// --blobs DIR or GDVARIANT_BENCH_BLOBS, a folder that holds them (written there first if
// it does not), else written to a temporary folder, in both cases by
// `cargo run --release --example bench_blobs -- DIR` run from the repository root (its
// first build takes a few minutes); and the 8.3 MB Godot 4 save game of
// tests/fixtures/g4-large/. Peers: @gd-com/utils 5.0 and 4.1.5, installed by this
// folder's package.json under the aliases gdcom5 and gdcom4. --dry-run loads the inputs,
// prints their sizes and stops (no package, peers or measurements needed).
//
// Knobs: BENCH_BUDGET_MS (time per group, default 6000), BENCH_MIN_ROUNDS (default 15),
// BENCH_MAX_ROUNDS (default 201). Run with --expose-gc (the npm script does) to collect
// garbage before every timed call, so that no call pays for the one before it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir, cpus } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
const js = dirname(here);
const repo = dirname(js);
const pkgWasm = join(js, "pkg", "gdvariant_bg.wasm");

const USAGE = `usage: node run.mjs [--blobs DIR] [--dry-run] [--help]
  --blobs DIR  the standard blobs' folder (default: GDVARIANT_BENCH_BLOBS, else a temporary
               folder); missing blobs are written there with
               cargo run --release --example bench_blobs -- DIR (from ${repo})
  --dry-run    load the inputs, print their sizes and stop
env: BENCH_BUDGET_MS (6000), BENCH_MIN_ROUNDS (15), BENCH_MAX_ROUNDS (201)`;
const argv = process.argv.slice(2);
let blobArg;
let dryRun = false;
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === "--help" || a === "-h") {
    console.log(USAGE);
    process.exit(0);
  } else if (a === "--dry-run") dryRun = true;
  else if (a === "--blobs" && i + 1 < argv.length) blobArg = argv[++i];
  else if (a.startsWith("--blobs=")) blobArg = a.slice("--blobs=".length);
  else {
    console.error(`unknown argument ${a}\n${USAGE}`);
    process.exit(2);
  }
}
if (!dryRun && !existsSync(pkgWasm)) {
  console.error("js/pkg/ is missing: build the package first (cd js && npm ci && npm run build)");
  process.exit(1);
}

const env = process.env;
const BUDGET = Number(env.BENCH_BUDGET_MS ?? 6000);
const MIN_ROUNDS = Number(env.BENCH_MIN_ROUNDS ?? 15);
const MAX_ROUNDS = Number(env.BENCH_MAX_ROUNDS ?? 201);

// ---- inputs ---------------------------------------------------------------------------

const BLOB_NAMES = ["dict_nested_100k", "pv3_1m", "dict_str_10k", "bytes_10mb"].flatMap((n) => [`${n}_g3`, `${n}_g4`]);
let blobDir = blobArg ?? env.GDVARIANT_BENCH_BLOBS;
let made = null;
if (!blobDir) made = blobDir = mkdtempSync(join(tmpdir(), "gdvariant-bench-"));
blobDir = resolve(blobDir);
if (!BLOB_NAMES.every((name) => existsSync(join(blobDir, `${name}.bin`)))) {
  console.error(`writing the blobs into ${blobDir} (cargo run --release --example bench_blobs)`);
  try {
    execFileSync("cargo", ["run", "--release", "--example", "bench_blobs", "--", blobDir], { cwd: repo, stdio: ["ignore", "ignore", "inherit"] });
  } catch (e) {
    console.error(`could not write the blobs (${e.message.split("\n")[0]}): give a folder of them with --blobs DIR`);
    if (made) rmSync(made, { recursive: true, force: true });
    process.exit(1);
  }
}
const blob = (name) => readFileSync(join(blobDir, `${name}.bin`));
const B = {};
for (const name of BLOB_NAMES) B[name] = blob(name);
if (made) rmSync(made, { recursive: true, force: true });
const SAVE_FILE = "tests/fixtures/g4-large/large_savegame_10mb.bin";
const save = readFileSync(join(repo, SAVE_FILE));
if (dryRun) {
  for (const [name, bytes] of Object.entries(B)) console.log(`${join(blobDir, `${name}.bin`)} ${bytes.length}`);
  console.log(`${SAVE_FILE} ${save.length}`);
  console.log(made ? "(dry run: the temporary folder is removed)" : "(dry run)");
  process.exit(0);
}

const gd = await import("../src/index.js");
const { floorDecode } = await import("./floor.mjs");
const require = createRequire(import.meta.url);
const g5 = require("gdcom5");
const g4 = require("gdcom4");
const version = (name) => JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")).version;
const G5 = `@gd-com/utils ${version("gdcom5")}`;
const G4 = `@gd-com/utils ${version("gdcom4")}`;
const gc = globalThis.gc ?? (() => {});
if (!globalThis.gc) console.warn("(no --expose-gc: garbage of one call may be collected during the next)");

// A real three-level path: the name of the last of the 1500 chunks (the worst place in
// the chunks Array for a lookup by index).
const PATH = "chunks/1499/name";

const fmt = (x, d = 2) => (x === undefined ? "–" : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(d));

// ---- the harness ----------------------------------------------------------------------

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const tick = () => new Promise((r) => setImmediate(r));
let sink = null;

/** Runs `f` once, timed, after a collection; keeps its result until the next call. */
function once(f) {
  if (typeof sink?.free === "function") sink.free(); // a View: its copy of the input, at once
  sink = null;
  gc();
  const t = performance.now();
  sink = f();
  return performance.now() - t;
}

/**
 * One group: `contenders` ({label, input, bytes, run, check?}), the first of which
 * (unless `baseline` says otherwise) is what the others are divided by. A contender that
 * throws on its first call is reported with its error and left out of the rounds.
 */
async function group(title, contenders, { baseline = 0 } = {}) {
  const live = [];
  for (const c of contenders) {
    c.times = [];
    try {
      const out = c.run();
      c.note = c.check ? c.check(out) : c.note ?? "";
      live.push(c);
    } catch (e) {
      c.error = `throws ${e?.name ?? "Error"}: ${String(e?.message ?? e).split("\n")[0].slice(0, 80)}`;
    }
  }
  for (let w = 0; w < 3; w++) for (const c of live) once(c.run);
  await tick();
  let est = 0;
  for (const c of live) est += once(c.run);
  const rounds = Math.max(MIN_ROUNDS, Math.min(MAX_ROUNDS, Math.floor(BUDGET / Math.max(est, 0.01))));
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < live.length; i++) {
      const c = live[(i + r) % live.length];
      c.times.push(once(c.run));
    }
    if (typeof sink?.free === "function") sink.free();
    sink = null;
    await tick(); // lets FinalizationRegistry callbacks free the wasm side of dropped values
  }
  for (const c of live) c.ms = median(c.times);
  const base = contenders[baseline];
  for (const c of contenders) {
    c.rounds = rounds;
    c.ratio = c.ms !== undefined && base.ms !== undefined ? c.ms / base.ms : undefined;
  }
  const rss = (process.memoryUsage().rss / 2 ** 20).toFixed(0);
  process.stdout.write(`${title}: ${rounds} rounds, ${live.map((c) => `${fmt(c.ms)} ms`).join(" / ")} (rss ${rss} MiB)\n`);
  return { title, contenders, base };
}

// ---- plausibility of what the peers give --------------------------------------------

function describe(v) {
  if (v instanceof Map) return `Map of ${v.size}`;
  if (Buffer.isBuffer(v)) return `Buffer of ${v.length} bytes`;
  if (ArrayBuffer.isView(v)) return `${v.constructor.name} of ${v.length}`;
  if (Array.isArray(v)) return `Array of ${v.length}`;
  if (v && typeof v === "object") return `object of ${Object.keys(v).length} keys`;
  return typeof v;
}
const first = (v) => (Array.isArray(v) ? v[0] : undefined);
/** 100,000 keys and the last entry as the standard blob has it? */
const nestedOk = (obj) => {
  const last = obj instanceof Map ? obj.get("k99999") : obj?.k99999;
  const get = (o, k) => (o instanceof Map ? o.get(k) : o?.[k]);
  return get(last, "id") === 99999 && get(last, "v") === 49999.5;
};
const checkNested = (out) => {
  const v = out?.value ?? out;
  if (nestedOk(v)) return `${describe(v)}, k99999 right`;
  const f = first(v);
  return `misread: ${describe(v)}${f ? ` (e.g. ${JSON.stringify(f)})` : ""}${out?.length ? `, ${out.length} of the input's bytes read` : ""}`;
};
const checkStr = (out) => {
  const v = out?.value ?? out;
  const last = v instanceof Map ? v.get("key_09999") : v?.key_09999;
  if (last === "value string number 9999 with some text") return `${describe(v)}, key_09999 right`;
  const f = first(v);
  return `misread: ${describe(v)}${f ? ` (e.g. ${JSON.stringify(f)})` : ""}`;
};
const pv3Ref = new Float32Array(B.pv3_1m_g4.buffer.slice(B.pv3_1m_g4.byteOffset + 8, B.pv3_1m_g4.byteOffset + B.pv3_1m_g4.length));
const checkPv3 = (out) => {
  const v = out?.value ?? out;
  if (v instanceof Float32Array) {
    const ok = v.length === pv3Ref.length && v[0] === pv3Ref[0] && v[v.length - 1] === pv3Ref[pv3Ref.length - 1];
    return `${describe(v)}${ok ? ", right" : ", WRONG"}`;
  }
  if (Array.isArray(v) && v.length === 1e6) {
    const ok = Math.fround(v[999999]._z) === pv3Ref[2999999];
    return `${describe(v)} of {_x,_y,_z}${ok ? ", right" : ", WRONG"}`;
  }
  return `misread: ${describe(v)}`;
};
const checkBytes = (out) => {
  const v = out?.value ?? out;
  const shared = v?.buffer === B.bytes_10mb_g3.buffer || v?.buffer === B.bytes_10mb_g4.buffer;
  return v instanceof Uint8Array && v.length === 10 * 1024 * 1024 && v[12345] === ((12345 * 131 + 7) & 0xff)
    ? `${describe(v)}, right${shared ? " (a view of the input, no copy)" : ""}`
    : `misread: ${describe(v)}`;
};

// ---- the rows -------------------------------------------------------------------------

const loadsOf = (input, options) => ({ label: `gdvariant loads${options ? " {objects:true}" : ""}`, input, bytes: B[input].length, run: () => gd.loads(B[input], options) });
const peer = (label, L, input, check) => ({ label: `${label} getVar`, input, bytes: B[input].length, run: () => L.getVar(B[input]), check });

const groups = [];
const nested = (x) => Object.assign(x, { check: x.check ?? checkNested });
const floor = (input, dict) => ({
  label: "floor: the least JS that builds the same Maps (floor.mjs; no checks, 4 types)",
  input,
  bytes: B[input].length,
  run: () => floorDecode(B[input], { dict }),
  check: checkNested,
});

// 1. dict_nested_100k: against the peers, on the Godot 4 blob (what 5.0 says it reads) and
//    on the Godot 3 blob (whose ids are the ones both versions decode).
groups.push(await group("dict_nested_100k, Godot 4 ids", [
  nested(loadsOf("dict_nested_100k_g4")),
  nested(loadsOf("dict_nested_100k_g4", { objects: true })),
  peer(G5, g5, "dict_nested_100k_g4", checkNested),
  peer(G4, g4, "dict_nested_100k_g4", checkNested),
  floor("dict_nested_100k_g4", 27),
]));
groups.push(await group("dict_nested_100k, Godot 3 ids", [
  nested(loadsOf("dict_nested_100k_g3")),
  nested(loadsOf("dict_nested_100k_g3", { objects: true })),
  peer(G5, g5, "dict_nested_100k_g3", checkNested),
  peer(G4, g4, "dict_nested_100k_g3", checkNested),
  floor("dict_nested_100k_g3", 18),
]));

// 2. pv3_1m: a Float32Array against a plain copy of the 12 MB of elements.
const copyOf = (input) => ({
  label: "copy of the 12 MB into a Float32Array (ArrayBuffer.prototype.slice)",
  input,
  bytes: B[input].length,
  run: () => new Float32Array(B[input].buffer.slice(B[input].byteOffset + 8, B[input].byteOffset + B[input].length)),
  check: checkPv3,
});
groups.push(await group("pv3_1m, Godot 4 ids", [
  copyOf("pv3_1m_g4"),
  Object.assign(loadsOf("pv3_1m_g4"), { check: checkPv3 }),
  peer(G5, g5, "pv3_1m_g4", checkPv3),
  peer(G4, g4, "pv3_1m_g4", checkPv3),
]));
groups.push(await group("pv3_1m, Godot 3 ids", [
  copyOf("pv3_1m_g3"),
  Object.assign(loadsOf("pv3_1m_g3"), { check: checkPv3 }),
  peer(G5, g5, "pv3_1m_g3", checkPv3),
  peer(G4, g4, "pv3_1m_g3", checkPv3),
]));

// 3. The save game: view + get against view alone (validation: the copy into wasm memory
//    and one validating pass); then loads of the whole of it, for context, in a group of
//    its own (its 0.3 s a call would leave the first group few rounds).
const saveRow = (label, run, check) => ({ label, input: "save game (g4-large)", bytes: save.length, run, check });
groups.push(await group(`save game, view(save).get("${PATH}")`, [
  saveRow("gdvariant view(save) (validation)", () => gd.view(save), (v) => `${v.type} of ${v.length}`),
  saveRow(`gdvariant view(save).get("${PATH}")`, () => gd.view(save).get(PATH), (v) => JSON.stringify(v)),
]));
groups.push(await group("save game, loads(save)", [
  saveRow("gdvariant view(save) (validation)", () => gd.view(save), (v) => `${v.type} of ${v.length}`),
  saveRow("gdvariant loads(save)", () => gd.loads(save), (v) => describe(v)),
]));

// 4. Context: dict_str_10k and bytes_10mb.
groups.push(await group("dict_str_10k", [
  Object.assign(loadsOf("dict_str_10k_g4"), { check: checkStr }),
  Object.assign(loadsOf("dict_str_10k_g3"), { check: checkStr }),
  Object.assign(loadsOf("dict_str_10k_g3", { objects: true }), { check: checkStr }),
  peer(G5, g5, "dict_str_10k_g3", checkStr),
  peer(G4, g4, "dict_str_10k_g3", checkStr),
  peer(G5, g5, "dict_str_10k_g4", checkStr),
], { baseline: 3 }));
groups.push(await group("bytes_10mb", [
  Object.assign(loadsOf("bytes_10mb_g4"), { check: checkBytes }),
  Object.assign(loadsOf("bytes_10mb_g3"), { check: checkBytes }),
  peer(G5, g5, "bytes_10mb_g3", checkBytes),
  peer(G4, g4, "bytes_10mb_g3", checkBytes),
  peer(G5, g5, "bytes_10mb_g4", checkBytes),
  { label: "copy of the 10 MiB (Uint8Array.prototype.slice)", input: "bytes_10mb_g4", bytes: B.bytes_10mb_g4.length, run: () => Uint8Array.prototype.slice.call(B.bytes_10mb_g4, 8), check: checkBytes },
], { baseline: 2 }));

// 5. Context: dumps of dict_nested_100k's value against the peers' putVar of theirs.
const asMap = gd.loads(B.dict_nested_100k_g4);
const asObject = gd.loads(B.dict_nested_100k_g4, { objects: true });
const theirs = g5.getVar(B.dict_nested_100k_g3).value;
const enc = (label, run) => ({ label, input: "dict_nested_100k (value)", bytes: B.dict_nested_100k_g4.length, run, check: (b) => `${b.length} bytes out` });
groups.push(await group("dumps of dict_nested_100k's value", [
  enc("gdvariant dumps (Maps, as loads gives)", () => gd.dumps(asMap)),
  enc("gdvariant dumps (plain objects)", () => gd.dumps(asObject)),
  enc(`${G5} putVar (its getVar's objects)`, () => g5.putVar(theirs)),
  enc(`${G4} putVar (its getVar's objects)`, () => g4.putVar(theirs)),
], { baseline: 2 }));

// 6. The .wasm file.
const wasm = readFileSync(pkgWasm);
const gz = gzipSync(wasm, { level: 9 }).length;

// ---- the report -----------------------------------------------------------------------

const mbps = (c) => (c.ms ? fmt(c.bytes / 1e6 / (c.ms / 1e3), 0) : "–");
const find = (title, label) => groups.find((g) => g.title.startsWith(title)).contenders.find((c) => c.label.startsWith(label));
const nested4 = find("dict_nested_100k, Godot 4", "gdvariant loads");
const nested3 = find("dict_nested_100k, Godot 3", "gdvariant loads");
const g5on4 = find("dict_nested_100k, Godot 4", G5);
const g5on3 = find("dict_nested_100k, Godot 3", G5);
const g4on3 = find("dict_nested_100k, Godot 3", G4);
const floor3 = find("dict_nested_100k, Godot 3", "floor");
const pvCopy = find("pv3_1m, Godot 4", "copy");
const pvLoads = find("pv3_1m, Godot 4", "gdvariant loads");
const vOnly = find("save game", "gdvariant view(save) (validation)");
const vGet = find("save game", "gdvariant view(save).get");
const yes = (ok) => (ok ? "met" : "**missed**");

const lines = [];
lines.push("| work | target | measured (medians) | |");
lines.push("|---|---|---|---|");
lines.push(`| \`loads\` of dict_nested_100k | ≥ 10× faster than ${G5} (and ${G4}) | ${fmt(nested4.ms)} ms (_g4), ${fmt(nested3.ms)} ms (_g3); ${G5}: ${g5on4.ms ? `${fmt(g5on4.ms)} ms on _g4 but misreads it` : g5on4.error}, ${fmt(g5on3.ms)} ms on _g3 (**${fmt(g5on3.ms / nested3.ms)}×**); ${G4}: ${fmt(g4on3.ms)} ms on _g3 (**${fmt(g4on3.ms / nested3.ms)}×**); the floor (floor.mjs) ${fmt(floor3.ms)} ms is ${fmt(g5on3.ms / floor3.ms)}× faster than ${G5} | ${yes(g5on3.ms / nested3.ms >= 10 && g4on3.ms / nested3.ms >= 10)} |`);
lines.push(`| \`loads\` of pv3_1m | a Float32Array in ≤ 2× the time of copying its 12 MB | ${fmt(pvLoads.ms)} ms against ${fmt(pvCopy.ms)} ms (**${fmt(pvLoads.ratio)}×**) | ${yes(pvLoads.ratio <= 2)} |`);
lines.push(`| \`view(save).get("${PATH}")\` on the 8.3 MB save | ≤ 2× the time of validating it (\`view(save)\`) | ${fmt(vGet.ms)} ms against ${fmt(vOnly.ms)} ms (**${fmt(vGet.ratio)}×**) | ${yes(vGet.ratio <= 2)} |`);
lines.push(`| \`pkg/gdvariant_bg.wasm\`, gzip -9 | ≤ 250 KB, less is better | **${fmt(gz / 1e3, 1)} KB** (${fmt(wasm.length / 1e3, 1)} KB raw) | ${yes(gz <= 250e3)} |`);
lines.push("");
const cell = (g, c) => {
  if (!c) return "–";
  if (c.error) return "throws";
  if (c.note.startsWith("misread")) return `misreads it (${fmt(c.ms)} ms)`;
  return g && c !== g ? `${fmt(c.ms)} ms (${fmt(c.ms / g.ms)}×)` : `${fmt(c.ms)} ms`;
};
lines.push(`| work, input | gdvariant | ${G5} | ${G4} |`);
lines.push("|---|---:|---:|---:|");
for (const [title, what, gdLabel, input, peerLabel] of [
  ["dict_nested_100k, Godot 3", "loads dict_nested_100k_g3", "gdvariant loads", "dict_nested_100k_g3", "getVar"],
  ["dict_nested_100k, Godot 4", "loads dict_nested_100k_g4", "gdvariant loads", "dict_nested_100k_g4", "getVar"],
  ["pv3_1m, Godot 3", "loads pv3_1m_g3", "gdvariant loads", "pv3_1m_g3", "getVar"],
  ["pv3_1m, Godot 4", "loads pv3_1m_g4", "gdvariant loads", "pv3_1m_g4", "getVar"],
  ["dict_str_10k", "loads dict_str_10k_g3", "gdvariant loads", "dict_str_10k_g3", "getVar"],
  ["bytes_10mb", "loads bytes_10mb_g3", "gdvariant loads", "bytes_10mb_g3", "getVar"],
  ["dumps", "dumps of dict_nested_100k's value", "gdvariant dumps (Maps", undefined, "putVar"],
]) {
  const g = groups.find((x) => x.title.startsWith(title));
  const pick = (prefix) => g.contenders.find((c) => c.label.startsWith(prefix) && (input === undefined || c.input === input));
  const mine = pick(gdLabel);
  lines.push(`| ${what} | ${cell(null, mine)} | ${cell(mine, pick(`${G5} ${peerLabel}`))} | ${cell(mine, pick(`${G4} ${peerLabel}`))} |`);
}
lines.push("");
lines.push("| group | contender | input | median ms | MB/s | × baseline's time | what it gives |");
lines.push("|---|---|---|---:|---:|---:|---|");
for (const g of groups) {
  for (const c of g.contenders) {
    const base = c === g.base ? "baseline" : fmt(c.ratio);
    lines.push(`| ${g.title} | ${c.label} | ${c.input} (${(c.bytes / 1e6).toFixed(2)} MB) | ${c.error ? "–" : fmt(c.ms)} | ${mbps(c)} | ${c.error ? "–" : base} | ${c.error ?? c.note} |`);
  }
}
lines.push(`| .wasm | pkg/gdvariant_bg.wasm | | | | | ${wasm.length} bytes, ${gz} gzipped (-9) |`);
const table = lines.join("\n");

const rounds = groups.map((g) => g.contenders[0].rounds);
const meta = [
  `Measured ${new Date().toISOString().slice(0, 10)} with Node ${process.version} (V8 ${process.versions.v8}) on ${cpus().length} × ${cpus()[0]?.model ?? "?"}, ${process.platform}/${process.arch}; ${Math.min(...rounds)}–${Math.max(...rounds)} interleaved rounds per group${globalThis.gc ? ", a collection before every timed call" : ""}.`,
  "Command: `cd js && npm ci && npm run build && npm run bench` (that is `cd js/bench && npm ci && node --expose-gc run.mjs`).",
  "MB/s is the input's bytes (the encoded value, for dumps) over the median time; \"× baseline's time\" divides a contender's median by its group's baseline's (below 1: faster).",
].join("\n");
console.log(`\n${meta}\n\n${table}`);

// results.md: the generated part is between the markers; what is around it (the analysis) is kept.
const resultsFile = join(here, "results.md");
const BEGIN = "<!-- bench:begin (written by run.mjs) -->";
const END = "<!-- bench:end -->";
const generated = `${BEGIN}\n${meta}\n\n${table}\n${END}`;
let text = existsSync(resultsFile) ? readFileSync(resultsFile, "utf8") : `# gdvariant npm package: benchmarks\n\n${BEGIN}\n${END}\n`;
const a = text.indexOf(BEGIN);
const b = text.indexOf(END);
text = a >= 0 && b > a ? text.slice(0, a) + generated + text.slice(b + END.length) : `${text}\n${generated}\n`;
writeFileSync(resultsFile, text);
console.log(`\n(written to ${resultsFile})`);
