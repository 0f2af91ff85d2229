// The process entry of `npm start` and `npm run cli -- <command>`: the CLI (src/cli/program.ts) does the rest.
// The Node check comes first and the CLI is imported only after it: a static import would load
// better-sqlite3's native binary before any line here runs, and on an old Node that crashes.
import { nodeRefusal } from "./lib/node-version.js";

const refusal = nodeRefusal(process.versions.node);
if (refusal !== null) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
const { runCli } = await import("./cli/program.js");
await runCli(process.argv.slice(2));
