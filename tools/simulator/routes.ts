/** Route table of the simulator: which source a path belongs to, and its JSON answer. */
import type { SimCatalog } from "./catalog.js";
import { itemList, type JsonAnswer } from "./item-list.js";
import { renderR18 } from "./render-r18.js";

export type RouteName = "r18dev.dvd_id" | "r18dev.combined" | "fanza.ItemList" | "unknown";

const DVD_ID = /^\/videos\/vod\/movies\/detail\/-\/dvd_id=([^/]+)\/json\/?$/;
const COMBINED = /^\/videos\/vod\/movies\/detail\/-\/combined=([^/]+)\/json\/?$/;
const ITEM_LIST = /^\/affiliate\/v3\/ItemList\/?$/;

export function routeOf(pathname: string): RouteName {
  if (DVD_ID.test(pathname)) return "r18dev.dvd_id";
  if (COMBINED.test(pathname)) return "r18dev.combined";
  if (ITEM_LIST.test(pathname)) return "fanza.ItemList";
  return "unknown";
}

function segment(pathname: string, pattern: RegExp): string | null {
  const raw = pattern.exec(pathname)?.[1];
  if (raw === undefined) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

const NOT_FOUND: JsonAnswer = { status: 404, json: { detail: "Not Found" } };

export function answer(route: RouteName, url: URL, catalog: SimCatalog, maxOffset: number): JsonAnswer {
  switch (route) {
    case "r18dev.dvd_id": {
      const code = segment(url.pathname, DVD_ID);
      const r = code === null ? undefined : catalog.byDvdId(code);
      return r === undefined ? NOT_FOUND : { status: 200, json: { content_id: r.record.contentId } };
    }
    case "r18dev.combined": {
      const cid = segment(url.pathname, COMBINED);
      const r = cid === null ? undefined : catalog.byContentId(cid);
      return r === undefined ? NOT_FOUND : { status: 200, json: renderR18(r) };
    }
    case "fanza.ItemList":
      return itemList(catalog, url.searchParams, maxOffset);
    default:
      return NOT_FOUND;
  }
}
