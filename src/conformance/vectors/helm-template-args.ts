/**
 * Vectors `helm-template-args`: the flags helmfile passes to `helm template` per release
 * (`flagsForTemplate`), which releases `helmfile template` renders with which flags
 * (loaded from in-memory state files), and extra-args parsing.
 */
import { isHelmfileError } from "../../shared/errors";
import { loadDesiredState, MemoryFileSystem } from "../../load/index";
import { buildTemplateArgs } from "../../render/render-release";
import { resolveChart } from "../../render/prepare-charts";
import { planReleases } from "../../render/plan-releases";
import { inStateContext } from "../../render/render-state";
import { extraHelmArgs } from "../../render/collect-args";
import { templateFlags } from "../../render/template-flags";
import type { ScratchFileSystem } from "../../render/render-io";
import type { TemplateCommandOptions } from "../../render/render-types";
import { fromPlain, isMap, type ValueMap } from "../../shared/value";
import type { Vector, VectorFile } from "./types";

type Json = Record<string, unknown>;

const NO_SCRATCH: ScratchFileSystem = {
  makeTempDir: () => "/tmp/vectors",
  makeDir: () => {},
  writeFile: () => {},
  rename: () => {},
  remove: () => {},
  stat: () => undefined,
  touch: () => {},
  listFilesRecursive: () => [],
};

function asMap(v: unknown): ValueMap {
  const m = fromPlain(v ?? {});
  return isMap(m) ? m : (fromPlain({}) as ValueMap);
}

function stringList(v: unknown): string[] | undefined {
  return Array.isArray(v) ? v.map(String) : undefined;
}

function options(o: Json): TemplateCommandOptions {
  const out: Record<string, unknown> = {};
  for (const k of ["postRenderer", "kubeVersion", "templateArgs", "outputDir"])
    if (typeof o[k] === "string") out[k] = o[k];
  for (const k of ["postRendererArgs", "showOnly", "set", "values"])
    if (Array.isArray(o[k])) out[k] = stringList(o[k]);
  for (const k of ["noHooks", "skipSchemaValidation", "validate", "includeCrds", "skipTests"])
    if (o[k] === true) out[k] = true;
  return out as TemplateCommandOptions;
}

function flagsForTemplate(input: Json): string[] {
  const release = asMap(input.release);
  const envs = (input.environments ?? {}) as Json;
  const env = envs[String(input.envName ?? "default")] as Json | undefined;
  const ctx = typeof env?.kubeContext === "string" ? env.kubeContext : undefined;
  const helmMajor = Number(String(input.helmVersion ?? "3").split(".")[0]);
  const flags = templateFlags({
    release,
    helmDefaults: asMap(input.helmDefaults),
    options: options((input.templateOpts ?? {}) as Json),
    helmMajor,
    ...(ctx === undefined ? {} : { environmentKubeContext: ctx }),
  });
  const ns = release.namespace;
  if (typeof ns === "string" && ns !== "") flags.push("--namespace", ns);
  return flags;
}

interface Templated {
  readonly name: string;
  readonly chart: string;
  readonly flags: string[];
}

function templateReleases(input: Json): {
  error: string;
  templated: Templated[] | null;
  reposAdded: string[];
} {
  const opts = (input.options ?? {}) as Json;
  const fs = new MemoryFileSystem(input.files as Record<string, string>);
  try {
    const desired = loadDesiredState(
      {
        cwd: String(input.cwd ?? "/"),
        environment: String(input.env ?? "default"),
        selectors: stringList(input.selectors) ?? [],
        ...(typeof input.kubeContext === "string" ? { kubeContext: input.kubeContext } : {}),
        ...(typeof input.namespace === "string" ? { namespace: input.namespace } : {}),
        includeTransitiveNeeds: opts.includeNeeds === true || opts.includeTransitiveNeeds === true,
        includeNeeds: opts.includeNeeds === true,
        skipNeeds: opts.skipNeeds === true,
      },
      { fs, env: {} },
    );
    const include = opts.includeNeeds === true || opts.includeTransitiveNeeds === true;
    // helmfile's own tests leave SkipNeeds false (Go's zero value) unless they set it.
    const requireSelectedNeeds = opts.skipNeeds !== true && !include;
    const templated: Templated[] = [];
    const reposAdded: string[] = [];
    for (const state of desired.states) {
      reposAdded.push(...state.repositories.filter((r) => !r.oci).map((r) => r.name));
      const ctx = {
        helm: { path: "helm", major: 3, minor: 10, patch: 0, raw: "v3.10.0" },
        flagsBase: { helmDefaults: state.helmDefaults, repositories: state.repositories.map((r) => r.spec) },
        template: options(opts),
        extraArgs: extraHelmArgs("", undefined),
        valuesDir: "/tmp/vectors",
        scratch: NO_SCRATCH,
        environment: { name: state.environment, kubeContext: "", values: state.values },
      };
      // helmfile plans a state only when it has a selected release (pkg/app/app.go withNeeds).
      if (state.releases.length === 0) continue;
      let planned;
      try {
        planned = planReleases(
          state.releases.filter((r) => r.installed),
          state.dagNodes,
          { selected: state.releases.map((r) => r.id), requireSelectedNeeds },
        );
      } catch (err) {
        throw isHelmfileError(err) ? inStateContext(state, err) : err;
      }
      planned.forEach((r, i) => {
        const chart = resolveChart(r, fs, state.repositories);
        const { args } = buildTemplateArgs(r, chart, ctx, i);
        templated.push({ name: r.name, chart: args[2] ?? "", flags: args.slice(3) });
      });
    }
    return { error: "", templated, reposAdded };
  } catch (err) {
    return {
      error: isHelmfileError(err) ? err.detail : err instanceof Error ? err.message : String(err),
      templated: null,
      reposAdded: [],
    };
  }
}

