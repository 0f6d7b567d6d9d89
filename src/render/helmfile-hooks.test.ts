import { MemoryFileSystem } from "../load/memory-fs";
import { loadDesiredState } from "../load/load-desired-state";
import type { CommandOptions, CommandResult, Logger, ProcessRunner } from "../shared/io";
import type { DesiredState } from "../shared/model";
import { COMMAND_HOOK_PLANS, withCommandHooks } from "./command-hooks";
import { HOOK_CODES, triggerHooks, type HookIo } from "./helmfile-hooks";

interface Call {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string | undefined;
}

/** Records every command; `fail` names commands that exit 3 with a message on stderr. */
function fakeRunner(fail: ReadonlySet<string> = new Set()): ProcessRunner & { calls: Call[] } {
  const calls: Call[] = [];
  const result = (command: string, args: readonly string[], options?: CommandOptions): CommandResult => {
    calls.push({ command, args, cwd: options?.cwd });
    if (fail.has(command)) return { exitCode: 3, stdout: "", stderr: "it broke\n" };
    return { exitCode: 0, stdout: `${args.join(" ")}\nsecond line\n`, stderr: "" };
  };
  return {
    calls,
    run: (c, a, o) => Promise.resolve(result(c, a, o)),
    runSync: (c, a, o) => result(c, a, o),
  };
}

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    debug: () => {},
    info: (m) => void lines.push(`info:${m}`),
    warn: (m) => void lines.push(`warn:${m}`),
  };
}

const STATE = `hooks:
  - events: [prepare, cleanup]
    command: global
    args: ["{{\`{{ .Event.Name }}\`}}", "{{\`{{ .HelmfileCommand }}\`}}", "err={{\`{{ if .Event.Error }}{{ .Event.Error }}{{ else }}none{{ end }}\`}}"]
releases:
  - name: a
    namespace: ns1
    chart: ./charts/cm
    labels: {tier: web}
    hooks:
      - name: h1
        events: [prepare, presync, postsync, cleanup]
        showlogs: true
        command: rel
        args: ["{{\`{{ .Event.Name }}\`}}", "{{\`{{ .Release.Name }}\`}}/{{\`{{ .Release.Namespace }}\`}}", "{{\`{{ .Release.Labels.tier }}\`}}", "{{\`{{ .Environment.Name }}\`}}", "{{\`{{ .Values.greeting }}\`}}"]
  - name: b
    chart: ./charts/cm
    hooks:
      - events: [prepare, cleanup]
        command: other
        args: ["{{\`{{ .Event.Name }}\`}}"]
  - name: off
    chart: ./charts/cm
    installed: false
    hooks:
      - events: [prepare, cleanup]
        command: never
`;

function load(text = STATE): DesiredState {
  return loadDesiredState(
    { cwd: "/w", stateValuesSet: ["greeting=hi"] },
    { fs: new MemoryFileSystem({ "/w/helmfile.yaml.gotmpl": text }), env: {} },
  );
}

function io(
  runner: ProcessRunner,
  logger: Logger = recordingLogger(),
  environ: Record<string, string> = {},
): HookIo {
  return { runner, fs: new MemoryFileSystem({}), logger, environ };
}

const line = (c: Call): string => [c.command, ...c.args].join(" ");

