/** Whether a process with this id runs (one we may not signal runs too): for leftovers named by the PID of their writer. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