function flagsMatch(want: readonly unknown[], got: readonly string[]): boolean {
  if (want.length !== got.length) return false;
  return want.every((w, i) => {
    const g = got[i] ?? "";
    if (typeof w === "string") return w === g;
    const re = (w as { regex?: string }).regex;
    return re !== undefined && new RegExp(re).test(g);
  });
}

function hasPair(flags: readonly string[], [a, b]: readonly string[]): boolean {
  return flags.some((f, i) => (f === a && flags[i + 1] === b) || f === `${a ?? ""}=${b ?? ""}`);
}

function checkTemplated(expected: Json, got: ReturnType<typeof templateReleases>): true | string {
  if (typeof expected.error === "string" && expected.error !== got.error)
    return `error: expected ${JSON.stringify(expected.error)}, got ${JSON.stringify(got.error)}`;
  if (
    expected.reposAdded !== undefined &&
    JSON.stringify(expected.reposAdded) !== JSON.stringify(got.reposAdded)
  ) {
    return `repos: expected ${JSON.stringify(expected.reposAdded)}, got ${JSON.stringify(got.reposAdded)}`;
  }
  const list = got.templated ?? [];
  if (Array.isArray(expected.templated)) {
    const want = expected.templated as Json[];
    if (want.length !== list.length)
      return `expected ${want.length} releases, got ${list.map((t) => t.name).join(",") || "none"}`;
    for (const [i, w] of want.entries()) {
      const g = list[i] as Templated;
      if (w.name !== g.name) return `release #${i}: expected ${String(w.name)}, got ${g.name}`;
      if (typeof w.chartContains === "string" && !g.chart.includes(w.chartContains))
        return `${g.name}: chart ${g.chart}`;
      if (!flagsMatch(w.flags as unknown[], g.flags))
        return `${g.name}: expected ${JSON.stringify(w.flags)}, got ${JSON.stringify(g.flags)}`;
    }
  } else if (expected.templated === null && got.templated !== null && got.error === "")
    return "expected no templating";
  if (typeof expected.templatedCount === "number" && list.length !== expected.templatedCount)
    return `expected ${expected.templatedCount} releases, got ${list.length}`;
  for (const pair of (expected.flagsHave ?? []) as string[][])
    if (!list.every((t) => hasPair(t.flags, pair))) return `missing ${pair.join(" ")}`;
  for (const pair of (expected.flagsHaveNot ?? []) as string[][])
    if (list.some((t) => hasPair(t.flags, pair))) return `unexpected ${pair.join(" ")}`;
  return true;
}

/** Runs one helm-template-args vector. */
export function helmTemplateArgs(v: Vector, _f: VectorFile): true | string {
  const input = (v.input ?? {}) as Json;
  switch (v.function) {
    case "helmTemplateFlags": {
      const got = flagsForTemplate(input);
      return JSON.stringify(got) === JSON.stringify(v.expected)
        ? true
        : `expected ${JSON.stringify(v.expected)}, got ${JSON.stringify(got)}`;
    }
    case "templateReleases":
      return checkTemplated((v.expected ?? {}) as Json, templateReleases(input));
    case "extraHelmArgs": {
      const got = extraHelmArgs(String(input.args ?? ""), stringList(input.helmDefaultsArgs)).join(" ");
      return got === v.expectedJoined
        ? true
        : `expected ${JSON.stringify(v.expectedJoined)}, got ${JSON.stringify(got)}`;
    }
    default:
      return `unknown function ${String(v.function)}`;
  }
}
