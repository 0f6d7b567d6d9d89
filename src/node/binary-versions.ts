/**
 * Versions of binaries remembered in a JSON file by each binary's path, size and modification
 * time, so that a warm run starts no `<tool> version` process: helm's (./find-helm.ts) beside the
 * render cache, the Pulumi CLI's (src/automation/pulumi-cli.ts) in the tool cache. Another binary
 * at the same path (another size or time) is asked again.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** What a remembered version is kept under; undefined when the binary cannot be read. */
export function binaryIdentity(path: string): string | undefined {
  try {
    const s = statSync(path);
    return `${path}\0${s.size}\0${s.mtimeMs}`;
  } catch {
    return undefined;
  }
}

/** The versions the file remembers (none when it is missing or not a JSON object). */
export function rememberedVersions(file: string): Record<string, string> {
  try {
    const data: unknown = JSON.parse(readFileSync(file, "utf8"));
    return typeof data === "object" && data !== null && !Array.isArray(data)
      ? (data as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

/**
 * Remembers a binary's version, keeping at most `keep` entries (the most recently learnt). Best
 * effort and atomic (temp file + rename): concurrent runs may both write, never half a file.
 */
export function rememberVersion(file: string, identity: string, version: string, keep = 32): void {
  try {
    const kept = Object.entries(rememberedVersions(file)).filter(([k]) => k !== identity);
    const data = Object.fromEntries([...kept.slice(-(keep - 1)), [identity, version]]);
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    // Remembering only saves a process start.
  }
}
