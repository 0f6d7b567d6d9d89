/**
 * `build`: prints each loaded state as helmfile does: `---`, `#  Source: <absolute path>`,
 * an empty line, then the state document in go-yaml's format (v3 unless
 * `HELMFILE_GO_YAML_V3=false`).
 */
import { join } from "node:path";
import { decodeYaml } from "../../shared/yaml/decode";
import { encodeYaml } from "../../shared/yaml/encode";
import { sortGoYamlKeys } from "../../shared/yaml/key-order";
import { isMap, newMap, type Value, type ValueMap } from "../../shared/value";
import type { LoadedState } from "../../shared/model";
import type { Environment } from "../../shared/io";
import type { CliContext } from "../cli-context";
import { withStateHooks } from "../hook-io";
import type { CommandSpec } from "./command-spec";
import { loadForCommand, noMatchExit } from "./no-releases";
import { goYamlVersionFromEnv } from "../../shared/yaml";
import { applyLockedVersions, hasChartifyPatches } from "../../render/index";
import { lockFailure } from "../state-errors";

/** go-yaml version helmfile uses for output, from `HELMFILE_GO_YAML_V3`. */
export function goYamlVersion(env: Environment): "v2" | "v3" {
  return goYamlVersionFromEnv(env);
}

/** One state as `helmfile build` prints it. */
export function formatBuiltState(state: LoadedState, env: Environment): string {
  // The document keeps helmfile's struct field order; nested maps were ordered by the loader.
  const yaml = encodeYaml(state.document, { version: goYamlVersion(env), sortKeys: false });
  return `---\n#  Source: ${state.file}\n\n${yaml}`;
}

/**
 * What chartify prints while `build` prepares charts: build prepares the releases without patches,
 * and chartify's kustomize build of a kustomization directory prints kustomize's (empty, `-o`)
 * output and a newline on stdout, before the state is printed.
 */
function kustomizeBuildLines(ctx: CliContext, state: LoadedState): string {
  return state.releases
    .filter((r) => r.installed && !hasChartifyPatches(r.spec))
    .filter((r) => {
      const dir = r.chartPath;
      return (
        dir !== undefined &&
        ctx.fs.isFile(join(dir, "kustomization.yaml")) &&
        !ctx.fs.exists(join(dir, "Chart.yaml"))
      );
    })
    .map(() => "\n")
    .join("");
}

async function runBuild(ctx: CliContext): Promise<number> {
  const embed = ctx.flags["embed-values"] === true;
  // helmfile's build and list never read release values or secrets (app.go PrintState, ListReleases),
  // except `build --embed-values`, which prints each release's values instead of the file names.
  // A bad `condition:` fails in chart preparation (`[…]`), or in selector filtering with selectors.
  const desired = await loadForCommand(ctx, {
    releaseValues: embed,
    conditionErrors: { withSelectors: "select", withoutSelectors: "prepare" },
  });
  // helmfile prints each state as it visits it, so the states come before "no releases found".
  for (const state of desired.states)
    await withStateHooks(ctx, "build", state, () => {
      let locked: LoadedState;
      try {
        locked = withLockedVersions(ctx, state);
      } catch (err) {
        throw lockFailure(ctx, state, err, "build");
      }
      const shown = embed ? embedValues(ctx, locked) : locked;
      ctx.host.writeStdout(kustomizeBuildLines(ctx, state) + formatBuiltState(shown, ctx.host.env));
      return Promise.resolve();
    });
  return noMatchExit(ctx, desired) ?? 0;
}

/**
 * The state with its lock file's versions in the releases it prints, as helmfile's build resolves
 * them (pkg/state ResolveDeps): a release of a repository chart gets the locked version that
 * satisfies its own (none: any), placed after `chart:` when it had none.
 */
function withLockedVersions(ctx: CliContext, state: LoadedState): LoadedState {
  const releases = state.document.releases;
  if (!Array.isArray(releases)) return state;
  const resolved = applyLockedVersions({ ...state, releases: state.stateReleases ?? state.releases }, ctx.fs);
  const versionOf = new Map(resolved.map((r) => [`${r.namespace}/${r.name}`, r.version]));
  let changed = false;
  const printed = releases.map((rel: Value) => {
    if (!isMap(rel)) return rel;
    const key = `${typeof rel.namespace === "string" ? rel.namespace : ""}/${String(rel.name)}`;
    const version = versionOf.get(key);
    if (version === undefined || version === "" || rel.version === version) return rel;
    changed = true;
    const copy = newMap();
    for (const [k, v] of Object.entries(rel)) {
      if (k === "version") continue;
      copy[k] = v;
      if (k === "chart") copy.version = version;
    }
    if (!("version" in copy)) copy.version = version;
    return copy;
  });
  if (!changed) return state;
  const document: ValueMap = Object.assign(newMap(), state.document, { releases: printed });
  return { ...state, document };
}

/**
 * `build --embed-values` (pkg/app/app.go PrintState): each release's `values:` become the loaded
 * documents (values files read, `.gotmpl` ones rendered), as Go maps print them: keys sorted.
 * Secrets are never embedded: they stay under `secrets:` as written.
 */
function embedValues(ctx: CliContext, state: LoadedState): LoadedState {
  const version = goYamlVersion(ctx.host.env);
  const sorted = (v: Value): Value => {
    if (Array.isArray(v)) return v.map(sorted);
    if (!isMap(v)) return v;
    const out = newMap();
    for (const k of sortGoYamlKeys(Object.keys(v), version)) out[k] = sorted(v[k] as Value);
    return out;
  };
  const byId = new Map(state.releases.map((r) => [`${r.namespace}/${r.name}`, r]));
  const releases = state.document.releases;
  if (!Array.isArray(releases)) return state;
  const doc: ValueMap = Object.assign(newMap(), state.document);
  doc.releases = releases.map((rel: Value) => {
    if (!isMap(rel)) return rel;
    const r = byId.get(`${typeof rel.namespace === "string" ? rel.namespace : ""}/${String(rel.name)}`);
    if (r === undefined || !("values" in rel)) return rel;
    const copy: ValueMap = Object.assign(newMap(), rel);
    copy.values = r.values
      .filter((v) => !v.secret)
      .map((v) => {
        const text = v.kind === "inline" ? v.content : ctx.fs.readFile(v.path);
        const file = v.kind === "inline" ? v.origin : v.path;
        return sorted(decodeYaml(text, { file, version }) ?? newMap());
      });
    return copy;
  });
  return { ...state, document: doc };
}

/** The `build` command. */
export const buildCommand: CommandSpec = {
  name: "build",
  summary: "Build all resources from state file only when there are no errors",
  flags: [{ name: "embed-values", type: "bool" }],
  run: runBuild,
};
