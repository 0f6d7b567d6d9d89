import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { PulumiCommand } from "@pulumi/pulumi/automation";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { resolveStackOptions } from "./options";
import { findPulumiCli, isSupportedPulumi, SUPPORTED_PULUMI } from "./pulumi-cli";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), "ph-pulumi-cli-"));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

/** A `pulumi` that answers `pulumi version` as the real one does (`v3.x.y` on stdout). */
function fakePulumi(root: string, version: string, builtHome = false): string {
  mkdirSync(join(root, "bin"), { recursive: true });
  const bin = join(root, "bin", "pulumi");
  writeFileSync(bin, `#!/bin/sh\n[ "$1" = version ] && echo ${version}\n`);
  chmodSync(bin, 0o755);
  if (builtHome) mkdirSync(join(root, "pulumi-home", "plugins"), { recursive: true });
  return bin;
}

describe("the supported Pulumi versions", () => {
  test.each([
    ["v3.276.0", true],
    [`v${SUPPORTED_PULUMI.minimum}`, true],
    ["v3.199.9", false],
    ["v4.0.0", false],
    ["v3.276.0-alpha.1", true],
    ["not a version", false],
  ])("%s: %p", (version, supported) => {
    expect(isSupportedPulumi(version)).toBe(supported);
  });
});

describe("which Pulumi CLI runs the stack", () => {
  test("a supported pulumi on PATH, with the user's own home, before the built engine", async () => {
    const user = fakePulumi(join(tmp, "user"), "v3.276.0");
    fakePulumi(join(tmp, "cache"), "v3.276.0", true);
    const cli = await findPulumiCli(undefined, {
      PATH: join(tmp, "user", "bin"),
      PULUMI_HELMFILE_CACHE: join(tmp, "cache"),
      XDG_CACHE_HOME: join(tmp, "xdg"),
    });
    expect([cli.binary, cli.home, cli.builtEngine]).toEqual([user, undefined, false]);
  });

  test("a pulumi on PATH outside the range gives way to the built engine, with its private home", async () => {
    fakePulumi(join(tmp, "user"), "v3.100.0");
    const built = fakePulumi(join(tmp, "cache"), "v3.276.0", true);
    const cli = await findPulumiCli(undefined, {
      PATH: join(tmp, "user", "bin"),
      PULUMI_HELMFILE_CACHE: join(tmp, "cache"),
      XDG_CACHE_HOME: join(tmp, "xdg"),
    });
    expect([cli.binary, cli.home, cli.builtEngine]).toEqual([built, join(tmp, "cache", "pulumi-home"), true]);
  });

  test("PULUMI_HELMFILE_PULUMI_ROOT wins over PATH, and the option over both", async () => {
    fakePulumi(join(tmp, "user"), "v3.276.0");
    const env = fakePulumi(join(tmp, "env"), "v3.276.0", true);
    const option = fakePulumi(join(tmp, "option"), "v3.276.0");
    const base = {
      PATH: join(tmp, "user", "bin"),
      PULUMI_HELMFILE_PULUMI_ROOT: join(tmp, "env"),
      XDG_CACHE_HOME: join(tmp, "xdg"),
    };
    expect((await findPulumiCli(undefined, base)).binary).toBe(env);
    expect((await findPulumiCli(join(tmp, "option"), base)).binary).toBe(option);
  });

  test("`pulumi version` runs once per binary: its version is remembered by path, size and time", async () => {
    const root = join(tmp, "counted");
    mkdirSync(join(root, "bin"), { recursive: true });
    const bin = join(root, "bin", "pulumi");
    const runs = join(tmp, "runs");
    const write = (version: string): void => {
      writeFileSync(bin, `#!/bin/sh\n[ "$1" = version ] && echo x >> ${runs} && echo ${version}\n`);
      chmodSync(bin, 0o755);
    };
    const asked = (): number => (existsSync(runs) ? readFileSync(runs, "utf8").split("\n").length - 1 : 0);
    write("v3.276.0");
    const env = { PATH: "", PULUMI_HELMFILE_CACHE: join(tmp, "cache"), XDG_CACHE_HOME: join(tmp, "xdg") };
    const first = await findPulumiCli(root, env);
    const second = await findPulumiCli(root, env);
    expect(asked()).toBe(1);
    // Beside helm's versions, next to the render cache; nothing in the engine's cache.
    expect(existsSync(join(tmp, "xdg", "pulumi-helmfile", "pulumi-versions.json"))).toBe(true);
    expect(existsSync(join(tmp, "cache"))).toBe(false);
    for (const cli of [first, second]) {
      expect(cli.command).toBeInstanceOf(PulumiCommand);
      expect([cli.command.command, cli.command.version?.version]).toEqual([bin, "3.276.0"]);
    }
    expect(second.command.version?.compare("3.200.0")).toBe(1);
    // Another binary at the same path (another size or time): asked again.
    write("v3.277.10");
    const third = await findPulumiCli(root, env);
    expect(asked()).toBe(2);
    expect(third.command.version?.version).toBe("3.277.10");
    // A remembered version outside the range is refused as an asked one is.
    write("v3.100.0");
    await expect(findPulumiCli(root, env)).rejects.toMatchObject({ code: "ENGINE_NOT_FOUND" });
    await expect(findPulumiCli(root, env)).rejects.toMatchObject({ code: "ENGINE_NOT_FOUND" });
    expect(asked()).toBe(3);
    // With the render cache off, nothing is remembered: asked every time.
    write("v3.276.0");
    const off = { ...env, PULUMI_HELMFILE_CACHE: "0" };
    await findPulumiCli(root, off);
    await findPulumiCli(root, off);
    expect(asked()).toBe(5);
  });

  test("none at all: ENGINE_NOT_FOUND naming the version on PATH that was refused and the range", async () => {
    fakePulumi(join(tmp, "user"), "v3.100.0");
    const err = await findPulumiCli(undefined, {
      PATH: join(tmp, "user", "bin"),
      PULUMI_HELMFILE_CACHE: join(tmp, "none"),
      XDG_CACHE_HOME: join(tmp, "xdg"),
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: "ENGINE_NOT_FOUND",
      message: expect.stringContaining(
        `is Pulumi 3.100.0, outside the supported >=${SUPPORTED_PULUMI.minimum}`,
      ),
    });
  });
});

