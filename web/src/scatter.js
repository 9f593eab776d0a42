// A scatter plot of a PackedVector2Array or PackedVector3Array (and their integer kinds):
// every point drawn into one ImageData (a million points in a few milliseconds); a
// Vector3 array is shown on two of its axes, chosen with the buttons above it.

const AXES = ["x", "y", "z"];

export function plot(canvas, controls, { points, components, type }) {
  canvas.hidden = false;
  canvas.closest("aside")?.classList.add("plotting");
  controls.hidden = components < 3;
  let pair = [0, 1];
  const draw = () => render(canvas, points, components, pair, type);
  controls.replaceChildren();
  if (components >= 3) {
    controls.append("Axes: ");
    for (const p of [[0, 1], [0, 2], [2, 1]]) {
      const b = document.createElement("button");
      b.textContent = `${AXES[p[0]]}, ${AXES[p[1]]}`;
      b.setAttribute("aria-pressed", String(p[0] === pair[0] && p[1] === pair[1]));
      b.onclick = () => {
        pair = p;
        for (const x of controls.querySelectorAll("button")) x.setAttribute("aria-pressed", String(x === b));
        draw();
      };
      controls.append(b);
    }
  }
  draw();
  fit(canvas);
}

/**
 * Keeps the plot inside its panel: when the panel has a fixed height (the wide layout),
 * the canvas is made as tall as the room left under what comes before it, its width
 * following (the drawing keeps its proportions), and scrolled into view.
 */
export function fit(canvas) {
  const aside = canvas.closest("aside");
  if (!aside || canvas.hidden) return;
  canvas.style.height = "";
  canvas.style.width = "";
  // The bottom of the panel's content box, on screen; the canvas's top, on screen.
  const inner = aside.getBoundingClientRect().top + aside.clientTop + aside.clientHeight - parseFloat(getComputedStyle(aside).paddingBottom);
  const room = Math.floor(inner - canvas.getBoundingClientRect().top - 2);
  const natural = canvas.getBoundingClientRect().height;
  if (room < natural && room >= 120) {
    canvas.style.height = `${room}px`;
    canvas.style.width = "auto";
  }
  canvas.scrollIntoView({ block: "nearest" });
}

function render(canvas, points, n, [a, b], type) {
  const ctx = canvas.getContext("2d");
  const style = getComputedStyle(canvas);
  const w = canvas.width;
  const h = canvas.height;
  const count = Math.floor(points.length / n);
  let [minA, maxA, minB, maxB] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let i = 0; i < count; i++) {
    const x = points[i * n + a];
    const y = points[i * n + b];
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (x < minA) minA = x;
    if (x > maxA) maxA = x;
    if (y < minB) minB = y;
    if (y > maxB) maxB = y;
  }
  ctx.fillStyle = style.getPropertyValue("--plot-bg").trim() || "#fff";
  ctx.fillRect(0, 0, w, h);
  const pad = 28;
  const sx = (w - 2 * pad) / (maxA - minA || 1);
  const sy = (h - 2 * pad) / (maxB - minB || 1);
  const image = ctx.getImageData(0, 0, w, h);
  const [r, g, bl] = (style.getPropertyValue("--plot-fg").trim() || "30,100,200").split(",").map(Number);
  // Dots of a few pixels, opaque: single pixels vanish when the canvas is scaled down to
  // its panel. Fewer points get bigger dots.
  const dot = count <= 5_000 ? 4 : count <= 100_000 ? 3 : 2;
  const data = image.data;
  for (let i = 0; i < count; i++) {
    const x = points[i * n + a];
    const y = points[i * n + b];
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const px = Math.round(pad + (x - minA) * sx) - (dot >> 1);
    const py = Math.round(h - pad - (y - minB) * sy) - (dot >> 1);
    for (let dy = 0; dy < dot; dy++) {
      const row = py + dy;
      if (row < 0 || row >= h) continue;
      for (let dx = 0; dx < dot; dx++) {
        const col = px + dx;
        if (col < 0 || col >= w) continue;
        const o = (row * w + col) * 4;
        data[o] = r;
        data[o + 1] = g;
        data[o + 2] = bl;
        data[o + 3] = 255;
      }
    }
  }
  ctx.putImageData(image, 0, 0);
  ctx.fillStyle = style.color;
  ctx.font = "12px system-ui, sans-serif";
  ctx.fillText(`${type}: ${count.toLocaleString("en-US")} points, ${AXES[a]} ${fmt(minA)} … ${fmt(maxA)}`, 6, 14);
  ctx.fillText(`${AXES[b]} ${fmt(minB)} … ${fmt(maxB)}`, 6, h - 8);
  canvas.dataset.points = String(count);
  canvas.dataset.dot = String(dot);
  canvas.setAttribute("aria-label", `Scatter plot of ${count} points on ${AXES[a]} and ${AXES[b]}`);
}

const fmt = (x) => (Number.isFinite(x) ? Number(x.toPrecision(4)).toString() : "–");
