// The process entry of `npm start` and `npm run cli -- <command>`: the CLI (src/cli/program.ts) does the rest.
import { runCli } from "./cli/program.js";

await runCli(process.argv.slice(2));
