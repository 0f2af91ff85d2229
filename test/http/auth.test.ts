import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, createKey, listKeys, revokeKey } from "../../src/catalog/index.js";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";
import { expectError, expectOk } from "./fixtures.js";

const OPERATIONS = [
  ["GET", "/movie?q=ABP-123", undefined],
  ["POST", "/movie", { q: "ABP-123" }],
  ["GET", "/query?q=abp", undefined],
  ["POST", "/query", { q: "abp" }],
  ["GET", "/random?num=1", undefined],
  ["POST", "/random", { num: 1 }],
] as const;

describe("API keys", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp([makeIngest()]);
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (method: "GET" | "POST", url: string, payload: object | undefined, headers: Record<string, string>) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it.each(OPERATIONS)("%s %s accepts x-service-key", async (method, url, payload) => {
    expectOk(await send(method, url, payload, { "x-service-key": t.key }));
  });

  it.each(OPERATIONS)("%s %s accepts the x-javinfo-key alias", async (method, url, payload) => {
    expectOk(await send(method, url, payload, { "x-javinfo-key": t.key }));
  });

  it.each(OPERATIONS)("%s %s needs a key", async (method, url, payload) => {
    expectError(await send(method, url, payload, {}), 401, "MISSING_API_KEY");
    expectError(await send(method, url, payload, { "x-javinfo-key": "   " }), 401, "MISSING_API_KEY");
    expectError(await send(method, url, payload, { authorization: `Bearer ${t.key}` }), 401, "MISSING_API_KEY");
  });

  it.each(OPERATIONS)("%s %s rejects a wrong key on either header", async (method, url, payload) => {
    expectError(await send(method, url, payload, { "x-service-key": `${t.key}x` }), 401, "INVALID_API_KEY");
    expectError(await send(method, url, payload, { "x-javinfo-key": t.key.slice(0, -1) }), 401, "INVALID_API_KEY");
  });

  it("accepts a key with surrounding whitespace", async () => {
    expectOk(await send("GET", "/random?num=1", undefined, { "x-service-key": ` ${t.key} ` }));
  });

  it("rejects a revoked key on the very next request", async () => {
    const { key, token } = createKey(t.db, "to-revoke", 1000);
    for (const header of ["x-service-key", "x-javinfo-key"]) {
      expectOk(await send("GET", "/random?num=1", undefined, { [header]: token }));
    }
    expect(revokeKey(t.db, key.id)).toBe(true);
    for (const [method, url, payload] of OPERATIONS) {
      expectError(await send(method, url, payload, { "x-service-key": token }), 401, "INVALID_API_KEY");
      expectError(await send(method, url, payload, { "x-javinfo-key": token }), 401, "INVALID_API_KEY");
    }
    // The other key is untouched.
    expectOk(await send("GET", "/random?num=1", undefined, { "x-service-key": t.key }));
  });

  it("rejects a key revoked through a second connection (the CLI) on the very next request", async () => {
    const { key, token } = createKey(t.db, "cli-revoke", 1000);
    expectOk(await send("GET", "/movie?q=ABP-123", undefined, { "x-service-key": token }));
    expectOk(await send("POST", "/query", { q: "abp" }, { "x-service-key": token }));
    const cli = openDatabase(t.config.databasePath);
    try {
      expect(listKeys(cli).find((k) => k.id === key.id)?.revokedAt).toBeNull();
      expect(revokeKey(cli, key.id)).toBe(true);
    } finally {
      cli.close();
    }
    expectError(await send("GET", "/movie?q=ABP-123", undefined, { "x-service-key": token }), 401, "INVALID_API_KEY");
    expectError(await send("POST", "/query", { q: "abp" }, { "x-javinfo-key": token }), 401, "INVALID_API_KEY");
    expectOk(await send("GET", "/movie?q=ABP-123", undefined, { "x-service-key": t.key }));
  });

  it("accepts a key created through a second connection at once", async () => {
    const cli = openDatabase(t.config.databasePath);
    let token: string;
    try {
      token = createKey(cli, "cli-created", 1000).token;
    } finally {
      cli.close();
    }
    expectOk(await send("GET", "/random?num=1", undefined, { "x-service-key": token }));
  });

  it.each(["/health", "/docs/json"])("does not need a key for %s", async (url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
  });
});
