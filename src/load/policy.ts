/**
 * helmfile v1's state file policy, checked on the raw file before rendering: there must be
 * top-level keys, `bases:`/`environments:` come before `releases:`, and `environments:` and
 * `releases:` may not share a `---` part.
 */
import { LoadError } from "../shared/errors";

const TOP_KEY = /^[a-zA-Z]+:/;
const SEPARATOR = /^--- *$/;
const PRIORITY: Readonly<Record<string, number>> = { bases: 0, environments: 0, releases: 1 };

function topKeys(content: string, withSeparators: boolean): string[] {
  const out: string[] = [];
  for (const raw of content.split("\n")) {
    const line = raw.trimEnd(); // linear, where /\s+$/ backtracks on long indentation
    if (line === "") continue;
    if (withSeparators && SEPARATOR.test(line)) out.push(line);
    if (TOP_KEY.test(line)) out.push(line.split(":", 1)[0] as string);
  }
  return out;
}

/** Throws the policy violation helmfile reports for `content` of the state file `file`. */
export function checkStatePolicy(file: string, content: string): void {
  const keys = topKeys(content, false);
  if (keys.length === 0) {
    throw new LoadError("LOAD_POLICY_NO_KEYS", `no top-level config keys are found in ${file}`, { file });
  }
  const ordered = keys.filter((k) => k in PRIORITY);
  for (let i = 1; i < ordered.length; i++) {
    const prev = ordered[i - 1] as string;
    const cur = ordered[i] as string;
    if ((PRIORITY[prev] ?? 0) > (PRIORITY[cur] ?? 0)) {
      throw new LoadError(
        "LOAD_POLICY_KEY_ORDER",
        `top-level config key ${cur} must be defined before ${prev} in ${file}`,
        { file, keyPath: [cur] },
      );
    }
  }
  const seen = new Set<string>();
  const sequence: string[] = [];
  for (const k of topKeys(content, true)) {
    if (k !== "environments" && k !== "releases" && !SEPARATOR.test(k)) continue;
    const key = SEPARATOR.test(k) ? "---" : k;
    if (seen.has(key)) continue;
    sequence.push(key);
    if (key !== "---") seen.add(key);
  }
  for (let i = 0; i + 1 < sequence.length; i++) {
    if (sequence[i] !== "---" && sequence[i + 1] !== "---") {
      throw new LoadError(
        "LOAD_POLICY_ENV_WITH_RELEASES",
        "environments and releases cannot be defined within the same YAML part. Use --- to extract the environments into a dedicated part",
        { file },
      );
    }
  }
}
