/**
 * A sidecar is created as any program's new file, 0666 less the umask: the container's
 * UMASK (container/entry.sh) then decides whether the files it writes into a shared library
 * are group-writable. Forks pool: process.umask() can be set in a child process.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { writeAtomically } from "../../../src/library/sidecars/files.js";

const dirs: string[] = [];
let saved: number | null = null;

afterEach(() => {
  if (saved !== null) process.umask(saved);
  saved = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it.each([
  { umask: "002", mode: "664" },
  { umask: "022", mode: "644" },
  { umask: "077", mode: "600" },
])("under umask $umask a sidecar gets mode $mode", ({ umask, mode }) => {
  const dir = mkdtempSync(join(tmpdir(), "vc-mode-"));
  dirs.push(dir);
  saved = process.umask(Number.parseInt(umask, 8));
  writeAtomically(join(dir, "ABP-123.nfo"), "<movie/>");
  expect((statSync(join(dir, "ABP-123.nfo")).mode & 0o777).toString(8)).toBe(mode);
});
