/**
 * The shape of the code, checked: the rules that keep the rooms apart (docs/how-it-works.md's
 * "rooms of src/" section describes them). Read from the sources with the TypeScript parser,
 * so an import is an import whatever its formatting.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");

/** Top-level rooms of src/ from the bottom up: a room imports only rooms of a lower rank. */
const RANKS: Record<string, number> = {
  /** Below the rest: every room may use it (the root of the errors, the worker pool). */
  lib: -1,
  config: 0,
  net: 0,
  model: 0,
  codes: 0,
  // A person's names (scripts, full names, DMM's 名（旧名）) and a record's credits: pure code.
  people: 0.5,
  catalog: 1,
  samples: 1,
  // The outbound clients of Jellyfin, Emby, Plex and the webhook: over net/ and config/ alone.
  mediaservers: 1,
  providers: 2,
  images: 2,
  import: 3,
  ingest: 3,
  services: 4,
  // Below the faces: the dashboard lists and undoes the organizer's runs.
  library: 5,
  server: 6,
  cluster: 7,
  cli: 8,
  "main.ts": 9,
};
/**
 * Sub-rooms of a room from the bottom up: a file of one imports only files of its own
 * sub-room or of a sub-room of lower rank (type-only imports count: a type import up is
 * still an arrow up). A sub-room is a folder of the room; the room's top-level files are
 * "." unless one is named here (providers' registry sits above the sources it lists).
 * "*" ranks every folder the table does not name (providers: one folder per source).
 * A ranked sub-room may have no files (yet).
 */
const SUB_RANKS: Record<string, Record<string, number>> = {
  // The FTS text, fields, key and name tags (pure) < the SQLite store < the stored JSON
  // read as it is < queries, bulk loads and the dump's staging file < opening and migrating < the front door.
  catalog: { fts: 0, store: 1, wire: 2, search: 3, bulk: 3, staging: 3, open: 4, "index.ts": 5 },
  // Schemas and request parameters < the plugins (auth, errors and the envelope errors, validators, docs)
  // < each face, all on one floor (FACES) < app.ts and the framework's refusals.
  server: { schemas: 0, params: 0, plugins: 1, metatube: 2, dashboard: 2, routes: 2, plex: 2, ".": 3 },
  samples: { titles: 0 },
  import: { dump: 0, file: 0 },
  // The shared core < a family's shared folder < each source < the registry that lists them.
  providers: { ".": 0, caribbean: 1, d2pass: 1, "*": 2, "registry.ts": 3, "runtime.ts": 4 },
  // The scan and its reading, and beside them the sidecars (NFO, pictures, their names per media server)
  // < organize (templates, names per file system, the moves) < the watcher over it.
  library: { ".": 0, sidecars: 0, organize: 1, watch: 2 },
  // What the services stand on, on one floor: API keys and the sign-in limits, the state of the process's duties (backup,
  // replica, ingest runs, providers' readiness), the live providers, the search threads < deps.ts, what every use-case is
  // given < finding titles (and their names, their copies) < search and random, which fall back on finding titles.
  // People (her record, her picture, a title's credits) stand on finding titles, beside search.
  services: { access: 0, operations: 0, live: 0, "search-pool": 0, ".": 1, titles: 2, search: 3, people: 3 },
  // Litestream (its binary, settings, output, runs, restores, the backup's lag) < the primary, the workers' side, what runs
  // once per catalog < the replica (its copies, their position, the backup it follows, the workers on the copy served).
  cluster: { litestream: 0, ".": 1, replica: 2 },
};
/**
 * tools/: what only tests, benchmarks and demos run, kept out of src/ (the provider simulator
 * over the sample dump's words and ids). Its folders are floors as a room's are; it may use the
 * rooms of src/ below TOOLS_BELOW (the record, codes, the sample titles), and of src/ only the
 * demo commands of the CLI that run it import it.
 */
const TOOLS_RANKS: Record<string, number> = { "sample-dump": 0, simulator: 1 };
const TOOLS_BELOW = "providers";
const TOOLS_USERS = ["src/cli/simulate-providers.ts", "src/cli/simulate-options.ts", "src/cli/import-dump.ts"];
/**
 * The faces of the server: MetaTube's API, the Plex provider, the javinfo API's routes, the
 * dashboard. What two of them share lives below them (services, the server's plugins), so none
 * imports another.
 */
