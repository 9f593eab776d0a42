// The page: opening a file (picker or drop), the reading options, the password prompt,
// what was found, progress and errors, undo / redo / download, and the wiring of the
// tree, the search, the panel and the comparison. The bytes live in the Worker.
import { connect } from "./rpc.js";
import { Tree } from "./tree.js";
import { Panel } from "./panel.js";
import { Search } from "./search.js";
import { showDiff } from "./diff.js";

const $ = (id) => document.getElementById(id);
const ui = {
  file: $("file"), drop: $("drop"), status: $("status"), error: $("error"),
  progress: $("progress"), bar: $("progress-bar"), label: $("progress-label"),
  secret: $("secret"), why: $("secret-why"), password: $("password"), key: $("key"),
  undo: $("undo"), redo: $("redo"), download: $("download"),
  compare: $("compare"), arming: $("arming"), fileName: $("file-name"), compareOriginal: $("compare-original"),
};

let progressTimer = 0;
function progress(p) {
  clearTimeout(progressTimer);
  if (!p) {
    ui.progress.hidden = true;
    document.body.classList.remove("busy");
    return;
  }
  document.body.classList.add("busy");
  // Short steps show no bar: only those that last.
  progressTimer = setTimeout(() => (ui.progress.hidden = false), 150);
  ui.label.textContent = p.total ? `${p.label}: ${Math.round((100 * p.done) / p.total)} %` : `${p.label}…`;
  if (p.total) {
    ui.bar.max = p.total;
    ui.bar.value = p.done;
  } else {
    ui.bar.removeAttribute("value");
  }
}

const rpc = connect(progress);
rpc.started.catch((e) => showError(e));

/** Shows an error with its code and offset; the page keeps working. */
export function showError(e, context = "") {
  const where = e.offset !== null && e.offset !== undefined ? ` at byte ${e.offset} (0x${Number(e.offset).toString(16)})` : "";
  const code = e.code ? ` [${e.code}]` : "";
  ui.error.textContent = `${context}${e.message}${code}${where && !/offset 0x|byte \d/.test(e.message) ? where : ""}`;
  ui.error.hidden = false;
}
const clearError = () => (ui.error.hidden = true);

const choices = () => ({
  godot: $("godot").value, prefixed: $("prefixed").value, decompress: $("decompress").value,
  password: ui.password.value, key: ui.key.value,
});

let current = null;
/** The reading last downloaded: edits after it are not saved anywhere yet. */
let savedGen = null;
let pendingFile = null;

const tree = new Tree($("tree"), {
  rpc,
  onSelect: (row) => panel.show(row),
  onEnter: (row) => panel.edit(row),
  onDelete: (row) => panel.remove(row),
});
const panel = new Panel({ rpc, tree, applied, showError, clearError, locked: () => Boolean(current?.readings) });
const search = new Search({ rpc, tree, showError });

/** After an edit, undo or redo: the tree keeps its place, the buttons follow the stack. */
async function applied(summary) {
  current = summary;
  buttons();
  await tree.refresh(summary);
  search.stale();
}

function buttons() {
  const s = current;
  ui.undo.disabled = !s?.undo;
  ui.redo.disabled = !s?.redo;
  // A file read on a guess is not written back: the user chooses the reading first. A
  // binary resource is read-only here (no .res writer yet).
  ui.download.disabled = !s || Boolean(s.readings) || (s.file && !s.file.writable);
  // ConfigFiles and resources are compared by the command line's diff, not here.
  ui.compare.disabled = !s || Boolean(s.file);
  ui.compareOriginal.disabled = !s?.edited || Boolean(s.file);
  const edits = s?.file ? s.edits : s?.undo;
  ui.download.textContent = s?.edited ? `Download ${s.name} (${edits} edit${edits === 1 ? "" : "s"})` : "Download";
}

/**
 * What a scan found in a ConfigFile or resource: a red banner when loading it would run
 * code, a softer note for the rest (connections, scenes it instances, files outside
 * res://), nothing when it found nothing.
 */
function scanBanner(summary) {
  const banner = $("scan-banner");
  const findings = summary?.scan?.findings ?? [];
  banner.hidden = findings.length === 0;
  if (banner.hidden) return;
  const runs = summary.scan.runsCode;
  banner.classList.toggle("danger", runs);
  banner.classList.toggle("note", !runs);
  const n = findings.length;
  $("scan-title").textContent = runs
    ? `Warning: loading this file would run code: ${findings.filter((f) => f.runsCode).map((f) => f.message).join("; ")}`
    : `Note: loading this file runs no code by itself, but it does ${n === 1 ? "one thing" : `${n} things`} to know about:`;
  $("scan-findings").replaceChildren(...findings.map((f) => {
    const li = document.createElement("li");
    li.textContent = `${f.runsCode ? "runs code: " : ""}${f.message}`;
    li.dataset.kind = f.kind;
    return li;
  }));
}

