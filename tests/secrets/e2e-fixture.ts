/**
 * The secrets end-to-end fixture (`tests/fixtures/secrets/e2e/`) for the test that searches
 * the Pulumi state after `up` for plaintext: where it is, the env that lets sops decrypt it
 * (TEST-ONLY age key), and the plaintexts that must never appear.
 */
import { join } from "node:path";
import { FIXTURES } from "./sops-tools";

/** The helmfile folder (copy it before use if the test writes beside it). */
export const E2E_SECRETS_DIR = join(FIXTURES, "e2e");

/** Plaintexts of the fixture's encrypted files; none may appear in state, logs or errors. */
export const E2E_SECRET_PLAINTEXTS: readonly string[] = ["e2e-env-Secret-7f3a", "e2e-release-Secret-9c1d"];

/** The release the fixture renders, and the Kubernetes Secret it holds. */
export const E2E_SECRETS_RELEASE = {
  name: "secret-app",
  namespace: "default",
  secret: "secret-app-credentials",
};

/** Environment for sops: the TEST-ONLY age identity of the fixture (`dir` when copied elsewhere). */
export function e2eSecretsEnv(dir: string = E2E_SECRETS_DIR): Record<string, string> {
  return { SOPS_AGE_KEY_FILE: join(dir, "TEST-ONLY-age-key.txt") };
}
