/**
 * A process's CPU time from /proc/PID/stat: utime + stime, which count every thread
 * of the process (the search workers and libuv's pool too), in clock ticks.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** CPU time (user + system, all threads) of a process in clock ticks, or null without /proc. */
export function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of the line; 12 and 13 after "pid (comm) ".
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

let ticksPerSecond: number | null = null;

/** Clock ticks per second (`getconf CLK_TCK`; 100 on Linux, also when getconf is missing). */
export function clockTicksPerSecond(): number {
  if (ticksPerSecond === null) {
    try {
      const n = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
      ticksPerSecond = Number.isSafeInteger(n) && n > 0 ? n : 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** CPU microseconds between two readings of cpuTicks, or null when either is unknown. */
export function cpuMicros(before: number | null, after: number | null): number | null {
  if (before === null || after === null) return null;
  return ((after - before) * 1e6) / clockTicksPerSecond();
}
