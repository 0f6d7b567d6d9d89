import {
  checkAccess,
  checkHookAllowed,
  checkPostRendererAllowed,
  isAccessAllowed,
  resolvePolicy,
} from "./policy";
import { thrownCode } from "../../tests/support/error-code";

const on = resolvePolicy({}, { HELMFILE_DISABLE_INSECURE_FEATURES: "true" });
const off = resolvePolicy({}, {});
const codeOf = thrownCode;

describe("the one insecure-features policy", () => {
  test("with the switch off every request is allowed", () => {
    expect(isAccessAllowed(off, { kind: "run", via: "exec" })).toBe(true);
    expect(isAccessAllowed(off, { kind: "read", via: "readFile", path: "/etc/passwd", root: "/s" })).toBe(
      true,
    );
  });

  test("with the switch on reads stay in the tree and nothing runs", () => {
    expect(isAccessAllowed(on, { kind: "read", via: "ref+file://", path: "/s/a/b", root: "/s" })).toBe(true);
    expect(
      codeOf(() => checkAccess(on, { kind: "read", via: "ref+file://", path: "/s/../etc", root: "/s" })),
    ).toBe("POLICY_FILE_OUTSIDE_TREE");
    expect(codeOf(() => checkPostRendererAllowed(on, "./evil.sh", { file: "/s/helmfile.yaml" }))).toBe(
      "POLICY_INSECURE_EXEC",
    );
    expect(codeOf(() => checkAccess(on, { kind: "remote", source: "git::https://x" }))).toBe(
      "POLICY_REMOTE_SOURCE",
    );
  });

  test("hooks runners ask the same policy and get a located error", () => {
    expect(() =>
      checkHookAllowed(on, "kubectl", { file: "/s/helmfile.yaml", keyPath: ["hooks", 0] }),
    ).toThrow(/\/s\/helmfile\.yaml: hooks\[0\]: .*hooks may not run commands \("kubectl"\)/);
    expect(() => checkHookAllowed(off, "kubectl")).not.toThrow();
  });
});
