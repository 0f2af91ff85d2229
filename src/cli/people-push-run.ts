/**
 * people push's run: the server from --server (the configured one at that address, or the
 * flags'), the use-case (src/services/people/push.ts), one line per person on stdout and a
 * summary; a refused token or a server not reached is one line on stderr.
 */
import { ConfigError } from "../config/load.js";
import { token as tokenSetting } from "../config/media-servers.js";
import { url as urlSetting } from "../config/parsers.js";
import { imagesFor, lazyImages } from "../images/index.js";
import { commandPictureTree } from "./picture-tree.js";
import { createMediaServerHttp, type MediaServer, mediaBrowserAt, MediaServerError } from "../mediaservers/index.js";
import { createProviderRuntime } from "../providers/runtime.js";
import { type PushLine, type PushReport, pushPeople } from "../services/people/push.js";
import { CliError, cliConfig, openCli, out, UsageError } from "./context.js";

export interface PeoplePushValues {
  server: string;
  library?: string;
  kind?: string;
  token?: string;
  dryRun?: boolean;
}

const COLUMNS = ["status", "name", "person", "what"];

const line = (l: PushLine): string => [l.status, l.name, l.key ?? "-", l.what].join("\t");

const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? "" : "s"}`;

function summary(r: PushReport, dryRun: boolean): string {
  const c = r.counts;
  const verb = dryRun ? "would be sent" : "sent";
  return (
    `${count(r.persons, "person")} credited in "${r.library.name}": ${count(r.pictures, "picture")} and ${count(r.overviews, "overview")} ${verb}` +
    `${dryRun ? " (dry run: nothing sent or recorded)" : ""}, ${c.unchanged} unchanged, ${c.skipped} skipped, ${c.failed} failed`
  );
}

/** A flag read as its setting is; its refusal a usage error naming the flag. */
function checked<T>(option: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(`${option} ${e.message}`);
    throw e;
  }
}

/** The server asked for: the flags checked as the settings are, the configured server's token where the address is its. */
function serverOf(values: PeoplePushValues): MediaServer {
  const config = cliConfig();
  const address = checked("--server", () => urlSetting(values.server));
  const token = values.token === undefined ? undefined : checked("--token", () => tokenSetting(values.token as string));
  if (values.kind !== undefined && values.kind !== "jellyfin" && values.kind !== "emby")
    throw new UsageError(`--kind takes jellyfin or emby, got "${values.kind}"`);
  const server = mediaBrowserAt(config, address, { kind: values.kind as "jellyfin" | "emby" | undefined, token });
  if (server === null)
    throw new UsageError(`no token for ${address}: pass --token, or configure it as JELLYFIN_URL and JELLYFIN_TOKEN (or EMBY_URL and EMBY_TOKEN)`);
  return server;
}

/** A failure of the server as one line: the token refused, the server not reached, no such library. */
function failure(e: MediaServerError, server: MediaServer): CliError {
  const at = `${server.kind} at ${server.url}`;
  if (e.kind === "refused")
    return new CliError(
      `${at} refused the token (HTTP ${e.httpStatus ?? 401}): check --token (or the configured token) and that it is an API key of an administrator`,
    );
  if (e.kind === "unreachable") return new CliError(`${at} is not reached: is it running, at that address? (${e.message})`);
  return new CliError(e.message);
}

export async function peoplePushCommand(values: PeoplePushValues): Promise<void> {
  const server = serverOf(values);
  const dryRun = values.dryRun === true;
  const { config, db } = dryRun ? openCli({ reads: true }) : openCli({ writes: "people push" });
  const http = createMediaServerHttp(config);
  // Her picture comes from the sources' hosts: through their client (its user-agent), into the image cache.
  const runtime = createProviderRuntime(config);
  const images = lazyImages(() => imagesFor(config, runtime.http));
  const abort = new AbortController();
  process.once("SIGINT", () => abort.abort());
  const deps = { db, config, live: null, pool: null, ingest: null, images, pictureTree: commandPictureTree(config, runtime.http) };
  try {
    out(COLUMNS.join("\t"));
    const report = await pushPeople(
      { deps, http, images },
      { server, library: values.library ?? null, dryRun, language: config.mediaLanguage, signal: abort.signal, onLine: (l) => out(line(l)) },
    );
    out(summary(report, dryRun));
    if (report.counts.failed > 0) process.exitCode = 1;
  } catch (e) {
    if (e instanceof MediaServerError) throw failure(e, server);
    throw e;
  } finally {
    await images.close();
    await runtime.close();
    await http.close();
    db.close();
  }
}
