// The crate's malformed-input table (tests/it/malformed.rs, exported by
// scripts/export-malformed.mjs before the tests): every row the crate refuses is a
// DecodeError of the same kind at the same offset; every row it reads gives the same text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loads, toText, DecodeError } from "../src/index.js";
import { RENAMED } from "./common.js";

const url = new URL("./generated/malformed.jsonl", import.meta.url);
const text = url.protocol === "file:"
  ? (await import("node:fs")).readFileSync(url, "utf8")
  : await (await fetch(url)).text();
const ROWS = text.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));

const hex = (h) => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));

test("every row of the crate's malformed table", () => {
  assert.ok(ROWS.length > 100, `${ROWS.length} rows`);
  const checked = { error: 0, ok: 0, trailing: 0 };
  for (const row of ROWS) {
    let data = hex(row.bytes);
    const prefixed = row.input === "store_var";
    if (row.input === "store_var_payload") data = data.subarray(4);
    const opts = { godot: row.godot, prefixed, allowObjects: row.allow_objects };
    const ours = row.ours;
    if ("error" in ours || "incomplete" in ours) {
      let caught;
      try {
        loads(data, opts);
      } catch (e) {
        caught = e;
      }
      assert.ok(caught instanceof DecodeError, `${row.name}: ${caught}`);
      if ("error" in ours) {
        // The crate's code, renamed in Node's style; the old name is the deprecated `kind`.
        assert.equal(caught.code, RENAMED[ours.error], `${row.name}: ${ours.error}`);
        assert.equal(caught.kind, ours.error, row.name);
        if (!prefixed) assert.equal(caught.offset, ours.offset, row.name);
      } else {
        assert.equal(caught.code, "ERR_UNEXPECTED_END", row.name);
      }
      checked.error++;
      continue;
    }
    try {
      loads(data, opts);
    } catch (e) {
      // The engine's bytes_to_var ignores bytes after the value; loads reads all of its
      // input and says where the value ends: the value alone is accepted.
      assert.ok(e instanceof DecodeError && e.code === "ERR_TRAILING_BYTES" && !prefixed, `${row.name}: ${e}`);
      data = data.subarray(0, e.offset);
      loads(data, opts);
      checked.trailing++;
    }
    const out = toText(data, opts);
    if ("text" in ours) assert.equal(out, ours.text, row.name);
    else assert.equal(out.length, ours.text_len, row.name);
    checked.ok++;
  }
  assert.ok(checked.error > 50 && checked.ok > 10 && checked.trailing >= 1, JSON.stringify(checked));
});
