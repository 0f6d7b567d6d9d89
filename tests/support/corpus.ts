/**
 * Where the repository's own copy of the conformance corpora lives (`tests/conformance/`), for
 * every test that reads it. A missing data set is an error, never a smaller test: each lookup
 * throws when the path is absent.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/** `tests/conformance/` of this checkout. */
export const CONFORMANCE_ROOT = resolve(__dirname, "..", "conformance");

/** A path under `tests/conformance/`; throws when it does not exist. */
export function corpusPath(...parts: string[]): string {
  const p = join(CONFORMANCE_ROOT, ...parts);
  if (!existsSync(p)) {
    throw new Error(
      `conformance data set missing: ${p} (the repository's tests/conformance/ copy is incomplete)`,
    );
  }
  return p;
}
