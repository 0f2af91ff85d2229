/**
 * bench:watch's inbox and its stand-in Jellyfin: the names of an idle inbox (downloads whose
 * titles the catalog lacks, which the watcher keeps pending, and videos with no code, which
 * stay), the names of downloads it holds, and a server that answers Jellyfin's refresh call
 * as Jellyfin does and notes when each came.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Db, findByDvdId } from "../src/catalog/index.js";
import { PREFIXES } from "../src/samples/titles/codes.js";
import { SHAPES } from "./file-shapes.js";

/** Names with no code at all, as a phone, a screen recorder or a person names a video. */
const NO_CODE: Array<(i: number) => string> = [
  (i) => `VID_2024${String(101 + (i % 1200)).padStart(4, "0")}_${String(i).padStart(6, "0")}.mp4`,
  (i) => `Screen Recording ${i}.mov`,
  (i) => `holiday/clip ${i}.mp4`,
  (i) => `family dinner (${i}).mkv`,
];

/** The shapes of one file under its own name (no stack part, no folder of its own): what a rename from `.!qB` makes. */
export const LONE_SHAPES = SHAPES.filter((s) => !/[/]|-cd\d/.test(s("ABP-123", 0)));

/**
 * `files` relative paths: half named by codes of the catalog's own lines with numbers it does
 * not hold (titles not out yet: pending), half with no code (they stay). Checked against the
 * catalog, so that none would be placed.
 */
export function idleNames(db: Db, files: number): { pending: string[]; stays: string[] } {
  const pending: string[] = [];
  const stays: string[] = [];
  for (let k = 0; pending.length < Math.ceil(files / 2); k++) {
    const code = `${PREFIXES[k % PREFIXES.length].code}-${999 - Math.floor(k / PREFIXES.length)}`;
    if (findByDvdId(db, code).length > 0) continue;
    pending.push(SHAPES[k % SHAPES.length](code, k));
  }
  // The holiday folder is one unit of many files: a folder per 50 of them, as a camera's days.
  for (let i = 0; stays.length < files - pending.length; i++) stays.push(NO_CODE[i % NO_CODE.length](i).replace("holiday/", `holiday ${Math.floor(i / 200)}/`));
  return { pending, stays };
}

export interface Recorder {
  url: string;
  /** Each refresh call: when it came (ms since the epoch) and the folder it names. */
  got: { at: number; path: string }[];
  close(): Promise<void>;
}

/** Jellyfin's `POST /Library/Media/Updated`: 204 with the token, 401 without; each call noted as it is received. */
export async function jellyfinRecorder(token: string): Promise<Recorder> {
  const got: Recorder["got"] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const at = Date.now();
      if (req.method !== "POST" || req.url !== "/Library/Media/Updated") return void res.writeHead(404).end();
      if (!(req.headers.authorization ?? "").includes(`Token="${token}"`)) return void res.writeHead(401).end();
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { Updates: { Path: string }[] };
      for (const u of body.Updates) got.push({ at, path: u.Path });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    got,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
