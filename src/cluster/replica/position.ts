/**
 * Where a backup stands, as Litestream lists it (`litestream wal`, `litestream
 * snapshots`): the generation a restore would take (the one written last) and the end
 * of its last WAL segment (index, offset). A replica restores only when this moved.
 */

/** A backup's position: its newest generation and the last WAL segment in it. */
export interface BackupPosition {
  generation: string;
  /** The WAL index (one per WAL file the catalog went through) of the last segment. */
  index: number;
  /** Where the last segment starts in that WAL file. */
  offset: number;
  /** When the last segment (or snapshot) was written, as Litestream says it (ISO time). */
  createdAt: string;
}

interface Row {
  generation: string;
  index: number;
  offset: number;
  createdAt: string;
}

/**
 * The rows of a listing (`litestream wal`: replica generation index offset size
 * created; `litestream snapshots`: replica generation index size created), the
 * header and any other line left out. Litestream prints index and offset in decimal.
 */
export function parseListing(text: string, kind: "wal" | "snapshots"): Row[] {
  const rows: Row[] = [];
  for (const line of text.split("\n")) {
    const f = line.trim().split(/\s+/);
    const width = kind === "wal" ? 6 : 5;
    if (f.length !== width || !/^[0-9a-f]{16}$/.test(f[1]) || !/^\d+$/.test(f[2])) continue;
    const createdAt = f[width - 1];
    if (Number.isNaN(Date.parse(createdAt))) continue;
    rows.push({ generation: f[1], index: Number(f[2]), offset: kind === "wal" ? Number(f[3]) : 0, createdAt });
  }
  return rows;
}

/**
 * The position a restore would reach: Litestream restores the generation updated last
 * (its newest snapshot or segment), up to its last segment. Null: no backup there.
 */
export function latestPosition(wal: Row[], snapshots: Row[]): BackupPosition | null {
  const updated = new Map<string, string>();
  for (const r of [...snapshots, ...wal]) {
    const at = updated.get(r.generation);
    if (at === undefined || Date.parse(r.createdAt) > Date.parse(at)) updated.set(r.generation, r.createdAt);
  }
  let generation: string | null = null;
  for (const [g, at] of updated) {
    // Ties (the same second) go to the name that sorts last, as any fixed rule would do.
    if (generation === null || Date.parse(at) > Date.parse(updated.get(generation)!) || (at === updated.get(generation) && g > generation)) generation = g;
  }
  // A generation needs a snapshot to restore from.
  if (generation === null || !snapshots.some((s) => s.generation === generation)) return null;
  let last: Row | null = null;
  for (const r of [...snapshots, ...wal]) {
    if (r.generation !== generation) continue;
    if (last === null || r.index > last.index || (r.index === last.index && r.offset > last.offset)) last = r;
  }
  return last && { generation, index: last.index, offset: last.offset, createdAt: updated.get(generation)! };
}

/** Whether the backup moved past the copy served (null: none served yet, or one whose position is unknown). */
export function moved(served: BackupPosition | null, latest: BackupPosition): boolean {
  return served === null || served.generation !== latest.generation || served.index !== latest.index || served.offset !== latest.offset;
}

/** `generation/index/offset`, with index and offset in hexadecimal as Litestream names its files. */
export function formatPosition(p: BackupPosition): string {
  const hex = (n: number) => n.toString(16).padStart(8, "0");
  return `${p.generation}/${hex(p.index)}/${hex(p.offset)}`;
}
