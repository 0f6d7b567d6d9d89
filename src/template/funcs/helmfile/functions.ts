/**
 * helmfile's template functions (pkg/tmpl/context_funcs.go, context_tmpl.go): everything
 * helmfile registers on top of sprig. Side effects go through the injected environment
 * (`ctx.env`: fs, environ, process, basePath); relative paths resolve against `basePath`,
 * the state file's directory.
 *
 * Assumed of the caller (state loader / renderer): it merges this map over sprig's with
 * {@link withHelmfileFunctions} (which also keeps sprig's `get` as `sprigGet`), parses the
 * {@link helperTemplates} into the set before the main template, and chooses the missingkey
 * mode (`error`, or `zero` for the pre-render pass with `preRender: true`).
 */
import {
  fn,
  mergeFuncMaps,
  type CallContext,
  type FuncMap,
  type FuncSpec,
  type GoMap,
  type GoValue,
  type TemplateEnv,
} from "../../types";
import { FuncError } from "../../types";
import { envExec } from "./exec";
import { readDir, readDirEntries, readFile, statKind } from "./files";
import { getFuncs } from "./get";
import type { HelmfileFunctionOptions } from "./options";
import { expandSecretRefs, fetchSecretValue, secretResolverOf, secretScope } from "./secrets";
import { include, tpl } from "./templates";
import { expandEnv, fromYaml, required, requiredEnv, setValueAtPath, toYaml } from "./values";

const DISABLED_MESSAGE =
  "HELMFILE_DISABLE_INSECURE_FEATURES or HELMFILE_DISABLE_INSECURE_TEMPLATE_FUNCTIONS is active, insecure function calls are disabled";

/** Go's `strconv.ParseBool` truthy spellings. */
function parseBool(v: string | undefined): boolean {
  return v !== undefined && ["1", "t", "T", "TRUE", "true", "True"].includes(v);
}

function insecureDisabled(options: HelmfileFunctionOptions, env: TemplateEnv): boolean {
  if (options.disableInsecureFunctions !== undefined) return options.disableInsecureFunctions;
  const environ = env.environ ?? {};
  return (
    parseBool(environ["HELMFILE_DISABLE_INSECURE_FEATURES"]) ||
    parseBool(environ["HELMFILE_DISABLE_INSECURE_TEMPLATE_FUNCTIONS"])
  );
}

/** Wraps an insecure function: disabled → error, pre-render → the empty result. */
function insecure(
  options: HelmfileFunctionOptions,
  empty: () => GoValue,
  impl: FuncSpec["impl"],
): FuncSpec["impl"] {
  return (args, ctx: CallContext) => {
    if (insecureDisabled(options, ctx.env)) throw new FuncError(DISABLED_MESSAGE);
    if (options.preRender === true) return empty();
    return impl(args, ctx);
  };
}

/** helmfile's own functions (without sprig). */
export function helmfileFunctions(options: HelmfileFunctionOptions = {}): Map<string, FuncSpec> {
  const yamlVersion = options.yamlVersion ?? "v3";
  const str = (v: GoValue | undefined): string => (typeof v === "string" ? v : "");
  const funcs = new Map<string, FuncSpec>([
    [
      "exec",
      fn(
        ["string", "[]interface {}", "string"],
        insecure(
          options,
          () => "",
          (a, ctx) => envExec(ctx.env, null, str(a[0]), a[1] ?? null, a.slice(2)),
        ),
        true,
      ),
    ],
    [
      "envExec",
      fn(
        ["map[string]interface {}", "string", "[]interface {}", "string"],
        insecure(
          options,
          () => "",
          (a, ctx) => envExec(ctx.env, a[0] ?? null, str(a[1]), a[2] ?? null, a.slice(3)),
        ),
        true,
      ),
    ],
    [
      "readFile",
      fn(
        ["string"],
        insecure(
          options,
          () => "",
          (a, ctx) => readFile(ctx.env, str(a[0])),
        ),
      ),
    ],
    [
      "readDir",
      fn(
        ["string"],
        insecure(
          options,
          () => [],
          (a, ctx) => readDir(ctx.env, str(a[0])),
        ),
      ),
    ],
    [
      "readDirEntries",
      fn(
        ["string"],
        insecure(
          options,
          () => [],
          (a, ctx) => readDirEntries(ctx.env, str(a[0])),
        ),
      ),
    ],
    ["isFile", fn(["string"], (a, ctx) => statKind(ctx.env, str(a[0]), "file"))],
    ["isDir", fn(["string"], (a, ctx) => statKind(ctx.env, str(a[0]), "dir"))],
    ["toYaml", fn(["interface {}"], (a) => toYaml(a[0] ?? null, yamlVersion))],
    ["fromYaml", fn(["string"], (a) => fromYaml(str(a[0]), yamlVersion))],
    [
      "setValueAtPath",
      fn(["string", "interface {}", "map[string]interface {}"], (a) =>
        setValueAtPath(str(a[0]), a[1] ?? null, a[2] as GoMap),
      ),
    ],
    ["requiredEnv", fn(["string"], (a, ctx) => requiredEnv(ctx.env, str(a[0])))],
    ["required", fn(["string", "interface {}"], (a) => required(str(a[0]), a[1] ?? null))],
    ["tpl", fn(["string", "interface {}"], (a, ctx) => tpl(ctx, str(a[0]), a[1] ?? null))],
    ["include", fn(["string", "interface {}"], include)],
    [
      "fetchSecretValue",
      fn(["string"], (a, ctx) =>
        fetchSecretValue(secretResolverOf(ctx.env, options.secretResolver), str(a[0]), secretScope(ctx.env)),
      ),
    ],
    [
      "expandSecretRefs",
      fn(["map[string]interface {}"], (a, ctx) =>
        expandSecretRefs(
          secretResolverOf(ctx.env, options.secretResolver),
          a[0] as GoMap,
          secretScope(ctx.env),
        ),
      ),
    ],
    ["env", fn(["string"], (a, ctx) => ctx.env.environ?.[str(a[0])] ?? "")],
    ["expandenv", fn(["string"], (a, ctx) => expandEnv(ctx.env, str(a[0])))],
  ]);
  for (const [name, spec] of getFuncs()) funcs.set(name, spec);
  return funcs;
}

/** `base` (normally sprig's map) with helmfile's functions on top and sprig's `get` kept as `sprigGet`. */
export function withHelmfileFunctions(
  base: FuncMap,
  options: HelmfileFunctionOptions = {},
): Map<string, FuncSpec> {
  const out = mergeFuncMaps(base, helmfileFunctions(options));
  const sprigGet = base.get("get");
  if (sprigGet !== undefined) out.set("sprigGet", sprigGet);
  return out;
}
