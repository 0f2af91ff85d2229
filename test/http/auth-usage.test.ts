import { afterEach, describe, expect, it } from "vitest";
import { createKey, listKeysWithUsage } from "../../src/catalog/index.js";
import { buildTestApp, makeIngest, type TestApp } from "../helpers/build-app.js";

describe("requests counted per key and day by the server", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("counts the answered requests of each key, not the refused ones, and writes them on close", async () => {
    t = await buildTestApp([makeIngest()]);
    const slow = createKey(t.db, "slow", 2).token;
    const get = (key: string) => t!.app.inject({ method: "GET", url: "/random?num=1", headers: { "x-service-key": key } });
    for (let i = 0; i < 3; i++) expect((await get(t.key)).statusCode).toBe(200);
    expect((await get(slow)).statusCode).toBe(200);
    expect((await get(slow)).statusCode).toBe(200);
    expect((await get(slow)).statusCode).toBe(429);
    expect((await get("vc_unknown")).statusCode).toBe(401);

    await t.app.close();
    const counts = listKeysWithUsage(t.db).map((k) => [k.name, k.requestsToday, k.requests30d]);
    expect(counts).toEqual([
      ["test", 3, 3],
      ["slow", 2, 2],
    ]);
  });
});
