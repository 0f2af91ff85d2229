/**
 * Reads a catalog file through once, so that its pages are in the OS page cache as on
 * a server whose catalog fits in memory. Machines like the ones this project runs on
 * (VMs whose host reclaims idle page cache within a minute or so) would otherwise
 * serve every random record from disk after any pause, and the figures would measure
 * the disk. Returns the seconds it took.
 */
import { closeSync, existsSync, openSync, readSync } from "node:fs";

const CHUNK = 8 << 20;

export function warmPageCache(path: string): number {
  const t0 = performance.now();
  const buf = Buffer.allocUnsafe(CHUNK);
  for (const file of [path, `${path}-wal`]) {
    if (!existsSync(file)) continue;
    const fd = openSync(file, "r");
    try {
      while (readSync(fd, buf, 0, CHUNK, null) > 0);
    } finally {
      closeSync(fd);
    }
  }
  return (performance.now() - t0) / 1000;
}