/** A ConfigFile or resource: its text and the form that edits it, instead of the tree. */
function showFile(summary) {
  const f = summary.file;
  $("values").hidden = Boolean(f);
  $("resource").hidden = !f;
  if (!f) return;
  const kinds = { config: "ConfigFile", text_resource: "Text resource", binary_resource: "Binary resource (as the engine's text)" };
  $("resource-title").textContent = `${kinds[f.kind]}: ${summary.name}`;
  $("resource-text").textContent = f.text;
  $("resource-edit").querySelectorAll("input, button").forEach((el) => {
    if (el.id !== "resource-get" && el.id !== "resource-path") el.disabled = !f.writable;
  });
  $("resource-error").hidden = true;
}

async function fileCall(op, args) {
  $("resource-error").hidden = true;
  try {
    return await rpc.call(op, args);
  } catch (e) {
    $("resource-error").textContent = `${e.message}${e.code ? ` [${e.code}]` : ""}`;
    $("resource-error").hidden = false;
    return null;
  }
}

$("resource-get").addEventListener("click", async () => {
  const text = await fileCall("fileGet", { path: $("resource-path").value });
  if (text !== null) $("resource-value").value = text;
});
$("resource-edit").addEventListener("submit", async (e) => {
  e.preventDefault();
  const summary = await fileCall("fileEdit", { path: $("resource-path").value, text: $("resource-value").value });
  if (!summary) return;
  current = summary;
  buttons();
  showFile(summary);
  scanBanner(summary);
  ui.status.textContent = `${summary.name}: ${summary.line}`;
});

async function open(file, reopen = false) {
  if (reopen && current?.edited && current.gen !== savedGen && !confirm("Reading the file again with these options drops your edits (they were not downloaded). Go on?")) return;
  clearError();
  ui.secret.hidden = true;
  const started = performance.now();
  ui.status.textContent = `Opening ${file?.name ?? current?.name}…`;
  try {
    const summary = reopen ? await rpc.call("reopen", { choices: choices() }) : await rpc.call("open", { file, choices: choices() });
    current = summary;
    pendingFile = null;
    scanBanner(summary);
    showFile(summary);
    if (summary.file) {
      ui.status.textContent = `${summary.name}: ${summary.line}`;
      document.title = `${summary.name} — Godot save inspector`;
      ui.fileName.textContent = `${summary.name} (${summary.size.toLocaleString("en-US")} bytes)`;
      buttons();
      ambiguity(summary);
      $("diff").hidden = true;
      return;
    }
    await tree.reset(summary);
    ui.status.textContent = `${summary.name}: ${summary.line}`;
    ui.status.dataset.ms = String(Math.round(performance.now() - started));
    document.title = `${summary.name} — Godot save inspector`;
    ui.fileName.textContent = `${summary.name} (${summary.size.toLocaleString("en-US")} bytes of values)`;
    buttons();
    ambiguity(summary);
    search.enable(summary);
    panel.enable();
    $("diff").hidden = true;
    tree.select([0], { focus: true });
  } catch (e) {
    if (e.code === "ERR_NEEDS_KEY" || e.code === "ERR_WRONG_KEY" || (e.code === "ERR_BAD_OPTION" && /key|password/i.test(e.message))) {
      pendingFile = file ?? pendingFile;
      ui.secret.hidden = false;
      // Said once, in the prompt (the crate's message says where: the file's offset).
      ui.why.textContent = e.code === "ERR_NEEDS_KEY"
        ? `${file?.name ?? "The file"} is encrypted: type its password, or its key.`
        : e.code === "ERR_BAD_OPTION" ? `${e.message}. Try again.` : wrongKey(e, file?.name ?? current?.name ?? "the file");
      ui.status.textContent = `${file?.name ?? current?.name ?? "The file"}: encrypted.`;
      (ui.key.value ? ui.key : ui.password).focus();
      return;
    }
    // Other reading options retry this file.
    if (file) pendingFile = file;
    if (e.code === "ERR_AMBIGUOUS") $("options").open = true;
    showError(e, `Cannot read ${file?.name ?? "the file"}: `);
    ui.status.textContent = current ? `${current.name}: ${current.line} (still open)` : "No file open.";
  }
}

/** The wrong-password sentence, said once: the crate's reason and where, without its brackets in brackets. */
function wrongKey(e, name) {
  const m = /^wrong password or key \((.*)\) \(at file offset (0x[0-9a-f]+)\)$/.exec(e.message);
  const why = m ? `${m[1]}, at file offset ${m[2]}` : e.message;
  return `Wrong password or key for ${name}: ${why}. Try again.`;
}

