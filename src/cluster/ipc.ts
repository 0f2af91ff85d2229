/**
 * Calls from a worker process to the primary over the cluster's IPC channel: one
 * request, one answer, matched by id. An error crosses as its name and message, so a
 * worker can throw the same kind of error the primary's code threw.
 */
import type { Worker } from "node:cluster";
import { stableCode, VideoCatalogError } from "../lib/video-catalog-error.js";

interface Request {
  vc: "call";
  id: number;
  op: string;
  args: unknown[];
}

interface Answer {
  vc: "answer";
  id: number;
  value?: unknown;
  /** A thrown error: its class name, message and own fields (an IngestBusyError's holder, say). */
  error?: { name: string; message: string; data?: Record<string, unknown> };
}

export type Handlers = Record<string, (...args: never[]) => unknown>;

/** What a worker tells the primary once it listens. */
export interface ListeningMessage {
  vc: "listening";
  address: string;
}

/** An error that crossed from the primary: `name` is the class name it had there. */
export class RemoteError extends VideoCatalogError {
  static {
    stableCode(RemoteError, "VC_ERR_REMOTE");
  }

  constructor(
    name: string,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = name;
  }
}

/** The primary's side: answers a worker's calls with `handlers`. */
export function answerCalls(worker: Worker, handlers: Handlers): void {
  worker.on("message", (m: Request) => {
    if (m?.vc !== "call") return;
    const reply = (a: Omit<Answer, "vc" | "id">) => {
      if (worker.isConnected()) worker.send({ vc: "answer", id: m.id, ...a });
    };
    const handler = handlers[m.op];
    if (handler === undefined) return reply({ error: { name: "Error", message: `no such call: ${m.op}` } });
    Promise.resolve()
      .then(() => handler(...(m.args as never[])))
      .then(
        (value) => reply({ value }),
        (err: unknown) =>
          reply({
            error:
              err instanceof Error
                ? { name: err.constructor.name || err.name, message: err.message, data: { ...err } }
                : { name: "Error", message: String(err) },
          }),
      );
  });
}

/** A worker's side: `call(op, ...args)` resolves with the primary's answer. */
export function primaryLine(proc: NodeJS.Process = process): (op: string, ...args: unknown[]) => Promise<unknown> {
  let next = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  proc.on("message", (m: Answer) => {
    if (m?.vc !== "answer") return;
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error) w.reject(new RemoteError(m.error.name, m.error.message, m.error.data));
    else w.resolve(m.value);
  });
  proc.on("disconnect", () => {
    for (const w of waiting.values()) w.reject(new Error("the primary process is gone"));
    waiting.clear();
  });
  return (op, ...args) =>
    new Promise((resolve, reject) => {
      if (!proc.send || !proc.connected) return reject(new Error("no primary process to ask"));
      const id = ++next;
      waiting.set(id, { resolve, reject });
      proc.send({ vc: "call", id, op, args } satisfies Request);
    });
}
