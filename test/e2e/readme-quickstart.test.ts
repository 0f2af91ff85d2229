/**
 * The README's quick start, run as written: `npm install && npm start` on a copy of the
 * project, the printed key into KEY as the README says, the README's curl lines, then
 * SIGTERM and a clean exit. The copy is the working tree without data/ and dist/, with
 * node_modules hard-linked (`cp -al`) so that its `npm install` is an offline no-op; the
 * checkout itself is left as it was.
 *
 * The README promises 127.0.0.1:8080. Where the kernel allows a private network
 * namespace (unshare --user --net, with util-linux and iproute2), everything runs in one,
 * where 8080 is free and nothing can reach the network; elsewhere port 8080 must be free.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
/** What a fresh clone does not have: git's store, the build, the catalog, caches and local files. */
const LEFT_OUT = new Set([".git", "node_modules", "data", "dist", ".node", "scratch", ".env", "bench/.cache", "test/artifacts"]);
const NAMESPACE = ["--user", "--map-root-user", "--net", "--pid", "--fork", "--kill-child"];
const ANSWER_END = "@@answer-end@@";
const KEY_PLACEHOLDER = "KEY=vc_...";

/** The lines of each ```sh block of a markdown text. */
function shellBlocks(markdown: string): string[][] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1].split("\n").filter((l) => l.trim() !== ""));
}

const blocks = shellBlocks(README);
const startLine = blocks.flat().find((l) => l.startsWith("npm install && npm start"));
const curlBlock = blocks.find((b) => b.some((l) => l.startsWith(KEY_PLACEHOLDER)));

/** The command of a shell line, without its comment. */
const commandOf = (line: string) => line.replace(/\s+#.*$/, "").trim();

/**
 * The driver, run by bash in the copy's parent folder: starts the README's start line as a
 * job of its own (its own process group, as in a terminal), waits for the listening line,
 * puts the printed key in the README's KEY line, runs the README's curl block, then sends
 * SIGTERM to the group and waits for it to be gone.
 */
const DRIVER = `set -u
cd "$(dirname "$0")"
if [ "\${QS_NETNS:-}" = 1 ]; then ip link set lo up || exit 90; fi
set -m
(cd project && exec bash ../start.sh) >start.out 2>start.err </dev/null &
job=$!
trap 'kill -KILL -- -$job 2>/dev/null' EXIT
for _ in $(seq 1 1200); do
  grep -q 'listening on' start.out && break
  kill -0 $job 2>/dev/null || break
  sleep 0.1
done
grep -q 'listening on' start.out || { echo "never listened" >driver.err; exit 91; }
key=$(grep -o -m 1 'vc_[A-Za-z0-9_-]\\{43\\}' start.out) || { echo "no key printed" >driver.err; exit 92; }
sed -e "s/^KEY=vc_\\.\\.\\./KEY=$key/" curl.sh >curl-keyed.sh
(cd project && bash ../curl-keyed.sh) >answers.out 2>answers.err
kill -TERM -- -$job
for _ in $(seq 1 200); do
  kill -0 -- -$job 2>/dev/null || break
  sleep 0.1
done
if kill -0 -- -$job 2>/dev/null; then echo "still running 20 s after SIGTERM" >driver.err; exit 93; fi
wait $job
echo $? >start.status
`;

/** A stand-in for curl where it is not installed: the flags the quick start uses (-s, -H), nothing else. */
const CURL_STANDIN = `#!/usr/bin/env node
const headers = {};
let url;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === "-s") continue;
  if (args[i] === "-H") {
    const [k, ...v] = args[++i].split(":");
    headers[k.trim()] = v.join(":").trim();
  } else if (!args[i].startsWith("-") && url === undefined) url = args[i];
  else {
    console.error("curl stand-in: the quick-start test knows only -s, -H and a URL, not " + args[i]);
    process.exit(2);
  }
}
fetch(/^https?:/.test(url) ? url : "http://" + url, { headers })
  .then((res) => res.arrayBuffer())
  .then((body) => process.stdout.write(Buffer.from(body)));
`;

function hasCommand(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: "ignore", timeout: 10_000 }).status === 0;
}

/** A private network namespace with its loopback up, where the kernel allows it. */
const netnsUsable = () => hasCommand("unshare", [...NAMESPACE, "sh", "-c", "ip link set lo up"]);

function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once("error", () => done(false));
    server.listen(port, "127.0.0.1", () => server.close(() => done(true)));
  });
}

/** The working tree as a fresh clone has it, with node_modules hard-linked (copied where links cannot be made). */
function copyProject(dest: string): void {
  cpSync(ROOT, dest, { recursive: true, verbatimSymlinks: true, filter: (src) => !LEFT_OUT.has(relative(ROOT, src).split("\\").join("/")) });
  if (spawnSync("cp", ["-al", join(ROOT, "node_modules"), join(dest, "node_modules")]).status !== 0) {
    rmSync(join(dest, "node_modules"), { recursive: true, force: true });
    cpSync(join(ROOT, "node_modules"), join(dest, "node_modules"), { recursive: true, verbatimSymlinks: true });
  }
  // npm rewrites its record of node_modules in place: the copy gets a file of its own.
  const record = join(dest, "node_modules", ".package-lock.json");
  if (existsSync(record)) {
    unlinkSync(record);
    copyFileSync(join(ROOT, "node_modules", ".package-lock.json"), record);
  }
}

