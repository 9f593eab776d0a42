// The tree: one row per node (key or index, type, count, offset, size, value), expanded
// lazily and virtualised: only the rows in view exist in the page, placed absolutely in a
// tall spacer, and their data is asked of the Worker in slices of 64. Nodes are named by
// index paths ([frame, child, child, …]); the expansion state is a small tree of the open
// nodes, so a row number maps to its node in O(open nodes).

const CHUNK = 64;
/** Packed arrays show this many elements, then "… N more". */
export const FIRST = 100;
/** The tallest spacer the page makes; taller trees scroll proportionally. */
const MAX_HEIGHT = 8_000_000;

const fmt = (n) => (n === undefined || n === null ? "" : Number(n).toLocaleString("en-US"));

/** What says a row is the same node after an edit: its key (an index says nothing), its type. */
const sig = (row) => `${row.keyKind === "array" ? "" : row.label}:${row.type}`;

function opened(n, packed, count) {
  const node = { n, open: [], vis: n, packed, count, all: false };
  if (packed && count > FIRST) node.n = node.vis = FIRST + 1;
  return node;
}

export class Tree {
  constructor(scroller, { rpc, onSelect, onEnter, onDelete, onRequest }) {
    this.scroller = scroller;
    this.rpc = rpc;
    this.onSelect = onSelect;
    this.onEnter = onEnter;
    this.onDelete = onDelete;
    this.onRequest = onRequest;
    this.spacer = scroller.appendChild(Object.assign(document.createElement("div"), { className: "spacer" }));
    this.layer = scroller.appendChild(Object.assign(document.createElement("div"), { className: "rows" }));
    this.root = opened(0, false, 0);
    this.data = new Map();
    this.loading = new Set();
    this.selected = null;
    this.gen = -1;
    this.pool = [];
    this.frame = 0;
    /** Search hits to mark: `frame:offset`. */
    this.marks = new Set();
    scroller.addEventListener("scroll", () => this.schedule());
    scroller.addEventListener("keydown", (e) => this.key(e));
    scroller.addEventListener("click", (e) => this.click(e));
    scroller.addEventListener("dblclick", (e) => {
      const row = e.target.closest(".row");
      if (row) this.onEnter?.(this.rowData(this.rowAt(Number(row.dataset.row))));
    });
    new ResizeObserver(() => this.measure()).observe(scroller);
    this.measure();
  }

  measure() {
    const probe = this.layer.appendChild(Object.assign(document.createElement("div"), { className: "row", textContent: "x" }));
    this.rowHeight = probe.getBoundingClientRect().height || 24;
    probe.remove();
    this.schedule();
  }

  /** A new document: the frames at the top, the first one open when it is alone. */
  async reset(summary) {
    this.gen = summary.gen;
    this.data.clear();
    this.root = opened(summary.frames, false, summary.frames);
    this.selected = summary.frames ? [0] : null;
    this.scroller.scrollTop = 0;
    // The first rows with their data before the tree is drawn.
    if (summary.frames) {
      const [row] = await this.fetch([], 0);
      if (summary.frames === 1 && row && !row.leaf) {
        this.setOpen([0], row);
        await this.fetch([0], 0);
      }
    }
    this.render();
  }

  /** The same document after an edit, undo or redo: open nodes stay open where they still are. */
  async refresh(summary) {
    this.gen = summary.gen;
    // The old rows stay on screen until the new ones in view have arrived: no flicker.
    this.stale = this.data;
    this.data = new Map();
    this.root.n = summary.frames;
    const walk = async (node, path) => {
      const kept = [];
      for (const o of node.open) {
        if (o.i >= node.n) continue;
        const row = (await this.fetch(path, o.i))[o.i % CHUNK];
        // Still the same node (an undone delete moves its siblings back)?
        if (!row || row.leaf || sig(row) !== o.label) continue;
        const fresh = opened(row.count, row.packed, row.count);
        fresh.all = o.node.all;
        if (fresh.all) fresh.n = row.count;
        fresh.open = o.node.open;
        await walk(fresh, [...path, o.i]);
        kept.push({ i: o.i, label: o.label, node: fresh });
      }
      node.open = kept;
    };
    await walk(this.root, []);
    this.recount();
    if (this.selected && this.indexOf(this.selected) < 0) this.selected = this.selected.length > 1 ? this.selected.slice(0, -1) : [0];
    const { first, count } = this.visible();
    const wanted = [];
    for (let r = first; r < first + count; r++) {
      const at = this.rowAt(r);
      if (!(at.parent?.packed && !at.parent.all && at.i === FIRST)) wanted.push(this.fetch(at.path, at.i));
    }
    await Promise.all(wanted);
    this.stale = null;
    this.select(this.selected);
  }

