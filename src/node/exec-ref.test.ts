import { isHelmfileError } from "../shared/errors";
import { newMap, type ValueMap } from "../shared/value";
import { readEnvSettings } from "../shared/settings";
import { createNodeSecrets } from "./secrets-node";

function map(o: Record<string, string>): ValueMap {
  return Object.assign(newMap(), o);
}

function outcome(env: Record<string, string>, values: Record<string, string>): unknown {
  const full = { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env };
  // As the CLI and the component's edge read the environment (src/shared/settings.ts).
  const settings = readEnvSettings(full, "/home/u");
  const { resolver } = createNodeSecrets({
    env: full,
    cwd: __dirname,
    insecureRefs: settings.insecureRefs,
    policy: settings.policy,
  });
  try {
    return resolver.evalValues(map(values));
  } catch (err) {
    return isHelmfileError(err) ? `${err.code}: ${err.message}` : `not a HelmfileError: ${String(err)}`;
  }
}

describe("ref+exec:// (vals' exec provider)", () => {
  const values = {
    words: "ref+exec://echo/hello/world",
    args: "ref+exec://printf?args=k:%20v",
    env: "ref+exec://sh?args=-c,printf%20$FOO&env_FOO=bar",
    keep: "ref+exec://printf?args=x%0A&trim=false",
    doc: "ref+exec://printf?args=x:%20{y:%20z}#/x/y",
  };

  it("is refused by default, naming the program and the way to allow it", () => {
    expect(outcome({}, values)).toMatch(
      /^SECRET_BACKEND_UNSUPPORTED: secret reference backend "exec" is refused: it runs a program named by the state \(echo\); set PULUMI_HELMFILE_INSECURE_REFS=true/,
    );
  });

  it("runs the program when allowed: path arguments, args, env_, trim, a fragment into YAML output", () => {
    expect(outcome({ PULUMI_HELMFILE_INSECURE_REFS: "true" }, values)).toEqual({
      words: "hello world",
      args: "k: v",
      env: "bar",
      keep: "x\n",
      doc: "z",
    });
  });

  it("stays refused under HELMFILE_DISABLE_INSECURE_FEATURES, and a failing program names itself, not its output", () => {
    expect(
      outcome({ PULUMI_HELMFILE_INSECURE_REFS: "true", HELMFILE_DISABLE_INSECURE_FEATURES: "true" }, values),
    ).toMatch(/^SECRET_BACKEND_UNSUPPORTED: .*unset HELMFILE_DISABLE_INSECURE_FEATURES/);
    expect(
      outcome(
        { PULUMI_HELMFILE_INSECURE_REFS: "true" },
        { x: "ref+exec://sh?args=-c,echo%20s3cr3t%20%3E%262;exit%203" },
      ),
    ).toBe(
      'SECRET_REF_FAILED: expand exec://sh?args=-c,echo%20s3cr3t%20%3E%262;exit%203: exec provider: command "sh" failed: exit status 3 (stderr withheld)',
    );
  });
});
