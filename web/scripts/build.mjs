// Builds web/dist: a folder of static files that serves as it is (GitHub Pages,
// `python3 -m http.server -d web/dist`). It copies the page (web/src) to dist/ and the
// gdvariant package (js/src and js/pkg) to dist/gdvariant/, where the page's Worker imports
// it by a relative URL. js/pkg is built first when it is missing (`npm run build` in js/).
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const web = dirname(dirname(fileURLToPath(import.meta.url)));
const js = join(dirname(web), "js");
const dist = join(web, "dist");

if (!existsSync(join(js, "pkg", "gdvariant_bg.wasm")) || !existsSync(join(js, "pkg", "gdvariant.js"))) {
  console.log("js/pkg is missing: building the package (npm run build in js/)");
  execFileSync("npm", ["run", "build"], { cwd: js, stdio: "inherit" });
}

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
cpSync(join(web, "src"), dist, { recursive: true });
cpSync(join(js, "src"), join(dist, "gdvariant", "src"), { recursive: true });
mkdirSync(join(dist, "gdvariant", "pkg"), { recursive: true });
for (const f of ["gdvariant.js", "gdvariant_bg.wasm"]) {
  cpSync(join(js, "pkg", f), join(dist, "gdvariant", "pkg", f));
}
// GitHub Pages runs Jekyll unless told not to; nothing here needs it.
cpSync(join(web, "scripts", "nojekyll"), join(dist, ".nojekyll"));

let total = 0;
const walk = (d) => readdirSync(d).forEach((f) => {
  const p = join(d, f);
  if (statSync(p).isDirectory()) walk(p);
  else total += statSync(p).size;
});
walk(dist);
console.log(`web/dist: ${Math.round(total / 1024)} KiB of static files; serve it with: python3 -m http.server -d web/dist`);