  /** The rows in view: the first one's number and how many. */
  visible() {
    const { view, scale } = this.geometry();
    const first = Math.max(0, Math.floor((this.scroller.scrollTop * scale) / this.rowHeight));
    return { first, count: Math.max(0, Math.min(this.root.vis - first, Math.ceil(view / this.rowHeight) + 2)) };
  }

  /** Child `i` of the node at `path` was deleted: later siblings move up. */
  removed(path) {
    const node = this.nodeAt(path.slice(0, -1));
    const i = path[path.length - 1];
    if (!node) return;
    node.open = node.open.filter((o) => o.i !== i).map((o) => (o.i > i ? { ...o, i: o.i - 1 } : o));
    node.n = Math.max(0, node.n - 1);
  }

  recount(node = this.root) {
    node.vis = node.n + node.open.reduce((s, o) => s + this.recount(o.node), 0);
    return node.vis;
  }

  nodeAt(path) {
    let node = this.root;
    for (const k of path) {
      node = node.open.find((o) => o.i === k)?.node;
      if (!node) return null;
    }
    return node;
  }

  /** Row number `r` → `{path (of the parent), i, depth, parent}`. */
  rowAt(r) {
    let node = this.root;
    const path = [];
    for (;;) {
      let base = 0;
      let prev = 0;
      let found = null;
      for (const o of node.open) {
        if (r < base + (o.i - prev)) break;
        base += o.i - prev;
        if (r === base) return { path, i: o.i, depth: path.length, parent: node };
        base += 1;
        if (r < base + o.node.vis) {
          found = o;
          r -= base;
          break;
        }
        base += o.node.vis;
        prev = o.i + 1;
      }
      if (!found) return { path, i: prev + (r - base), depth: path.length, parent: node };
      path.push(found.i);
      node = found.node;
    }
  }

  /** The row number of the node at a full index path (-1 when it is hidden). */
  indexOf(full) {
    let r = 0;
    let node = this.root;
    for (let d = 0; d < full.length; d++) {
      const k = full[d];
      if (k >= node.n) return -1;
      r += k;
      for (const o of node.open) if (o.i < k) r += o.node.vis;
      if (d === full.length - 1) return r;
      const o = node.open.find((x) => x.i === k);
      if (!o) return -1;
      r += 1;
      node = o.node;
    }
    return -1;
  }

  setOpen(full, row) {
    const parent = this.nodeAt(full.slice(0, -1));
    const i = full[full.length - 1];
    if (!parent || parent.open.some((o) => o.i === i)) return;
    parent.open.push({ i, label: sig(row), node: opened(row.count, row.packed, row.count) });
    parent.open.sort((a, b) => a.i - b.i);
    this.recount();
  }

  setClosed(full) {
    const parent = this.nodeAt(full.slice(0, -1));
    if (!parent) return;
    parent.open = parent.open.filter((o) => o.i !== full[full.length - 1]);
    this.recount();
  }

  isOpen(full) {
    return this.nodeAt(full) !== null;
  }

  /** Shows every element of an open packed array (after "… N more"). */
  showAll(parentPath) {
    const node = this.nodeAt(parentPath);
    if (!node || node.all) return;
    node.all = true;
    node.n = node.count;
    this.recount();
    this.render();
  }

  /** The rows of a slice (asked of the Worker once; the promise gives the chunk). */
  async fetch(path, i) {
    const chunk = Math.floor(i / CHUNK);
    const key = `${path.join("/")}#${chunk}`;
    if (this.data.has(key)) return this.data.get(key);
    const gen = this.gen;
    const p = this.rpc.call("rows", { path, from: chunk * CHUNK, to: (chunk + 1) * CHUNK }).then((r) => {
      if (r.gen !== this.gen || gen !== this.gen) return [];
      this.data.set(key, r.rows);
      this.loading.delete(key);
      return r.rows;
    });
    this.data.set(key, p);
    this.loading.add(key);
    return p;
  }

