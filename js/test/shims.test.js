// The browser run's stand-ins for node:assert/strict and node:test (test/browser/) agree
// with Node's: the same inputs pass or fail the same assertions. In Node this compares the
// shims with the real modules; in a browser, where the shims are the real modules, it
// checks the shims against the expectations written here.
import { test } from "node:test";
import assert from "node:assert/strict";
import shim from "./browser/assert.js";
import * as shimTest from "./browser/node-test.js";

class Point {
  constructor(x) {
    this.x = x;
  }
}
class Tagged extends Array {}
const tagged = (items, extra) => Object.assign(Tagged.from(items), extra);
const cyclic = () => {
  const o = { a: 1 };
  o.self = o;
  return o;
};

// [actual, expected, deep-equal in strict mode]
const DEEP = [
  [1, 1, true], [1, "1", false], [NaN, NaN, true], [0, -0, false], [1n, 1n, true], [1n, 1, false],
  [[1, 2], [1, 2], true], [[1, 2], [2, 1], false], [[1, , 3], [1, undefined, 3], false],
  [{ a: 1, b: [2] }, { b: [2], a: 1 }, true], [{ a: 1 }, { a: 1, b: undefined }, false],
  [new Point(1), { x: 1 }, false], [new Point(1), new Point(1), true],
  [new Uint8Array([1, 2]), new Uint8Array([1, 2]), true], [new Uint8Array([1, 2]), new Uint8Array([1, 3]), false],
  [new Uint8Array([1, 2]), new Int8Array([1, 2]), false], [new Uint8Array([1]), [1], false],
  [new Float32Array([NaN]), new Float32Array([NaN]), true], [new Float64Array([0]), new Float64Array([-0]), false],
  [new BigInt64Array([1n, -1n]), new BigInt64Array([1n, -1n]), true], [new BigInt64Array([1n]), new BigInt64Array([2n]), false],
  [new Uint8Array([1, 2, 3]).subarray(1), new Uint8Array([2, 3]), true],
  [new Map([["a", 1n], ["b", [1]]]), new Map([["b", [1]], ["a", 1n]]), true],
  [new Map([["a", 1]]), new Map([["a", 2]]), false], [new Map([[{ k: 1 }, 2]]), new Map([[{ k: 1 }, 2]]), true],
  [new Map([[{ k: 1 }, 2]]), new Map([[{ k: 2 }, 2]]), false], [new Map(), {}, false],
  [new Set([1, { a: 1 }]), new Set([{ a: 1 }, 1]), true], [new Set([1]), new Set([2]), false],
  [tagged([1, 2], { packed: true }), tagged([1, 2], { packed: true }), true],
  [tagged([1, 2], { packed: true }), tagged([1, 2], { packed: false }), false], [tagged([1]), [1], false],
  [new Date(5), new Date(5), true], [new Date(5), new Date(6), false], [/a/g, /a/g, true], [/a/g, /a/i, false],
  [new Error("x"), new Error("x"), true], [new Error("x"), new Error("y"), false], [new TypeError("x"), new Error("x"), false],
  [Object(1n), Object(1n), true], [Object("a"), Object("b"), false], [cyclic(), cyclic(), true],
  [null, undefined, false], [undefined, undefined, true], [{ [Symbol.for("s")]: 1 }, { [Symbol.for("s")]: 2 }, false],
];

const outcome = (f) => {
  try {
    f();
    return "passed";
  } catch (e) {
    return e?.code === "ERR_ASSERTION" ? "failed" : `threw ${e?.name}`;
  }
};

test("deepEqual and notDeepEqual agree with Node's strict mode", () => {
  DEEP.forEach(([a, b, same], i) => {
    const want = same ? "passed" : "failed";
    assert.equal(outcome(() => assert.deepEqual(a, b)), want, `case ${i}: node`);
    assert.equal(outcome(() => shim.deepEqual(a, b)), want, `case ${i}: shim`);
    assert.equal(outcome(() => shim.notDeepEqual(a, b)), same ? "failed" : "passed", `case ${i}: shim, not`);
  });
});