const FACES = ["src/server/metatube/", "src/server/plex/", "src/server/routes/", "src/server/dashboard/"];
/**
 * A function of src/ reads in one screen: a long one becomes named steps (or a small class).
 * Files are sized by what belongs together, not by a count. The benchmark's scripts, outside
 * src/, keep a cap on their files instead.
 */
const MAX_FUNCTION_LINES = 60;
const MAX_BENCH_FILE_LINES = 300;
/** Functions of src/ longer than MAX_FUNCTION_LINES, each with its reason ("file: name", as the test reports them). */
const LONG_FUNCTIONS: Record<string, string> = {
  // Two sources' parsers and the simulator with the sample titles: reshaped by the source-shape
  // change at the same time as this limit came, split when the simulator and the samples move.
  "src/providers/r18dev/parse.ts: parseR18Combined": "reshaped by the source-shape change",
  "src/providers/fanza/parse.ts: parseFanzaItem": "reshaped by the source-shape change",
  "src/samples/titles/generate.ts: sampleRecord": "reshaped by the source-shape change",
  "tools/simulator/index.ts: startSimulator": "reshaped by the source-shape change",
  "tools/simulator/sites/d2pass-render.ts: renderD2PassDetails": "reshaped by the source-shape change",
  "tools/simulator/sites/heyzo-pages.ts: renderHeyzoEn": "reshaped by the source-shape change",
};

interface Edge {
  from: string;
  to: string;
  /** Only types cross it: gone at run time (still an arrow: every rule counts it). */
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .map((f) => join(dir, f))
    .sort();
}

const PARSED = new Map<string, ts.SourceFile>();

/** A file read with the TypeScript parser (once). */
function parsed(file: string): ts.SourceFile {
  let sf = PARSED.get(file);
  if (!sf) PARSED.set(file, (sf = ts.createSourceFile(file, readFileSync(join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)));
  return sf;
}

/** The relative imports of a file, resolved to paths from the project root (`.js` in a specifier is the `.ts` source). */
function importsOf(file: string): Edge[] {
  const sf = parsed(file);
  const edges: Edge[] = [];
  const add = (spec: ts.Expression | undefined, typeOnly: boolean) => {
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith(".")) return;
    const to = relative(ROOT, resolve(ROOT, dirname(file), spec.text.replace(/\.js$/, ".ts")));
    edges.push({ from: file, to, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const c = node.importClause;
      const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : null;
      const onlyTypes = !!c && (c.isTypeOnly || (!c.name && named !== null && named.length > 0 && named.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier, onlyTypes);
    } else if (ts.isExportDeclaration(node)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      add(node.moduleSpecifier, node.isTypeOnly || (named !== null && named.length > 0 && named.every((e) => e.isTypeOnly)));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      // import(): an arrow too.
      add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return edges;
}

const SRC = sourceFiles("src");
const TOOLS = sourceFiles("tools");
const BENCH = sourceFiles("bench");
const EDGES = [...SRC, ...TOOLS, ...BENCH].flatMap(importsOf);
const TESTS = sourceFiles("test");

/**
 * The functions of a file and their lines, from the first line of the declaration (its doc
 * comment aside) to its last: declarations, methods, constructors and accessors, and arrow
 * functions or function expressions given a name (a variable, a property). A function holds
 * the ones nested in it: a closure is no way out of the limit. Named "Class.method" in a class.
 */
function functionsOf(file: string): { name: string; lines: number }[] {
  const sf = parsed(file);
  const found: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node, owner: string | null) => {
    let name: string | null = null;
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isAccessor(node)) && node.body) name = node.name?.getText(sf) ?? "default";
    else if (ts.isConstructorDeclaration(node) && node.body) name = "constructor";
    else if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      const p = node.parent;
      if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) name = p.name.getText(sf);
    }
    if (name !== null) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: owner ? `${owner}.${name}` : name, lines: last - first + 1 });
    }
    const inside = (ts.isClassDeclaration(node) || ts.isClassExpression(node)) && node.name ? node.name.text : owner;
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(sf, null);
  return found;
}

