/**
 * The URL mixes `npm run bench` sends: deterministic, so two runs send the same
 * requests. Each URL carries a tag (a /query's sort, a /movie hit or miss, an
 * endpoint in the mixed run) so latencies can be reported per tag.
 */
import { generateSampleRecords } from "../src/samples/titles/generate.js";
import { ratingKeyOf } from "../src/server/plex/rating-key.js";

export interface TaggedPath {
  path: string;
  tag: string;
  /** A POST with this JSON body (Plex's match), else a GET. */
  body?: string;
}

export interface Workload {
  name: string;
  title: string;
  /** What the URLs are, in a few words. */
  mix: string;
  paths: TaggedPath[];
  /** Statuses that are a correct answer (a /movie miss is a 404)... */
  ok: readonly number[];
  /** ...unless the URL's tag has its own list. */
  okByTag?: Readonly<Record<string, readonly number[]>>;
  /** The x-service-key sent instead of the run's key (a wrong one, for the 401 workload). */
  key?: string;
}

export const isCorrect = (w: Workload, tag: string, status: number): boolean => (w.okByTag?.[tag] ?? w.ok).includes(status);

export const SORTS = ["relevance", "release", "update", "rating", "views"] as const;

/** mulberry32: a small seeded PRNG, so the mixes do not depend on Math.random. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const a = items.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

const qs = (params: Record<string, string | number | undefined>): string =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join("&");

/** The spellings users and file organisers send for one title: ABP-123, abp123, abp-00123, abp123.mp4, 118abp00123. */
export function codeSpellings(dvdId: string, contentId: string): string[] {
  const at = dvdId.lastIndexOf("-");
  const prefix = dvdId.slice(0, at);
  const number = dvdId.slice(at + 1);
  const compact = (prefix.replace(/-/g, "") + number).toLowerCase();
  return [dvdId, compact, `${prefix.toLowerCase()}-${number.padStart(5, "0")}`, `${compact}.mp4`, contentId];
}

/** A prefix the sample generator never makes (it uses neither Q nor Z), so these codes miss. */
const MISS_PREFIX = "QZX";

/**
 * /movie by code: `size` URLs, 9 in 10 a title among the first `records` generated
 * ones (seed 1, what the bench catalog holds), 1 in 10 a code nobody has; the
 * spellings rotate through codeSpellings.
 */
export function moviePaths(records: number, size = 2000, seed = 1): TaggedPath[] {
  const random = seededRandom(seed);
  const out: TaggedPath[] = [];
  for (let k = 0; k < size; k++) {
    const spelling = (k + Math.floor(k / 10)) % 5;
    let q: string;
    let tag: string;
    if (k % 10 === 9) {
      const n = 100 + Math.floor(random() * 900);
      q = codeSpellings(`${MISS_PREFIX}-${n}`, `${MISS_PREFIX.toLowerCase()}00${n}`)[spelling];
      tag = "miss";
    } else {
      const i = Math.floor(random() * records);
      const [r] = generateSampleRecords({ count: 1, start: i });
      q = codeSpellings(r.record.dvdId, r.record.contentId)[spelling];
      tag = "hit";
    }
    out.push({ path: `/movie?${qs({ q })}`, tag });
  }
  return out;
}

interface QuerySpec {
  q?: string;
  filter?: string;
  sort?: (typeof SORTS)[number];
  page?: number;
}

/** A /query URL, tagged with the sort it runs (the default: relevance with text, release without). */
export function queryPath(spec: QuerySpec): TaggedPath {
  const sort = spec.sort ?? (spec.q ? "relevance" : "release");
  return { path: `/query?${qs({ q: spec.q, filter: spec.filter, sort: spec.sort, page: spec.page })}`, tag: sort };
}

const withEverySort = (base: QuerySpec): QuerySpec[] => [base, ...SORTS.map((sort) => ({ ...base, sort }))];

/**
 * Selective searches (at 1,000,000 titles each matches at most ~50,000): English
 * words, two-character Japanese names, code prefixes, filters, every sort, some
 * deep pages.
 */
export function selectiveQueryPaths(seed = 2): TaggedPath[] {
  const texts = ["honeymoon", "bookshop", "cruise", "yui hatano", "凛音", "真央", "ABP", "MIDV", "ssis-1"];
  const filtered: QuerySpec[] = [
    { filter: "censored:uncensored" },
    { filter: 'maker:"Moonlight Pictures"' },
    { q: "cruise", filter: "genre:Drama" },
    { q: "凛音", filter: "censored:censored" },
  ];
  const deep: QuerySpec[] = [
    { q: "cruise", page: 100 },
    { q: "honeymoon", sort: "release", page: 100 },
    { filter: "censored:uncensored", sort: "views", page: 100 },
    { q: "bookshop", sort: "rating", page: 20 },
    { q: "凛音", sort: "update", page: 20 },
  ];
  const specs = [...texts.flatMap((q) => withEverySort({ q })), ...filtered.flatMap(withEverySort), ...deep];
  return shuffled(specs.map(queryPath), seededRandom(seed));
}

/**
 * Any shape: one-word queries matching a third to two thirds of the catalog, no
 * text at all, a broad filter; every sort, pages 1 and 100.
 */
export function broadQueryPaths(seed = 3): TaggedPath[] {
  const specs: QuerySpec[] = [];
  for (const q of ["the", "in", "drama"]) for (const page of [1, 100]) specs.push(...withEverySort({ q, page }));
  for (const sort of SORTS.slice(1)) specs.push({ sort, page: 100 }, { filter: "genre:Drama", sort, page: 100 });
  return shuffled(specs.map(queryPath), seededRandom(seed));
}