const hashOf = (file: string) => (existsSync(file) ? createHash("sha256").update(readFileSync(file)).digest("hex") : null);

/** What the user's shell would have: no npm run variables, no settings of this test run; npm kept off the network. */
function cleanEnv(bin: string): Record<string, string> {
  const path = [bin, dirname(process.execPath), ...(process.env.PATH ?? "").split(delimiter).filter((p) => p && !p.includes("node_modules"))];
  const env: Record<string, string> = {
    PATH: path.join(delimiter),
    LANG: "C.UTF-8",
    npm_config_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
  };
  for (const k of ["HOME", "TMPDIR", "USER"]) if (process.env[k]) env[k] = process.env[k]!;
  return env;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"], detached: true });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // gone
      }
    }, 150_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code, stderr });
    });
  });
}

describe("the README's quick start, run as written", () => {
  const dir = mkdtempSync(join(tmpdir(), "vc-quickstart-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("has a start line and a curl block with the key to fill in", () => {
    expect(startLine, "a ```sh line starting `npm install && npm start`").toBeDefined();
    expect(curlBlock, "a ```sh block with a line starting `KEY=vc_...`").toBeDefined();
  });

  it("installs offline, starts, answers the README's curl lines, and stops cleanly on SIGTERM", async () => {
    const netns = netnsUsable();
    if (!netns && !(await portFree(8080))) {
      throw new Error(
        "port 8080 is in use on this machine, and no private network namespace could be made here (unshare --user --net): " +
          "the README's quick start listens on 127.0.0.1:8080, so free that port to run this test",
      );
    }
    const bin = join(dir, "bin");
    mkdirSync(bin);
    if (!hasCommand("curl", ["--version"])) {
      writeFileSync(join(bin, "curl"), CURL_STANDIN);
      chmodSync(join(bin, "curl"), 0o755);
    }
    copyProject(join(dir, "project"));
    const record = join(ROOT, "node_modules", ".package-lock.json");
    const recordBefore = hashOf(record);

    const commands = curlBlock!.filter((l) => !l.startsWith("KEY="));
    writeFileSync(join(dir, "start.sh"), `${startLine}\n`);
    writeFileSync(join(dir, "curl.sh"), curlBlock!.map((l) => (l.startsWith("KEY=") ? l : `${l}\nprintf '\\n${ANSWER_END}\\n'`)).join("\n") + "\n");
    writeFileSync(join(dir, "driver.sh"), DRIVER);

    const env = cleanEnv(bin);
    const t0 = Date.now();
    const driver = netns
      ? run("unshare", [...NAMESPACE, "bash", join(dir, "driver.sh")], { ...env, QS_NETNS: "1" })
      : run("bash", [join(dir, "driver.sh")], env);
    const { code, stderr } = await driver;
    const seconds = (Date.now() - t0) / 1000;
    const read = (f: string) => (existsSync(join(dir, f)) ? readFileSync(join(dir, f), "utf8") : "");
    const startOut = read("start.out");
    const context = `driver exit ${code} ${read("driver.err")}${stderr}\n--- start.out\n${startOut}\n--- start.err\n${read("start.err")}\n--- answers.err\n${read("answers.err")}`;
    console.log(`quick start ${netns ? "in a private network namespace" : "on this machine's 127.0.0.1:8080"}: ${seconds.toFixed(1)} s`);
    expect(code, context).toBe(0);

    // npm install was a no-op: nothing fetched (npm is offline here, and a fetch would fail).
    expect(startOut, context).toMatch(/up to date/);
    expect(startOut).toContain("Loaded 1000 generated sample records");
    expect(startOut).toContain("video-catalog listening on http://127.0.0.1:8080");

    const answers = read("answers.out").split(`\n${ANSWER_END}\n`).slice(0, -1);
    expect(answers, context).toHaveLength(commands.length);
    commands.forEach((line, i) => {
      const path = commandOf(line).match(/localhost:8080(\/[a-z]+)/)?.[1];
      const answer = JSON.parse(answers[i]);
      if (path === "/health") {
        expect(answer, line).toEqual({ status: "ok", catalog: { records: 1000, providers: { sample: 1000 } } });
      } else if (path === "/movie") {
        const code = line.match(/q=[^"]*?([A-Z]+-\d+)/)?.[1];
        expect(answer.result.dvdId, line).toBe(code);
        expect(answer.result.extra.code, line).toBe(code);
        expect(answer.source, line).toBe("sample");
      } else if (path === "/random") {
        const num = Number(line.match(/num=(\d+)/)?.[1] ?? 20);
        expect(Array.isArray(answer), line).toBe(true);
        expect(answer, line).toHaveLength(num);
        // The sample catalog's codes: ABP-123, 259LUXU-1234, HEYZO-0001, and (one in 50) FC2-PPV-1234567.
        for (const r of answer) expect(r.dvdId, line).toMatch(/^(?:[A-Z0-9]+|FC2-PPV)-\d+$/);
      } else {
        throw new Error(`the quick-start test does not know what to expect of: ${line}`);
      }
    });

    // SIGTERM: the server closed and exited 0; npm, which got it too, exits 0 or as killed by it (143).
    expect(startOut).toContain('"msg":"shut down"');
    expect(["0", "143"], context).toContain(read("start.status").trim());
    // The checkout's own node_modules is as it was.
    expect(hashOf(record)).toBe(recordBefore);
  }, 180_000);
});
