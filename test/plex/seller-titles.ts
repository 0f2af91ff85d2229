/**
 * Titles of the sellers beyond DMM, from their real pages (test/fixtures: each folder's README
 * says where each page comes from), parsed by their own providers: each holds its pictures and
 * its release day as its site gives them. MGStage's 261ARA-168, Tokyo-Hot's n1633 and
 * s2mbd-002, HEYZO's 2500, 10musume's 042922_01.
 */
import { readFileSync } from "node:fs";
import type { IngestRecord } from "../../src/model/record.js";
import { TEN_MUSUME } from "../../src/providers/10musume/index.js";
import { NO_PICTURES } from "../../src/providers/d2pass/gallery.js";
import { parseD2PassDetails } from "../../src/providers/d2pass/parse.js";
import { parseHeyzoTitle } from "../../src/providers/heyzo/parse.js";
import { parseProductPage as parseMgstage } from "../../src/providers/mgstage/parse.js";
import { parseProductPage as parseTokyoHot } from "../../src/providers/tokyo-hot/parse.js";

const fixture = (path: string) => readFileSync(new URL(`../fixtures/${path}`, import.meta.url), "utf8");

export function otherSellers(): IngestRecord[] {
  const heyzo = { html: fixture("heyzo/ja-moviepage-2500.html"), url: "https://www.heyzo.com/moviepages/2500/index.html" };
  return [
    parseMgstage(fixture("mgstage/product-261ARA-168.html"), "https://www.mgstage.com", "261ARA-168"),
    parseTokyoHot(fixture("tokyo-hot/product-n1633.html"), "https://my.tokyo-hot.com", "n1633"),
    parseTokyoHot(fixture("tokyo-hot/product-s2mbd-002-other-vendor.html"), "https://my.tokyo-hot.com", "s2mbd-002"),
    parseHeyzoTitle("2500", heyzo, null, "https://www.heyzo.com")!,
    parseD2PassDetails(JSON.parse(fixture("d2pass/10musume-movie_details-042922_01.json")), TEN_MUSUME, "https://www.10musume.com", NO_PICTURES),
  ];
}
