// Runs the test files in the page: each is imported (its top-level `test` calls register
// its tests with the node:test shim), then its tests run, one after another. Every event
// goes to `window.__gdvariantReport` when the runner (run.mjs) has exposed it, and to the
// page. The list of files is `?files=a.test.js,b.test.js`, else files.json, which the
// runner generates from the directory.
import { run, describeError } from "./node-test.js";

async function main() {
  const send = globalThis.__gdvariantReport ?? (async () => {});
  const log = document.getElementById("log");
  const summary = document.getElementById("summary");
  const counts = { pass: 0, fail: 0, skip: 0, todo: 0 };
  const pending = [];

  function report(event) {
    if (event.type === "test") {
      counts[event.status]++;
      const line = document.createElement("div");
      line.className = event.status;
      line.textContent = `${event.status} - ${event.file} > ${event.name} (${event.ms} ms)` +
        (event.error ? `\n    ${event.error.stack || event.error.message}` : "");
      log.append(line);
    }
    pending.push(send(event));
  }

  async function testFiles() {
    const named = new URLSearchParams(location.search).get("files");
    if (named) return named.split(",").filter(Boolean);
    const response = await fetch(new URL("./files.json", import.meta.url));
    if (!response.ok) throw new Error(`files.json: HTTP ${response.status}`);
    return response.json();
  }

  try {
    const files = await testFiles();
    report({ type: "plan", files });
    for (const file of files) {
      report({ type: "file", file });
      try {
        await import(new URL(`../${file}`, import.meta.url));
      } catch (error) {
        report({ type: "test", file, name: "(loading the file)", status: "fail", ms: 0, error: describeError(error) });
      }
      await run((event) => report({ ...event, file }));
    }
  } catch (error) {
    report({ type: "test", file: "harness.js", name: "(the harness)", status: "fail", ms: 0, error: describeError(error) });
  }
  summary.textContent = `${counts.pass} passed, ${counts.fail} failed, ${counts.skip} skipped, ${counts.todo} todo`;
  summary.className = counts.fail ? "fail" : "";
  await Promise.all(pending);
  await send({ type: "done", counts });
}

// Only in a page: `node --test test/` (Node 20 runs every file under test/) imports this too.
if (typeof document !== "undefined") await main();
