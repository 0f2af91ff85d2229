/**
 * Builds the project's image with its own Containerfile and checks it from outside, as a
 * user's `docker compose up` would run it (compose.yaml's settings: PUID/PGID/UMASK, /data,
 * one media mount holding the downloads and the library, the watcher on):
 *
 * - /health answers and the healthcheck turns healthy; /movie answers with the key the
 *   first start printed in the logs;
 * - a CLI command runs through the container (`video-catalog keys create`), and its key works;
 * - the service runs as PUID:PGID, not root; the catalog and the NFO the watcher writes
 *   belong to them, with UMASK's mode; the watcher places a file dropped in the downloads;
 * - `stop` ends it with exit 0 within its grace time; a restart on the same /data reuses
 *   the catalog and its keys (no second first-start key);
 * - Litestream, run by BACKUP_TO, streams the catalog to a mounted folder;
 * - a /data it cannot write, and a PUID that is not a number, are one line and an exit code.
 *
 *   node .ci/container-test.mjs BASE_IMAGE      (run by .ci/container, with CONTAINERS_CONF set)
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const base = process.argv[2];
const IMAGE = "localhost/video-catalog:ci";
const NAME = "video-catalog-ci";
const [PUID, PGID] = [1234, 2345];
const figures = [];
const t0 = Date.now();

function podman(...args) {
  return execFileSync("podman", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}
function check(ok, what) {
  if (!ok) throw new Error(`container test failed: ${what}`);
  console.log(`ok: ${what}`);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);

/** Waits until test() is true, up to ms; returns whether it became true. */
async function until(test, ms, step = 250) {
  const end = Date.now() + ms;
  for (;;) {
    if (await test()) return true;
    if (Date.now() > end) return false;
    await sleep(step);
  }
}

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const healthy = () => spawnSync("podman", ["healthcheck", "run", NAME], { stdio: "ignore" }).status === 0;
const logs = () => {
  const r = spawnSync("podman", ["logs", NAME], { encoding: "utf8" });
  return r.stdout + r.stderr;
};

function build() {
  const from = Date.now();
  // docker format: the OCI format has no HEALTHCHECK.
  podman("build", "--format", "docker", "--build-arg", `BASE=${base}`, "-t", IMAGE, ".");
  figures.push(`image build: ${seconds(from)} s`);
  const size = (image) => Number(podman("image", "inspect", "--format", "{{.Size}}", image).trim());
  const mb = (n) => (n / 1e6).toFixed(0);
  figures.push(`image size: ${mb(size(IMAGE))} MB (${mb(size(IMAGE) - size(base))} MB over the base)`);
}

/** The folders a user mounts: /data (new, empty, root's as a new volume is) and one media folder. */
function folders() {
  const root = mkdtempSync(join(tmpdir(), "vc-container-"));
  const data = join(root, "data");
  const media = join(root, "media");
  const backup = join(root, "backup");
  for (const dir of [data, media, join(media, "downloads"), join(media, "library"), backup]) mkdirSync(dir);
  for (const dir of [media, join(media, "downloads"), join(media, "library"), backup]) chownSync(dir, PUID, PGID);
  return { root, data, media, backup };
}

function run(dirs, port) {
  podman("rm", "--force", "--ignore", NAME);
  // The settings compose.yaml gives, with a short settle time so that the test waits less.
  podman(
    "run",
    "--detach",
    "--name",
    NAME,
    "--publish",
    `127.0.0.1:${port}:8080`,
    "--env",
    `PUID=${PUID}`,
    "--env",
    `PGID=${PGID}`,
    "--env",
    "UMASK=002",
    "--env",
    "WATCH_INBOX=/media/downloads",
    "--env",
    "WATCH_INTO=/media/library",
    "--env",
    "WATCH_WRITE=nfo",
    "--env",
    "WATCH_SETTLE_SECONDS=1",
    // The timer podman would start for the healthcheck needs systemd: the test runs it itself.
    "--health-interval",
    "disable",
    "--env",
    "BACKUP_TO=/backup/catalog",
    "--volume",
    `${dirs.data}:/data`,
    "--volume",
    `${dirs.media}:/media`,
    "--volume",
    `${dirs.backup}:/backup`,
    IMAGE,
  );
}

async function firstStart(dirs, port) {
  const from = Date.now();
  run(dirs, port);
  check(await until(healthy, 90_000), "the healthcheck turns healthy");
  figures.push(`start to healthy: ${seconds(from)} s`);
  const health = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
  check(health.status === "ok" && health.catalog.records > 0, `/health answers from outside (${health.catalog.records} records)`);
  const key = /^\s+(vc_\S+)$/m.exec(logs())?.[1];
  check(Boolean(key), "the first start's key is in the logs");
  return key;
}

async function movie(port, key, q) {
  const res = await fetch(`http://127.0.0.1:${port}/movie?q=${encodeURIComponent(q)}`, { headers: { "x-service-key": key } });
  return { status: res.status, body: await res.json() };
}

