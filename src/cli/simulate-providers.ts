import { startSimulator } from "../../tools/simulator/index.js";
import { out } from "./context.js";
import { simulatorEnv } from "./simulate-env.js";
import { simulatorOptions, type SimulateValues } from "./simulate-options.js";

export { parseSimulateArgs } from "./simulate-options.js";

/** simulate-providers: serves every provider's source in its real format over generated titles until SIGINT/SIGTERM. */
export async function simulateProvidersCommand(values: SimulateValues): Promise<void> {
  const options = simulatorOptions(values);
  const sim = await startSimulator(options);
  out(`provider simulator listening on ${sim.url}`);
  const sites = Object.values(sim.sites).map((s) => `${s.name} ${s.size}`);
  out(`${sim.catalog.records.length} records of DMM's sources${sites.length ? `, and titles of ${sites.join(", ")}` : ""}; point the service at it with:`);
  // One line a provider (its three settings), then the credentials.
  const lines = new Map<string, string[]>();
  for (const [name, value] of Object.entries(simulatorEnv(sim.baseUrlOf))) {
    const group = /^PROVIDER_(.+)_(?:ENABLED|BASE_URL|RATE)$/.exec(name)?.[1] ?? "";
    lines.set(group, [...(lines.get(group) ?? []), `${name}=${value}`]);
  }
  for (const settings of lines.values()) out(`export ${settings.join(" ")}`);
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
