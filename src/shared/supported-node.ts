/**
 * The Node.js this package runs on. package.json's `engines.node` asks for a version; npm only
 * warns when it installs the package under an older one, and there the bundled Kubernetes client
 * (undici) fails at load with a JavaScript error (`Cannot read properties of undefined`). So every
 * entry point checks first, and an older Node.js gets a `NODE_TOO_OLD` error that says what is
 * needed and what was found. The CLI's launcher (bin/pulumi-helmfile.js) makes the same check.
 */
import { HelmfileError } from "./errors";
import { ownNodeRequirement } from "./own-version";

/** True when dotted version `a` is older than `b` (missing parts count as 0). */
export function olderVersion(a: string, b: string): boolean {
  const x = a.split(".").map(Number);
  const y = b.split(".").map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const p = x[i] ?? 0;
    const q = y[i] ?? 0;
    if (p !== q) return p < q;
  }
  return false;
}

/**
 * The `NODE_TOO_OLD` error for Node.js `found` (at `execPath`) when it is older than `wanted`,
 * else undefined. Its stack is its text: it is the user's setup, not a place in this code.
 */
export function nodeVersionRefusal(
  found: string,
  wanted: string,
  execPath: string,
): HelmfileError | undefined {
  if (!olderVersion(found, wanted)) return undefined;
  const err = new HelmfileError(
    "NODE_TOO_OLD",
    `pulumi-helmfile needs Node.js ${wanted} or newer; this is Node.js ${found} (${execPath})`,
  );
  err.stack = `${err.code}: ${err.message}`;
  return err;
}

/** The refusal of the running Node.js, else undefined (see {@link nodeVersionRefusal}). */
export function runningNodeRefusal(): HelmfileError | undefined {
  const wanted = ownNodeRequirement();
  return wanted === undefined
    ? undefined
    : nodeVersionRefusal(process.versions.node, wanted, process.execPath);
}
