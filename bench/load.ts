/**
 * One load run: autocannon over keep-alive connections for a fixed time, after a
 * discarded warm-up, cycling through a workload's URLs. Latencies are kept
 * per response (autocannon's own histogram has 1 ms resolution) and per tag; given
 * the server's pid, the CPU time it used in the measured part (all its threads).
 */
import autocannon from "autocannon";
import { cpuMicros, cpuTicks } from "./proc-cpu.js";
import { isCorrect, type TaggedPath, type Workload } from "./workloads.js";
import { summarize, type LatencySummary } from "./stats.js";

export interface LoadOptions {
  origin: string;
  key: string;
  workload: Workload;
  /** Defaults to the workload's URLs; the baseline run passes the /bench/... ones. */
  paths?: readonly TaggedPath[];
  connections: number;
  duration: number;
  warmup: number;
  /** Seconds before a request counts as timed out. */
  timeout?: number;
  /** The server's process, whose CPU time is read before and after the measured part. */
  pid?: number;
}

export interface TagFigures extends LatencySummary {
  /** Answers with a status that is wrong for the URL. */
  wrongStatus: number;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Socket errors, timeouts and answers with a wrong status. */
  errors: number;
  socketErrors: number;
  timeouts: number;
  /** Requests still waiting for an answer when the run ended. */
  unanswered: number;
  statuses: Record<string, number>;
  byTag: Record<string, TagFigures>;
  /** Server CPU time (user + system, all threads) in the measured part, in microseconds; null without a pid or /proc. */
  cpuUs: number | null;
  /** cpuUs over the requests answered in it. */
  cpuUsPerRequest: number | null;
  /** performance.now() at the start and end of the measured (not warm-up) part. */
  startedAt: number;
  endedAt: number;
}

export interface RunningLoad {
  result: Promise<LoadResult>;
  stop(): void;
}

export function startLoad(o: LoadOptions): RunningLoad {
  const paths = o.paths ?? o.workload.paths;
  if (paths.length === 0) throw new Error(`workload ${o.workload.name} has no URLs`);
  let next = 0;
  // onResponse (with the request's context) runs just before the tracker's
  // "response" event of the same answer: it tells that event which URL it was.
  let answeredTag = "";
  const all: number[] = [];
  const tags = new Map<string, { latencies: number[]; wrongStatus: number }>();
  const statuses: Record<string, number> = {};
  let wrong = 0;
  let startedAt = 0;
  let ticksAtStart: number | null = null;

  const instance = autocannon({
    url: o.origin,
    connections: o.connections,
    duration: o.duration,
    pipelining: 1,
    timeout: o.timeout ?? 30,
    headers: { "x-service-key": o.workload.key ?? o.key },
    ...(o.warmup > 0 ? { warmup: { connections: o.connections, duration: o.warmup } } : {}),
    requests: [
      {
        method: "GET",
        setupRequest: (req, context) => {
          const p = paths[next++ % paths.length];
          context.tag = p.tag;
          if (p.body === undefined) return { ...req, method: "GET", path: p.path, body: undefined };
          return { ...req, method: "POST", path: p.path, body: p.body, headers: { ...req.headers, "content-type": "application/json" } };
        },
        onResponse: (_status, _body, context) => {
          answeredTag = context.tag as string;
        },
      },
    ],
  });
  // The main run's "start" (after the warm-up, whose requests are not counted).
  instance.on("start", () => {
    startedAt = performance.now();
    if (o.pid !== undefined) ticksAtStart = cpuTicks(o.pid);
  });
  instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
    all.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
    let t = tags.get(answeredTag);
    if (!t) tags.set(answeredTag, (t = { latencies: [], wrongStatus: 0 }));
    t.latencies.push(ms);
    if (!isCorrect(o.workload, answeredTag, status)) {
      t.wrongStatus++;
      wrong++;
    }
  });

  const result = (async (): Promise<LoadResult> => {
    const r = await instance;
    const endedAt = performance.now();
    const cpuUs = o.pid === undefined ? null : cpuMicros(ticksAtStart, cpuTicks(o.pid));
    const s = summarize(all);
    const byTag: Record<string, TagFigures> = {};
    for (const [tag, t] of [...tags.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      byTag[tag] = { ...summarize(t.latencies), wrongStatus: t.wrongStatus };
    }
    return {
      requests: all.length,
      seconds: r.duration,
      rps: all.length / r.duration,
      p50: s.p50,
      p99: s.p99,
      max: s.max,
      errors: r.errors + wrong,
      socketErrors: r.errors - r.timeouts,
      timeouts: r.timeouts,
      unanswered: Math.max(0, r.requests.sent - all.length - r.errors),
      statuses,
      byTag,
      cpuUs,
      cpuUsPerRequest: cpuUs === null || all.length === 0 ? null : cpuUs / all.length,
      startedAt,
      endedAt,
    };
  })();
  return { result, stop: () => instance.stop?.() };
}

export const runLoad = (o: LoadOptions): Promise<LoadResult> => startLoad(o).result;
