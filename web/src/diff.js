// Compare: the crate's structural diff of the open file and a second one (or of the file
// as it was opened and as it is edited), one line per change; a change's path jumps to
// its place in the tree.

const $ = (id) => document.getElementById(id);

export function showDiff({ changes, a, b }, { rpc, tree }) {
  const box = $("diff");
  const list = $("diff-list");
  box.hidden = false;
  $("diff-title").textContent = changes.length
    ? `${changes.length}${changes.length >= 1000 ? "+" : ""} difference${changes.length === 1 ? "" : "s"}: ${a} → ${b}`
    : `No differences: ${a} and ${b} hold the same values`;
  list.replaceChildren();
  for (const c of changes) {
    const li = document.createElement("li");
    li.className = `change ${c.kind}`;
    const jump = document.createElement("button");
    jump.className = "link";
    jump.textContent = c.path;
    jump.title = c.kind === "added" ? "Show the place it was added to" : "Show it in the tree";
    jump.onclick = async () => {
      try {
        let path;
        if (c.old && c.old.offset !== undefined) {
          path = await rpc.call("locate", { frame: c.frame, offset: c.old.offset, index: c.old.index });
        } else {
          const inner = c.path.replace(/^#\d+/, "").replace(/\/[^/]*$/, "");
          path = await rpc.call("locatePath", { frame: c.frame, path: inner });
        }
        await tree.reveal(path);
      } catch {
        /* the place is not in this file (any more) */
      }
    };
    const kind = Object.assign(document.createElement("span"), { className: "kind", textContent: c.kind });
    li.append(kind, " ", jump);
    const sides = document.createElement("div");
    sides.className = "sides";
    if (c.old) sides.append(Object.assign(document.createElement("code"), { className: "old", textContent: `${c.old.type}: ${c.old.text}` }));
    if (c.old && c.new) sides.append(" → ");
    if (c.new) sides.append(Object.assign(document.createElement("code"), { className: "new", textContent: `${c.new.type}: ${c.new.text}` }));
    li.append(sides);
    list.append(li);
  }
  box.scrollIntoView({ block: "nearest" });
}
