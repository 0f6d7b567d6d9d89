/**
 * helmfile's value functions: `toYaml`, `fromYaml`, `setValueAtPath`, `required`,
 * `requiredEnv`, and sprig's `env`/`expandenv` reading the injected environment.
 */
import { HelmfileError } from "../../../shared/errors";
import { decodeYaml, encodeYaml } from "../../../shared/yaml";
import { FuncError, isGoMap, type GoMap, type GoValue, type TemplateEnv } from "../../types";
import { goToYaml, yamlToGo } from "./yaml-bridge";

/** helmfile's `toYaml`: go-yaml v3 with indent 2 (or v2), trailing newline kept. */
export function toYaml(v: GoValue, version: "v2" | "v3"): string {
  return encodeYaml(goToYaml(v), { version });
}

/** helmfile's `fromYaml`: the first document; non-string keys are an error. */
export function fromYaml(text: string, version: "v2" | "v3"): GoValue {
  try {
    return yamlToGo(decodeYaml(text, { version, nonStringKeys: "error" }));
  } catch (e) {
    const msg =
      e instanceof HelmfileError
        ? `yaml: ${e.line !== undefined ? `line ${e.line}: ` : ""}${e.detail.replace(/^yaml: /, "")}`
        : String(e);
    throw new FuncError(`${msg}, offending yaml: ${text}`, { cause: e });
  }
}

/** `setValueAtPath(path, value, values)`: sets a nested key in place and returns the map. */
export function setValueAtPath(path: string, value: GoValue, values: GoMap): GoMap {
  const components = path.split(".");
  const key = components[components.length - 1] as string;
  let current: GoValue = values;
  const fail = (k: string, why: string): never => {
    throw new FuncError(`failed to set value at path "${path}": value for key "${k}" ${why}`);
  };
  for (const k of components.slice(0, -1)) {
    if (!isGoMap(current)) return fail(k, "was not a map");
    if (!Object.prototype.hasOwnProperty.call(current, k)) return fail(k, "does not exist");
    const elem: GoValue = current[k] as GoValue;
    if (!isGoMap(elem)) return fail(k, "was not a map");
    current = elem;
  }
  if (!isGoMap(current)) return fail(key, "was not a map");
  current[key] = value;
  return values;
}

/** helmfile's `required`: nil and "" fail with the given message. */
export function required(warn: string, v: GoValue): GoValue {
  if (v === null || v === "") throw new FuncError(warn);
  return v;
}

/** `requiredEnv`: the variable's value; unset or empty is an error. */
export function requiredEnv(env: TemplateEnv, name: string): string {
  const v = env.environ?.[name];
  if (v !== undefined && v.length > 0) return v;
  throw new FuncError(`required env var \`${name}\` is not set`);
}

function isShellSpecial(c: string | undefined): boolean {
  return c !== undefined && "*#$@!?-0123456789".includes(c);
}

function shellName(s: string): { name: string; width: number } {
  if (s[0] === "{") {
    if (s.length > 2 && isShellSpecial(s[1]) && s[2] === "}") return { name: s.slice(1, 2), width: 3 };
    for (let i = 1; i < s.length; i++) {
      if (s[i] === "}") return i === 1 ? { name: "", width: 2 } : { name: s.slice(1, i), width: i + 1 };
    }
    return { name: "", width: 1 };
  }
  if (isShellSpecial(s[0])) return { name: s.slice(0, 1), width: 1 };
  const m = /^[A-Za-z0-9_]*/.exec(s);
  const name = m?.[0] ?? "";
  return { name, width: name.length };
}

/** Go's `os.ExpandEnv` over the injected environment. */
export function expandEnv(env: TemplateEnv, s: string): string {
  let out = "";
  let i = 0;
  for (let j = 0; j < s.length; j++) {
    if (s[j] === "$" && j + 1 < s.length) {
      out += s.slice(i, j);
      const { name, width } = shellName(s.slice(j + 1));
      if (name === "" && width > 0) {
        // invalid syntax such as "${}": the characters are dropped, as Go does
      } else if (name === "") out += "$";
      else out += env.environ?.[name] ?? "";
      j += width;
      i = j + 1;
    }
  }
  return out + s.slice(i);
}
