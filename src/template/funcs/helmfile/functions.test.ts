import { SecretError } from "../../../shared/errors";
import type { CommandOptions, CommandResult, FileSystem, ProcessRunner } from "../../../shared/io";
import { fromPlain, toPlain, type Value } from "../../../shared/value";
import { GoStruct, newGoMap, type CallContext, type GoValue, type TemplateEnv } from "../../types";
import { helmfileFunctions, withHelmfileFunctions } from "./functions";
import type { HelmfileFunctionOptions } from "./options";

// Expectations follow helmfile's pkg/tmpl tests (context_funcs_test.go, get_or_nil_test.go).

/** A small in-memory file system: `files` maps absolute paths to contents; directories are implied. */
function memoryFs(files: Record<string, string>): FileSystem {
  const isDir = (p: string): boolean =>
    Object.keys(files).some((f) => f.startsWith(`${p.replace(/\/$/, "")}/`));
  return {
    readFile: (p) => {
      const c = files[p];
      if (c === undefined) throw new Error(`missing ${p}`);
      return c;
    },
    readBytes: (p) => Buffer.from(files[p] ?? ""),
    exists: (p) => p in files || isDir(p),
    isDirectory: isDir,
    isFile: (p) => p in files,
    readDir: (p) => {
      const prefix = `${p.replace(/\/$/, "")}/`;
      return [
        ...new Set(
          Object.keys(files)
            .filter((f) => f.startsWith(prefix))
            .map((f) => f.slice(prefix.length).split("/")[0] as string),
        ),
      ].sort();
    },
    glob: (pattern) => {
      const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}$`);
      return Object.keys(files)
        .filter((f) => re.test(f))
        .sort();
    },
  };
}

class RecordingRunner implements ProcessRunner {
  calls: Array<{ command: string; args: readonly string[]; options: CommandOptions }> = [];
  constructor(private readonly result: CommandResult) {}
  run(): Promise<CommandResult> {
    return Promise.resolve(this.result);
  }
  runSync(command: string, args: readonly string[], options: CommandOptions = {}): CommandResult {
    this.calls.push({ command, args, options });
    return this.result;
  }
}

function call(
  name: string,
  args: unknown[],
  env: TemplateEnv = {},
  options: HelmfileFunctionOptions = {},
): GoValue {
  const funcs = helmfileFunctions(options);
  const spec = funcs.get(name);
  if (spec === undefined) throw new Error(`no ${name}`);
  const ctx = { funcName: name, env, funcs, missingKey: "error", state: new Map() } as unknown as CallContext;
  return spec.impl(
    args.map((a) => (a instanceof GoStruct ? a : (fromPlain(a) as GoValue))),
    ctx,
  );
}

const plain = (v: GoValue): unknown => toPlain(v as Value);

describe("get and getOrNil", () => {
  const obj = { Foo: { Bar: "Bar" }, foo: 1 };

  it("walks nested maps by a dotted path", () => {
    expect(call("get", ["Foo.Bar", obj])).toBe("Bar");
  });

  it("fails on a missing key without a default and returns the default otherwise", () => {
    expect(() => call("get", ["Foo.baz", obj])).toThrow('no value exist for key "baz"');
    expect(call("get", ["Foo.baz", "default", obj])).toBe("default");
  });

  it("fails when stepping into a non-map value even with a default", () => {
    expect(() => call("get", ["foo.Bar", "fooBar", obj])).toThrow("unexpected type(int)");
  });

  it("reads struct fields and refuses a struct without fields", () => {
    const s = new GoStruct("T", new Map<string, GoValue>([["Bar", "x"]]));
    expect(call("get", ["Bar", s])).toBe("x");
    expect(() => call("get", ["foo", new GoStruct("E", new Map())])).toThrow("no accessible struct fields");
  });

  it("getOrNil turns a missing value into nil", () => {
    expect(call("getOrNil", ["Foo.Bar", obj])).toBe("Bar");
    expect(call("getOrNil", ["Foo.baz", obj])).toBeNull();
  });
});

describe("setValueAtPath", () => {
  it("sets a nested key in place", () => {
    expect(plain(call("setValueAtPath", ["foo.bar", "FOO_BAR", { foo: { bar: "" } }]))).toEqual({
      foo: { bar: "FOO_BAR" },
    });
  });

  it("fails when an intermediate value is not a map", () => {
    expect(() => call("setValueAtPath", ["root.nokey", "x", { root: "test" }])).toThrow(
      'failed to set value at path "root.nokey": value for key "root" was not a map',
    );
  });
});

describe("required and requiredEnv", () => {
  it("required refuses nil and the empty string only", () => {
    expect(() => call("required", ["need", null])).toThrow("need");
    expect(() => call("required", ["need", ""])).toThrow("need");
    expect(call("required", ["need", "foo"])).toBe("foo");
    expect(call("required", ["need", false])).toBe(false);
  });

  it("requiredEnv refuses unset and empty variables", () => {
    expect(() => call("requiredEnv", ["X"], { environ: {} })).toThrow("required env var `X` is not set");
    expect(() => call("requiredEnv", ["X"], { environ: { X: "" } })).toThrow(
      "required env var `X` is not set",
    );
    expect(call("requiredEnv", ["X"], { environ: { X: "v" } })).toBe("v");
  });

  it("env reads the injected environment and expandenv follows os.ExpandEnv", () => {
    const env = { environ: { A: "1", B_C: "2" } };
    expect(call("env", ["A"], env)).toBe("1");
    expect(call("env", ["NOPE"], env)).toBe("");
    expect(call("expandenv", ["$A-${B_C}-$NOPE-${}-$"], env)).toBe("1-2---$");
  });
});

describe("toYaml and fromYaml", () => {
  it("quotes digit strings and keeps the trailing newline (v3)", () => {
    expect(call("toYaml", [{ thisShouldBeString: "01234567890123456789" }])).toBe(
      'thisShouldBeString: "01234567890123456789"\n',
    );
    expect(call("toYaml", [{ a: [1, 2] }])).toBe("a:\n  - 1\n  - 2\n");
  });

  it("writes lists under a key without indent with go-yaml v2", () => {
    expect(call("toYaml", [{ a: [1, 2] }], {}, { yamlVersion: "v2" })).toBe("a:\n- 1\n- 2\n");
  });

  it("parses any document and refuses non-string keys", () => {
    expect(plain(call("fromYaml", ["- foo\n- bar: BAR\n"]))).toEqual(["foo", { bar: "BAR" }]);
    expect(call("fromYaml", ["null\n"])).toBeNull();
    expect(() => call("fromYaml", ["1: a\n"])).toThrow("offending yaml: 1: a");
  });

  it("reads yes as a boolean only with go-yaml v2", () => {
    expect(call("fromYaml", ["yes"], {}, { yamlVersion: "v2" })).toBe(true);
    expect(call("fromYaml", ["yes"])).toBe("yes");
  });
});

describe("file functions", () => {
  const env: TemplateEnv = {
    basePath: "/base",
    fs: memoryFs({
      "/base/values.yaml": "foo: 1\n",
      "/base/dir/a.txt": "",
      "/base/dir/b.txt": "",
      "/base/dir/sub/c.txt": "",
    }),
  };

  it("readFile resolves relative paths against the base path", () => {
    expect(call("readFile", ["values.yaml"], env)).toBe("foo: 1\n");
    expect(call("readFile", ["/base/values.yaml"], env)).toBe("foo: 1\n");
    expect(() => call("readFile", ["nope.yaml"], env)).toThrow(
      "open /base/nope.yaml: no such file or directory",
    );
  });

  it("readDir lists regular files as <arg>/<name>; readDirEntries lists everything", () => {
    expect(plain(call("readDir", ["./dir/"], env))).toEqual(["dir/a.txt", "dir/b.txt"]);
    const entries = call("readDirEntries", ["dir"], env) as GoStruct[];
    expect(
      entries.map((e) => [
        e.methods.get("Name")?.impl([], {} as CallContext),
        e.methods.get("IsDir")?.impl([], {} as CallContext),
      ]),
    ).toEqual([
      ["a.txt", false],
      ["b.txt", false],
      ["sub", true],
    ]);
  });

  it("isFile and isDir are false for missing paths", () => {
    expect(call("isFile", ["values.yaml"], env)).toBe(true);
    expect(call("isDir", ["dir"], env)).toBe(true);
    expect(call("isFile", ["dir"], env)).toBe(false);
    expect(call("isDir", ["missing"], env)).toBe(false);
  });

  it("insecure functions fail when disabled and return empty results in the pre-render pass", () => {
    const disabled = { ...env, environ: { HELMFILE_DISABLE_INSECURE_TEMPLATE_FUNCTIONS: "true" } };
    expect(() => call("readFile", ["values.yaml"], disabled)).toThrow("insecure function calls are disabled");
    expect(call("isFile", ["values.yaml"], disabled)).toBe(true);
    expect(call("readFile", ["values.yaml"], env, { preRender: true })).toBe("");
    expect(plain(call("readDir", ["dir"], env, { preRender: true }))).toEqual([]);
  });
});

describe("exec and envExec", () => {
  it("runs in the base path with the environment plus the given variables", () => {
    const runner = new RecordingRunner({ exitCode: 0, stdout: "out\n", stderr: "" });
    const env: TemplateEnv = { basePath: "/base", process: runner, environ: { A: "1" } };
    expect(call("envExec", [{ B: "2" }, "cmd", ["x"], "in"], env)).toBe("out\n");
    expect(runner.calls[0]).toEqual({
      command: "cmd",
      args: ["x"],
      options: { cwd: "/base", env: { A: "1", B: "2" }, input: "in" },
    });
  });

  it("refuses arguments and environment values that are not strings", () => {
    const env: TemplateEnv = { process: new RecordingRunner({ exitCode: 0, stdout: "", stderr: "" }) };
    expect(() => call("exec", ["cmd", [1]], env)).toThrow('unexpected type of arg "int"');
    expect(() => call("envExec", [{ k: 123 }, "cmd", []], env)).toThrow('unexpected type of env "int"');
  });

  it("reports a non-zero exit with the command and its output", () => {
    const env: TemplateEnv = { process: new RecordingRunner({ exitCode: 1, stdout: "", stderr: "boom\n" }) };
    expect(() => call("exec", ["bash", ["-c", "exit 1"]], env)).toThrow(
      /command "bash" exited with non-zero status:[\s\S]*EXIT STATUS\n  1[\s\S]*STDERR:\n  boom/,
    );
  });
});

describe("secrets", () => {
  it("passes values without references through when no resolver is configured", () => {
    expect(plain(call("expandSecretRefs", [{ a: "plain" }]))).toEqual({ a: "plain" });
  });

  it("names the backend when a reference cannot be resolved", () => {
    expect(() => call("fetchSecretValue", ["ref+vault://secret/data#/key"])).toThrow(SecretError);
    expect(() => call("fetchSecretValue", ["ref+vault://secret/data#/key"])).toThrow('backend "vault"');
  });

  it("uses the injected resolver", () => {
    const resolver = {
      evalMap: (m: Record<string, GoValue>) => {
        const out = newGoMap();
        for (const k of Object.keys(m)) out[k] = `resolved:${String(m[k])}`;
        return out;
      },
    };
    expect(call("fetchSecretValue", ["ref+echo://x"], { extra: { secretResolver: resolver } })).toBe(
      "resolved:ref+echo://x",
    );
  });
});

describe("withHelmfileFunctions", () => {
  it("keeps the base map's get as sprigGet and puts helmfile's get in its place", () => {
    const sprigGet = { params: [], impl: () => "sprig" } as const;
    const m = withHelmfileFunctions(new Map([["get", sprigGet]]));
    expect(m.get("sprigGet")).toBe(sprigGet);
    expect(m.get("get")).not.toBe(sprigGet);
  });
});
