/**
 * `write-values`: for each installed release, merges its values sources (and `--values`
 * files) the way helmfile does (mergo with override) and writes the result to
 * `<state base name>-<sha1(abs state path)[:8]>/<release>.yaml`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { mergoOverride } from "../../merge/mergo-merge";
import { stateEnvironment, writeValuesFile } from "../../render";
import type { LoadedState, PreparedRelease } from "../../shared/model";
import { decodeYaml } from "../../shared/yaml/decode";
import { encodeYaml } from "../../shared/yaml/encode";
import { isMap, newMap, type ValueMap } from "../../shared/value";
import type { CliContext } from "../cli-context";
import { withStateHooks } from "../hook-io";
import { flagList, flagString } from "../parse-args";
import { goYamlVersion } from "./build";
import type { CommandSpec } from "./command-spec";
import { loadForCommand, noMatchExit } from "./no-releases";
import { stateBaseDir } from "./render-options";

/** The output file as helmfile prints it (relative to the state's directory) and its absolute path. */
function outputFileFor(
  ctx: CliContext,
  r: PreparedRelease,
  state: LoadedState,
): { shown: string; path: string } {
  const baseDir = stateBaseDir(ctx);
  const shown = writeValuesFile(
    r,
    stateEnvironment(state),
    flagString(ctx.flags, "output-file-template") ?? "",
    {
      baseDir,
    },
  );
  return { shown, path: resolve(baseDir, shown) };
}

function mergedValues(ctx: CliContext, r: PreparedRelease): ValueMap {
  const version = goYamlVersion(ctx.host.env);
  let merged: ValueMap = newMap();
  const texts = r.values.map((v) =>
    v.kind === "inline"
      ? { text: v.content, file: v.origin }
      : { text: ctx.fs.readFile(v.path), file: v.path },
  );
  for (const extra of flagList(ctx.flags, "values"))
    texts.push({ text: ctx.fs.readFile(resolve(ctx.host.cwd, extra)), file: extra });
  for (const t of texts) {
    const v = decodeYaml(t.text, { file: t.file, version });
    if (isMap(v)) merged = mergoOverride(merged, v);
  }
  return merged;
}

async function runWriteValues(ctx: CliContext): Promise<number> {
  // helmfile reads a release's values only when it writes them (installed releases only).
  const desired = await loadForCommand(ctx, { deferValuesLogs: true });
  // The needs warnings of converging each state (GetReleasesWithOverrides) come first.
  for (const state of desired.states)
    for (const line of state.loadLog ?? []) ctx.logger[line.level](line.message);
  const noMatch = noMatchExit(ctx, desired);
  if (noMatch !== undefined) return noMatch;
  // Every output path is checked before the first file or directory is created.
  const planned = desired.states.flatMap((state) =>
    state.releases.filter((x) => x.installed).map((r) => ({ r, state, out: outputFileFor(ctx, r, state) })),
  );
  for (const state of desired.states) {
    await withStateHooks(ctx, "write-values", state, () => {
      for (const { r, out } of planned.filter((p) => p.state === state)) {
        // helmfile re-applies the overrides to each release it writes, warning again (WriteReleasesValues).
        for (const message of r.needsWarnings ?? []) ctx.logger.warn(message);
        for (const line of r.valuesLog ?? []) ctx.logger[line.level](line.message);
        mkdirSync(dirname(out.path), { recursive: true });
        ctx.logger.info(`Writing values file ${out.shown}`);
        const yaml = encodeYaml(mergedValues(ctx, r), { version: goYamlVersion(ctx.host.env) });
        writeFileSync(out.path, yaml, { mode: 0o644 });
      }
      return Promise.resolve();
    });
  }
  return 0;
}

/** The `write-values` command. */
export const writeValuesCommand: CommandSpec = {
  name: "write-values",
  summary: "Write values files for releases",
  flags: [
    { name: "concurrency", type: "int" },
    { name: "set", type: "stringArray" },
    { name: "values", type: "stringArray" },
    { name: "output-file-template", type: "string" },
  ],
  run: runWriteValues,
};