export const randomPaths = (num: number): TaggedPath[] => [{ path: `/random?num=${num}`, tag: `num=${num}` }];

/**
 * Plex's match, as Plex Media Server sends it while it scans (test/plex/plex-requests.ts): a
 * POST of {type, title, filename, manual: 0} to the provider's match feature under
 * `/plex/{key}`, for the files of `size` titles, 9 in 10 of the catalog (the file named by its
 * code in a spelling of codeSpellings, in a folder), 1 in 10 a code nobody has (an empty
 * container, 200).
 */
export function plexMatchPaths(records: number, key: string, size = 2000, seed = 5): TaggedPath[] {
  return moviePaths(records, size, seed).map((p) => {
    const q = new URLSearchParams(p.path.slice(p.path.indexOf("?") + 1)).get("q") ?? "";
    const file = /\.mp4$/.test(q) ? q : `${q}.mp4`;
    const body = JSON.stringify({ type: 1, title: q.replace(/\.mp4$/, ""), filename: `/Movies/${q}/${file}`, manual: 0 });
    return { path: `/plex/${key}/library/metadata/matches`, tag: p.tag, body };
  });
}

/** Plex's metadata GET of `size` titles of the catalog, by the ratingKey a match gave (`sample_{contentId}`). */
export function plexMetadataPaths(records: number, key: string, size = 2000, seed = 6): TaggedPath[] {
  const random = seededRandom(seed);
  return Array.from({ length: size }, () => {
    const [r] = generateSampleRecords({ count: 1, start: Math.floor(random() * records) });
    return { path: `/plex/${key}/library/metadata/${ratingKeyOf(r.provider, r.record.contentId)}`, tag: "hit" };
  });
}

/** The same request against the constant route of the same shape: /movie?... -> /bench/movie?... */
export const toBaseline = (paths: readonly TaggedPath[]): TaggedPath[] => paths.map((p) => ({ ...p, path: `/bench${p.path}` }));

/**
 * `size` URLs drawn from several workloads by weight, each tagged with its
 * workload's name (the traffic of "all of them at once").
 */
export function mixPaths(parts: readonly { workload: Workload; weight: number }[], size = 1000, seed = 4): TaggedPath[] {
  const random = seededRandom(seed);
  const total = parts.reduce((s, p) => s + p.weight, 0);
  const used = parts.map(() => 0);
  const out: TaggedPath[] = [];
  for (let k = 0; k < size; k++) {
    let r = random() * total;
    let i = 0;
    while (i < parts.length - 1 && r >= parts[i].weight) r -= parts[i++].weight;
    const { paths, name } = parts[i].workload;
    out.push({ path: paths[used[i]++ % paths.length].path, tag: name });
  }
  return out;
}

export interface Workloads {
  movie: Workload;
  querySelective: Workload;
  queryBroad: Workload;
  random20: Workload;
  random50: Workload;
  /** The heavy search traffic that runs beside /movie in the contention run. */
  queryHeavy: Workload;
  /** Every endpoint at once: the traffic of the idle and the import runs. */
  mixed: Workload;
}

export function buildWorkloads(records: number): Workloads {
  const movie: Workload = {
    name: "movie",
    title: "/movie by code",
    mix: "codes of 2,000 titles in 5 spellings; 1 in 10 a code nobody has (404)",
    paths: moviePaths(records),
    ok: [200, 404],
  };
  const querySelective: Workload = {
    name: "query-selective",
    title: "/query selective",
    mix: "English words, 2-character Japanese names, code prefixes, filters; every sort; some deep pages",
    paths: selectiveQueryPaths(),
    ok: [200],
  };
  const queryBroad: Workload = {
    name: "query-broad",
    title: "/query any shape",
    mix: "words in 1/3 to 2/3 of the titles, no text, a broad filter; every sort; pages 1 and 100",
    paths: broadQueryPaths(),
    ok: [200],
  };
  const random20: Workload = { name: "random20", title: "/random num=20", mix: "num=20", paths: randomPaths(20), ok: [200] };
  const random50: Workload = { name: "random50", title: "/random num=50", mix: "num=50", paths: randomPaths(50), ok: [200] };
  const queryHeavy: Workload = {
    name: "query-heavy",
    title: "/query heavy mix",
    mix: "the selective and any-shape /query URLs",
    paths: shuffled([...querySelective.paths, ...queryBroad.paths], seededRandom(5)),
    ok: [200],
  };
  const mixed: Workload = {
    name: "mixed",
    title: "every endpoint",
    mix: "50% /movie, 20% selective and 5% any-shape /query, 20% /random num=20, 5% num=50",
    paths: mixPaths([
      { workload: movie, weight: 50 },
      { workload: querySelective, weight: 20 },
      { workload: queryBroad, weight: 5 },
      { workload: random20, weight: 20 },
      { workload: random50, weight: 5 },
    ]),
    ok: [200],
    okByTag: { movie: movie.ok },
  };
  return { movie, querySelective, queryBroad, random20, random50, queryHeavy, mixed };
}

/** Plex's two requests a title, each a workload measured beside /movie (its CPU per request). */
export function plexWorkloads(records: number, key: string): Workload[] {
  return [
    {
      name: "plex-match",
      title: "Plex match",
      mix: "POST of a scan's body for the files of 2,000 titles (codes in 5 spellings, in a folder); 1 in 10 a code nobody has (empty, 200)",
      paths: plexMatchPaths(records, key),
      ok: [200],
    },
    {
      name: "plex-metadata",
      title: "Plex metadata",
      mix: "GET of 2,000 titles' Metadata by ratingKey",
      paths: plexMetadataPaths(records, key),
      ok: [200],
    },
  ];
}
