/**
 * The limits options object and the insecure-features switch: defaults, overrides,
 * validation, the process wrapper's timeouts, and the path checks behind file functions.
 */
import {
  DEFAULT_LIMITS,
  LIMIT_CODES,
  LimitError,
  resolveLimits,
  withProcessLimits,
} from "../../src/shared/limits";
import { POLICY_CODES, checkFileAllowed, isInsideTree, resolvePolicy } from "../../src/shared/policy";
import type { ProcessRunner } from "../../src/shared/io";

describe("resolveLimits", () => {
  test("gives Go's template depth of 100000 and documented defaults when nothing is set", () => {
    expect(resolveLimits()).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS.templateDepth).toBe(100000);
  });

  test("takes options over environment variables over defaults", () => {
    const env = { PULUMI_HELMFILE_MAX_TEMPLATE_DEPTH: "7", PULUMI_HELMFILE_HELM_TIMEOUT_MS: "9" };
    expect(resolveLimits({ templateDepth: 3 }, env)).toMatchObject({ templateDepth: 3, helmTimeoutMs: 9 });
  });

  test("rejects a non-numeric environment value with CONFIG_INVALID_LIMIT naming the variable", () => {
    expect(() => resolveLimits({}, { PULUMI_HELMFILE_EXEC_TIMEOUT_MS: "soon" })).toThrow(
      expect.objectContaining({ code: "CONFIG_INVALID_LIMIT", keyPath: ["execTimeoutMs"] }),
    );
  });
});

describe("withProcessLimits", () => {
  const slow = (ms: number): ProcessRunner => ({
    runSync: () => {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        /* busy wait: a command killed at its timeout */
      }
      return { exitCode: 137, stdout: "", stderr: "killed" };
    },
    run: () => new Promise(() => {}),
  });

  test("turns a sync command that ran out of time into LIMIT_EXEC_TIMEOUT", () => {
    const r = withProcessLimits(slow(60), { execTimeoutMs: 50, helmTimeoutMs: 0 });
    expect(() => r.runSync("sleep", ["9"])).toThrow(
      expect.objectContaining({ code: LIMIT_CODES.execTimeout }),
    );
  });

  test("abandons an async command whose runner never returns with LIMIT_HELM_TIMEOUT", async () => {
    const r = withProcessLimits(slow(0), { execTimeoutMs: 0, helmTimeoutMs: 10 });
    await expect(r.run("helm", ["template"])).rejects.toBeInstanceOf(LimitError);
  });

  test("passes a fast failing command through as its result", () => {
    const r = withProcessLimits(slow(0), { execTimeoutMs: 10000, helmTimeoutMs: 0 });
    expect(r.runSync("false", []).exitCode).toBe(137);
  });
});

describe("insecure-features policy", () => {
  test("reads HELMFILE_DISABLE_INSECURE_FEATURES with Go's ParseBool truthy spellings", () => {
    for (const v of ["1", "t", "TRUE", "True", "true"])
      expect(resolvePolicy({}, { HELMFILE_DISABLE_INSECURE_FEATURES: v }).disableInsecureFeatures).toBe(true);
    for (const v of ["", "0", "no", "yes"])
      expect(resolvePolicy({}, { HELMFILE_DISABLE_INSECURE_FEATURES: v }).disableInsecureFeatures).toBe(
        false,
      );
  });

  test("lets the explicit option win over the environment", () => {
    expect(
      resolvePolicy({ disableInsecureFeatures: false }, { HELMFILE_DISABLE_INSECURE_FEATURES: "true" })
        .disableInsecureFeatures,
    ).toBe(false);
  });

  test("treats .. segments that climb out of the folder as outside it", () => {
    expect(isInsideTree("/s", "/s/a/../b.yaml")).toBe(true);
    expect(isInsideTree("/s", "/s/../etc/passwd")).toBe(false);
    expect(isInsideTree("/s", "/sibling/x")).toBe(false);
    expect(isInsideTree("/s", "/s2/x")).toBe(false);
  });

  test("refuses a read outside the tree with the function and path in the error", () => {
    expect(() =>
      checkFileAllowed({ disableInsecureFeatures: true }, "readFile", "/etc/passwd", "/s"),
    ).toThrow(expect.objectContaining({ code: POLICY_CODES.fileOutsideTree, found: "/etc/passwd" }));
  });
});