/** The top-level room of a file under src/ (`main.ts` for the entry). */
function roomOf(file: string): string {
  return file.split("/")[1];
}

/** The sub-room of a file under src/ in its room's SUB_RANKS (see there), or null when the room has none. */
function subRoomOf(file: string): string | null {
  const ranks = SUB_RANKS[roomOf(file)];
  if (!ranks) return null;
  const parts = file.split("/");
  if (parts.length === 3) return parts[2] in ranks ? parts[2] : ".";
  return parts[2] in ranks || !("*" in ranks) ? parts[2] : "*";
}

/** A sub-room's own name in a report: a folder under "*" by its folder. */
function subRoomName(file: string): string {
  const parts = file.split("/");
  return parts.length === 3 ? subRoomOf(file)! : parts[2];
}

/** Strongly connected components (Tarjan) of the graph: each one with more than one file is a cycle. */
function cycles(nodes: string[], next: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (next.get(v) ?? []).includes(v)) found.push(scc.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) connect(v);
  return found;
}

describe("the shape of the code", () => {
  it("reads the sources it checks", () => {
    expect(SRC.length).toBeGreaterThan(100);
    expect(EDGES.filter((e) => e.to === "src/catalog/index.ts").length).toBeGreaterThan(20);
    // Every relative import names a file that exists.
    const files = new Set([...SRC, ...TOOLS, ...BENCH]);
    expect(EDGES.filter((e) => !files.has(e.to) && !e.to.endsWith(".mjs") && !e.to.endsWith(".json"))).toEqual([]);
  });

  it("code outside the catalog imports only its front door, src/catalog/index.ts", () => {
    const past = EDGES.filter((e) => !e.from.startsWith("src/catalog/") && e.to.startsWith("src/catalog/") && e.to !== "src/catalog/index.ts");
    expect(past.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it("tests outside test/catalog/ use the catalog through its front door too; its internals are tested in test/catalog/", () => {
    const past = TESTS.filter((f) => !f.startsWith("test/catalog/"))
      .flatMap(importsOf)
      .filter((e) => e.to.startsWith("src/catalog/") && e.to !== "src/catalog/index.ts");
    expect(past.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it("only the catalog talks to SQLite", () => {
    const outside = [...SRC, ...TOOLS, ...BENCH].filter((f) => !f.startsWith("src/catalog/"));
    const direct = outside.filter((f) => /from "(better-sqlite3|drizzle-orm[^"]*)"/.test(readFileSync(join(ROOT, f), "utf8")));
    expect(direct).toEqual([]);
  });

  it("every arrow between rooms points down", () => {
    for (const room of new Set(SRC.map(roomOf))) expect(RANKS, `src/${room} has no rank in this test`).toHaveProperty(room);
    const up = EDGES.filter((e) => e.from.startsWith("src/") && e.to.startsWith("src/"))
      .filter((e) => roomOf(e.from) !== roomOf(e.to) && RANKS[roomOf(e.from)] <= RANKS[roomOf(e.to)])
      .map((e) => `${e.from} -> ${e.to}${e.typeOnly ? " (types)" : ""}`);
    expect(up).toEqual([]);
  });

  it("every arrow between the sub-rooms of a room points down", () => {
    const unranked = SRC.filter((f) => {
      const ranks = SUB_RANKS[roomOf(f)];
      if (!ranks) return f.split("/").length > 3; // a room with folders needs sub-ranks
      return !(subRoomOf(f)! in ranks);
    });
    expect(unranked, "files of sub-rooms with no rank in this test").toEqual([]);
    const up = EDGES.filter((e) => e.from.startsWith("src/") && e.to.startsWith("src/") && roomOf(e.from) === roomOf(e.to))
      .filter((e) => {
        const ranks = SUB_RANKS[roomOf(e.from)];
        if (!ranks || subRoomName(e.from) === subRoomName(e.to)) return false;
        return ranks[subRoomOf(e.from)!] <= ranks[subRoomOf(e.to)!];
      })
      .map((e) => `${e.from} -> ${e.to}${e.typeOnly ? " (types)" : ""}`);
    expect(up).toEqual([]);
  });

  it("tools/ uses only the rooms below the providers, its floors point down, and only the CLI's demo commands import it", () => {
    expect(TOOLS.length).toBeGreaterThan(10);
    const floorOf = (f: string) => f.split("/")[1];
    expect(
      TOOLS.filter((f) => !(floorOf(f) in TOOLS_RANKS)),
      "tools/ folders with no rank in this test",
    ).toEqual([]);
    const fromTools = EDGES.filter((e) => e.from.startsWith("tools/"));
    const up = fromTools.filter((e) =>
      e.to.startsWith("src/")
        ? RANKS[roomOf(e.to)] >= RANKS[TOOLS_BELOW]
        : floorOf(e.from) !== floorOf(e.to) && TOOLS_RANKS[floorOf(e.from)] <= TOOLS_RANKS[floorOf(e.to)],
    );
    expect(up.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
    const users = EDGES.filter((e) => e.from.startsWith("src/") && e.to.startsWith("tools/")).map((e) => e.from);
    expect([...new Set(users)].sort()).toEqual([...TOOLS_USERS].sort());
  });

  it("no face imports another, even through types only", () => {
    const faceOf = (f: string) => FACES.find((face) => f.startsWith(face));
    for (const face of FACES)
      expect(
        SRC.some((f) => f.startsWith(face)),
        `${face} holds no source`,
      ).toBe(true);
    const across = EDGES.filter((e) => faceOf(e.from) !== undefined && faceOf(e.to) !== undefined && faceOf(e.from) !== faceOf(e.to)).map(
      (e) => `${e.from} -> ${e.to}${e.typeOnly ? " (types)" : ""}`,
    );
    expect(across).toEqual([]);
  });

  it("the live providers' search is asked in one place, find-title.ts's searchLive, for every face's text", () => {
    const asking = SRC.filter((f) => /\blive\??\.search\(/.test(readFileSync(join(ROOT, f), "utf8")));
    expect(asking).toEqual(["src/services/titles/find-title.ts"]);
  });

  it("no module imports itself back through others, even through types only or import()", () => {
    // The sub-ranks refuse a circle across rooms or sub-rooms; this also finds one inside a sub-room.
    const next = new Map<string, string[]>();
    for (const e of EDGES) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    expect(cycles([...SRC, ...TOOLS, ...BENCH], next)).toEqual([]);
  });

  it(`no function of src/ is longer than ${MAX_FUNCTION_LINES} lines, but the named exceptions`, () => {
    const long = [...SRC, ...TOOLS]
      .flatMap((f) => functionsOf(f).map((fn) => ({ key: `${f}: ${fn.name}`, lines: fn.lines })))
      .filter((fn) => fn.lines > MAX_FUNCTION_LINES);
    expect(long.filter((fn) => !(fn.key in LONG_FUNCTIONS)).map((fn) => `${fn.key} (${fn.lines} lines)`)).toEqual([]);
    // An exception that is gone or now short enough leaves the list: it only shrinks.
    expect(Object.keys(LONG_FUNCTIONS).filter((key) => !long.some((fn) => fn.key === key))).toEqual([]);
  });

  it("measures a function whole: its nested closures count, its doc comment does not", () => {
    // The measure itself, on a file of this test's own: the suite below is one arrow given to describe(), not named.
    const own = functionsOf("test/architecture.test.ts");
    const measured = own.find((fn) => fn.name === "functionsOf")!;
    const text = readFileSync(join(ROOT, "test/architecture.test.ts"), "utf8").split("\n");
    const first = text.findIndex((l) => l.startsWith("function functionsOf("));
    const last = text.findIndex((l, i) => i > first && l === "}");
    expect(measured.lines).toBe(last - first + 1);
    expect(own.find((fn) => fn.name === "visit")!.lines).toBeLessThan(measured.lines);
  });

  it(`no file of the benchmark is longer than ${MAX_BENCH_FILE_LINES} lines`, () => {
    const long = BENCH.map((f) => ({ f, lines: readFileSync(join(ROOT, f), "utf8").split("\n").length }))
      .filter((x) => x.lines > MAX_BENCH_FILE_LINES)
      .map((x) => `${x.f}: ${x.lines}`);
    expect(long).toEqual([]);
  });
});
