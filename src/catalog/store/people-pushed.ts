/**
 * What `people push` last sent to each person item of a media server (the picture's and the
 * overview's hashes), so that a second run sends only what changed. Each half is written as
 * soon as the server took it: a run stopped half way keeps what it sent.
 */
import type { Db } from "./db.js";
import { stmt } from "./statements.js";

export interface PushedRecord {
  personId: number;
  imageHash: string | null;
  overviewHash: string | null;
}

/** What was last sent to the item `itemId` of `server` (its URL as configured); null when nothing was. */
export function pushedTo(db: Db, server: string, itemId: string): PushedRecord | null {
  const row = stmt<[string, string], { person_id: number; image_hash: string | null; overview_hash: string | null }>(
    db,
    "SELECT person_id, image_hash, overview_hash FROM people_pushed WHERE server = ? AND item_id = ?",
  ).get(server, itemId);
  return row === undefined ? null : { personId: row.person_id, imageHash: row.image_hash, overviewHash: row.overview_hash };
}

/** Records one half sent (the picture or the overview), keeping the other half as it was. */
export function recordPushed(db: Db, p: { server: string; itemId: string; personId: number; imageHash?: string; overviewHash?: string; at: number }): void {
  stmt<[string, string, number, string | null, string | null, number], void>(
    db,
    `INSERT INTO people_pushed (server, item_id, person_id, image_hash, overview_hash, pushed_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (server, item_id) DO UPDATE SET person_id = excluded.person_id,
       image_hash = coalesce(excluded.image_hash, people_pushed.image_hash),
       overview_hash = coalesce(excluded.overview_hash, people_pushed.overview_hash),
       pushed_at = excluded.pushed_at`,
  ).run(p.server, p.itemId, p.personId, p.imageHash ?? null, p.overviewHash ?? null, p.at);
}