async function checkServing(port, key) {
  const query = await fetch(`http://127.0.0.1:${port}/query?q=a&num=1`, { headers: { "x-service-key": key } });
  const code = (await query.json()).results?.[0]?.dvdId;
  const found = await movie(port, key, code);
  check(found.status === 200 && found.body.result?.dvdId === code, `/movie ${code} answers with the logged key`);
  const made = podman("exec", NAME, "video-catalog", "keys", "create", "--name", "ci");
  const cliKey = /(vc_\S+)/.exec(made)?.[1];
  check(Boolean(cliKey) && (await movie(port, cliKey, code)).status === 200, "a CLI command runs through the container and its key works");
  const status = podman("exec", NAME, "cat", "/proc/1/status");
  const ids = (field) => new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1];
  check(ids("Uid") === String(PUID) && ids("Gid") === String(PGID), `the service runs as ${PUID}:${PGID}, not root`);
  const backedUp = async () => (await (await fetch(`http://127.0.0.1:${port}/health`)).json()).backup?.lastSyncAt;
  check(await until(backedUp, 30_000), "Litestream streams the catalog to the mounted backup folder");
  const unreachable = spawnSync("podman", ["exec", "--env", "PORT=1", NAME, "node", "/app/container/healthcheck.mjs"]);
  check(unreachable.status === 1, "the healthcheck fails where no catalog answers");
  return code;
}

async function checkFiles(dirs, code) {
  const catalog = statSync(join(dirs.data, "catalog.db"));
  check(catalog.uid === PUID && catalog.gid === PGID, `the catalog belongs to ${PUID}:${PGID}`);
  const video = join(dirs.media, "downloads", `${code}.mp4`);
  writeFileSync(video, "not really a video, but a file of the code's name");
  chownSync(video, PUID, PGID);
  const nfos = () => readdirSync(join(dirs.media, "library"), { recursive: true }).filter((f) => String(f).endsWith(".nfo"));
  check(await until(() => nfos().length === 1, 30_000), "the watcher places a file dropped in the downloads, with its NFO");
  const nfo = statSync(join(dirs.media, "library", String(nfos()[0])));
  check(nfo.uid === PUID && nfo.gid === PGID && (nfo.mode & 0o777) === 0o664, "the NFO belongs to PUID:PGID with UMASK 002's mode (664)");
}

async function stopAndRestart(dirs, port, key, code) {
  const from = Date.now();
  podman("stop", "--time", "30", NAME);
  const stopped = (Date.now() - from) / 1000;
  figures.push(`stop: ${stopped.toFixed(1)} s`);
  const exit = podman("inspect", "--format", "{{.State.ExitCode}}", NAME).trim();
  check(exit === "0" && stopped < 30 && /"msg":"shut down"/.test(logs()), `SIGTERM ends it cleanly (exit ${exit}, ${stopped.toFixed(1)} s)`);
  // SQLite's own check of the stopped catalog, as PUID:PGID so that nothing in /data changes owner.
  const script = "const D = require('/app/node_modules/better-sqlite3'); console.log(new D('/data/catalog.db').pragma('integrity_check', { simple: true }))";
  const verdict = podman(
    "run",
    "--rm",
    "--no-healthcheck",
    "--user",
    `${PUID}:${PGID}`,
    "--entrypoint",
    "node",
    "--volume",
    `${dirs.data}:/data`,
    IMAGE,
    "-e",
    script,
  ).trim();
  check(verdict === "ok", `the stopped catalog passes SQLite's integrity check (${verdict})`);
  const again = Date.now();
  podman("start", NAME);
  check(await until(healthy, 90_000), "a restart on the same /data turns healthy");
  figures.push(`restart to healthy: ${seconds(again)} s`);
  const firstKeys = logs().match(/Created the first API key/g)?.length;
  check(firstKeys === 1 && (await movie(port, key, code)).status === 200, "the restart reuses the catalog and its keys (no new first-start key)");
  podman("rm", "--force", NAME);
}

function checkRefusals(dirs) {
  const locked = join(dirs.root, "locked");
  mkdirSync(locked, { mode: 0o755 });
  writeFileSync(join(locked, "catalog.db"), "");
  const runOnce = (...env) =>
    spawnSync("podman", ["run", "--rm", "--no-healthcheck", ...env.flatMap((e) => ["--env", e]), "--volume", `${locked}:/data`, IMAGE, "keys", "list"], {
      encoding: "utf8",
    });
  const unwritable = runOnce(`PUID=${PUID}`, `PGID=${PGID}`);
  const line = unwritable.stderr.trim();
  check(
    unwritable.status === 77 && !line.includes("\n") && line.includes(`/data is not writable by user ${PUID} group ${PGID}`) && line.includes("belongs to 0:0"),
    `a /data it cannot write is one line naming the folder and the ids: ${line}`,
  );
  const bad = runOnce("PUID=abc");
  check(bad.status === 64 && bad.stderr.includes("PUID must be a number"), `a PUID that is not a number is one line: ${bad.stderr.trim()}`);
}

async function main() {
  build();
  const dirs = folders();
  try {
    const port = await freePort();
    const key = await firstStart(dirs, port);
    const code = await checkServing(port, key);
    await checkFiles(dirs, code);
    await stopAndRestart(dirs, port, key, code);
    checkRefusals(dirs);
  } catch (err) {
    console.error(logs().split("\n").slice(-30).join("\n"));
    throw err;
  } finally {
    spawnSync("podman", ["rm", "--force", "--ignore", NAME], { stdio: "ignore" });
    rmSync(dirs.root, { recursive: true, force: true });
  }
  figures.push(`container test in all: ${seconds(t0)} s`);
  for (const f of figures) console.log(f);
}

await main();
