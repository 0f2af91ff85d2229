import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { SETTINGS } from "../src/config/schema.js";
import { ERROR_CODES } from "../src/lib/errors.js";
import { providerSettingDocs } from "../src/providers/registry.js";

const ROOT = resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const readme = read("README.md");
const DOCS = readdirSync(join(ROOT, "docs"))
  .filter((f) => f.endsWith(".md"))
  .sort()
  .map((f) => `docs/${f}`);
/** The README is a front door: at most 15 KB. */
const README_MAX_BYTES = 15 * 1024;

/** The text outside fenced code blocks (their lines blanked, so line numbers stay). */
const prose = (markdown: string) => markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, (block) => block.replace(/[^\n]/g, ""));

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2, ... */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = m[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*]/g, "");
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Relative link targets of a markdown file: [text](target), ![alt](target) and <img src="target">. */
function linksOf(markdown: string): string[] {
  const text = prose(markdown).replace(/`[^`\n]*`/g, "");
  const targets = [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g), ...text.matchAll(/<img\s[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

describe("README", () => {
  it("gives the two commands, and CI runs the test one", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm install && npm test");
    expect(read(".ci/run")).toContain("npm test");
  });

  it(`is a front door of at most ${README_MAX_BYTES} bytes`, () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it("links to every page of docs/", () => {
    for (const page of DOCS) expect(readme, page).toContain(`](${page})`);
  });
});

describe("docs/", () => {
  it("documents every setting with its default on the configuration page", () => {
    const page = read("docs/configuration.md");
    for (const s of [...Object.values(SETTINGS), ...providerSettingDocs()]) {
      const shown = s.default === "" ? "(empty)" : `\`${s.default}\``;
      expect(page, s.env).toContain(`| \`${s.env}\` | ${shown} |`);
    }
  });

  it("documents every error code with its status on the API page", () => {
    const page = read("docs/api.md");
    for (const [code, status] of Object.entries(ERROR_CODES)) expect(page, code).toContain(`| ${status} | \`${code}\` |`);
  });

  it.each(DOCS)("%s starts with a sentence saying what it is for", (page) => {
    // The title, then a paragraph of prose whose first sentence says what the page is for.
    const [title, first] = read(page).split(/\n\s*\n/);
    expect(title, page).toMatch(/^# \S/);
    expect(first, page).toMatch(/^(This page|This document|This guide)\b[^.]*\bfor\b/);
  });
});

describe("relative links", () => {
  const files = ["README.md", ...DOCS];
  const cases = files.flatMap((file) => linksOf(read(file)).map((target) => [file, target] as const));

  it("are there to check", () => {
    expect(cases.length).toBeGreaterThan(20);
  });

  it.each(cases)("%s: %s resolves", (file, target) => {
    const [path, anchor] = target.split("#", 2);
    const dest = path === "" ? join(ROOT, file) : resolve(ROOT, dirname(file), decodeURI(path));
    expect(relative(ROOT, dest).startsWith(".."), `${target} leaves the repository`).toBe(false);
    expect(existsSync(dest), `${file} links to ${target}: no such file`).toBe(true);
    if (anchor !== undefined && dest.endsWith(".md") && statSync(dest).isFile()) {
      const anchors = anchorsOf(readFileSync(dest, "utf8"));
      expect([...anchors], `${file} links to ${target}: no heading with that anchor`).toContain(anchor);
    }
  });
});