  /** A row's data, when it has arrived (`null` while it is on its way; the "… N more" row is made here). */
  rowData({ path, i, parent }) {
    if (parent?.packed && !parent.all && i === FIRST) {
      return { more: true, i, path, label: `… ${fmt(parent.count - FIRST)} more`, type: "", value: "show all" };
    }
    const key = `${path.join("/")}#${Math.floor(i / CHUNK)}`;
    let chunk = this.data.get(key);
    if (!Array.isArray(chunk)) {
      if (!chunk) this.fetch(path, i).then(() => this.schedule());
      chunk = this.stale?.get(key);
      if (!Array.isArray(chunk)) return null;
    }
    const row = chunk[i % CHUNK];
    return row ? { ...row, path } : null;
  }

  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  geometry() {
    const total = this.root.vis * this.rowHeight;
    const view = this.scroller.clientHeight;
    const height = Math.min(total, MAX_HEIGHT);
    const scale = height > view && total > view ? (total - view) / (height - view) : 1;
    return { total, height, view, scale };
  }

  render() {
    const { height, scale } = this.geometry();
    this.spacer.style.height = `${height}px`;
    const top = this.scroller.scrollTop;
    const virtualTop = top * scale;
    const { first, count } = this.visible();
    const selectedRow = this.selected ? this.indexOf(this.selected) : -1;
    while (this.pool.length < count) this.pool.push(this.layer.appendChild(this.makeRow()));
    let active = "";
    for (let k = 0; k < this.pool.length; k++) {
      const el = this.pool[k];
      if (k >= count) {
        el.hidden = true;
        continue;
      }
      const r = first + k;
      const at = this.rowAt(r);
      const data = this.rowData(at);
      el.hidden = false;
      el.style.transform = `translateY(${top + r * this.rowHeight - virtualTop}px)`;
      this.fill(el, r, at, data, r === selectedRow);
      if (r === selectedRow) active = el.id;
    }
    if (active) this.scroller.setAttribute("aria-activedescendant", active);
    else this.scroller.removeAttribute("aria-activedescendant");
    this.scroller.dataset.rows = String(this.root.vis);
  }

  makeRow() {
    const el = document.createElement("div");
    el.className = "row";
    el.setAttribute("role", "treeitem");
    el.innerHTML = '<span class="k"><span class="tw" aria-hidden="true"></span><span class="kl"></span></span><span class="t"></span><span class="c"></span><span class="o"></span><span class="s"></span><span class="v"><span class="sw" aria-hidden="true"></span><span class="vt"></span></span>';
    return el;
  }

  fill(el, r, at, data, selected) {
    const full = [...at.path, at.i];
    el.id = `row-${r}`;
    el.dataset.row = String(r);
    el.dataset.path = full.join("/");
    el.classList.toggle("selected", selected);
    el.setAttribute("aria-selected", String(selected));
    el.setAttribute("aria-level", String(at.depth + 1));
    el.setAttribute("aria-posinset", String(at.i + 1));
    el.setAttribute("aria-setsize", String(at.parent.count || at.parent.n));
    const [k, tw, kl, t, c, o, s, v, sw, vt] = [el.children[0], el.querySelector(".tw"), el.querySelector(".kl"), el.children[1], el.children[2], el.children[3], el.children[4], el.children[5], el.querySelector(".sw"), el.querySelector(".vt")];
    k.style.paddingInlineStart = `${at.depth * 1.1 + 0.2}em`;
    if (!data) {
      el.classList.add("loading");
      kl.textContent = "…";
      for (const x of [t, c, o, s, vt]) x.textContent = "";
      tw.textContent = "";
      sw.hidden = true;
      el.removeAttribute("aria-expanded");
      return;
    }
    el.classList.remove("loading");
    el.classList.toggle("hit", data.offset !== undefined && this.marks.has(`${full[0]}:${data.offset}`));
    el.classList.toggle("more", Boolean(data.more));
    const expandable = !data.leaf && !data.more;
    const open = expandable && this.isOpen(full);
    tw.textContent = expandable ? (open ? "▾" : "▸") : "";
    if (expandable) el.setAttribute("aria-expanded", String(open));
    else el.removeAttribute("aria-expanded");
    kl.textContent = data.label;
    t.textContent = data.type;
    c.textContent = data.count === undefined || data.type === "String" ? "" : fmt(data.count);
    o.textContent = fmt(data.offset);
    s.textContent = fmt(data.size);
    vt.textContent = data.value;
    el.title = data.more ? "Enter or click: show every element" : `${data.label}: ${data.type}`;
    sw.hidden = !data.color;
    if (data.color) {
      const [R, G, B, A] = data.color.map((x) => Math.max(0, Math.min(1, x)));
      sw.style.background = `rgba(${Math.round(R * 255)}, ${Math.round(G * 255)}, ${Math.round(B * 255)}, ${A})`;
    }
  }

