// `node:test` for the browser run of the tests (the page's import map points the specifier
// here): `test(name, [options], fn)` registers a test, sync or async (or with a `done`
// callback), with subtests through `t.test`; the harness (harness.js) calls `run` after
// importing each test file. Tests run one after another, in the order they were registered.

const queue = [];

function normalize(name, options, fn) {
  if (typeof name === "function") [name, options, fn] = [name.name || "<anonymous>", {}, name];
  else if (typeof name === "object" && name !== null) [name, options, fn] = [fn?.name || "<anonymous>", name, options];
  if (typeof options === "function") [options, fn] = [{}, options];
  return { name: String(name), options: options ?? {}, fn: fn ?? (() => {}) };
}

/** What the harness sends to Node for an error: its name, message and stack. */
export function describeError(error) {
  if (error instanceof Error) {
    const cause = error.cause === undefined ? undefined : describeError(error.cause);
    return { name: error.name, message: error.message, stack: error.stack ?? "", code: error.code, cause };
  }
  return { name: typeof error, message: String(error), stack: "" };
}

class TestContext {
  #report;
  #chain = Promise.resolve();
  constructor(name, report) {
    this.name = name;
    this.signal = new AbortController().signal;
    this.skipped = undefined;
    this.todoText = undefined;
    this.failedSubtests = 0;
    this.#report = report;
  }

  diagnostic(message) {
    this.#report({ type: "diagnostic", name: this.name, message: String(message) });
  }

  skip(message = "") {
    this.skipped = String(message);
  }

  todo(message = "") {
    this.todoText = String(message);
  }

  /** A subtest, run after the ones before it; the parent waits for all of them. */
  test(name, options, fn) {
    const entry = normalize(name, options, fn);
    const run = this.#chain.then(() => runOne(entry, `${this.name} > ${entry.name}`, this.#report));
    this.#chain = run.then((ok) => {
      if (!ok) this.failedSubtests++;
    });
    return run.then(() => undefined);
  }

  settled() {
    return this.#chain;
  }
}

function callTest(fn, ctx) {
  if (fn.length < 2) return fn.call(ctx, ctx);
  return new Promise((resolve, reject) => {
    const returned = fn.call(ctx, ctx, (error) => (error ? reject(error) : resolve()));
    if (returned && typeof returned.then === "function") {
      reject(new Error("a test function took a callback and also returned a promise"));
    }
  });
}

/** Runs one test (and its subtests); reports it; resolves to whether it did not fail. */
async function runOne({ name, options, fn }, fullName, report) {
  if (options.skip) {
    report({ type: "test", name: fullName, status: "skip", reason: options.skip === true ? "" : String(options.skip), ms: 0 });
    return true;
  }
  const ctx = new TestContext(fullName, report);
  const start = performance.now();
  let error;
  try {
    await callTest(fn, ctx);
    await ctx.settled();
    if (ctx.failedSubtests) error = new Error(`${ctx.failedSubtests} subtest(s) failed`);
  } catch (e) {
    error = e ?? new Error(`the test threw ${e}`);
  }
  const ms = Math.round(performance.now() - start);
  const todo = options.todo || ctx.todoText !== undefined;
  let status = error ? "fail" : "pass";
  if (ctx.skipped !== undefined && !error) status = "skip";
  else if (todo) status = "todo";
  report({
    type: "test",
    name: fullName,
    status,
    ms,
    reason: ctx.skipped ?? (options.todo === true ? "" : options.todo) ?? ctx.todoText,
    error: error === undefined ? undefined : describeError(error),
  });
  return status !== "fail";
}

/** Registers a top-level test; the promise settles when it has run. */
export function test(name, options, fn) {
  const entry = normalize(name, options, fn);
  return new Promise((resolve) => queue.push({ ...entry, done: resolve }));
}
test.skip = (name, options, fn) => {
  const entry = normalize(name, options, fn);
  return test(entry.name, { ...entry.options, skip: true }, entry.fn);
};
test.todo = (name, options, fn) => {
  const entry = normalize(name, options, fn);
  return test(entry.name, { ...entry.options, todo: true }, entry.fn);
};
test.only = test;
export const it = test;

/** Runs every test registered so far, in order; `report` gets one event per test. */
export async function run(report) {
  while (queue.length) {
    const entry = queue.shift();
    await runOne(entry, entry.name, report);
    entry.done();
  }
}

export default test;
