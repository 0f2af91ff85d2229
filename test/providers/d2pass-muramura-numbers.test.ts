/**
 * A file named by Muramura's four-digit id alone is asked of Muramura alone, under the id as the
 * site writes it (/dyn/phpauto/movie_details/movie_id/092726_1266.json, sgyx/JavSP's recorded
 * Muramura title); a three-digit date code with no studio named still goes to the four sites that
 * write it. Every D2Pass provider is asked against one local server that records the paths.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readName } from "../../src/codes/index.js";
import { onePondoProvider } from "../../src/providers/1pondo/index.js";
import { tenMusumeProvider } from "../../src/providers/10musume/index.js";
import { muramuraProvider } from "../../src/providers/muramura/index.js";
import { pacopacomamaProvider } from "../../src/providers/pacopacomama/index.js";
import { sendJson, startServer, type TestServer } from "../net/test-server.js";
import { client, closeAll, context } from "../tools/simulator/helpers.js";

const D2PASS = [onePondoProvider, tenMusumeProvider, pacopacomamaProvider, muramuraProvider];
const FIXTURE = new URL("../fixtures/d2pass/muramura-movie_details-091522_959-written.json", import.meta.url);
/** The written Muramura details with another of its real ids put in (its day the id's own). */
const detailsOf = (id: string): unknown =>
  JSON.parse(
    readFileSync(FIXTURE, "utf8")
      .replaceAll("091522_959", id)
      .replaceAll("2022-09-15", `20${id.slice(4, 6)}-${id.slice(0, 2)}-${id.slice(2, 4)}`),
  );

describe("Muramura's four-digit ids, asked live", () => {
  let server: TestServer;
  const asked: string[] = [];
  beforeAll(async () => {
    server = await startServer((req, res) => {
      const url = req.url ?? "";
      asked.push(url);
      const m = /^\/(\w+)\/dyn\/phpauto\/movie_details\/movie_id\/(\d{6}_\d{2,4})\.json$/.exec(url);
      if (m !== null && m[1] === "muramura" && ["092726_1266", "091522_959"].includes(m[2])) return sendJson(res, 200, detailsOf(m[2]));
      sendJson(res, 404, { error: "not found" });
    });
  });
  afterAll(async () => {
    await server.close();
    await closeAll();
  });

  async function lookUp(name: string) {
    const code = readName(name).found;
    expect(code, name).not.toBeNull();
    asked.length = 0;
    const http = client({ maxRetries: 0 });
    const answers: Record<string, string> = {};
    for (const p of D2PASS) {
      const r = await p.lookup(code!, context(`${server.url}/${p.name}`, http));
      answers[p.name] = r.status === "found" ? r.record.record.dvdId : r.status;
    }
    return { answers, asked: [...asked] };
  }

  it.each(["092726_1266.mp4", "muramura_092726_1266.mp4", "[FHD] 092726_1266-C.mp4"])("%s: Muramura alone, by the site's id", async (name) => {
    const { answers, asked } = await lookUp(name);
    expect(asked).toEqual(["/muramura/dyn/phpauto/movie_details/movie_id/092726_1266.json"]);
    expect(answers).toEqual({ "1pondo": "no_match", "10musume": "no_match", pacopacomama: "no_match", muramura: "092726_1266" });
  });

  it("asks a three-digit date code with no studio named of the D2Pass sites that write it, as before", async () => {
    const { answers, asked } = await lookUp("091522_959.mp4");
    expect(asked).toEqual(["1pondo", "pacopacomama", "muramura"].map((s) => `/${s}/dyn/phpauto/movie_details/movie_id/091522_959.json`));
    expect(answers).toEqual({ "1pondo": "no_match", "10musume": "no_match", pacopacomama: "no_match", muramura: "091522_959" });
  });
});