test("the other assertions pass and fail as Node's do", () => {
  const E = class extends Error {};
  const boom = () => {
    throw new E("boom 42");
  };
  const cases = [
    (a) => a.ok(1), (a) => a.ok(0), (a) => a(""), (a) => a(true, "m"), (a) => a.equal(NaN, NaN), (a) => a.equal(0, -0),
    (a) => a.equal("a", "a"), (a) => a.notEqual(1, 2), (a) => a.notEqual(1, 1), (a) => a.match("abc", /b/),
    (a) => a.match("abc", /d/), (a) => a.match(12, /1/), (a) => a.fail("no"), (a) => a.strictEqual(1, 1),
    (a) => a.deepStrictEqual([1], [1]), (a) => a.throws(boom), (a) => a.throws(() => {}), (a) => a.throws(boom, E),
    (a) => a.throws(boom, TypeError), (a) => a.throws(boom, /boom \d+/), (a) => a.throws(boom, /bang/),
    (a) => a.throws(boom, (e) => e instanceof E), (a) => a.throws(boom, (e) => e.message === "x"),
    (a) => a.throws(boom, { message: "boom 42" }), (a) => a.throws(boom, { message: /^boom/ }),
    (a) => a.throws(boom, { message: "boom" }), (a) => a.doesNotThrow(() => {}), (a) => a.doesNotThrow(boom),
    (a) => a.doesNotThrow(boom, "with a message"),
  ];
  cases.forEach((f, i) => {
    assert.equal(outcome(() => f(shim)), outcome(() => f(assert)), `case ${i}: ${f}`);
  });
  assert.throws(() => shim.equal(1, 2, "custom"), (e) => e instanceof shim.AssertionError && e.message === "custom");
  const mine = new RangeError("mine");
  assert.throws(() => shim.ok(false, mine), (e) => e === mine);
});

test("rejects and doesNotReject", async () => {
  await shim.rejects(Promise.reject(new TypeError("t")), TypeError);
  await shim.rejects(async () => {
    throw new Error("later");
  }, /later/);
  await assert.rejects(shim.rejects(Promise.resolve(1)), (e) => e.code === "ERR_ASSERTION");
  await assert.rejects(shim.rejects(Promise.reject(new Error("a")), /b/), (e) => e.code === "ERR_ASSERTION");
  await shim.doesNotReject(Promise.resolve(1));
  await assert.rejects(shim.doesNotReject(Promise.reject(new Error("a"))), (e) => e.code === "ERR_ASSERTION");
});

test("the node:test stand-in runs tests in order and reports each", { skip: shimTest.test === test ? "in the browser the stand-in is node:test" : false }, async () => {
  const events = [];
  const order = [];
  shimTest.test("sync", () => order.push("sync"));
  shimTest.test("async", async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    order.push("async");
  });
  shimTest.test("callback", (t, done) => setTimeout(() => (order.push("callback"), done()), 1));
  shimTest.test("fails", () => shim.equal(1, 2));
  shimTest.test("skipped", { skip: "why" }, () => order.push("never"));
  shimTest.test.todo("todo", () => {
    throw new Error("not yet");
  });
  shimTest.test("parent", async (t) => {
    await t.test("child ok", () => order.push("child"));
    await t.test("child bad", () => {
      throw new Error("bad");
    });
  });
  await shimTest.run((e) => events.push(e));
  assert.deepEqual(order, ["sync", "async", "callback", "child"]);
  const statuses = events.filter((e) => e.type === "test").map((e) => [e.name, e.status]);
  assert.deepEqual(statuses, [
    ["sync", "pass"], ["async", "pass"], ["callback", "pass"], ["fails", "fail"], ["skipped", "skip"], ["todo", "todo"],
    ["parent > child ok", "pass"], ["parent > child bad", "fail"], ["parent", "fail"],
  ]);
  const failed = events.find((e) => e.name === "fails");
  assert.equal(failed.error.name, "AssertionError");
  assert.match(failed.error.message, /1 !== 2/);
});
