/** What the benchmarks read of the machine from /proc: its load and processes' CPU time. */
import { readFileSync } from "node:fs";

/** The 1, 5 and 15 minute load averages, or "n/a". */
export function loadavg(): string {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "n/a";
  }
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid: number | "self"): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** CPU milliseconds (user + system) of this process's waited-for children (cutime, cstime). */
export function childrenCpu(): number {
  try {
    const f = statFields("self");
    return ((Number(f[13]) + Number(f[14])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU milliseconds (user + system) a running process has used so far (utime, stime). */
export function processCpu(pid: number): number {
  const f = statFields(pid);
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}
