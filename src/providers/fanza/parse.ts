import type { IngestRecord, NameKind } from "../../model/record.js";
import { contentIdToDvdId, dmmPageUrl, parseCode } from "../../codes/index.js";
import { absoluteUrl, calendarDay, isObject, list, nonNegInt, num, runtimeMinutes, serviceCodeFromUrl, str, uniq, type JsonObject } from "../coerce.js";
import { encodeSourceId, ProviderParseError } from "../errors.js";
import { titleRecord } from "../record.js";
import { stableCode, VideoCatalogError } from "../../lib/video-catalog-error.js";

const PROVIDER = "fanza";
/** The API's adult site ("FANZA", called "DMM.R18" before 2018): everything it returns is FANZA. */
const SITE = "FANZA";

/**
 * The API answered with an error (`result.status` other than 200, or `message`/`errors`):
 * an upstream failure, never "no match". 4xx means our request or credentials are wrong
 * (retrying cannot help); other statuses are worth another try later.
 */
export class FanzaApiError extends VideoCatalogError {
  static {
    stableCode(FanzaApiError, "VC_ERR_FANZA_API");
  }

  readonly status: number | null;
  readonly retryable: boolean;

  constructor(message: string, status: number | null) {
    super(`fanza: API error${status === null ? "" : ` ${status}`}: ${message}`);
    this.name = "FanzaApiError";
    this.status = status;
    this.retryable = status === null || status === 429 || status >= 500;
  }
}

export interface FanzaItemListPage {
  totalCount: number;
  firstPosition: number;
  resultCount: number;
  items: IngestRecord[];
  skipped: { contentId: string | null; reason: string }[];
}

/** `errors` arrives as an object, an array of objects or strings; flattened to text. */
function describeErrors(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v.trim();
  if (Array.isArray(v)) return v.map(describeErrors).filter(Boolean).join("; ");
  if (isObject(v)) {
    return Object.entries(v)
      .map(([k, x]) => (isObject(x) || Array.isArray(x) ? describeErrors(x) : `${k}: ${String(x)}`))
      .filter(Boolean)
      .join("; ");
  }
  return String(v);
}

/** The ItemList envelope: page counters plus the valid records; invalid items are reported, not thrown. */
export function parseFanzaItemList(json: unknown): FanzaItemListPage {
  if (!isObject(json) || !isObject(json.result)) {
    throw new ProviderParseError(PROVIDER, "ItemList: expected {request, result} envelope");
  }
  const result = json.result;
  const status = nonNegInt(result.status);
  const message = str(result.message);
  const errors = describeErrors(result.errors);
  if ((status !== null && status !== 200) || message !== null || errors !== "") {
    throw new FanzaApiError([message, errors].filter(Boolean).join(": ") || "request failed", status);
  }
  if (status === null) throw new ProviderParseError(PROVIDER, "ItemList: result.status missing");

  const totalCount = nonNegInt(result.total_count);
  const firstPosition = nonNegInt(result.first_position);
  if (totalCount === null || firstPosition === null) {
    throw new ProviderParseError(PROVIDER, "ItemList: total_count or first_position missing");
  }
  let rawItems: unknown[];
  if (Array.isArray(result.items)) rawItems = result.items;
  else if (isObject(result.items) && "item" in result.items) rawItems = list(result.items.item);
  else if (result.items === undefined || result.items === null) rawItems = [];
  else throw new ProviderParseError(PROVIDER, "ItemList: result.items is not a list");
  const resultCount = nonNegInt(result.result_count) ?? rawItems.length;
  if (rawItems.length === 0 && resultCount > 0) {
    throw new ProviderParseError(PROVIDER, `ItemList: result_count ${resultCount} but no items`);
  }

  const items: IngestRecord[] = [];
  const skipped: FanzaItemListPage["skipped"] = [];
  for (const raw of rawItems) {
    try {
      items.push(parseFanzaItem(raw));
    } catch (err) {
      if (!(err instanceof ProviderParseError)) throw err;
      const contentId = isObject(raw) ? (str(raw.content_id) ?? str(raw.product_id)) : null;
      skipped.push({ contentId, reason: err.message });
    }
  }
  return { totalCount, firstPosition, resultCount, items, skipped };
}

interface Named {
  name: string;
  reading: string | null;
  /** DMM's id of it (an actress's: the id r18.dev gives her too). */
  id: string | null;
}

/**
 * An iteminfo list. Current shape: `{id, name, ruby}`. The 2017-2018 shape puts the
 * reading and a classification in extra entries (`{id: "123_ruby"}`, `{id: "123_classify"}`),
 * which are not names of their own.
 */
function infoNames(v: unknown): Named[] {
  const entries = list(v).filter(isObject);
  const readings = new Map<string, string>();
  for (const e of entries) {
    const m = /^(.*)_ruby$/.exec(String(e.id ?? ""));
    const reading = str(e.name);
    if (m && reading !== null) readings.set(m[1], reading);
  }
  const out: Named[] = [];
  for (const e of entries) {
    const id = String(e.id ?? "");
    if (/_(ruby|classify)$/.test(id)) continue;
    const name = str(e.name);
    if (name === null || out.some((o) => o.name === name)) continue;
    out.push({ name, reading: str(e.ruby) ?? readings.get(id) ?? null, id: /^\d{1,12}$/.test(id) ? id : null });
  }
  return out;
}

