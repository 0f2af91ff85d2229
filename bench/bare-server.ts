/**
 * The bare server: Fastify with no plugins, hooks or schemas of ours, in its own
 * process, answering each workload's captured answers as constant strings (same
 * status, headers and bytes as the real server's). It is the physical limit of
 * sending those bytes with this stack on this machine; `npm run bench` reads its CPU
 * time per request beside the real server's (bare.ts).
 *
 *   BARE_PAYLOADS=/path/to/payloads.json node bench/.cache/bare-server.mjs
 *
 * Compiled on its own (bare.ts), not bundled: it imports only fastify and types.
 * Prints "listening on http://..." as the real server does, and answers /health
 * for the start-up probe.
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import type { BareAnswer, BarePayloads } from "./bare-payloads.js";

const file = process.env.BARE_PAYLOADS;
if (!file) throw new Error("BARE_PAYLOADS must name the payloads file");
const payloads = JSON.parse(readFileSync(file, "utf8")) as BarePayloads;

const app = Fastify({ logger: false });

for (const r of payloads.routes) {
  const byUrl = new Map<string, BareAnswer>(Object.entries(r.byUrl));
  const cycle = r.cycle;
  let next = 0;
  app.get(r.route, (req, reply) => {
    const a = byUrl.get(req.url) ?? cycle[next++ % cycle.length];
    reply.code(a.status).headers(a.headers).send(a.body);
  });
}

for (const s of payloads.stringify) {
  let next = 0;
  app.get(s.route, (_req, reply) => {
    reply.type(s.contentType).send(JSON.stringify(s.answers[next++ % s.answers.length]));
  });
}

app.get("/health", (_req, reply) => {
  reply.send({ status: "ok" });
});

const address = await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`bare server listening on ${address}\n`);
const close = () => void app.close().then(() => process.exit(0));
process.once("SIGTERM", close);
process.once("SIGINT", close);
