/**
 * The Chromium the browser tests drive, found wherever `npm install` works: the one
 * CHROMIUM_PATH names; else a system Chromium or Chrome at its usual place; else the
 * Chromium that @sparticuz/chromium ships inside its npm package (Linux x64 and arm64,
 * unpacked into the temp dir on first use, ~3 s), so no apt and no download are needed.
 */
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";

const SYSTEM_BROWSERS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

/**
 * Flags for a headless run on a closed network: without the background-networking
 * ones Chromium keeps trying (and failing) to reach Google's hosts.
 */
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface FoundBrowser {
  executablePath: string;
  /** Where it came from, for the test's log: "CHROMIUM_PATH", "system" or "npm (@sparticuz/chromium)". */
  origin: string;
  env?: Record<string, string>;
}

export async function findChromium(env: NodeJS.ProcessEnv = process.env): Promise<FoundBrowser> {
  const named = env.CHROMIUM_PATH?.trim();
  if (named) {
    if (!existsSync(named)) throw new Error(`CHROMIUM_PATH=${named}: no such file`);
    return { executablePath: named, origin: "CHROMIUM_PATH" };
  }
  const system = SYSTEM_BROWSERS.find((p) => existsSync(p));
  if (system !== undefined) return { executablePath: system, origin: "system" };
  if (process.platform !== "linux" || (process.arch !== "x64" && process.arch !== "arm64")) {
    throw new Error(
      `no Chromium found (looked at ${SYSTEM_BROWSERS.join(", ")}) and @sparticuz/chromium has none for ${process.platform}-${process.arch}: ` +
        "install Chrome or Chromium, or name one with CHROMIUM_PATH",
    );
  }
  const { default: packaged } = await import("@sparticuz/chromium");
  const executablePath = await packaged.executablePath();
  // Its fonts are unpacked beside it; a machine without fontconfig's own would draw no text.
  const fonts = join(tmpdir(), "fonts");
  const fontEnv = !existsSync("/etc/fonts/fonts.conf") && existsSync(fonts) ? { FONTCONFIG_PATH: fonts } : undefined;
  return { executablePath, origin: "npm (@sparticuz/chromium)", env: fontEnv };
}

export async function launchChromium(): Promise<{ browser: Browser; found: FoundBrowser }> {
  const found = await findChromium();
  const env = found.env ? { ...process.env, ...found.env } : undefined;
  const browser = await chromium.launch({ executablePath: found.executablePath, headless: true, args: ARGS, env });
  return { browser, found };
}