describe("the backend, in Pulumi's order", () => {
  const file = (): string => {
    writeFileSync(join(tmp, "helmfile.yaml"), "releases: []\n");
    return join(tmp, "helmfile.yaml");
  };
  const login = (current: string): string => {
    const home = join(tmp, "home");
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, "credentials.json"), JSON.stringify({ current, accessTokens: {} }));
    return home;
  };

  test("--backend, then PULUMI_BACKEND_URL, then the login, then a file backend beside the helmfile", () => {
    const home = login("s3://logged-in");
    const at = (backendUrl: string | undefined, env: Record<string, string>): string =>
      resolveStackOptions({ file: file(), envVars: env, ...(backendUrl === undefined ? {} : { backendUrl }) })
        .backendUrl;
    expect(at("s3://flag", { PULUMI_BACKEND_URL: "s3://env", PULUMI_HOME: home })).toBe("s3://flag");
    expect(at(undefined, { PULUMI_BACKEND_URL: "s3://env", PULUMI_HOME: home })).toBe("s3://env");
    expect(at(undefined, { PULUMI_BACKEND_URL: "", PULUMI_HOME: home })).toBe("s3://logged-in");
    expect(at(undefined, { PULUMI_BACKEND_URL: "", PULUMI_HOME: join(tmp, "no-login") })).toBe(
      `file://${join(tmp, ".pulumi-helmfile")}`,
    );
  });

  test("Pulumi Cloud keeps the secrets; a self-managed backend gets a passphrase", () => {
    const provider = (backendUrl: string): string =>
      resolveStackOptions({ file: file(), backendUrl }).secretsProvider;
    expect([provider("https://api.pulumi.com"), provider("s3://bucket")]).toEqual(["default", "passphrase"]);
  });
});
