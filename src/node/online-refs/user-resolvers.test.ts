import { join } from "node:path";
import { isHelmfileError } from "../../shared/errors";
import { newMap, type ValueMap } from "../../shared/value";
import { readEnvSettings } from "../../shared/settings";
import { createNodeSecrets, type NodeSecretsOptions } from "../secrets-node";

const MODULE = join(__dirname, "..", "..", "..", "tests", "fixtures", "secret-resolvers", "team-store.js");

/** A values map as the loader makes them (null prototype). */
function map(o: Record<string, string>): ValueMap {
  return Object.assign(newMap(), o);
}

/** The secrets edge for `env` in `cwd`, its resolver modules read from `env` as the CLI and the component read them. */
function secretsFor(env: Record<string, string>, cwd: string): ReturnType<typeof createNodeSecrets> {
  const options: NodeSecretsOptions = {
    env,
    cwd,
    resolverModules: readEnvSettings(env, "/home/u").secretResolverModules,
  };
  return createNodeSecrets(options);
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return isHelmfileError(err) ? `${err.code}: ${err.message}` : `not a HelmfileError: ${String(err)}`;
  }
  return "no error";
}

describe("secret resolver modules of the user's (PULUMI_HELMFILE_SECRET_RESOLVERS)", () => {
  const env = { PULUMI_HELMFILE_SECRET_RESOLVERS: MODULE };

  it("serve their schemes: a whole value, a fragment into a map, parameters", () => {
    const { resolver } = secretsFor(env, __dirname);
    expect(resolver.backendNames()).toEqual(expect.arrayContaining(["teamstore", "awssecrets", "file"]));
    const out = resolver.evalValues(
      map({
        token: "ref+teamstore://apps/token",
        upper: "ref+teamstore://apps/token?upper=true",
        user: "ref+teamstore://apps/db#/user",
        port: "ref+teamstore://apps/db#/port",
        embedded: "u=ref+teamstore://apps/db#/user+;",
      }),
    );
    expect(out).toEqual({
      token: "store-token",
      upper: "STORE-TOKEN",
      user: "store-user",
      port: 5432n,
      embedded: "u=store-user;",
    });
    // Every resolved value is a secret of the run.
    expect(resolver.registry.redact("store-password store-token")).not.toContain("store-token");
  });

  it("a resolver's failure names the reference, never a value", () => {
    const { resolver } = secretsFor(env, __dirname);
    expect(codeOf(() => resolver.evalValues(map({ x: "ref+teamstore://apps/missing" })))).toBe(
      "SECRET_REF_FAILED: expand teamstore://apps/missing: no secret at apps/missing",
    );
    expect(codeOf(() => resolver.evalValues(map({ x: "ref+teamstore://apps/db" })))).toBe(
      "SECRET_REF_FAILED: expand teamstore://apps/db: the resolver answered a map for a reference without a fragment",
    );
  });

  it("a missing module fails clearly; a scheme nobody serves stays unsupported", () => {
    expect(codeOf(() => secretsFor({ PULUMI_HELMFILE_SECRET_RESOLVERS: "./nope.js" }, "/tmp"))).toBe(
      "SECRET_RESOLVER_MODULE: /tmp/nope.js: secret resolver module does not exist (PULUMI_HELMFILE_SECRET_RESOLVERS)",
    );
    const { resolver } = secretsFor({}, __dirname);
    expect(codeOf(() => resolver.evalValues(map({ x: "ref+teamstore://apps/token" })))).toMatch(
      /^SECRET_BACKEND_UNSUPPORTED: secret reference backend "teamstore" is not supported/,
    );
  });

  it("reads the variable as comma-separated paths, relative ones against the folder", () => {
    expect(
      readEnvSettings({ PULUMI_HELMFILE_SECRET_RESOLVERS: "a.js, /abs/b.js,," }, "/h").secretResolverModules,
    ).toEqual(["a.js", "/abs/b.js"]);
    expect(codeOf(() => secretsFor({ PULUMI_HELMFILE_SECRET_RESOLVERS: "a.js" }, "/w"))).toMatch(
      /^SECRET_RESOLVER_MODULE: \/w\/a\.js: /,
    );
  });
});