/** The largest `size_W_H` sample movie page. */
function largestSample(v: unknown): string | null {
  if (!isObject(v)) return null;
  let best: { area: number; url: string } | null = null;
  for (const [key, value] of Object.entries(v)) {
    const m = /^size_(\d+)_(\d+)$/.exec(key);
    const url = absoluteUrl(value);
    if (!m || url === null) continue;
    const area = Number(m[1]) * Number(m[2]);
    if (best === null || area > best.area) best = { area, url };
  }
  // The affiliate id in the path belongs to whoever ran the crawl; records stay independent of it.
  return best === null ? null : best.url.replace(/\/affi_id=[^/]*\//, "/");
}

function sampleImages(v: unknown, size: "sample_s" | "sample_l"): string[] {
  const block = isObject(v) ? v[size] : undefined;
  return uniq(list(isObject(block) ? block.image : undefined).map(absoluteUrl));
}

function pageUrlOf(item: JsonObject, contentId: string, serviceCode: string): string | null {
  const given = absoluteUrl(item.URL);
  if (given !== null) return given;
  return dmmPageUrl(contentId, serviceCode, (id) => encodeSourceId(PROVIDER, id));
}

function dvdIdOf(item: JsonObject, contentId: string): string {
  // maker_product (mono items) is the maker's own code: more reliable than deriving one.
  const makerProduct = str(item.maker_product);
  const fromMaker = makerProduct !== null ? parseCode(makerProduct)?.dvdId : undefined;
  const derived = contentIdToDvdId(contentId);
  // contentIdToDvdId keeps DMM's own spellings (FC2-1234567); the catalog keys on parseCode's canonical one.
  return fromMaker ?? (derived !== null ? (parseCode(derived)?.dvdId ?? derived) : contentId.toUpperCase());
}

/** One ItemList item as a validated IngestRecord; throws ProviderParseError when it cannot be one. */
export function parseFanzaItem(item: unknown): IngestRecord {
  if (!isObject(item)) throw new ProviderParseError(PROVIDER, "item: expected a JSON object");
  const contentId = str(item.content_id) ?? str(item.product_id);
  if (contentId === null) throw new ProviderParseError(PROVIDER, "item: content_id missing");
  const title = str(item.title);
  if (title === null) throw new ProviderParseError(PROVIDER, `item ${contentId}: title missing`);

  const info = isObject(item.iteminfo) ? item.iteminfo : {};
  const actresses = infoNames(info.actress);
  const actors = infoNames(info.actor);
  const directors = infoNames(info.director);
  const authors = infoNames(info.author);
  const image = isObject(item.imageURL) ? item.imageURL : {};
  const large = absoluteUrl(image.large);
  const small = absoluteUrl(image.small);
  const listImage = absoluteUrl(image.list);
  // "small" (ps.jpg) is the thumbnail the hosted API serves; "list" (pt.jpg) is tinier.
  const jacketFullUrl = large ?? small ?? listImage ?? "";
  const jacketThumbUrl = small ?? listImage ?? large ?? "";
  const serviceCode = str(item.service_code) ?? serviceCodeFromUrl(str(item.URL)) ?? serviceCodeFromUrl(large) ?? "";
  const review = isObject(item.review) ? item.review : {};
  const dvdId = dvdIdOf(item, contentId);

  // Names are Japanese already; the kana readings are the other form people search by.
  const altNames: Partial<Record<NameKind, string[]>> = {};
  const addReadings = (kind: NameKind, names: Named[]): void => {
    const readings = uniq(names.map((n) => (n.reading !== n.name ? n.reading : null)));
    if (readings.length > 0) altNames[kind] = readings;
  };
  addReadings("actress", actresses);
  addReadings("actor", actors);
  addReadings("director", directors);
  addReadings("author", authors);

  const ratingCount = nonNegInt(review.count);
  return titleRecord({
    provider: PROVIDER,
    what: `item ${contentId}`,
    record: {
      contentId,
      dvdId,
      titleJa: title,
      commentJa: str(item.comment) ?? str(item.description),
      runtimeMins: runtimeMinutes(item.volume) ?? 0,
      releaseDate: calendarDay(item.date) ?? "",
      makers: infoNames(info.maker).map((n) => n.name),
      label: infoNames(info.label)[0]?.name ?? "",
      series: infoNames(info.series)[0]?.name ?? null,
      categories: infoNames(info.genre).map((n) => n.name),
      actresses: actresses.map((n) => n.name),
      actors: actors.map((n) => n.name),
      directors: directors.map((n) => n.name),
      authors: authors.map((n) => n.name),
      jacketFullUrl,
      jacketThumbUrl,
      site: SITE,
      serviceCode,
      extra: {
        sampleUrl: largestSample(item.sampleMovieURL),
        galleryFull: sampleImages(item.sampleImageURL, "sample_l"),
        galleryThumb: sampleImages(item.sampleImageURL, "sample_s"),
      },
    },
    pageUrl: pageUrlOf(item, contentId, serviceCode) ?? "",
    ratingAvg: ratingCount === 0 ? null : num(review.average),
    ratingCount,
    altNames,
    credits: actresses.map((n) => ({ id: n.id, names: n.reading === null || n.reading === n.name ? [n.name] : [n.name, n.reading], image: null })),
    censored: parseCode(dvdId)?.censored ?? true,
  });
}
