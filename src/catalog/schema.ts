import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * One row per (provider, contentId). `doc` is the detailed record as JSON, so a
 * lookup is one indexed read; the other columns exist to filter and sort by.
 * The FTS5 index and `movie_names` live in the custom migration (0001_fts).
 */
export const movies = sqliteTable(
  "movies",
  {
    id: integer("id").primaryKey(),
    provider: text("provider").notNull(),
    contentId: text("content_id").notNull(),
    dvdId: text("dvd_id").notNull(),
    serviceCode: text("service_code").notNull(),
    site: text("site").notNull(),
    releaseDate: text("release_date").notNull(),
    runtimeMins: integer("runtime_mins").notNull(),
    censored: integer("censored").notNull(),
    ratingAvg: real("rating_avg"),
    ratingCount: integer("rating_count"),
    popularity: integer("popularity"),
    pageUrl: text("page_url").notNull(),
    doc: text("doc").notNull(),
    altNames: text("alt_names").notNull(),
    hash: text("hash").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("movies_provider_content_id").on(t.provider, t.contentId),
    index("movies_dvd_id").on(t.dvdId),
    index("movies_release").on(t.releaseDate, t.id),
    index("movies_updated").on(t.updatedAt, t.id),
    index("movies_rating").on(t.ratingAvg, t.ratingCount, t.id),
    index("movies_popularity").on(t.popularity, t.id),
  ],
);

/** API keys: only the SHA-256 of the token is kept. */
export const apiKeys = sqliteTable("api_keys", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  keyHash: text("key_hash").notNull().unique(),
  keyPrefix: text("key_prefix").notNull(),
  ratePerMinute: integer("rate_per_minute").notNull(),
  createdAt: integer("created_at").notNull(),
  lastUsedAt: integer("last_used_at"),
  revokedAt: integer("revoked_at"),
});

/** Small facts about the catalog itself (e.g. whether sample data was loaded once). */
export const meta = sqliteTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
