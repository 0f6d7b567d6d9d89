/**
 * Secret references through the loader: release values files mentioning `ref+` are
 * resolved (helmfile's RenderReleaseValuesFileToBytes + vals) and marked secret; the
 * template functions `fetchSecretValue` / `expandSecretRefs` use the same resolver.
 */
import { loadDesiredState } from "../../src/load/load-desired-state";
import { MemoryFileSystem } from "../../src/load/memory-fs";
import { SecretRefResolver } from "../../src/secrets/secret-resolver";

function setup(files: Record<string, string>) {
  const fs = new MemoryFileSystem(files);
  const resolver = new SecretRefResolver({ fs, env: { DB_HOST: "db.internal" }, cwd: "/w" });
  return { fs, resolver };
}

const BASE = {
  "/w/creds.yaml": "db:\n  password: s3cret-from-file\n",
};

describe("secret references in the loader", () => {
  it("resolves ref+ in a plain release values file and marks the source secret", () => {
    const { fs, resolver } = setup({
      ...BASE,
      "/w/helmfile.yaml": "releases:\n- name: r\n  chart: c/c\n  values:\n  - refs.yaml\n  - plain.yaml\n",
      "/w/refs.yaml":
        "db:\n  password: ref+file://creds.yaml#/db/password\n  host: ref+envsubst://$DB_HOST\n",
      "/w/plain.yaml": "a: 1\n",
    });
    const r = loadDesiredState({ cwd: "/w" }, { fs, env: {}, secretResolver: resolver }).releases[0];
    const [refs, plain] = r?.values ?? [];
    expect(refs).toMatchObject({
      kind: "inline",
      secret: true,
      content: "db:\n  host: db.internal\n  password: s3cret-from-file\n",
    });
    expect(plain).toMatchObject({ kind: "file", secret: false });
    expect(r?.hasSecrets).toBe(true);
  });

  it("resolves ref+ after rendering a .gotmpl values file", () => {
    const { fs, resolver } = setup({
      ...BASE,
      "/w/helmfile.yaml": "releases:\n- name: r\n  chart: c/c\n  values:\n  - v.yaml.gotmpl\n",
      "/w/v.yaml.gotmpl": 'pw: {{ "ref+file://creds.yaml#/db/password" }}\n',
    });
    const src = loadDesiredState({ cwd: "/w" }, { fs, env: {}, secretResolver: resolver }).releases[0]
      ?.values[0];
    expect(src).toMatchObject({ kind: "inline", secret: true, content: "pw: s3cret-from-file\n" });
  });

  it("serves fetchSecretValue and expandSecretRefs in state templates", () => {
    const { fs, resolver } = setup({
      ...BASE,
      "/w/helmfile.yaml.gotmpl":
        'values:\n- fetched: {{ fetchSecretValue "ref+file://creds.yaml#/db/password" | quote }}\n' +
        '  expanded: {{ (dict "k" "ref+echo://hello/world" | expandSecretRefs).k | quote }}\n',
    });
    const st = loadDesiredState(
      { cwd: "/w", file: "helmfile.yaml.gotmpl", allowNoMatchingRelease: true },
      { fs, env: {}, secretResolver: resolver },
    );
    expect(st.states[0]?.values["fetched"]).toBe("s3cret-from-file");
    expect(st.states[0]?.values["expanded"]).toBe("hello/world");
  });

  it("fails with a SecretError naming an unsupported backend used in a template", () => {
    const { fs, resolver } = setup({
      "/w/helmfile.yaml.gotmpl":
        'values:\n- v: {{ fetchSecretValue "ref+vault://secret/app?token=s.tok3n#pw" }}\n',
    });
    let err: unknown;
    try {
      loadDesiredState(
        { cwd: "/w", file: "helmfile.yaml.gotmpl", allowNoMatchingRelease: true },
        { fs, env: {}, secretResolver: resolver },
      );
    } catch (e) {
      err = e;
    }
    expect(String((err as Error).message)).toContain('"vault"');
    expect(String((err as Error).message)).not.toContain("s.tok3n");
    expect((err as { code?: string }).code).toBe("SECRET_BACKEND_UNSUPPORTED");
  });

  it("passes values files without references through untouched when a resolver is set", () => {
    const { fs, resolver } = setup({
      "/w/helmfile.yaml": "releases:\n- name: r\n  chart: c/c\n  values:\n  - plain.yaml\n",
      "/w/plain.yaml": "a: 1\n",
    });
    const src = loadDesiredState({ cwd: "/w" }, { fs, env: {}, secretResolver: resolver }).releases[0]
      ?.values[0];
    expect(src).toMatchObject({ kind: "file", path: "/w/plain.yaml", secret: false });
  });
});
