/**
 * The bare server's side of the benchmark: its payloads captured from the real server
 * (every URL of a workload asked once; for /random, whose answers differ each time, a
 * sample of them), the server compiled and started in its own process, and the URLs
 * that ask it for the same bytes.
 */
import { writeFileSync } from "node:fs";
import { get } from "node:http";
import { join } from "node:path";
import { type BareAnswer, type BarePayloads, type BareRoute, type BareStringifyRoute, bareUrl } from "./bare-payloads.js";
import { startServer, type ServerProcess } from "./processes.js";
import { isCorrect, type TaggedPath, type Workload } from "./workloads.js";

/** Headers Node writes itself on the bare server (and hop-by-hop ones). */
const NOT_COPIED = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);
/** Answers kept of a workload whose answers differ every time (/random). */
export const RANDOM_SAMPLE = 64;

/** One answer, its headers in the order the server wrote them (fetch would sort them). */
function fetchAnswer(origin: string, path: string, key: string): Promise<BareAnswer> {
  return new Promise((resolvePromise, reject) => {
    const req = get(origin + path, { headers: { "x-service-key": key } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const headers: Record<string, string> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i].toLowerCase();
          if (!NOT_COPIED.has(name)) headers[name] = res.rawHeaders[i + 1];
        }
        resolvePromise({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString("utf8") });
      });
    });
    req.on("error", reject);
  });
}

export interface Captured {
  route: BareRoute;
  /** Mean body bytes of the answers, weighted as the workload asks its URLs. */
  bytes: number;
  /** Captured answers whose status is wrong for their URL. */
  wrong: number;
}

/**
 * The real server's answers to a workload's URLs: each distinct URL once, or with
 * `sample`, the first URL `sample` times (answers that differ each time).
 */
export async function captureWorkload(origin: string, key: string, w: Workload, sample = 0): Promise<Captured> {
  const k = w.key ?? key;
  const pathnames = new Set(w.paths.map((p) => new URL(p.path, origin).pathname));
  if (pathnames.size !== 1) throw new Error(`workload ${w.name} asks more than one route: ${[...pathnames].join(", ")}`);
  const byUrl: Record<string, BareAnswer> = {};
  const cycle: BareAnswer[] = [];
  let wrong = 0;
  const check = (p: TaggedPath, a: BareAnswer) => (wrong += isCorrect(w, p.tag, a.status) ? 0 : 1);
  if (sample > 0) {
    for (let i = 0; i < sample; i++) {
      const p = w.paths[i % w.paths.length];
      const a = await fetchAnswer(origin, p.path, k);
      check(p, a);
      cycle.push(a);
    }
  } else {
    for (const p of w.paths) {
      const url = bareUrl(w.name, p.path);
      if (url in byUrl) continue;
      const a = (byUrl[url] = await fetchAnswer(origin, p.path, k));
      check(p, a);
    }
    cycle.push(...Object.values(byUrl));
  }
  const size = (a: BareAnswer) => Buffer.byteLength(a.body);
  const bytes =
    sample > 0 ? cycle.reduce((s, a) => s + size(a), 0) / cycle.length : w.paths.reduce((s, p) => s + size(byUrl[bareUrl(w.name, p.path)]), 0) / w.paths.length;
  return { route: { route: bareUrl(w.name, [...pathnames][0]), byUrl, cycle }, bytes, wrong };
}

/** The bare route that serialises a captured workload's answers (parsed back to objects) with JSON.stringify on each request. */
export function stringifyRoute(w: Workload, captured: Captured): BareStringifyRoute {
  const first = captured.route.cycle[0];
  return {
    route: bareUrl(stringifyName(w), new URL(w.paths[0].path, "http://x").pathname),
    contentType: first?.headers["content-type"] ?? "application/json; charset=utf-8",
    answers: captured.route.cycle.map((a) => JSON.parse(a.body) as unknown),
  };
}

const stringifyName = (w: Workload) => `${w.name}-stringify`;

/** A workload's URLs on the bare server: the constant answers, or (`stringify`) the route that serialises them. */
export const barePaths = (w: Workload, stringify = false): TaggedPath[] =>
  w.paths.map((p) => ({ ...p, path: bareUrl(stringify ? stringifyName(w) : w.name, p.path) }));

/** Writes the payloads to `dir` and starts the bare server on them. */
export async function startBareServer(payloads: BarePayloads, dir: string): Promise<ServerProcess> {
  const file = join(dir, "bare-payloads.json");
  writeFileSync(file, JSON.stringify(payloads));
  // An entry of the build (scripts/build.mjs), bundled as the real server is.
  return startServer({ ...process.env, BARE_PAYLOADS: file }, 60_000, ["dist/bench-bare.js"]);
}
