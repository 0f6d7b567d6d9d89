import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readLocalDeployment } from "./local-state";
import {
  lockStack,
  readDestroyState,
  readPreviewState,
  trimCheckpoint,
  writeBackCopy,
  writePreviewCopy,
} from "./preview-state";

const STACK = "urn:pulumi:dev::proj::pulumi:pulumi:Stack::proj-dev";
const COMPONENT = "urn:pulumi:dev::proj::helmfile:index:Helmfile::helmfile";
const PROVIDER =
  "urn:pulumi:dev::proj::helmfile:index:Helmfile$pulumi:providers:kubernetes::helmfile-default-context";
const release = (name: string): string =>
  `urn:pulumi:dev::proj::helmfile:index:Helmfile$helmfile:index:Release::helmfile-${name}`;
const object = (name: string, obj: string): string =>
  `urn:pulumi:dev::proj::helmfile:index:Helmfile$helmfile:index:Release$kubernetes:core/v1:ConfigMap::helmfile-${name}:${obj}`;

/** A checkpoint as the file backend writes it: two releases, one object each, the second needing the first. */
function checkpoint(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    version: 3,
    checkpoint: {
      stack: "organization/proj/dev",
      latest: {
        manifest: { time: "2026-12-05T00:00:00Z" },
        secrets_providers: { type: "passphrase", state: { salt: "v1:abc:def" } },
        resources: [
          { urn: STACK, type: "pulumi:pulumi:Stack", custom: false },
          { urn: COMPONENT, type: "helmfile:index:Helmfile", parent: STACK },
          { urn: PROVIDER, type: "pulumi:providers:kubernetes", parent: COMPONENT, id: "p1" },
          { urn: release("ns/a"), type: "helmfile:index:Release", parent: COMPONENT },
          {
            urn: object("ns/a", "ns/a-cm"),
            type: "kubernetes:core/v1:ConfigMap",
            parent: release("ns/a"),
            provider: `${PROVIDER}::p1`,
            inputs: { data: { ciphertext: "v1:x:y" } },
          },
          {
            urn: release("ns/b"),
            type: "helmfile:index:Release",
            parent: COMPONENT,
            dependencies: [release("ns/a")],
          },
          {
            urn: object("ns/b", "ns/b-cm"),
            type: "kubernetes:core/v1:ConfigMap",
            parent: release("ns/b"),
            provider: `${PROVIDER}::p1`,
            dependencies: [object("ns/a", "ns/a-cm"), PROVIDER],
            propertyDependencies: { data: [object("ns/a", "ns/a-cm")], kind: [] },
            deletedWith: object("ns/a", "ns/a-cm"),
          },
        ],
        ...extra,
      },
    },
  };
}

const urns = (c: unknown): unknown[] =>
  (
    (c as { checkpoint: { latest: { resources: Array<{ urn: unknown }> } } }).checkpoint.latest.resources ??
    []
  ).map((r) => r.urn);

