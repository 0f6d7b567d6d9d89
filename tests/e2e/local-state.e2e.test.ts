/**
 * The stack's state read from a local backend's file (src/automation/local-state.ts) is what the
 * real Pulumi CLI's `stack export --show-secrets` gives: the state is written by the CLI itself
 * (`stack import` of a deployment with plaintext secrets, which the CLI encrypts with the stack's
 * passphrase), then read both ways. Anything the reader does not handle (a wrong passphrase, a
 * compressed state beside the plain one, another backend) answers undefined, so the caller asks
 * the CLI.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalWorkspace, PulumiCommand, type Deployment } from "@pulumi/pulumi/automation";
import { localStateFile, readLocalDeployment, summarizeDeployment } from "../../src/automation/local-state";
import { readStateSummary } from "../../src/automation/state-summary";
import { readPreviewState, writePreviewCopy } from "../../src/automation/preview-state";
import { selectExisting } from "../../src/automation/stack";
import { SECRET_SIGNATURE } from "../../src/automation/redact-events";
import { ENGINE_ROOT, engineEnv, engineMissingReason } from "./engine";

const reason = engineMissingReason();
const describeEngine = reason === undefined ? describe : describe.skip;
const title =
  reason === undefined
    ? "reading a local backend's state file (real engine)"
    : `reading a local backend's state file (skipped: ${reason})`;

/** A secret as `pulumi stack export --show-secrets` gives it (and `stack import` takes it). */
const secret = (v: unknown): unknown => ({
  [SECRET_SIGNATURE]: "1b47061264138c4ac30d75fd1eb44270",
  plaintext: JSON.stringify(v),
});

const PROJECT = "local-state-proj";
const STACK = "dev";
const PASSPHRASE = "correct horse";
const SECRET_TEXT = "s3cr3t-value-4711";

