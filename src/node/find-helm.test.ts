import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RenderError } from "../shared/errors";
import type { CommandResult, ProcessRunner } from "../shared/io";
import { findHelm, parseHelmVersion, resolveHelmPath } from "./find-helm";

describe("helm discovery", () => {
  let dir: string;
  let fake: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "ph-findhelm-"));
    fake = join(dir, "helm");
    writeFileSync(fake, "#!/bin/sh\necho v3.17.3+ge4da497\n");
    chmodSync(fake, 0o755);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const countingRunner = (): ProcessRunner & { calls: number } => {
    const r = {
      calls: 0,
      run: async (): Promise<CommandResult> => {
        r.calls++;
        return { exitCode: 0, stdout: "v4.1.4+g05fa379\n", stderr: "" };
      },
      runSync: (): CommandResult => ({ exitCode: 1, stdout: "", stderr: "" }),
    };
    return r;
  };

  test("the explicit option wins over HELM_BINARY, which wins over PATH", () => {
    expect(resolveHelmPath({ explicit: fake, env: { HELM_BINARY: "/nope", PATH: "/nope" } })).toBe(fake);
    expect(resolveHelmPath({ env: { HELM_BINARY: fake, PATH: "/nope" } })).toBe(fake);
    expect(resolveHelmPath({ env: { PATH: `/nope:${dir}` } })).toBe(fake);
  });

  test("no helm anywhere is a RenderError with code HELM_NOT_FOUND", () => {
    expect(() => resolveHelmPath({ env: { PATH: "/nope" } })).toThrow(RenderError);
    try {
      resolveHelmPath({ env: { PATH: "/nope" } });
    } catch (e) {
      expect((e as RenderError).code).toBe("HELM_NOT_FOUND");
    }
  });

  test("the major version comes from `helm version --short`", async () => {
    const runner = countingRunner();
    const info = await findHelm(runner, { explicit: fake });
    expect([info.major, info.minor, info.patch, info.raw]).toEqual([4, 1, 4, "v4.1.4+g05fa379"]);
  });

  test("a version cache file saves the `helm version` process on the next run", async () => {
    const runner = countingRunner();
    const versionCacheFile = join(dir, "versions.json");
    await findHelm(runner, { explicit: fake, versionCacheFile });
    const again = await findHelm(runner, { explicit: fake, versionCacheFile });
    expect(runner.calls).toBe(1);
    expect(again.major).toBe(4);
  });

  test("parseHelmVersion reads helm 3 and helm 4 short versions", () => {
    expect(parseHelmVersion("v3.17.3+ge4da497")).toEqual({
      major: 3,
      minor: 17,
      patch: 3,
      raw: "v3.17.3+ge4da497",
    });
    expect(parseHelmVersion("not a version")).toBeUndefined();
  });
});
