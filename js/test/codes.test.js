// Error codes in Node's style (issue 40): every error from the crate has a `code`
// (`ERR_…`); `kind`, its old name, is a deprecated alias for one release (Node warns once);
// index.d.ts types every code and CHANGELOG.md lists every rename.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loads, view, edit, dumps, pack, unpack, fromText, fromJSON, DecodeError, PathError, EditError, EncodeError } from "../src/index.js";
import { catching, RENAMED } from "./common.js";

const NODE = typeof process !== "undefined" && Boolean(process.versions?.node);

test("kind, the old name, still works and Node warns once that it is deprecated", { skip: NODE ? false : "Node's warnings" }, async () => {
  const warnings = [];
  const listen = (w) => warnings.push(w);
  process.on("warning", listen);
  try {
    const e = catching(() => loads(new Uint8Array([2, 0]), { godot: 4, prefixed: false }));
    assert.equal(e.kind, "UnexpectedEnd");
    assert.equal(e.kind, "UnexpectedEnd");
    assert.equal(catching(() => unpack(pack(dumps(1), { password: "a" }), { password: "b" })).kind, "wrong_key");
    await new Promise((resolve) => setTimeout(resolve, 10));
  } finally {
    process.off("warning", listen);
  }
  assert.deepEqual(warnings.map((w) => [w.name, w.code]), [["DeprecationWarning", "GDVARIANT_KIND"]]);
  assert.match(warnings[0].message, /error\.kind is deprecated: use error\.code/);
});

test("every kind of error has its code, its old name and its offset", () => {
  const u32 = (n) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
  const two = new Uint8Array([...dumps(1, { prefixed: true }), ...dumps(2, { prefixed: true })]);
  const save = dumps(new Map([["hp", 1], ["name", "Zoë"]]));
  const locked = pack(dumps(1), { password: "right" });
  for (const [f, Class, code, kind, offset] of [
    [() => loads(new Uint8Array([2, 0, 0, 0, 1]), { godot: 4, prefixed: false }), DecodeError, "ERR_UNEXPECTED_END", "UnexpectedEnd", 4],
    [() => loads(new Uint8Array([4, 0, 0, 0, ...u32(9), 1]), { godot: 4, prefixed: false }), DecodeError, "ERR_LENGTH_OUT_OF_BOUNDS", "LengthOutOfBounds", 4],
    [() => loads(new Uint8Array([200, 0, 0, 0]), { godot: 4, prefixed: false }), DecodeError, "ERR_UNKNOWN_TYPE", "UnknownType", 0],
    [() => loads(two), DecodeError, "ERR_MULTIPLE_FRAMES", "multiple_frames", 12],
    [() => loads(new Uint8Array(4096)), DecodeError, "ERR_NOT_A_SAVE", "not_a_save", 0],
    [() => loads(new Uint8Array([...dumps(7), 1, 2, 3, 4])), DecodeError, "ERR_TRAILING_BYTES", "trailing_bytes", 8],
    [() => loads(locked), DecodeError, "ERR_NEEDS_KEY", "needs_key", 0],
    [() => loads(locked, { password: "wrong" }), DecodeError, "ERR_WRONG_KEY", "wrong_key", 4],
    [() => loads(save, { key: "00" }), DecodeError, "ERR_BAD_OPTION", "BadOption", 0],
    [() => fromText("[1, "), DecodeError, "ERR_SYNTAX", "SyntaxError", 4],
    [() => fromJSON("{"), DecodeError, "ERR_SYNTAX", "SyntaxError", 1],
    [() => view(save).get("mp"), PathError, "ERR_NOT_FOUND", "NotFound", 0],
    [() => view(save).get("hp/x"), PathError, "ERR_NOT_A_CONTAINER", "NotAContainer", 20],
    [() => view(save).get('"open'), PathError, "ERR_PATH_SYNTAX", "PathSyntax", 0],
    [() => edit(save).set("hp/x", 1), EditError, "ERR_NOT_A_CONTAINER", "NotAContainer", 20],
    [() => edit(save).insert("hp", 1), EditError, "ERR_ALREADY_EXISTS", "AlreadyExists", 0],
    [() => edit(save).set("hp", 1).set("hp", 2), EditError, "ERR_CONFLICT", "Conflict", 20],
    [() => edit(save).delete(""), EditError, "ERR_TOP_LEVEL", "TopLevel", 0],
    [() => dumps(new BigInt64Array(1), { godot: 3 }), EncodeError, "ERR_ENCODE", "EncodeError", 0],
  ]) {
    const e = catching(f);
    assert.ok(e instanceof Class, `${code}: ${e}`);
    assert.deepEqual([e.code, e.kind, e.offset], [code, kind, offset], `${code}: ${e.message}`);
    assert.equal(RENAMED[kind], code, kind);
  }
});

test("every code is ERR_ and capitals; index.d.ts types each one and CHANGELOG.md lists each rename", { skip: NODE ? false : "reads the repository's files" }, async () => {
  const { readFile } = await import("node:fs/promises");
  const types = await readFile(new URL("../index.d.ts", import.meta.url), "utf8");
  const changelog = (await readFile(new URL("../../CHANGELOG.md", import.meta.url), "utf8")).replace(/\s+/g, " ");
  const union = /export type ErrorCode =([^;]*);/.exec(types)[1];
  const typed = new Set(union.match(/"ERR_[A-Z0-9_]+"/g).map((s) => s.slice(1, -1)));
  for (const [kind, code] of Object.entries(RENAMED)) {
    assert.match(code, /^ERR_[A-Z0-9_]+$/);
    assert.ok(typed.has(code), `index.d.ts: ${code}`);
    assert.ok(changelog.includes(`\`${kind}\` → \`${code}\``), `CHANGELOG.md: ${kind} → ${code}`);
  }
  assert.ok(typed.has("ERR_AMBIGUOUS_STREAM") && changelog.includes("→ `ERR_AMBIGUOUS_STREAM`"));
  assert.equal(typed.size, new Set([...Object.values(RENAMED), "ERR_AMBIGUOUS_STREAM"]).size);
});
