// A scatter plot of a PackedVector2Array or PackedVector3Array (and their integer kinds):
// every point drawn into one ImageData (a million points in a few milliseconds); a
// Vector3 array is shown on two of its axes, chosen with the buttons above it.

const AXES = ["x", "y", "z"];

export function plot(canvas, controls, { points, components, type }) {
  canvas.hidden = false;
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
  for (let i = 0; i < count; i++) {
    const x = points[i * n + a];
    const y = points[i * n + b];
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const px = Math.round(pad + (x - minA) * sx);
    const py = Math.round(h - pad - (y - minB) * sy);
    const o = (py * w + px) * 4;
    image.data[o] = r;
    image.data[o + 1] = g;
    image.data[o + 2] = bl;
    image.data[o + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
  ctx.fillStyle = style.color;
  ctx.font = "12px system-ui, sans-serif";
  ctx.fillText(`${type}: ${count.toLocaleString("en-US")} points, ${AXES[a]} ${fmt(minA)} … ${fmt(maxA)}`, 6, 14);
  ctx.fillText(`${AXES[b]} ${fmt(minB)} … ${fmt(maxB)}`, 6, h - 8);
  canvas.dataset.points = String(count);
  canvas.setAttribute("aria-label", `Scatter plot of ${count} points on ${AXES[a]} and ${AXES[b]}`);
}

const fmt = (x) => (Number.isFinite(x) ? Number(x.toPrecision(4)).toString() : "–");