describe("the state a partial preview runs against", () => {
  it("leaves out the answered releases' resources and every reference to them, and keeps the rest as recorded", () => {
    const trimmed = trimCheckpoint(checkpoint(), new Set([release("ns/a"), object("ns/a", "ns/a-cm")]));
    expect(urns(trimmed)).toEqual([STACK, COMPONENT, PROVIDER, release("ns/b"), object("ns/b", "ns/b-cm")]);
    const resources = (trimmed as { checkpoint: { latest: { resources: Array<Record<string, unknown>> } } })
      .checkpoint.latest.resources;
    expect(resources[3]?.dependencies).toEqual([]);
    expect(resources[4]).toEqual({
      urn: object("ns/b", "ns/b-cm"),
      type: "kubernetes:core/v1:ConfigMap",
      parent: release("ns/b"),
      provider: `${PROVIDER}::p1`,
      dependencies: [PROVIDER],
      propertyDependencies: { data: [], kind: [] },
    });
    // The rest of the checkpoint (its secrets provider, version) is as it was.
    expect((trimmed as { version: unknown }).version).toBe(3);
  });

  it("is not made when it could not stand for the state", () => {
    const drop = new Set([release("ns/a"), object("ns/a", "ns/a-cm")]);
    // An operation interrupted: the engine must see it.
    expect(trimCheckpoint(checkpoint({ pending_operations: [{ type: "creating" }] }), drop)).toBeUndefined();
    // A resource the state does not hold (the state changed since it was compared).
    expect(trimCheckpoint(checkpoint(), new Set([...drop, release("ns/gone")]))).toBeUndefined();
    // A kept resource whose parent would be left out.
    expect(trimCheckpoint(checkpoint(), new Set([release("ns/a")]))).toBeUndefined();
    expect(trimCheckpoint({ version: 3 }, drop)).toBeUndefined();
    // Nothing pending is no reason to refuse.
    expect(trimCheckpoint(checkpoint({ pending_operations: [] }), drop)).toBeDefined();
  });

  describe("written as a backend of its own", () => {
    let root: string;
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), "phf-preview-state-"));
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    const location = (backendUrl: string) => ({
      backendUrl,
      projectName: "proj",
      stackName: "dev",
      secretsProvider: "passphrase",
      env: {},
    });

    function backend(): string {
      const dir = join(root, "backend");
      mkdirSync(join(dir, ".pulumi", "stacks", "proj"), { recursive: true });
      writeFileSync(join(dir, ".pulumi", "meta.yaml"), "version: 1\n");
      writeFileSync(join(dir, ".pulumi", "stacks", "proj", "dev.json"), JSON.stringify(checkpoint()));
      return dir;
    }

    it("in Pulumi's project layout, private, with the secrets sealed as the state holds them", async () => {
      const dir = backend();
      const out = join(root, "copy");
      const read = await readPreviewState(
        location(`file://${dir}`),
        new Set([release("ns/a"), object("ns/a", "ns/a-cm")]),
      );
      expect(read).toBeDefined();
      // Nothing is written before the copy is.
      expect(existsSync(out)).toBe(false);
      const url = writePreviewCopy(read as NonNullable<typeof read>, out);
      expect(url).toBe(`file://${out}`);
      expect(readFileSync(join(out, ".pulumi", "meta.yaml"), "utf8")).toBe("version: 1\n");
      const file = join(out, ".pulumi", "stacks", "proj", "dev.json");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(join(out, ".pulumi", "stacks")).mode & 0o777).toBe(0o700);
      const copy = JSON.parse(readFileSync(file, "utf8")) as unknown;
      expect(urns(copy)).toEqual([STACK, COMPONENT, PROVIDER, release("ns/b"), object("ns/b", "ns/b-cm")]);
      // The original is untouched.
      expect(
        urns(JSON.parse(readFileSync(join(dir, ".pulumi", "stacks", "proj", "dev.json"), "utf8"))),
      ).toHaveLength(7);
    });

    it("from the deployment the comparison read, leaving it as it was; from the file when the copy may hold an opened secret", async () => {
      const dir = backend();
      const file = join(dir, ".pulumi", "stacks", "proj", "dev.json");
      // No secret is sealed in this state, so no passphrase is needed to read it.
      const plain = checkpoint();
      const resources = (plain.checkpoint as { latest: { resources: Array<Record<string, unknown>> } }).latest
        .resources;
      resources[4] = { ...resources[4], inputs: { data: { k: "as-read" } } };
      resources[6] = { ...resources[6], inputs: { data: { k: "b-as-read" } } };
      writeFileSync(file, JSON.stringify(plain));
      const read = await readLocalDeployment(location(`file://${dir}`));
      const before = JSON.stringify(read);
      writeFileSync(file, JSON.stringify(plain).replace(/as-read/g, "changed-after-the-read"));
      const drop = new Set([release("ns/a"), object("ns/a", "ns/a-cm")]);
      const copy = await readPreviewState(location(`file://${dir}`), drop, read);
      const out = join(root, "copy");
      writePreviewCopy(copy as NonNullable<typeof copy>, out);
      const written = readFileSync(join(out, ".pulumi", "stacks", "proj", "dev.json"), "utf8");
      expect(urns(JSON.parse(written))).toEqual([
        STACK,
        COMPONENT,
        PROVIDER,
        release("ns/b"),
        object("ns/b", "ns/b-cm"),
      ]);
      expect(written).toContain("b-as-read");
      // The references to the left-out resources went from the copy's records, not from the deployment's.
      expect(written).not.toContain(release("ns/a"));
      expect(JSON.stringify(read)).toBe(before);
      // An object of the state with a `plaintext` key of its own: the file is read instead.
      (read as { resources: Array<Record<string, unknown>> }).resources[6]!.inputs = {
        data: { plaintext: "mine" },
      };
      const fromFile = await readPreviewState(location(`file://${dir}`), drop, read);
      rmSync(out, { recursive: true });
      writePreviewCopy(fromFile as NonNullable<typeof fromFile>, out);
      expect(readFileSync(join(out, ".pulumi", "stacks", "proj", "dev.json"), "utf8")).toContain(
        "b-changed-after-the-read",
      );
    });

    it("for a destroy: without the resources it only forgets (retained, not protected, no hook a delete runs)", async () => {
      const dir = backend();
      const file = join(dir, ".pulumi", "stacks", "proj", "dev.json");
      const crd = (name: string, more: Record<string, unknown>): Record<string, unknown> => ({
        urn: object("ns/a", name),
        type: "kubernetes:apiextensions.k8s.io/v1:CustomResourceDefinition",
        custom: true,
        parent: release("ns/a"),
        provider: `${PROVIDER}::p1`,
        retainOnDelete: true,
        ...more,
      });
      const state = checkpoint();
      const resources = (state.checkpoint as { latest: { resources: Array<Record<string, unknown>> } }).latest
        .resources;
      resources.splice(
        4,
        0,
        crd("forgotten", {}),
        crd("protected", { protect: true }),
        crd("hooked", { resourceHooks: { BeforeDelete: ["h"] } }),
        // The state names hook types as the engine's Go constants; a create's hook is no delete's.
        crd("created-together", { resourceHooks: { BeforeCreate: ["crds-checked"] } }),
      );
      resources[resources.length - 1]!.dependencies = [object("ns/a", "forgotten"), PROVIDER];
      writeFileSync(file, JSON.stringify(state));
      const read = await readDestroyState(location(`file://${dir}`));
      expect(read?.left).toBe(2);
      const copied = JSON.parse(read!.copy.text) as unknown;
      expect(urns(copied)).not.toContain(object("ns/a", "forgotten"));
      expect(urns(copied)).not.toContain(object("ns/a", "created-together"));
      expect(urns(copied)).toContain(object("ns/a", "protected"));
      expect(urns(copied)).toContain(object("ns/a", "hooked"));
      expect(read!.copy.text).not.toContain("forgotten");
      // Nothing retained: no copy.
      writeFileSync(file, JSON.stringify(checkpoint()));
      expect(await readDestroyState(location(`file://${dir}`))).toBeUndefined();
    });

    it("a destroy's copy is written back once the engine wrote it, with the run's history, the stack locked meanwhile", async () => {
      const dir = backend();
      const file = join(dir, ".pulumi", "stacks", "proj", "dev.json");
      writeFileSync(`${file}.attrs`, '{"md5":"before"}');
      const before = readFileSync(file, "utf8");
      const copy = {
        location: location(`file://${dir}`),
        meta: "version: 1\n",
        text: JSON.stringify(checkpoint()),
      };
      const copied = { copy, left: 0, kept: urns(checkpoint()).length };
      const locks = join(dir, ".pulumi", "locks", "organization", "proj", "dev");
      const unlock = lockStack(copy);
      expect(unlock).toBeDefined();
      const [lock] = readdirSync(locks);
      expect(JSON.parse(readFileSync(join(locks, lock!), "utf8"))).toMatchObject({ pid: process.pid });
      // Locked already (by another run): no second lock, the caller destroys as before.
      expect(lockStack(copy)).toBeUndefined();
      const out = join(root, "copy");
      writePreviewCopy(copy, out);
      // The engine wrote nothing, or deleted nothing (the run failed before any step): nothing is written back.
      expect(writeBackCopy(copied, out)).toBe(false);
      const ran = join(out, ".pulumi", "stacks", "proj", "dev.json");
      writeFileSync(ran, JSON.stringify(checkpoint(), null, 4));
      expect(writeBackCopy(copied, out)).toBe(false);
      expect(readFileSync(file, "utf8")).toBe(before);
      writeFileSync(ran, '{"version":3,"checkpoint":{"stack":"organization/proj/dev","latest":{}}}');
      writeFileSync(`${ran}.attrs`, '{"md5":"after"}');
      const history = join(out, ".pulumi", "history", "proj", "dev");
      mkdirSync(history, { recursive: true });
      writeFileSync(join(history, "dev-1.history.json"), '{"kind":"destroy"}');
      expect(writeBackCopy(copied, out)).toBe(true);
      expect(readFileSync(file, "utf8")).toBe(readFileSync(ran, "utf8"));
      expect(readFileSync(`${file}.attrs`, "utf8")).toBe('{"md5":"after"}');
      expect(readFileSync(`${file}.bak`, "utf8")).toBe(before);
      expect(readFileSync(`${file}.bak.attrs`, "utf8")).toBe('{"md5":"before"}');
      expect(readFileSync(join(dir, ".pulumi", "history", "proj", "dev", "dev-1.history.json"), "utf8")).toBe(
        '{"kind":"destroy"}',
      );
      // What the engine wrote is a whole state, or nothing is written.
      const written = readFileSync(file, "utf8");
      writeFileSync(ran, '{"version":3,');
      expect(() => writeBackCopy(copied, out)).toThrow();
      expect(readFileSync(file, "utf8")).toBe(written);
      unlock!();
      expect(readdirSync(locks)).toEqual([]);
    });

    it("only for a plain file backend, and only when something is left out", async () => {
      const dir = backend();
      const drop = new Set([release("ns/a"), object("ns/a", "ns/a-cm")]);
      await expect(readPreviewState(location("s3://bucket"), drop)).resolves.toBeUndefined();
      await expect(readPreviewState(location(`file://${dir}`), new Set())).resolves.toBeUndefined();
      // A compressed state (Pulumi reads whichever is newer): not read here.
      writeFileSync(join(dir, ".pulumi", "stacks", "proj", "dev.json.gz"), "");
      await expect(readPreviewState(location(`file://${dir}`), drop)).resolves.toBeUndefined();
    });
  });
});
