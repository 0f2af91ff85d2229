/**
 * People: each actress a record of her own (docs/how-it-works.md#people). The sources'
 * facts (ids, names, credits, pictures) are kept apart from the user's edits (merges,
 * splits, imported aliases), which are journalled and can be undone.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** One row per person the sources name: keyed by DMM's actress id where a source gives one. */
export const people = sqliteTable(
  "people",
  {
    id: integer("id").primaryKey(),
    /** The sources' id of her (DMM's, shared by r18.dev and FANZA); null for a person known by a full name alone. */
    dmmId: text("dmm_id"),
    /** A user's merge: this person is shown as that one (person_edits holds the edit). */
    mergedInto: integer("merged_into"),
    /** The sources' picture of her: the one given with her newest title. */
    picture: text("picture"),
    pictureRelease: text("picture_release"),
    /** source | user (a person a user's split made). */
    madeBy: text("made_by").notNull().default("source"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("people_dmm_id").on(t.dmmId), index("people_merged_into").on(t.mergedInto)],
);

/** Every name a person is known by, per source: its script, kind and the releases it was seen on. */
export const personNames = sqliteTable(
  "person_names",
  {
    personId: integer("person_id").notNull(),
    /** foldName of the name: what lookups compare. */
    folded: text("folded").notNull(),
    name: text("name").notNull(),
    /** kanji | kana | latin */
    script: text("script").notNull(),
    /** name (credited under it) | former (a source says so: DMM's 名（旧名）) | alias (a user's, or an imported table's) */
    kind: text("kind").notNull(),
    /** The provider that credited it, or user, javsp, mdcx. */
    source: text("source").notNull(),
    firstRelease: text("first_release"),
    lastRelease: text("last_release"),
    /** When a source last gave it (ms): among names of one script, the newest is her current one. */
    seenAt: integer("seen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.folded, t.source] }), index("person_names_folded").on(t.folded)],
);

/** Who is credited on each title, in the record's order (the sources' person; a user's merge applies on reading). */
export const personTitles = sqliteTable(
  "person_titles",
  {
    movieId: integer("movie_id").notNull(),
    position: integer("position").notNull(),
    personId: integer("person_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.movieId, t.position] }), index("person_titles_person").on(t.personId, t.movieId)],
);

/** The user's edits of people, in order: merge, split, alias, import. Each holds what undoing it needs. */
export const personEdits = sqliteTable("person_edits", {
  id: integer("id").primaryKey(),
  kind: text("kind").notNull(),
  /** What the edit did, as JSON (the persons, names and titles it moved). */
  detail: text("detail").notNull(),
  /** One line for the lists: "merged 2 into 1", "split 新名 off 1". */
  summary: text("summary").notNull(),
  createdAt: integer("created_at").notNull(),
  undoneAt: integer("undone_at"),
});

/** A user's split: titles the sources credit to `personId` under `folded` go to `toPersonId`. */
export const personSplits = sqliteTable(
  "person_splits",
  {
    personId: integer("person_id").notNull(),
    folded: text("folded").notNull(),
    toPersonId: integer("to_person_id").notNull(),
    editId: integer("edit_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.folded] })],
);

/** What `people push` last sent to a media server's person: a second run sends only what changed. */
export const peoplePushed = sqliteTable(
  "people_pushed",
  {
    /** The server's URL, as configured. */
    server: text("server").notNull(),
    /** The server's id of the person item. */
    itemId: text("item_id").notNull(),
    personId: integer("person_id").notNull(),
    imageHash: text("image_hash"),
    overviewHash: text("overview_hash"),
    pushedAt: integer("pushed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.server, t.itemId] })],
);
