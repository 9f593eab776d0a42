// Where the bytes of a .wasm file go: its sections, and its functions grouped by what
// they serve (names from the module's name section), each raw and gzipped (-9).
//
//   node wasm-size.mjs [file.wasm]
//
// pkg/gdvariant_bg.wasm has no name section (build.mjs passes --remove-name-section), so
// the functions of that file are not named; for a named copy run wasm-bindgen by hand
// on the same cargo output, without that flag:
//
//   wasm-bindgen --target web --out-dir /tmp/named --out-name gdvariant \
//     $CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm/gdvariant_js.wasm
//   node wasm-size.mjs /tmp/named/gdvariant_bg.wasm
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const file = process.argv[2] ?? fileURLToPath(new URL("../pkg/gdvariant_bg.wasm", import.meta.url));
const buf = readFileSync(file);
const gz = (b) => gzipSync(b, { level: 9 }).length;
let p = 8;
const uleb = () => {
  let r = 0;
  let shift = 0;
  let b;
  do {
    b = buf[p++];
    r += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b & 0x80);
  return r;
};
const name = () => {
  const n = uleb();
  p += n;
  return buf.toString("utf8", p - n, p);
};
const limits = () => {
  const flags = uleb();
  uleb();
  if (flags & 1) uleb();
};

const SECTIONS = ["custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "datacount"];
const sections = [];
const bodies = [];
const names = new Map();
let imported = 0;
while (p < buf.length) {
  const id = buf[p++];
  const size = uleb();
  const start = p;
  const end = p + size;
  let label = SECTIONS[id] ?? `section ${id}`;
  if (id === 0) {
    label = `custom "${name()}"`;
    if (label === 'custom "name"') {
      while (p < end) {
        const sub = buf[p++];
        const len = uleb();
        const next = p + len;
        if (sub === 1) for (let i = 0, n = uleb(); i < n; i++) names.set(uleb(), name());
        p = next;
      }
    }
  } else if (id === 2) {
    for (let i = 0, n = uleb(); i < n; i++) {
      name();
      name();
      const kind = buf[p++];
      if (kind === 0) {
        uleb();
        imported++;
      } else if (kind === 1) {
        p++;
        limits();
      } else if (kind === 2) limits();
      else p += 2;
    }
  } else if (id === 10) {
    for (let i = 0, n = uleb(); i < n; i++) {
      const len = uleb();
      bodies.push({ index: imported + i, bytes: buf.subarray(p, p + len) });
      p += len;
    }
  }
  sections.push({ label, bytes: buf.subarray(start, end) });
  p = end;
}

const row = (cells) => console.log(`| ${cells.join(" | ")} |`);
console.log(`${file}: ${buf.length} bytes, ${gz(buf)} gzipped\n`);
row(["section", "bytes", "gzipped"]);
row(["---", "---:", "---:"]);
for (const s of sections) row([s.label, s.bytes.length, gz(s.bytes)]);

if (names.size === 0) {
  console.log("\n(no name section: the functions cannot be grouped; see the comment at the top)");
} else {
  const GROUPS = [
    ["brotli (decompressor)", /brotli/],
    ["zstd (C, zstd-safe, zstd)", /^(ZSTD|HUF|FSE|HIST|ZDICT|ERR_|BIT_|MEM_|POOL|XXH)|zstd/],
    ["deflate, gzip (miniz_oxide, flate2)", /miniz|flate2|adler|crc32/],
    ["aes, md5", /aes::|md5::|^<?aes|^<?md5|cipher|block_buffer/],
    ["gdvariant: JSON", /format::json/],
    ["gdvariant: text form", /format::text/],
    ["gdvariant: edit", /gdvariant::edit|gdvariant_js::edit/],
    ["gdvariant: containers", /gdvariant::container|gdvariant_js::container/],
    ["float formatting and parsing (core)", /flt2dec|fmt::float|dec2flt/],
    ["gdvariant: the rest", /gdvariant/],
    ["wasm-bindgen, js-sys", /wasm_bindgen|js_sys|externref/],
  ];
  const groups = new Map([...GROUPS.map(([g]) => [g, []]), ["other (core, alloc, std, dlmalloc, …)", []]]);
  for (const f of bodies) {
    const n = names.get(f.index) ?? "";
    const hit = GROUPS.find(([, re]) => re.test(n));
    groups.get(hit ? hit[0] : "other (core, alloc, std, dlmalloc, …)").push(f.bytes);
  }
  console.log("");
  row(["functions of", "bytes", "gzipped alone"]);
  row(["---", "---:", "---:"]);
  for (const [g, parts] of groups) {
    const all = Buffer.concat(parts);
    row([g, all.length, gz(all)]);
  }
}
// Brotli's built-in dictionary (122,784 bytes) sits in the data section.
const at = buf.indexOf("timedownlifeleftback");
if (at >= 0) console.log(`\nbrotli's dictionary in the data section: 122784 bytes, ${gz(buf.subarray(at, at + 122784))} gzipped alone`);
