// Find: keys, string values and paths (`player/inventory/3`), searched by the crate in the
// Worker (one walk); Enter (or ↓) jumps to the next hit, Shift+Enter (or ↑) to the one
// before, opening the nodes above it.

const $ = (id) => document.getElementById(id);

export class Search {
  constructor({ rpc, tree, showError }) {
    Object.assign(this, { rpc, tree, showError });
    this.input = $("search");
    this.hits = [];
    this.at = -1;
    this.query = null;
    this.timer = 0;
    this.input.addEventListener("input", () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.run(), 400);
    });
    this.input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        this.step(e.shiftKey ? -1 : 1);
      } else if (e.key === "Escape") {
        this.tree.scroller.focus();
      }
    });
    $("next").onclick = () => this.step(1);
    $("prev").onclick = () => this.step(-1);
  }

  /** A new file: the search box starts empty (the last file's text found nothing here). */
  enable(summary) {
    this.input.disabled = false;
    this.input.value = "";
    this.frames = summary?.frames ?? 1;
    this.stale();
  }

  /** The document changed: hits are searched again on the next step. */
  stale() {
    this.query = null;
    this.hits = [];
    this.at = -1;
    this.tree.mark([]);
    $("hits").textContent = "";
    $("next").disabled = $("prev").disabled = !this.input.value;
  }

  async run() {
    const needle = this.input.value.trim();
    clearTimeout(this.timer);
    if (needle === this.query) return;
    this.query = needle;
    this.hits = [];
    this.at = -1;
    $("next").disabled = $("prev").disabled = !needle;
    this.tree.mark([]);
    if (!needle) return void ($("hits").textContent = "");
    $("hits").textContent = "searching…";
    try {
      const r = await this.rpc.call("search", { needle, limit: 1000 });
      if (this.query !== needle) return;
      this.hits = r.hits;
      this.more = r.more;
      this.tree.mark(r.hits);
      $("hits").textContent = r.hits.length ? `${r.hits.length}${r.more ? "+" : ""} hits` : "no hits";
    } catch (e) {
      this.showError(e, "Search: ");
    }
  }

  async step(d) {
    if (this.input.value.trim() !== this.query) await this.run();
    if (!this.hits.length) return;
    this.at = (this.at + d + this.hits.length) % this.hits.length;
    const h = this.hits[this.at];
    // In a file of several frames, the frame's number first, as paths are written there.
    const where = this.frames > 1 ? `#${h.frame}${h.path === "/" ? "" : h.path}` : h.path;
    $("hits").textContent = `${this.at + 1} of ${this.hits.length}${this.more ? "+" : ""}: ${where} (${h.match})`;
    try {
      const path = await this.rpc.call("locate", { frame: h.frame, offset: h.offset, index: h.index });
      const typing = document.activeElement === this.input;
      await this.tree.reveal(path);
      // Back to the box for the next Enter, unless focus moved on meanwhile.
      if (typing) this.input.focus();
    } catch (e) {
      this.showError(e, "Cannot show the hit: ");
    }
  }
}
