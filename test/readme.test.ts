import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SETTINGS } from "../src/config/schema.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

describe("README", () => {
  it("documents every setting with its default", () => {
    for (const s of Object.values(SETTINGS)) {
      const shown = s.default === "" ? "(empty)" : `\`${s.default}\``;
      expect(readme, s.env).toContain(`| \`${s.env}\` | ${shown} |`);
    }
  });

  it("gives the two commands, and CI runs the test one", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm install && npm test");
    expect(readFileSync(new URL("../.ci/run", import.meta.url), "utf8")).toContain("npm test");
  });
});
