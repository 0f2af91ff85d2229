/**
 * When a download is whole: a unit of the inbox (a file, or a torrent's folder) is taken
 * once no file in it has a partial name and no file's size or time has changed for the
 * settle time. What has been handed over is not handed again until it changes. Kept in
 * memory: after a restart a unit waits its settle time again, which is safe.
 */
import type { InboxUnit } from "./inbox.js";

interface Seen {
  signature: string;
  since: number;
  handed: string | null;
}

const signatureOf = (u: InboxUnit) => u.files.map((f) => `${f.rel}\u0000${f.size}\u0000${f.mtimeMs}`).join("\u0001") + (u.partial ? "\u0002partial" : "");

export class Settler {
  private readonly seen = new Map<string, Seen>();

  constructor(private readonly settleMs: number) {}

  /**
   * Looks at units (all of the inbox when `whole`, else some of it): returns those settled
   * now and not handed before; units gone from a whole look are forgotten.
   */
  observe(units: InboxUnit[], now: number, whole: boolean): InboxUnit[] {
    const ready: InboxUnit[] = [];
    for (const u of units) {
      const signature = signatureOf(u);
      let s = this.seen.get(u.name);
      if (s === undefined || s.signature !== signature) {
        s = { signature, since: now, handed: s?.handed ?? null };
        this.seen.set(u.name, s);
      }
      const settled = !u.partial && now - s.since >= this.settleMs && u.files.some((f) => f.video);
      if (settled && s.handed !== signature) {
        s.handed = signature;
        ready.push(u);
      }
    }
    if (whole) {
      const names = new Set(units.map((u) => u.name));
      for (const name of this.seen.keys()) if (!names.has(name)) this.seen.delete(name);
    }
    return ready;
  }

  /** Units seen and not settled yet (partial, or changed within the settle time). */
  settling(now: number): number {
    let n = 0;
    for (const s of this.seen.values()) if (s.handed !== s.signature && (s.signature.endsWith("\u0002partial") || now - s.since < this.settleMs)) n++;
    return n;
  }

  /** The units whose settle time is up at `now` and that were not handed yet (to be looked at again). */
  due(now: number): Set<string> {
    const names = new Set<string>();
    for (const [name, s] of this.seen)
      if (s.handed !== s.signature && !s.signature.endsWith("\u0002partial") && s.since + this.settleMs <= now) names.add(name);
    return names;
  }

  /** The earliest time a unit seen now may settle, or null. */
  nextDue(): number | null {
    let next: number | null = null;
    for (const s of this.seen.values()) {
      if (s.handed === s.signature || s.signature.endsWith("\u0002partial")) continue;
      const due = s.since + this.settleMs;
      if (next === null || due < next) next = due;
    }
    return next;
  }
}
