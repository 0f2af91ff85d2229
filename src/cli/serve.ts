import { buildServer } from "../server/app.js";
import { ensureFirstKey, ensureSampleData } from "../services/first-start.js";
import { openCli, out } from "./context.js";

/** serve: migrate, first-start duties, then listen until SIGINT/SIGTERM. */
export async function serveCommand(): Promise<void> {
  const { config, db } = openCli();
  const token = ensureFirstKey(db, config);
  if (token) {
    out(`Created the first API key ("default"). It is shown only now; send it as the x-service-key header:`);
    out(`  ${token}`);
  }
  const loaded = ensureSampleData(db, config);
  if (loaded > 0) {
    out(`Loaded ${loaded} generated sample records (provider "sample"); remove them with: npm run cli -- purge --provider sample`);
  }
  const app = await buildServer({ db, config });
  const address = await app.listen({ host: config.host, port: config.port });
  out(`video-catalog listening on ${address} (docs: ${address}/docs)`);
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    db.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
