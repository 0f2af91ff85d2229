/**
 * getText: pages in their own encoding (the sellers' sites serve EUC-JP and Shift_JIS),
 * and what is no page: a challenge, a maintenance page where a title page was expected.
 */
import type { ServerResponse } from "node:http";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { decodePage, declaredCharset } from "../../src/net/charset.js";
import { UpstreamError } from "../../src/net/index.js";
import { perTest } from "./test-server.js";

const { serve, client } = perTest();

function send(res: ServerResponse, status: number, type: string | undefined, body: Buffer | string): void {
  res.writeHead(status, { ...(type ? { "content-type": type } : {}), "content-length": Buffer.byteLength(body) });
  res.end(body);
}

const TITLE = '<h1 itemprop="name">洗練された大人のいやし亭 ～身も心もチンポも癒されてください～</h1>';
const eucPage = (meta: string) => iconv.encode(`<html><head>${meta}<title>カリビアンコム</title></head><body>${TITLE}</body></html>`, "EUC-JP");

describe("getText", () => {
  it("reads the charset of the content type (EUC-JP)", async () => {
    const s = await serve((_req, res) => send(res, 200, "text/html; charset=EUC-JP", eucPage("")));
    const r = await client().http.getText(`${s.url}/moviepages/010120-001/index.html`);
    expect(r).toMatchObject({ status: "ok", encoding: "euc-jp", httpStatus: 200 });
    expect(r.status === "ok" && r.text).toContain(TITLE);
    expect(s.seen[0].accept).toMatch(/^text\/html/);
  });

  it("reads the page's own meta charset when the header names none, in either form", async () => {
    const forms = ['<meta charset="euc-jp">', '<meta http-equiv="Content-Type" content="text/html; charset=EUC-JP">'];
    for (const meta of forms) {
      const s = await serve((_req, res) => send(res, 200, "text/html", eucPage(meta)));
      const r = await client().http.getText(`${s.url}/`);
      expect(r.status === "ok" && r.encoding).toBe("euc-jp");
      expect(r.status === "ok" && r.text).toContain(TITLE);
    }
  });

  it("takes UTF-8 when nothing says otherwise, and Shift_JIS by its alias", () => {
    expect(decodePage(Buffer.from("<p>一本道</p>"), "").text).toBe("<p>一本道</p>");
    const sjis = iconv.encode("<p>東京熱</p>", "Shift_JIS");
    expect(decodePage(sjis, "text/html; charset=windows-31j")).toEqual({ text: "<p>東京熱</p>", encoding: "shift_jis" });
    // An unknown label is passed over for the next clue.
    expect(decodePage(eucPage('<meta charset="euc-jp">'), "text/html; charset=x-no-such").encoding).toBe("euc-jp");
    expect(declaredCharset(Buffer.from("<html><head><title>x</title></head>"))).toBeNull();
  });

  it("is not_found on a 404, a failure on a challenge page", async () => {
    const s = await serve((req, res) =>
      req.url === "/gone"
        ? send(res, 404, "text/html", "<h1>404 Not Found</h1>")
        : send(res, 503, "text/html", "<title>Just a moment...</title><script src='/cdn-cgi/challenge-platform/x'></script>"),
    );
    const { http } = client({ maxRetries: 0 });
    expect(await http.getText(`${s.url}/gone`)).toEqual({ status: "not_found", httpStatus: 404 });
    await expect(http.getText(`${s.url}/page`)).rejects.toMatchObject({ kind: "challenge" });
  });

  it("asks again when the page is not the one asked for (a maintenance page served 200), and says so when it stays so", async () => {
    const s = await serve((_req, res, n) =>
      send(res, 200, "text/html; charset=utf-8", n < 3 ? "<h1>ただいまメンテナンス中です</h1>" : `<html>${TITLE}</html>`),
    );
    const isPage = (t: string) => t.includes('itemprop="name"');
    const { http, sleeps } = client();
    const r = await http.getText(`${s.url}/p`, { isPage });
    expect(r.status === "ok" && r.text).toContain(TITLE);
    expect(sleeps).toHaveLength(2);
    const always = await serve((_req, res) => send(res, 200, "text/html", "<h1>メンテナンス</h1>"));
    const err = await http.getText(`${always.url}/p`, { isPage }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ kind: "not_page", retryable: true, httpStatus: 200 });
  });
});
