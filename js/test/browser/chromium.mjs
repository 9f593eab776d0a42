// Headless Chromium for the browser runs: Debian's `chromium` (or the one $CHROMIUM names),
// driven by playwright-core through its executablePath; Playwright downloads no browser.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

export const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** The Chromium to run: $CHROMIUM (a path or a command), else /usr/bin/chromium, else `chromium` on PATH. */
export function findChromium() {
  const wanted = process.env.CHROMIUM;
  if (wanted) return wanted.includes("/") ? (executable(wanted) ? wanted : null) : onPath(wanted);
  return executable("/usr/bin/chromium") ? "/usr/bin/chromium" : onPath("chromium");
}

/** Says loudly that there is no Chromium, and exits non-zero. */
export function exitWithoutChromium(what) {
  const named = process.env.CHROMIUM ? `$CHROMIUM (${process.env.CHROMIUM})` : "/usr/bin/chromium (or `chromium` on PATH)";
  console.error(
    [
      "",
      `ERROR: ${what} needs Chromium, and ${named} is not there.`,
      "Install Debian's package (apt-get install chromium), or set CHROMIUM to a Chromium executable.",
      "",
    ].join("\n"),
  );
  process.exit(2);
}

/** Launches headless Chromium; exits with a clear message when there is none. */
export async function launchChromium(what) {
  const executablePath = findChromium();
  if (!executablePath) exitWithoutChromium(what);
  let chromium;
  try {
    ({ chromium } = await import("playwright-core"));
  } catch (e) {
    console.error(`ERROR: ${what} needs the devDependency playwright-core (npm ci in js/): ${e.message}`);
    process.exit(2);
  }
  // Playwright gives every launch a fresh temporary profile (user-data-dir).
  const browser = await chromium.launch({ executablePath, headless: true, args: FLAGS, timeout: 120_000 });
  console.log(`${what}: ${executablePath}, Chromium ${browser.version()}`);
  return browser;
}

/**
 * Watches a page for what must fail a run: an uncaught error or unhandled rejection, a
 * console error, a failed or refused request, a crash. `problem(text)` is called for each;
 * other console output goes to `log(type, text)`.
 */
export function watchPage(page, problem, log = (type, text) => console.log(`  # console.${type}: ${text}`)) {
  page.on("pageerror", (error) => problem(`uncaught error in the page: ${error.stack || error.message || error}`));
  page.on("console", (message) => {
    const type = message.type();
    if (type === "error" || type === "assert") {
      const where = message.location();
      problem(`console.${type} in the page: ${message.text()}${where?.url ? ` (${where.url}:${where.lineNumber + 1})` : ""}`);
    } else {
      log(type, message.text());
    }
  });
  page.on("requestfailed", (request) => problem(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  page.on("response", (response) => {
    if (response.status() >= 400) problem(`HTTP ${response.status()} for ${response.url()}`);
  });
  page.on("crash", () => problem("the page crashed"));
}
