import { startSimulator } from "../samples/simulator/index.js";
import { out } from "./context.js";
import { simulatorOptions, type SimulateValues } from "./simulate-options.js";

export { parseSimulateArgs } from "./simulate-options.js";

/** simulate-providers: serves r18.dev and DMM ItemList formats over a generated catalog until SIGINT/SIGTERM. */
export async function simulateProvidersCommand(values: SimulateValues): Promise<void> {
  const options = simulatorOptions(values);
  const sim = await startSimulator(options);
  out(`provider simulator listening on ${sim.url}`);
  out(`${sim.catalog.records.length} records; point the service at it with:`);
  out(`PROVIDER_R18DEV_BASE_URL=${sim.url}`);
  out(`PROVIDER_FANZA_BASE_URL=${sim.url}`);
  out("FANZA_API_ID=sim FANZA_AFFILIATE_ID=sim-990");
  const faults = Object.entries(options.faults ?? {});
  if (faults.length > 0) out(`faults: ${faults.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(" ")}`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  const stats = sim.stats();
  await sim.close();
  out(`provider simulator stopped after ${stats.requests} requests ${JSON.stringify(stats.byRoute)} faults ${JSON.stringify(stats.faults)}`);
}