describeEngine(title, () => {
  let dir: string;
  let backendUrl: string;
  let ws: LocalWorkspace;
  let exported: Deployment;
  /** Imports the deployment exported at the start with `resources` in place of its own. */
  const importWith = (resources: unknown[]): Promise<void> =>
    ws.importStack(STACK, {
      version: 3,
      deployment: { ...(exported.deployment as Record<string, unknown>), resources },
    } as Deployment);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "phf-local-state-"));
    mkdirSync(join(dir, "backend"));
    backendUrl = `file://${join(dir, "backend")}`;
    ws = await LocalWorkspace.create({
      workDir: dir,
      pulumiCommand: await PulumiCommand.get({ root: ENGINE_ROOT }),
      pulumiHome: join(ENGINE_ROOT, "pulumi-home"),
      envVars: { ...engineEnv(), PULUMI_CONFIG_PASSPHRASE: PASSPHRASE },
      projectSettings: { name: PROJECT, runtime: "nodejs", backend: { url: backendUrl } },
      secretsProvider: "passphrase",
    });
    await ws.createStack(STACK);
    const stackUrn = `urn:pulumi:${STACK}::${PROJECT}::pulumi:pulumi:Stack::${PROJECT}-${STACK}`;
    const seed = (await ws.exportStack(STACK)) as { version: number; deployment: Record<string, unknown> };
    await ws.importStack(STACK, {
      version: 3,
      deployment: {
        ...seed.deployment,
        resources: [
          {
            urn: stackUrn,
            custom: false,
            type: "pulumi:pulumi:Stack",
            outputs: {
              plain: "visible",
              whole: secret({ password: SECRET_TEXT, list: [1, "two"] }),
              nested: { inner: secret(SECRET_TEXT), other: [secret(7), "x"] },
            },
          },
        ],
      },
    } as Deployment);
    exported = await ws.exportStack(STACK);
  }, 120_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The state file's version and features, as the CLI wrote them. */
  const envelope = (): { version: number; features?: string[] } =>
    JSON.parse(readFileSync(localStateFile(location()) as string, "utf8")) as {
      version: number;
      features?: string[];
    };

  const location = (over: Partial<Parameters<typeof readLocalDeployment>[0]> = {}) => ({
    backendUrl,
    projectName: PROJECT,
    stackName: STACK,
    secretsProvider: "passphrase",
    env: { PULUMI_CONFIG_PASSPHRASE: PASSPHRASE },
    ...over,
  });

  test("the file holds the secrets encrypted, and reading it gives the CLI's export", async () => {
    const file = localStateFile(location());
    expect(file).toBe(join(dir, "backend", ".pulumi", "stacks", PROJECT, `${STACK}.json`));
    const text = readFileSync(file as string, "utf8");
    expect(text).not.toContain(SECRET_TEXT);
    expect(text).toContain("ciphertext");
    const local = (await readLocalDeployment(location())) as { resources: unknown };
    expect(local).toBeDefined();
    expect(local.resources).toEqual((exported.deployment as { resources: unknown }).resources);
    expect(JSON.stringify(local)).toContain(SECRET_TEXT);
  });

  test("the passphrase may come from PULUMI_CONFIG_PASSPHRASE_FILE (trimmed, as the CLI reads it)", async () => {
    const file = join(dir, "passphrase.txt");
    writeFileSync(file, `${PASSPHRASE}\n`);
    const local = (await readLocalDeployment(location({ env: { PULUMI_CONFIG_PASSPHRASE_FILE: file } }))) as {
      resources: unknown;
    };
    expect(local.resources).toEqual((exported.deployment as { resources: unknown }).resources);
  });

  test("a state whose resources bind resource hooks (checkpoint version 4, feature hooks) is read too", async () => {
    const current = exported.deployment as { resources: Array<Record<string, unknown>> };
    const [stack] = current.resources;
    await importWith([{ ...stack, resourceHooks: { beforeCreate: ["some-hook"] } }]);
    try {
      // The CLI itself writes version 4 with the feature it needs.
      expect(envelope()).toMatchObject({ version: 4, features: ["hooks"] });
      const withHooks = await ws.exportStack(STACK);
      const local = (await readLocalDeployment(location())) as { resources: unknown };
      expect(local.resources).toEqual((withHooks.deployment as { resources: unknown }).resources);
      expect(JSON.stringify(local)).toContain(SECRET_TEXT);
      // A feature not known to change nothing but fields: the CLI is asked.
      const file = localStateFile(location()) as string;
      const text = readFileSync(file, "utf8");
      writeFileSync(file, text.replace(/"features":\s*\[/, '"features": ["byteString", '));
      expect(envelope().features).toEqual(["byteString", "hooks"]);
      expect(await readLocalDeployment(location())).toBeUndefined();
    } finally {
      await ws.importStack(STACK, exported);
    }
    expect(envelope().version).toBe(3);
  });

  test("the same deployment however the file lays its envelope out (the key derived from the head's salt, or after parsing)", async () => {
    const file = localStateFile(location()) as string;
    const original = JSON.parse(readFileSync(file, "utf8")) as {
      checkpoint: { latest: Record<string, unknown> };
    };
    const { secrets_providers: providers, ...rest } = original.checkpoint.latest;
    const variants: Record<string, string> = {
      // Indented: the head names the salt with white space around it.
      indented: JSON.stringify(original, null, 4),
      // The provider after the resources: the head names no salt.
      late: JSON.stringify({
        ...original,
        checkpoint: { ...original.checkpoint, latest: { ...rest, secrets_providers: providers } },
      }),
    };
    for (const [name, text] of Object.entries(variants)) {
      const backend = join(dir, `variant-${name}`);
      mkdirSync(join(backend, ".pulumi", "stacks", PROJECT), { recursive: true });
      writeFileSync(
        join(backend, ".pulumi", "meta.yaml"),
        readFileSync(join(dir, "backend", ".pulumi", "meta.yaml")),
      );
      writeFileSync(join(backend, ".pulumi", "stacks", PROJECT, `${STACK}.json`), text);
      const local = (await readLocalDeployment(location({ backendUrl: `file://${backend}` }))) as {
        resources: unknown;
      };
      expect([name, local?.resources]).toEqual([
        name,
        (exported.deployment as { resources: unknown }).resources,
      ]);
      expect(
        await readLocalDeployment(
          location({ backendUrl: `file://${backend}`, env: { PULUMI_CONFIG_PASSPHRASE: "wrong" } }),
        ),
      ).toBeUndefined();
    }
  });

  test("what it cannot read answers undefined (the CLI is asked instead)", async () => {
    expect(
      await readLocalDeployment(location({ env: { PULUMI_CONFIG_PASSPHRASE: "wrong" } })),
    ).toBeUndefined();
    expect(await readLocalDeployment(location({ env: {} }))).toBeUndefined();
    expect(await readLocalDeployment(location({ secretsProvider: "awskms://alias/x" }))).toBeUndefined();
    expect(await readLocalDeployment(location({ stackName: "missing" }))).toBeUndefined();
    expect(
      await readLocalDeployment(location({ backendUrl: `${backendUrl}?no_tmp_dir=true` })),
    ).toBeUndefined();
    expect(await readLocalDeployment(location({ backendUrl: "https://api.pulumi.com" }))).toBeUndefined();
    const plain = localStateFile(location()) as string;
    writeFileSync(`${plain}.gz`, "");
    try {
      expect(localStateFile(location())).toBeUndefined();
      expect(await readLocalDeployment(location())).toBeUndefined();
    } finally {
      rmSync(`${plain}.gz`);
    }
  });

  test("a stack whose file was read is taken without `pulumi stack select`: the workspace's current stack stays, and the stack's commands name it", async () => {
    await ws.createStack("other");
    try {
      expect((await ws.stack())?.name).toBe("other");
      const stack = await selectExisting(STACK, ws);
      expect(stack.name).toBe(STACK);
      // No `stack select` ran: the current stack is the one created last.
      expect((await ws.stack())?.name).toBe("other");
      // The workspace's own selectStack is back.
      expect(Object.prototype.hasOwnProperty.call(ws, "selectStack")).toBe(false);
      await expect(ws.selectStack("missing")).rejects.toThrow(/no stack named 'missing' found/);
      // Its commands run on it (`--stack`), not on the current one.
      const mine = (await stack.exportStack()).deployment as { resources?: Array<{ urn: string }> };
      expect(mine.resources?.map((r) => r.urn)).toEqual(
        (exported.deployment as { resources: Array<{ urn: string }> }).resources.map((r) => r.urn),
      );
      expect(await stack.outputs()).toMatchObject({ plain: { value: "visible", secret: false } });
    } finally {
      await ws.removeStack("other");
    }
  });
  test("a partial preview's copy is made from the deployment read, its secrets sealed as the file holds them, and the real CLI opens it", async () => {
    const current = exported.deployment as { resources: Array<Record<string, unknown>> };
    const [stack] = current.resources as [Record<string, unknown>];
    const urn = (name: string): string => `urn:pulumi:${STACK}::${PROJECT}::my:index:Part::${name}`;
    const part = (name: string, outputs: Record<string, unknown>): Record<string, unknown> => ({
      urn: urn(name),
      custom: false,
      type: "my:index:Part",
      parent: stack.urn,
      outputs,
    });
    await importWith([
      stack,
      part("kept", { plain: "as-read", token: secret(`${SECRET_TEXT}-kept`) }),
      part("gone", { token: secret(`${SECRET_TEXT}-gone`) }),
    ]);
    try {
      const file = localStateFile(location()) as string;
      const sealedText = readFileSync(file, "utf8");
      const local = await readLocalDeployment(location());
      expect(JSON.stringify(local)).toContain(`${SECRET_TEXT}-kept`);
      // Changed after the read: a copy made from the file would say so.
      writeFileSync(file, sealedText.replace('"as-read"', '"changed-after-the-read"'));
      const copy = await readPreviewState(location(), new Set([urn("gone")]), local);
      expect(copy).toBeDefined();
      const out = join(dir, "preview-copy");
      const url = writePreviewCopy(copy as NonNullable<typeof copy>, out);
      const text = readFileSync(join(out, ".pulumi", "stacks", PROJECT, `${STACK}.json`), "utf8");
      expect(text).toContain('"as-read"');
      expect(text).not.toContain(SECRET_TEXT);
      expect(text).not.toContain('"plaintext"');
      expect(text).not.toContain(urn("gone"));
      // Each secret kept is the very ciphertext of the file.
      const ciphertexts = (t: string): string[] =>
        [...t.matchAll(/"ciphertext":\s*"([^"]+)"/g)].map((m) => m[1]!);
      expect(ciphertexts(text).length).toBeGreaterThan(0);
      for (const c of ciphertexts(text)) expect(ciphertexts(sealedText)).toContain(c);
      // The deployment read is left opened, as the comparison uses it.
      expect(JSON.stringify(local)).toContain(`${SECRET_TEXT}-kept`);
      // The real CLI opens the copy with the stack's passphrase (`stack export --show-secrets`).
      const copyWork = join(dir, "preview-copy-work");
      mkdirSync(copyWork);
      const copyWs = await LocalWorkspace.create({
        workDir: copyWork,
        pulumiCommand: await PulumiCommand.get({ root: ENGINE_ROOT }),
        pulumiHome: join(ENGINE_ROOT, "pulumi-home"),
        envVars: { ...engineEnv(), PULUMI_CONFIG_PASSPHRASE: PASSPHRASE },
        projectSettings: { name: PROJECT, runtime: "nodejs", backend: { url } },
        secretsProvider: "passphrase",
      });
      const shown = await copyWs.exportStack(STACK);
      const opened = shown.deployment as { resources: Array<{ urn: string }> };
      expect(opened.resources.map((r) => r.urn)).toEqual([stack.urn, urn("kept")]);
      expect(JSON.stringify(opened)).toContain(`${SECRET_TEXT}-kept`);
      expect(JSON.stringify(opened)).toContain("as-read");
    } finally {
      await ws.importStack(STACK, exported);
    }
  });

  test("a worker thread reads the summary the comparison takes: the CLI's export summarized, only its secrets opened; its copy is the file's, sealed", async () => {
    const current = exported.deployment as { resources: Array<Record<string, unknown>> };
    const [stack] = current.resources as [Record<string, unknown>];
    const urn = (type: string, name: string, parentType = ""): string =>
      `urn:pulumi:${STACK}::${PROJECT}::${parentType}${type}::${name}`;
    const component = urn("helmfile:index:Helmfile", "helmfile");
    const release = urn("helmfile:index:Release", "helmfile-ns/a", "helmfile:index:Helmfile$");
    const object = urn(
      "my:index:Object",
      "helmfile-ns/a:cm",
      "helmfile:index:Helmfile$helmfile:index:Release$",
    );
    await importWith([
      stack,
      {
        urn: component,
        custom: false,
        type: "helmfile:index:Helmfile",
        parent: stack.urn,
        inputs: { file: "helmfile.yaml", stateValues: secret({ token: `${SECRET_TEXT}-args` }) },
      },
      {
        urn: release,
        custom: false,
        type: "helmfile:index:Release",
        parent: component,
        inputs: { manifest: "kind: ConfigMap", values: secret({ big: `${SECRET_TEXT}-values` }) },
        outputs: { registration: secret("r1"), resources: 1, applied: "f1" },
      },
      {
        urn: object,
        custom: false,
        type: "my:index:Object",
        parent: release,
        inputs: { data: secret(`${SECRET_TEXT}-object`) },
        outputs: {
          metadata: { name: "cm", resourceVersion: "17" },
          data: secret(`${SECRET_TEXT}-object`),
        },
      },
    ]);
    try {
      const shown = (await ws.exportStack(STACK)).deployment as Record<string, unknown>;
      const summary = await readStateSummary(location());
      expect(summary).toBeDefined();
      try {
        // What the CLI itself opened, summarized: the same.
        expect(summary?.deployment.resources).toEqual(summarizeDeployment(shown).resources);
        const text = JSON.stringify(summary?.deployment);
        expect(text).toContain(`${SECRET_TEXT}-args`); // the component's arguments, compared
        expect(text).toContain('"17"'); // the object's resourceVersion
        expect(text).not.toContain(`${SECRET_TEXT}-values`); // a Release's inputs: not read
        expect(text).not.toContain(`${SECRET_TEXT}-object`); // an object's inputs and outputs: not read
        const drop = new Set([release, object]);
        const copy = await summary?.trimmed(drop);
        const fromFile = await readPreviewState(location(), drop);
        expect(copy).toBeDefined();
        expect(copy).toEqual(fromFile);
        expect(copy?.text).not.toContain(SECRET_TEXT);
        expect(copy?.text).not.toContain('"plaintext"');
        expect(copy?.text).toContain('"ciphertext"');
        // One copy: the worker has ended.
        expect(await summary?.trimmed(drop)).toBeUndefined();
      } finally {
        summary?.close();
      }
      // What readLocalDeployment cannot read, neither can the worker.
      expect(
        await readStateSummary(location({ env: { PULUMI_CONFIG_PASSPHRASE: "wrong" } })),
      ).toBeUndefined();
      expect(await readStateSummary(location({ env: {} }))).toBeUndefined();
      expect(await readStateSummary(location({ stackName: "missing" }))).toBeUndefined();
      expect(await readStateSummary(location({ secretsProvider: "awskms://alias/x" }))).toBeUndefined();
    } finally {
      await ws.importStack(STACK, exported);
    }
  });
});
