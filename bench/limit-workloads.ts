/**
 * The workloads issue 14 adds beside those of workloads.ts: /health, two 4xx answers,
 * and the two shapes of /query its targets name (a short Japanese word; an English
 * title word, every sort, pages 1 and 50). Words are from the sample generator's
 * titles (src/samples/titles/words.ts), so every one matches.
 */
import { queryPath, SORTS, seededRandom, shuffled, type TaggedPath, type Workload } from "./workloads.js";

/** One- and two-character words of the generated Japanese titles (night, love, summer, hot spring, company president, inn). */
export const JA_SHORT_WORDS = ["夜", "恋", "夏", "温泉", "社長", "旅館"] as const;
/** Words of the generated English titles, each in about 1 in 30 to 1 in 10 titles: page 50 exists from ~10,000 titles. */
export const EN_TITLE_WORDS = ["honeymoon", "kyoto", "summer", "office"] as const;
export const EN_TITLE_PAGES = [1, 50] as const;

/** Every sort, and none (the default, relevance with text). */
const SORT_CHOICES = [undefined, ...SORTS];

/** Tagged by word: what a search costs depends mostly on how many titles have it. */
export function jaShortPaths(seed = 6): TaggedPath[] {
  return shuffled(
    JA_SHORT_WORDS.flatMap((q) => SORT_CHOICES.map((sort) => ({ path: queryPath({ q, sort }).path, tag: q }))),
    seededRandom(seed),
  );
}

/** Tagged by sort and page ("views page 50"), each of which the target holds to its p99. */
export function enTitlePaths(seed = 7): TaggedPath[] {
  const paths = EN_TITLE_WORDS.flatMap((q) =>
    EN_TITLE_PAGES.flatMap((page) =>
      SORT_CHOICES.map((sort) => {
        const p = queryPath({ q, sort, page });
        return { path: p.path, tag: `${p.tag} page ${page}` };
      }),
    ),
  );
  return shuffled(paths, seededRandom(seed));
}

export interface LimitWorkloads {
  health: Workload;
  badKey: Workload;
  badParam: Workload;
  queryJaShort: Workload;
  queryEnTitle: Workload;
}

/** `badKey` is sent as the key of the 401 workload: a token of a real key's length that no key has. */
export function buildLimitWorkloads(badKey: string): LimitWorkloads {
  return {
    health: { name: "health", title: "/health", mix: "GET /health (no key needed)", paths: [{ path: "/health", tag: "200" }], ok: [200] },
    badKey: {
      name: "bad-key",
      title: "/movie, bad key (401)",
      mix: "GET /movie?q=ABP-123 with a key nobody has",
      paths: [{ path: "/movie?q=ABP-123", tag: "401" }],
      ok: [401],
      key: badKey,
    },
    badParam: {
      name: "bad-param",
      title: "/random num=0 (400)",
      mix: "GET /random?num=0 (num is 1 to 50)",
      paths: [{ path: "/random?num=0", tag: "400" }],
      ok: [400],
    },
    queryJaShort: {
      name: "query-ja-short",
      title: "/query 1-2 char Japanese",
      mix: `${JA_SHORT_WORDS.join(" ")}; every sort; page 1`,
      paths: jaShortPaths(),
      ok: [200],
    },
    queryEnTitle: {
      name: "query-en-title",
      title: "/query English title word",
      mix: `${EN_TITLE_WORDS.join(" ")}; every sort; pages ${EN_TITLE_PAGES.join(" and ")}`,
      paths: enTitlePaths(),
      ok: [200],
    },
  };
}

/** A token that is no key: the real one with its last characters changed, so the same length. */
export const wrongKey = (key: string): string => key.slice(0, -6) + (key.endsWith("000000") ? "111111" : "000000");