describe("helmfile hooks", () => {
  it("renders command and args with .Event, .Release, .Environment and .Values and runs them in the state's folder", async () => {
    const desired = load();
    const state = desired.states[0]!;
    const runner = fakeRunner();
    const logger = recordingLogger();
    const ran = await triggerHooks(
      "presync",
      { state, release: state.releases[0]!, helmfileCommand: "sync" },
      io(runner, logger),
    );
    expect(ran).toBe(true);
    expect(runner.calls).toEqual([
      { command: "rel", args: ["presync", "a/ns1", "web", "default", "hi"], cwd: "/w" },
    ]);
    // showlogs: helmfile's prefix before every line of stdout.
    expect(logger.lines).toEqual([
      "info:\nhook[presync] logs | presync a/ns1 web default hi\nhook[presync] logs | second line\nhook[presync] logs | ",
    ]);
  });

  it("an event no hook lists runs nothing and reports false", async () => {
    const state = load().states[0]!;
    const runner = fakeRunner();
    expect(
      await triggerHooks(
        "preuninstall",
        { state, release: state.releases[0]!, helmfileCommand: "sync" },
        io(runner),
      ),
    ).toBe(false);
    expect(runner.calls).toEqual([]);
  });

  it("a failing hook fails naming the release, the event and the command, with its stderr", async () => {
    const state = load().states[0]!;
    const err = await triggerHooks(
      "prepare",
      { state, release: state.releases[0]!, helmfileCommand: "template" },
      io(fakeRunner(new Set(["rel"]))),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: HOOK_CODES.failed });
    expect(String(err)).toContain(
      "release ns1/a: hook[h1] (event prepare): command `rel` failed: exit status 3\nit broke",
    );
  });

  it("HELMFILE_DISABLE_INSECURE_FEATURES refuses every hook before it runs", async () => {
    const state = load().states[0]!;
    const runner = fakeRunner();
    const err = await triggerHooks(
      "prepare",
      { state, helmfileCommand: "template" },
      io(runner, recordingLogger(), { HELMFILE_DISABLE_INSECURE_FEATURES: "true" }),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "POLICY_INSECURE_EXEC" });
    expect(String(err)).toContain('hooks may not run commands ("global")');
    expect(runner.calls).toEqual([]);
  });

  it("HELMFILE_DISABLE_HOOKS fails any trigger of a state with hooks, as helmfile's bus does", async () => {
    const state = load().states[0]!;
    const err = await triggerHooks(
      "preapply",
      { state, helmfileCommand: "template" },
      io(fakeRunner(), recordingLogger(), { HELMFILE_DISABLE_HOOKS: "1" }),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: HOOK_CODES.disabled });
  });

  it("kubectlApply hooks run kubectl apply -f", async () => {
    const state = load(
      `releases:\n  - name: k\n    chart: ./c\n    hooks:\n      - events: [presync]\n        kubectlApply: {filename: crds.yaml}\n`,
    ).states[0]!;
    const runner = fakeRunner();
    await triggerHooks(
      "presync",
      { state, release: state.releases[0]!, helmfileCommand: "sync" },
      io(runner),
    );
    expect(runner.calls.map(line)).toEqual(["kubectl apply -f crds.yaml"]);
  });
});

describe("the hooks of a command (helmfile v1.8.0, measured)", () => {
  it("template: state prepare, release prepares, the work, release cleanups, state cleanup; not installed releases skipped", async () => {
    const state = load().states[0]!;
    const runner = fakeRunner();
    const order: string[] = [];
    await withCommandHooks(state, COMMAND_HOOK_PLANS.template!, io(runner), () => {
      order.push(`work after ${runner.calls.length}`);
      return Promise.resolve();
    });
    expect(runner.calls.map(line)).toEqual([
      "global prepare template err=none",
      "rel prepare a/ns1 web default hi",
      "other prepare",
      "rel cleanup a/ns1 web default hi",
      "other cleanup",
      "global cleanup template err=none",
    ]);
    expect(order).toEqual(["work after 3"]);
  });

  it("write-values prepares no release; build and fetch clean up no release; list runs only the state's hooks", async () => {
    const state = load().states[0]!;
    const calls = async (command: string): Promise<string[]> => {
      const runner = fakeRunner();
      await withCommandHooks(state, COMMAND_HOOK_PLANS[command]!, io(runner), () => Promise.resolve());
      return runner.calls.map((c) => `${c.command} ${c.args[0] ?? ""}`);
    };
    expect(await calls("write-values")).toEqual([
      "global prepare",
      "rel cleanup",
      "other cleanup",
      "global cleanup",
    ]);
    expect(await calls("build")).toEqual([
      "global prepare",
      "rel prepare",
      "other prepare",
      "global cleanup",
    ]);
    expect(await calls("fetch")).toEqual([
      "global prepare",
      "rel prepare",
      "other prepare",
      "global cleanup",
    ]);
    expect(await calls("list")).toEqual(["global prepare", "global cleanup"]);
  });

  it("the work's error reaches the state's cleanup as .Event.Error and is rethrown; a failing release cleanup only warns", async () => {
    const state = load().states[0]!;
    const runner = fakeRunner(new Set(["other"]));
    const logger = recordingLogger();
    const plan = { ...COMMAND_HOOK_PLANS.template!, releasePrepare: false };
    const err = await withCommandHooks(state, plan, io(runner, logger), () =>
      Promise.reject(new Error("helm failed")),
    ).catch((e: unknown) => e);
    expect(String(err)).toContain("helm failed");
    expect(runner.calls.map(line).at(-1)).toBe("global cleanup template err=helm failed");
    expect(logger.lines.filter((l) => l.startsWith("warn:"))).toEqual([
      expect.stringContaining(
        "release b: hook[other] (event cleanup): command `other` failed: exit status 3\nit broke",
      ),
    ]);
  });

  it("a failing prepare fails before the work and runs no cleanup", async () => {
    const state = load().states[0]!;
    const runner = fakeRunner(new Set(["rel"]));
    let worked = false;
    const err = await withCommandHooks(state, COMMAND_HOOK_PLANS.template!, io(runner), () => {
      worked = true;
      return Promise.resolve();
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: HOOK_CODES.failed });
    expect(worked).toBe(false);
    expect(runner.calls.map(line)).toEqual([
      "global prepare template err=none",
      "rel prepare a/ns1 web default hi",
    ]);
  });
});
