// The panel of the selected node: its path, its text (copied as the engine's text form,
// lossless JSON or plain JSON), and its edits: in place (Enter in the tree), replaced by
// a text form, deleted, or a Dictionary entry (an Array element) added. Syntax errors
// are shown at their line and column.
import { plot, fit } from "./scatter.js";

const $ = (id) => document.getElementById(id);
const PREVIEW_LIMIT = 4 << 20;

/** Line and column (from 1) of the byte `offset` of `text`'s UTF-8. */
export function lineColumn(text, offset) {
  const bytes = new TextEncoder().encode(text);
  const before = new TextDecoder().decode(bytes.subarray(0, Math.max(0, Math.min(offset, bytes.length))));
  const lines = before.split("\n");
  return { index: before.length, line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/** An error of the text parser as it is shown: `line 2, column 7: …`, the line, a caret. */
function syntaxError(text, e) {
  if (e.code !== "ERR_SYNTAX" || e.offset === null) return { message: e.message };
  const { index, line, column } = lineColumn(text, e.offset);
  const source = text.split("\n")[line - 1] ?? "";
  const message = e.message.replace(/ at line \d+, column \d+ \(byte \d+\)/, "");
  return { message: `line ${line}, column ${column}: ${message}\n${source}\n${" ".repeat(column - 1)}^`, index };
}

export class Panel {
  constructor({ rpc, tree, applied, showError, clearError, locked = () => false }) {
    Object.assign(this, { rpc, tree, applied, showError, clearError, locked });
    this.row = null;
    this.mode = null;
    $("copy-text").onclick = () => this.copy("text");
    $("copy-json").onclick = () => this.copy("json");
    $("copy-plain").onclick = () => this.copy("plain");
    $("edit").onclick = () => this.edit(this.row);
    $("replace").onclick = () => this.openEditor("replace");
    $("add").onclick = () => this.openEditor("add");
    $("delete").onclick = () => this.remove(this.row);
    $("plot").onclick = () => this.plot();
    // The plot stays inside the panel when the window (or the panel) changes size.
    new ResizeObserver(() => fit($("scatter"))).observe($("panel"));
    $("editor-cancel").onclick = () => this.closeEditor();
    $("editor").onsubmit = (e) => {
      e.preventDefault();
      this.submit();
    };
    $("editor").onkeydown = (e) => {
      if (e.key === "Escape") this.closeEditor(true);
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) this.submit();
    };
  }

  /** Runs one edit at a time: the tree is refreshed before the next one starts. */
  async apply(args) {
    if (this.busy) throw Object.assign(new Error("another edit is still being applied"), { code: "ERR_BUSY", offset: null });
    this.busy = true;
    try {
      const summary = await this.rpc.call("edit", args);
      if (args.op === "delete") this.tree.removed(args.path);
      await this.applied(summary);
    } finally {
      this.busy = false;
    }
  }

  enable() {
    this.closeEditor();
    this.hidePlot();
  }

  hidePlot() {
    $("scatter").hidden = true;
    $("plot-axes").hidden = true;
    $("panel").classList.remove("plotting");
    this.plotted = null;
  }

  full(row) {
    return [...row.path, row.i];
  }

  async show(row) {
    if (!row || row.more) return;
    this.row = row;
    const full = this.full(row);
    $("sel-title").textContent = `${row.label}: ${row.type}`;
    const place = await this.rpc.call("pathOf", { path: full }).catch(() => null);
    if (this.row !== row) return;
    $("sel-path").textContent = place === null ? "(a key no path can name)" : `path: ${place}`;
    const depth = full.length;
    // A file read on a guess (an ambiguous one) is not edited until its reading is chosen.
    const locked = this.locked();
    $("edit").disabled = locked || !(row.editable || row.element);
    $("replace").disabled = locked || place === null;
    $("add").disabled = locked || !(row.container && (row.type !== "Object")) || place === null;
    $("add").textContent = row.container && row.type !== "Dictionary" ? "Append element…" : "Add entry…";
    $("delete").disabled = locked || depth < 2 || place === null;
    $("plot").hidden = !row.plottable;
    if (this.plotted !== full.join("/")) this.hidePlot();
    for (const id of ["copy-text", "copy-json", "copy-plain"]) $(id).disabled = false;
    if (this.mode && this.mode.key !== full.join("/")) this.closeEditor();
    const pre = $("preview");
    if ((row.size ?? 0) > PREVIEW_LIMIT) {
      pre.textContent = `(${row.size.toLocaleString("en-US")} bytes: use the copy buttons)`;
      return;
    }
    try {
      const text = await this.rpc.call("text", { path: full, form: "text" });
      if (this.row === row) pre.textContent = text.length > 200_000 ? `${text.slice(0, 200_000)}\n…` : text;
    } catch (e) {
      pre.textContent = e.message;
    }
  }

  async copy(form) {
    if (!this.row) return;
    try {
      const text = await this.rpc.call("text", { path: this.full(this.row), form });
      await navigator.clipboard.writeText(text).catch(() => {
        const t = Object.assign(document.createElement("textarea"), { value: text });
        document.body.append(t);
        t.select();
        document.execCommand("copy");
        t.remove();
      });
      $("status").textContent = `Copied ${this.row.label} as ${{ text: "the engine's text", json: "lossless JSON", plain: "plain JSON" }[form]} (${text.length.toLocaleString("en-US")} characters).`;
      $("preview").textContent = text.length > 200_000 ? `${text.slice(0, 200_000)}\n…` : text;
    } catch (e) {
      this.showError(e, "Cannot copy: ");
    }
  }

  /** Enter: a scalar or string is edited in place; anything else by its text form. */
  async edit(row) {
    if (!row || row.more || this.busy || this.locked()) return;
    if (!(row.editable || row.element)) return this.openEditor("replace");
    const full = this.full(row);
    let start;
    try {
      start = await this.rpc.call("editText", { path: full });
    } catch (e) {
      return this.showError(e);
    }
    const el = this.tree.rowElement(full);
    if (!el) return;
    const cell = el.querySelector(".v");
    const box = document.createElement("div");
    box.className = "inline";
    box.style.transform = el.style.transform;
    box.style.left = `${cell.offsetLeft}px`;
    box.innerHTML = '<input type="text" spellcheck="false"><div class="inline-error" role="alert" hidden></div>';
    const input = box.querySelector("input");
    input.value = start.text;
    input.setAttribute("aria-label", `New value of ${row.label} (${start.raw ? "the characters" : "the engine's text form"}; Enter applies, Escape cancels)`);
    el.parentNode.append(box);
    input.focus();
    input.select();
    const done = () => {
      box.remove();
      this.tree.scroller.focus({ preventScroll: true });
    };
    input.onkeydown = async (e) => {
      if (e.key === "Escape") return done();
      if (e.key !== "Enter") return;
      e.preventDefault();
      try {
        await this.apply({ path: full, op: "scalar", text: input.value });
        done();
      } catch (err) {
        const shown = syntaxError(input.value, err);
        const out = box.querySelector(".inline-error");
        out.textContent = shown.message;
        out.hidden = false;
        if (shown.index !== undefined) input.setSelectionRange(shown.index, shown.index + 1);
      }
    };
    input.onblur = () => setTimeout(() => box.isConnected && !box.contains(document.activeElement) && box.remove(), 200);
  }

  async openEditor(kind) {
    const row = this.row;
    if (!row || this.locked()) return;
    const full = this.full(row);
    // The current text first: the form is shown once it is in the box.
    let start = "";
    if (kind === "replace" && (row.size ?? 0) <= PREVIEW_LIMIT) {
      start = await this.rpc.call("text", { path: full, form: "text" }).catch(() => "");
    }
    if (this.row !== row) return;
    this.mode = { kind, key: full.join("/"), full, row };
    $("editor-error").hidden = true;
    $("key-label").hidden = !(kind === "add" && row.type === "Dictionary");
    $("editor-label").textContent = kind === "replace" ? `Replace ${row.label} with (the engine's text form; Ctrl+Enter applies)` : row.type === "Dictionary" ? "Value of the new entry (text form)" : "New last element (text form)";
    $("editor-key").value = "";
    const text = $("editor-text");
    text.value = start;
    $("editor").hidden = false;
    (kind === "add" && row.type === "Dictionary" ? $("editor-key") : text).focus();
  }

  closeEditor(focusTree = false) {
    this.mode = null;
    $("editor").hidden = true;
    if (focusTree) this.tree.scroller.focus({ preventScroll: true });
  }

  async submit() {
    if (!this.mode) return;
    const { kind, full } = this.mode;
    const text = $("editor-text").value;
    const out = $("editor-error");
    try {
      await this.apply({ path: full, op: kind, text, key: $("editor-key").value });
      this.closeEditor(true);
    } catch (e) {
      const target = kind === "add" && e.code === "ERR_SYNTAX" && e.message.includes("(key)") ? $("editor-key") : $("editor-text");
      const shown = syntaxError(target.value, e);
      out.textContent = shown.message;
      out.hidden = false;
      if (shown.index !== undefined) {
        target.focus();
        target.setSelectionRange(shown.index, shown.index + 1);
      }
    }
  }

  async remove(row) {
    if (!row || row.more || row.path.length === 0 || this.locked()) return;
    const full = this.full(row);
    try {
      this.clearError();
      await this.apply({ path: full, op: "delete" });
    } catch (e) {
      this.showError(e, `Cannot delete ${row.label}: `);
    }
  }

  async plot() {
    if (!this.row?.plottable) return;
    try {
      const data = await this.rpc.call("points", { path: this.full(this.row) });
      plot($("scatter"), $("plot-axes"), data);
      this.plotted = this.full(this.row).join("/");
    } catch (e) {
      this.showError(e, "Cannot plot: ");
    }
  }
}
