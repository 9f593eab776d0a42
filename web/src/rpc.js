// The page's side of the Worker protocol: `call(op, args)` posts `{id, op, args}` and
// resolves with the Worker's `{id, ok, result}` (or rejects with its error: name, code,
// offset, message). `{id, progress}` messages go to the progress listener while the
// Worker is busy.

export class WorkerError extends Error {
  constructor({ name, code, offset, message }) {
    super(message);
    this.name = name;
    this.code = code;
    this.offset = offset;
  }
}

export function connect(onProgress) {
  const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const pending = new Map();
  let next = 1;
  let ready;
  const started = new Promise((resolve, reject) => {
    ready = resolve;
    worker.onerror = (e) => reject(new Error(`the Worker did not start: ${e.message ?? "error"}`));
  });
  // A Worker that dies (out of memory, say) fails what it was asked, not the page.
  worker.addEventListener("error", (e) => {
    e.preventDefault();
    for (const p of pending.values()) p.reject(new WorkerError({ name: "Error", code: "ERR_WORKER_FAILED", offset: null, message: `the Worker failed: ${e.message ?? "unknown error"}` }));
    pending.clear();
    onProgress?.(null);
  });
  worker.onmessage = ({ data }) => {
    if (data.ready) return ready();
    if (data.progress) return onProgress?.(data.progress);
    const p = pending.get(data.id);
    if (!p) return;
    pending.delete(data.id);
    if (pending.size === 0) onProgress?.(null);
    if (data.ok) p.resolve(data.result);
    else p.reject(new WorkerError(data.error));
  };
  return {
    started,
    busy: () => pending.size > 0,
    async call(op, args, transfer = []) {
      await started;
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, op, args }, transfer);
      });
    },
  };
}
