/** Helpers of the tests that stop real processes: is a pid still running, wait until a condition holds. */
import { readFileSync } from "node:fs";

/** Whether `pid` runs: not gone, and not a zombie (exited, not yet reaped). Linux's /proc. */
export function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** Polls `cond` every 50 ms; throws when it does not hold within `ms`. */
export async function waitFor(cond: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}
