import { setImmediate as nextTurn } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertRecords, openDatabase } from "../../src/catalog/index.js";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";
import { expectOk } from "./fixtures.js";

const RECORDS = [
  makeIngest({ contentId: "aaa00001", dvdId: "AAA-001" }),
  makeIngest({ contentId: "aaa00002", dvdId: "AAA-002" }),
  makeIngest({ contentId: "aaa00003", dvdId: "AAA-003" }, { provider: "other" }),
];

type Operation = {
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  parameters?: { name: string; in: string; schema?: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};

describe("/health and /docs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(RECORDS);
  });
  afterAll(async () => {
    await t.close();
  });

  describe("/health", () => {
    it("answers without a key with the status and catalog size per provider", async () => {
      const res = await t.app.inject({ method: "GET", url: "/health" });
      expectOk(res);
      expect(res.json()).toEqual({ status: "ok", catalog: { records: 3, providers: { file: 2, other: 1 } } });
    });

    it("follows writes by this process and by another connection", async () => {
      upsertRecords(t.db, [makeIngest({ contentId: "bbb00001", dvdId: "BBB-001" }, { provider: "third" })]);
      let res = await t.app.inject({ method: "GET", url: "/health" });
      expect(res.json().catalog).toEqual({ records: 4, providers: { file: 2, other: 1, third: 1 } });
      const cli = openDatabase(t.config.databasePath);
      try {
        upsertRecords(cli, [makeIngest({ contentId: "bbb00002", dvdId: "BBB-002" }, { provider: "third" })]);
      } finally {
        cli.close();
      }
      // The requests of one event-loop turn share its read snapshot (turnSnapshot): a client's next request comes in a later turn.
      await nextTurn();
      res = await t.app.inject({ method: "GET", url: "/health" });
      expect(res.json().catalog).toEqual({ records: 5, providers: { file: 2, other: 1, third: 2 } });
    });

    it("says the backup's state with BACKUP_TO, and nothing of a backup without", async () => {
      expect((await t.app.inject({ method: "GET", url: "/health" })).json()).not.toHaveProperty("backup");
      const backup = {
        to: "/mnt/backup",
        running: true,
        lagSeconds: 0,
        lagBytes: 0,
        lastSyncAt: "2026-11-27T01:00:00.000Z",
        lastError: null,
        lastErrorAt: null,
        restarts: 0,
      };
      t.deps.backup = { state: async () => backup };
      try {
        const res = await t.app.inject({ method: "GET", url: "/health" });
        expectOk(res);
        expect(res.json()).toMatchObject({ status: "ok", backup });
      } finally {
        t.deps.backup = null;
      }
    });

    it("ignores a bad key (no key needed)", async () => {
      expectOk(await t.app.inject({ method: "GET", url: "/health", headers: { "x-service-key": "wrong" } }));
    });
  });

  describe("/docs", () => {
    let doc: {
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
    };
    beforeAll(async () => {
      const res = await t.app.inject({ method: "GET", url: "/docs/json" });
      expectOk(res);
      doc = res.json();
    });

    it("is an OpenAPI 3 document", () => {
      expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    });

    it("has the x-service-key security scheme, and the x-javinfo-key alias", () => {
      const schemes = Object.values(doc.components.securitySchemes);
      expect(schemes).toContainEqual({ type: "apiKey", in: "header", name: "x-service-key" });
      expect(schemes).toContainEqual({ type: "apiKey", in: "header", name: "x-javinfo-key" });
    });

    it.each(["/movie", "/query", "/random"])("documents GET and POST %s with the key and the error responses", (path) => {
      const keyScheme = Object.entries(doc.components.securitySchemes).find(([, s]) => s.name === "x-service-key")![0];
      for (const method of ["get", "post"]) {
        const op = doc.paths[path]?.[method];
        expect(op, `${method} ${path}`).toBeDefined();
        expect(op.security?.some((s) => keyScheme in s)).toBe(true);
        for (const status of ["200", "400", "401", "429"]) expect(Object.keys(op.responses)).toContain(status);
      }
      expect(doc.paths[path].get.parameters?.every((p) => p.in === "query")).toBe(true);
      expect(doc.paths[path].post.requestBody?.content["application/json"]).toBeDefined();
    });

    it("documents /movie's 404", () => {
      expect(Object.keys(doc.paths["/movie"].get.responses)).toContain("404");
    });

    it("carries the real parameter schemas", () => {
      const params = (path: string) => Object.fromEntries((doc.paths[path].get.parameters ?? []).map((p) => [p.name, p.schema]));
      expect(Object.keys(params("/movie")).sort()).toEqual(["providers", "q"]);
      expect(Object.keys(params("/query")).sort()).toEqual(["filter", "num", "page", "providers", "q", "sort"]);
      expect(Object.keys(params("/random")).sort()).toEqual(["filter", "num", "providers"]);
      expect(params("/random").num).toMatchObject({ type: "integer", minimum: 1, maximum: 50, default: 20 });
      expect(params("/query").page).toMatchObject({ type: "integer", minimum: 1, maximum: 9007199254740991 });
      expect(params("/query").num).toMatchObject({ type: "integer", minimum: 1, maximum: 9007199254740991, default: 10 });
      expect(params("/query").sort).toMatchObject({ enum: ["relevance", "release", "update", "rating", "views"] });
      expect(params("/movie").q).toMatchObject({ type: "string", minLength: 1 });
      const body = doc.paths["/query"].post.requestBody!.content["application/json"].schema;
      expect(Object.keys(body.properties ?? {}).sort()).toEqual(["filter", "num", "page", "providers", "q", "sort"]);
    });

    it("documents /health without a key", () => {
      const op = doc.paths["/health"]?.get;
      expect(op).toBeDefined();
      expect(op.security ?? []).toEqual([]);
    });

    it("serves the HTML UI at /docs without a key", async () => {
      let res = await t.app.inject({ method: "GET", url: "/docs" });
      if (res.statusCode >= 300 && res.statusCode < 400) {
        const location = String(res.headers.location);
        res = await t.app.inject({ method: "GET", url: location.startsWith("/") ? location : `/docs/${location.replace(/^\.\//, "")}` });
      }
      expect(res.statusCode).toBe(200);
      expect(String(res.headers["content-type"])).toMatch(/^text\/html/);
      expect(res.body.toLowerCase()).toContain("swagger");
      expect(typeof res.headers["x-request-id"]).toBe("string");
    });
  });
});
