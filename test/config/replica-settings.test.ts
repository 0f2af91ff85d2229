import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";

describe("a replica's settings", () => {
  it("REPLICA_SESSION_SECRET: empty, or 32 characters and more, never echoed back in its error", () => {
    expect(loadConfig({}).replicaSessionSecret).toBe("");
    const secret = "x".repeat(31);
    expect(loadConfig({ REPLICA_SESSION_SECRET: ` ${secret}y ` }).replicaSessionSecret).toBe(`${secret}y`);
    let message = "";
    try {
      loadConfig({ REPLICA_SESSION_SECRET: secret });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/REPLICA_SESSION_SECRET must be at least 32 characters long \(or empty\), got 31/);
    expect(message).not.toContain(secret);
  });

  it("REPLICA_WRITER: an http(s) address, named without its trailing slash", () => {
    expect(loadConfig({ REPLICA_WRITER: "http://writer:8080/" }).replicaWriter).toBe("http://writer:8080");
    expect(() => loadConfig({ REPLICA_WRITER: "writer:8080" })).toThrow(/REPLICA_WRITER must be an http\(s\) URL/);
  });
});
