/**
 * Real sops and age for the secrets tests: locating the binaries (SOPS_BINARY /
 * AGE_KEYGEN_BINARY, the engine cache built by scripts/build-engine.sh, PATH), generating a
 * throw-away age key at run time and encrypting plaintext fixtures into a temp directory.
 * Tests skip only when the binaries are absent.
 */
import { execFileSync } from "node:child_process";
import { accessSync, constants, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { delimiter, join } from "node:path";

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function locate(name: string, envVar: string): string | undefined {
  const explicit = process.env[envVar];
  if (explicit !== undefined && explicit !== "") return executable(explicit) ? explicit : undefined;
  const dirs = [
    join(process.env.PULUMI_HELMFILE_CACHE ?? join(homedir(), ".cache", "pulumi-helmfile"), "bin"),
    ...(process.env.PATH ?? "").split(delimiter),
  ];
  for (const d of dirs) {
    if (d !== "" && executable(join(d, name))) return join(d, name);
  }
  return undefined;
}

/** Absolute paths of the real binaries, when present. */
export const SOPS = locate("sops", "SOPS_BINARY");
export const AGE_KEYGEN = locate("age-keygen", "AGE_KEYGEN_BINARY");

/** Why the real tools cannot be used, or undefined when they can. */
export function toolsMissingReason(): string | undefined {
  if (SOPS === undefined)
    return "sops not found (run scripts/build-engine.sh --only sops, or set SOPS_BINARY)";
  if (AGE_KEYGEN === undefined) return "age-keygen not found (run scripts/build-engine.sh --only sops)";
  return undefined;
}

/** A throw-away age identity generated for one test run. */
export interface AgeKey {
  readonly keyFile: string;
  readonly recipient: string;
}

/** Generates an age key into `dir` with the real age-keygen. */
export function makeAgeKey(dir: string, name = "key.txt"): AgeKey {
  const keyFile = join(dir, name);
  execFileSync(AGE_KEYGEN as string, ["-o", keyFile], { stdio: ["ignore", "ignore", "ignore"] });
  const m = /public key: (age1[0-9a-z]+)/.exec(readFileSync(keyFile, "utf8"));
  if (m === null) throw new Error(`age-keygen wrote no public key to ${keyFile}`);
  return { keyFile, recipient: m[1] as string };
}

/** Encrypts `file` in place with sops for `recipient`, using the store sops infers or `type`. */
export function sopsEncryptInPlace(file: string, recipient: string, type?: "yaml" | "json" | "binary"): void {
  const typeArgs = type === undefined ? [] : ["--input-type", type, "--output-type", type];
  const out = execFileSync(SOPS as string, ["--encrypt", "--age", recipient, ...typeArgs, file], {
    env: { ...process.env, SOPS_AGE_KEY_FILE: "/nonexistent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  writeFileSync(file, out);
}

/** Encrypts a YAML text for `recipient` and returns the encrypted YAML. */
export function sopsEncryptText(text: string, recipient: string): string {
  return execFileSync(
    SOPS as string,
    [
      "encrypt",
      "--age",
      recipient,
      "--filename-override",
      "inline.yaml",
      "--input-type",
      "yaml",
      "--output-type",
      "yaml",
    ],
    { input: text, stdio: ["pipe", "pipe", "pipe"] },
  ).toString("utf8");
}

/** A private temp workspace, optionally seeded with a copy of a fixture folder. */
export function workspace(prefix: string, fixture?: string): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (fixture !== undefined) cpSync(fixture, dir, { recursive: true });
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The fixtures folder of the secrets tests. */
export const FIXTURES = join(__dirname, "..", "fixtures", "secrets");