/** An ambiguous file: the guess is marked, and a button per reading chooses it (the reading options follow). */
function ambiguity(summary) {
  const box = $("ambiguous");
  const choices = $("readings");
  choices.replaceChildren();
  box.hidden = !summary.readings;
  document.body.classList.toggle("guess", Boolean(summary.readings));
  if (!summary.readings) return;
  const [shown, ...others] = summary.readings;
  $("ambiguous-why").textContent = `It reads as a ${shown.label} and as ${others.map((r) => `a ${r.label}`).join(" and as ")}. The values below are the first reading, a guess: editing and downloading are off until you choose.`;
  for (const r of summary.readings) {
    const b = Object.assign(document.createElement("button"), { type: "button", textContent: r.label });
    b.dataset.godot = String(r.godot);
    b.dataset.prefix = String(r.prefix);
    b.onclick = () => {
      $("godot").value = String(r.godot);
      $("prefixed").value = r.prefix === null ? "no" : "yes";
      open(null, true);
    };
    choices.append(b);
  }
}

// One file input opens a save, or (after "Compare with…") the file to compare it with.
let comparing = false;
function arm(on) {
  comparing = on;
  ui.arming.hidden = !on;
}
ui.file.addEventListener("change", () => {
  const f = ui.file.files[0];
  // The same file can be opened again (after edits, to start over).
  ui.file.value = "";
  if (!f) return;
  if (comparing) {
    arm(false);
    return compare(f);
  }
  ui.password.value = "";
  ui.key.value = "";
  open(f);
});
ui.file.addEventListener("cancel", () => arm(false));
ui.compare.addEventListener("click", () => {
  arm(true);
  ui.file.click();
});
$("disarm").addEventListener("click", () => arm(false));

async function compare(f) {
  // The second file is read with the first one's secret; another secret is asked for.
  let secret = { password: ui.password.value, key: ui.key.value };
  for (;;) {
    try {
      clearError();
      await rpc.call("open", { file: f, choices: { ...choices(), ...secret, godot: "auto", prefixed: "auto" }, slot: "b" });
      showDiff(await rpc.call("compare"), { rpc, tree });
      return;
    } catch (e) {
      if (e.code === "ERR_NEEDS_KEY" || e.code === "ERR_WRONG_KEY") {
        const typed = prompt(`${f.name} is encrypted${e.code === "ERR_WRONG_KEY" ? " (that password or key does not open it)" : ""}: its password, or its key (64 hex digits)`);
        if (typed) {
          secret = /^[0-9a-f]{64}$/i.test(typed.trim()) ? { password: "", key: typed.trim() } : { password: typed, key: "" };
          continue;
        }
      }
      showError(e, `Cannot compare with ${f.name}: `);
      return;
    }
  }
}

ui.secret.addEventListener("submit", (e) => {
  e.preventDefault();
  if (pendingFile) open(pendingFile);
  else if (current) open(null, true);
});
for (const id of ["godot", "prefixed", "decompress"]) {
  $(id).addEventListener("change", () => {
    if (pendingFile) open(pendingFile);
    else if (current) open(null, true);
  });
}

// Drag and drop anywhere: the file lands in the one file input.
document.addEventListener("dragover", (e) => {
  e.preventDefault();
  ui.drop.classList.add("over");
});
document.addEventListener("dragleave", () => ui.drop.classList.remove("over"));
document.addEventListener("drop", (e) => {
  e.preventDefault();
  ui.drop.classList.remove("over");
  if (!e.dataTransfer?.files.length) return;
  ui.file.files = e.dataTransfer.files;
  ui.file.dispatchEvent(new Event("change"));
});

async function step(op) {
  if (current?.file) return; // ConfigFiles and resources have no undo here
  try {
    clearError();
    await applied(await rpc.call(op));
  } catch (e) {
    showError(e);
  }
}
ui.undo.addEventListener("click", () => step("undo"));
ui.redo.addEventListener("click", () => step("redo"));
document.addEventListener("keydown", (e) => {
  if (!(e.ctrlKey || e.metaKey) || !current || e.target.matches("input, textarea")) return;
  const k = e.key.toLowerCase();
  if (k === "z" && !e.shiftKey) step("undo");
  else if ((k === "z" && e.shiftKey) || k === "y") step("redo");
  else if (k === "f") $("search").focus();
  else return;
  e.preventDefault();
});

ui.download.addEventListener("click", async () => {
  try {
    clearError();
    const { name, bytes } = await rpc.call("download");
    const url = URL.createObjectURL(new Blob([bytes], { type: "application/octet-stream" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    savedGen = current.gen;
    ui.status.textContent = `${name}: downloaded ${bytes.length.toLocaleString("en-US")} bytes, in ${current.info.container.container === "plain" ? "no container" : "the same container"}.`;
  } catch (e) {
    showError(e, "Cannot write the file: ");
  }
});

ui.compareOriginal.addEventListener("click", async () => {
  try {
    showDiff(await rpc.call("compareOriginal"), { rpc, tree });
  } catch (e) {
    showError(e);
  }
});

// Edits that were not downloaded are lost with the page: the browser asks first.
window.addEventListener("beforeunload", (e) => {
  if (current?.edited && current.gen !== savedGen) e.preventDefault();
});

window.addEventListener("error", (e) => showError(e.error ?? e));
window.addEventListener("unhandledrejection", (e) => showError(e.reason));