  /** Selects the node at a full index path, scrolls it into view and tells the page. */
  select(full, { focus = false } = {}) {
    if (!full) return;
    this.selected = full;
    const r = this.indexOf(full);
    if (r >= 0) this.scrollTo(r);
    this.render();
    if (focus) this.scroller.focus({ preventScroll: true });
    const at = r >= 0 ? this.rowAt(r) : null;
    const data = at && this.rowData(at);
    if (data) this.onSelect?.(data);
    else if (at) this.fetch(at.path, at.i).then(() => this.selected === full && this.onSelect?.(this.rowData(at)));
  }

  scrollTo(r) {
    const { view, scale } = this.geometry();
    const y = r * this.rowHeight;
    const virtualTop = this.scroller.scrollTop * scale;
    let want = virtualTop;
    if (y < virtualTop) want = y;
    else if (y + this.rowHeight > virtualTop + view) want = y + this.rowHeight - view;
    if (want !== virtualTop) this.scroller.scrollTop = want / scale;
  }

  /** Opens every node above `full`, then selects it. */
  async reveal(full) {
    for (let d = 1; d < full.length; d++) {
      const prefix = full.slice(0, d);
      if (!this.isOpen(prefix)) {
        const rows = await this.fetch(prefix.slice(0, -1), prefix[d - 1]);
        const row = rows[prefix[d - 1] % CHUNK];
        if (!row || row.leaf) return;
        this.setOpen(prefix, row);
      }
      const node = this.nodeAt(prefix);
      if (node.packed && full[d] >= FIRST && !node.all) this.showAll(prefix);
    }
    this.select(full, { focus: true });
  }

  async toggle(full, data) {
    if (!data || data.leaf) return;
    if (this.isOpen(full)) this.setClosed(full);
    else this.setOpen(full, data);
    this.render();
  }

  click(e) {
    const el = e.target.closest(".row");
    if (!el) return;
    const at = this.rowAt(Number(el.dataset.row));
    const data = this.rowData(at);
    const full = [...at.path, at.i];
    if (data?.more) return this.showAll(at.path);
    if (e.target.closest(".tw")) this.toggle(full, data);
    this.select(full, { focus: true });
  }

  key(e) {
    if (e.target !== this.scroller || !this.selected) return;
    const r = this.indexOf(this.selected);
    const at = r >= 0 ? this.rowAt(r) : null;
    const data = at && this.rowData(at);
    const page = Math.max(1, Math.floor(this.scroller.clientHeight / this.rowHeight) - 1);
    const go = (n) => this.select([...this.rowAt(Math.max(0, Math.min(this.root.vis - 1, n))).path, this.rowAt(Math.max(0, Math.min(this.root.vis - 1, n))).i]);
    const handled = {
      ArrowDown: () => go(r + 1),
      ArrowUp: () => go(r - 1),
      PageDown: () => go(r + page),
      PageUp: () => go(r - page),
      Home: () => go(0),
      End: () => go(this.root.vis - 1),
      ArrowRight: () => {
        if (data && !data.leaf && !data.more && !this.isOpen(this.selected)) this.toggle(this.selected, data);
        else if (this.isOpen(this.selected)) go(r + 1);
      },
      ArrowLeft: () => {
        if (this.isOpen(this.selected)) this.toggle(this.selected, data);
        else if (this.selected.length > 1) this.select(this.selected.slice(0, -1));
      },
      Enter: () => (data?.more ? this.showAll(at.path) : this.onEnter?.(data)),
      Delete: () => data && !data.more && this.onDelete?.(data),
    }[e.key];
    if (!handled || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    handled();
  }

  /** Marks the rows of search hits (`[{frame, offset}]`). */
  mark(hits) {
    this.marks = new Set(hits.filter((h) => h.type !== "element").map((h) => `${h.frame}:${h.offset}`));
    this.schedule();
  }

  /** The element of a rendered row, if it is in view. */
  rowElement(full) {
    return this.layer.querySelector(`.row[data-path="${full.join("/")}"]:not([hidden])`);
  }
}
