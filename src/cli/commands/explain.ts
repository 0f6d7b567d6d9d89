/**
 * `explain <release> <key.path>` / `explain --state <key.path>`: which layer set a value, and
 * every layer that set it before. Thin: loads with `explain: true`, calls `explainValue`.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { x as untar } from "tar";
import { explainValue } from "../../merge/explain/explain-value";
import { createHelmHome, syncRepositories } from "../../render";
import type { DesiredState } from "../../shared/model";
import { isLocalCopy, pullChart } from "./fetch";
import { explainJson, explainText } from "../../merge/explain/format-explain";
import type { CliContext } from "../cli-context";
import { flagBool, flagString } from "../parse-args";
import type { CommandSpec } from "./command-spec";

async function runExplain(ctx: CliContext): Promise<number> {
  const state = flagBool(ctx.flags, "state");
  const [first, second] = ctx.positionals;
  const key = state ? first : second;
  if (key === undefined || (!state && first === undefined)) {
    ctx.host.writeStderr("usage: explain <release> <key.path> | explain --state <key.path>\n");
    return 2;
  }
  const desired = await ctx.loadDesiredState({ explain: true, ...(state ? { releaseValues: false } : {}) });
  const scratch = mkdtempSync(join(ctx.host.env.TMPDIR || tmpdir(), "phf-explain-"));
  const home = createHelmHome(ctx.scratch);
  try {
    const pulledCharts = state ? undefined : await pulledChart(ctx, desired, first ?? "", scratch, home.env);
    const result = explainValue(
      desired,
      { key, ...(state ? {} : { release: first }) },
      {
        fs: ctx.fs,
        unpack: unpacker(join(scratch, "subcharts")),
        ...(pulledCharts === undefined ? {} : { pulledCharts }),
      },
    );
    ctx.host.writeStdout(
      flagString(ctx.flags, "output") === "json" ? `${explainJson(result)}\n` : explainText(result),
    );
    return result.found ? 0 : 1;
  } finally {
    home.dispose();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Unpacks a subchart archive (`charts/x-1.0.0.tgz`, as `helm dependency build` leaves it) under
 * `into`, and returns the chart folder it holds (its one top folder); undefined when it is no
 * readable chart archive (helm would fail the render on it).
 */
function unpacker(into: string): (archive: string) => string | undefined {
  let n = 0;
  return (archive) => {
    const dest = join(into, String(n++));
    try {
      mkdirSync(dest, { recursive: true });
      untar({ file: archive, cwd: dest, sync: true, strict: true });
      const top = readdirSync(dest);
      return top.length === 1 ? join(dest, top[0] as string) : undefined;
    } catch {
      return undefined;
    }
  };
}

/**
 * A release whose chart comes from a repository or an OCI registry: its chart pulled (after its
 * state's repositories are added, as `fetch` does), so the chart's defaults take part. A pull that
 * fails leaves them out with a warning: the state's layers are still explained.
 */
async function pulledChart(
  ctx: CliContext,
  desired: DesiredState,
  wanted: string,
  scratch: string,
  env: Readonly<Record<string, string>>,
): Promise<ReadonlyMap<string, { dir: string; label: string }> | undefined> {
  const r = desired.releases.find(
    (x) => x.id === wanted || x.name === wanted || `${x.namespace}/${x.name}` === wanted,
  );
  if (r === undefined || r.chartPath !== undefined || isLocalCopy(ctx, r)) return undefined;
  const label = `${r.chart}${r.version === undefined || r.version === "" ? "" : `@${r.version}`}`;
  try {
    const st = desired.states.find((s) => s.releases.some((x) => x.id === r.id));
    if (st !== undefined && !ctx.settings.skipDeps && !ctx.settings.skipRefresh)
      await syncRepositories(st.repositories, await ctx.helm(), ctx.runner, env, ctx.logger);
    return new Map([[r.id, { dir: await pullChart(ctx, r, join(scratch, "chart"), env, st), label }]]);
  } catch (err) {
    ctx.logger.warn(`explain: the defaults of chart ${label} are left out: ${(err as Error).message}`);
    return undefined;
  }
}

/** The `explain` command. */
export const explainCommand: CommandSpec = {
  name: "explain",
  summary: "Show which layer set a state or release value, and the chain of layers behind it",
  flags: [
    {
      name: "state",
      type: "bool",
      help: "explain a state value (.Values of the state) instead of a release value",
    },
    { name: "output", short: "o", type: "string", help: "output format: text (default) or json" },
  ],
  run: runExplain,
};
