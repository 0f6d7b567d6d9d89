/**
 * Fuzzing and property tests over every stage that reads user input: the Go template
 * engine, the YAML codec, `--state-values-set` parsing, `mergeValues` and whole-state
 * loading (HCL values files included) from an in-memory file system. Every outcome must be
 * a result or one of our typed errors: never another exception, a hang or a crash.
 * `scripts/fuzz.sh` runs the same properties with `FUZZ_RUNS` raised.
 */
import fc from "fast-check";
import { stringify } from "yaml";
import { renderTemplate } from "../../src/template/index";
import { renderGoTemplate } from "../../src/load/template-bridge";
import { decodeYaml, decodeYamlDocuments, encodeYaml } from "../../src/shared/yaml/index";
import { parseStateValuesSet, parseStateValuesSetString, mergeValues } from "../../src/merge/index";
import { MemoryFileSystem, loadDesiredState } from "../../src/load/index";
import type { ProcessRunner } from "../../src/shared/io";
import type { Value, ValueMap } from "../../src/shared/value";
import { fuzzRuns, fuzzTimeMs, tallyReport, typedOutcome } from "./fuzz-support";

const stubRunner: ProcessRunner = {
  run: () => Promise.resolve({ exitCode: 0, stdout: "", stderr: "" }),
  runSync: (cmd) => ({ exitCode: cmd === "false" ? 1 : 0, stdout: `ran ${cmd}\n`, stderr: "" }),
};

const params = (runs: number): fc.Parameters<unknown> => ({
  numRuns: fuzzRuns(runs),
  interruptAfterTimeLimit: fuzzTimeMs(),
  markInterruptAsFailure: false,
});

const TEMPLATE_TOKENS = [
  "{{",
  "}}",
  "{{- ",
  " -}}",
  "{{/* c */}}",
  " ",
  "\n",
  "if",
  "else",
  "else if",
  "end",
  "range",
  "with",
  "define",
  "template",
  "block",
  "break",
  "continue",
  ".",
  ".a",
  ".a.b",
  "$",
  "$x",
  ":=",
  "=",
  "|",
  "(",
  ")",
  ",",
  '"t"',
  '"a"',
  "`raw`",
  "'x'",
  "1",
  "0",
  "-1",
  "2.5",
  "1e3",
  "0x1F",
  "nil",
  "true",
  "false",
  "and",
  "or",
  "not",
  "len",
  "index",
  "slice",
  "print",
  "printf",
  '"%v"',
  '"%d"',
  "println",
  "eq",
  "ne",
  "lt",
  "call",
  "html",
  "js",
  "urlquery",
  "default",
  "toYaml",
  "fromYaml",
  "toJson",
  "fromJson",
  "tpl",
  "include",
  "required",
  "list",
  "dict",
  "get",
  "set",
  "keys",
  "upper",
  "trim",
  "split",
  "join",
  "until",
  "3",
  "repeat",
  "semver",
  "b64enc",
  "b64dec",
  "quote",
  "env",
  "requiredEnv",
  "exec",
  '"true"',
  "readFile",
  '"values.yaml"',
  '"../../etc/passwd"',
  "isFile",
  "readDir",
  '"."',
  "fail",
  "coalesce",
  "ternary",
  "regexMatch",
  '"a+"',
  "toString",
  "int",
  "float64",
  "atoi",
  "mustMerge",
  "deepCopy",
];

const action = fc
  .array(fc.constantFrom(...TEMPLATE_TOKENS.filter((t) => t !== "{{" && t !== "}}")), {
    minLength: 1,
    maxLength: 6,
  })
  .map((t) => `{{ ${t.join(" ")} }}`);
const templateSource = fc.oneof(
  fc
    .array(fc.oneof(action, fc.constantFrom("x", "\n", "{{ end }}", "{{ else }}")), { maxLength: 8 })
    .map((t) => t.join("")),
  fc.array(fc.constantFrom(...TEMPLATE_TOKENS), { maxLength: 40 }).map((t) => t.join(" ")),
  fc.array(fc.constantFrom(...TEMPLATE_TOKENS), { maxLength: 40 }).map((t) => t.join("")),
  fc.string({ maxLength: 60 }),
);

const templateData = (): ValueMap => {
  const data = Object.create(null) as ValueMap;
  const inner = Object.create(null) as ValueMap;
  inner.b = [1n, "two", 3.5, null, true];
  data.a = inner;
  data.Values = inner;
  return data;
};

const fsForTemplates = new MemoryFileSystem({ "/s/values.yaml": "a: 1\n", "/s/sub/x.txt": "x" });

describe("template engine under random input", () => {
  test("the core engine with builtins returns text or a typed error", () => {
    fc.assert(
      fc.property(templateSource, (src) => {
        typedOutcome("template-core", () =>
          renderTemplate(src, templateData(), {
            name: "fuzz",
            funcs: new Map(),
            maxDepth: 200,
            maxOutput: 1 << 20,
          }),
        );
      }),
      params(400),
    );
  });

  test("helmfile's function set (sprig + helmfile) returns text or a typed error", () => {
    fc.assert(
      fc.property(templateSource, (src) => {
        typedOutcome("template-helmfile", () =>
          renderGoTemplate(src, templateData(), {
            name: "fuzz.gotmpl",
            basePath: "/s",
            fs: fsForTemplates,
            environ: { HOME: "/root" },
            processRunner: stubRunner,
            limits: { templateDepth: 200, outputSize: 1 << 20 },
          }),
        );
      }),
      params(400),
    );
  });
});

const YAML_TOKENS = [
  "a",
  "b:",
  ": ",
  "- ",
  "\n",
  "  ",
  "\t",
  "{",
  "}",
  "[",
  "]",
  ",",
  "&x ",
  "*x",
  "<<: ",
  "!!str ",
  "!!int ",
  "!!binary ",
  "!custom ",
  "|",
  ">",
  "|-",
  "'",
  '"',
  "#",
  "---",
  "...",
  "%YAML 1.1",
  "?",
  "0x10",
  "1e400",
  ".inf",
  "~",
  "null",
  "yes",
  "2001-12-14",
  "__proto__: ",
  "constructor: ",
  "\\u0000",
  "\u0085",
  "\ufeff",
];

const yamlText = fc.oneof(
  fc.array(fc.constantFrom(...YAML_TOKENS), { maxLength: 40 }).map((t) => t.join("")),
  fc.string({ maxLength: 80 }),
);

describe("YAML codec under random input", () => {
  test("decoding (v3 and v2) returns a value or a typed error, and valid values re-encode", () => {
    fc.assert(
      fc.property(yamlText, fc.constantFrom("v2" as const, "v3" as const), (text, version) => {
        let decoded: Value | undefined;
        typedOutcome("yaml-decode", () => {
          decoded = decodeYaml(text, { version });
        });
        typedOutcome("yaml-decode-all", () => decodeYamlDocuments(text, { version }));
        if (decoded !== undefined)
          typedOutcome("yaml-reencode", () => encodeYaml(decoded as Value, { version }));
      }),
      params(600),
    );
  });
});

const SET_CHARS = [
  "a",
  "b",
  "=",
  ",",
  ".",
  "[",
  "]",
  "0",
  "1",
  "\\",
  "{",
  "}",
  " ",
  "-",
  "_",
  "__proto__",
  "constructor",
  "prototype",
];
const setArg = fc.array(fc.constantFrom(...SET_CHARS), { maxLength: 16 }).map((t) => t.join(""));

describe("--state-values-set parsing under random input", () => {
  test("returns a null-prototype map or a typed error and never pollutes Object.prototype", () => {
    fc.assert(
      fc.property(fc.array(setArg, { maxLength: 4 }), fc.boolean(), (args, asString) => {
        typedOutcome("state-values-set", () => {
          const m = asString ? parseStateValuesSetString(args) : parseStateValuesSet(args);
          expect(Object.getPrototypeOf(m)).toBeNull();
        });
        expect(({} as Record<string, unknown>).a).toBeUndefined();
        expect(({} as Record<string, unknown>).b).toBeUndefined();
      }),
      params(800),
    );
  });
});

const KEYS = ["a", "b", "c", "__proto__", "constructor", "prototype", "toString", ""];
const { tree } = fc.letrec<{ tree: Value; map: ValueMap }>((tie) => ({
  tree: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.bigInt({ min: -5n, max: 5n }),
    fc.double(),
    fc.string({ maxLength: 4 }),
    fc.array(tie("tree"), { maxLength: 3 }),
    tie("map"),
  ),
  map: fc.array(fc.tuple(fc.constantFrom(...KEYS), tie("tree")), { maxLength: 4 }).map((entries) => {
    const m = Object.create(null) as ValueMap;
    for (const [k, v] of entries) m[k] = v;
    return m;
  }),
}));
const valueMap = fc.dictionary(fc.constantFrom(...KEYS), tree, { maxKeys: 4 }).map((d) => {
  const m = Object.create(null) as ValueMap;
  for (const k of Object.keys(d)) m[k] = d[k] as Value;
  return m;
});

describe("mergeValues under random trees", () => {
  test("never mutates its inputs, never pollutes prototypes, and gives a map or a typed error", () => {
    fc.assert(
      fc.property(
        valueMap,
        valueMap,
        fc.constantFrom("sparse" as const, "replace" as const, "merge" as const),
        (a, b, arrays) => {
          const before = JSON.stringify([a, b], (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v));
          typedOutcome("merge-values", () => mergeValues(a, b, { arrays }));
          const after = JSON.stringify([a, b], (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v));
          expect(after).toBe(before);
          expect(({} as Record<string, unknown>).a).toBeUndefined();
        },
      ),
      params(800),
    );
  });
});

const scalar = fc.oneof(
  fc.constantFrom("x", "", "1", "true", "{{ .Values.a }}", "../up", "/abs", "git::https://h/r"),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const loose = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 2 }),
  fc.dictionary(fc.constantFrom("name", "chart", "a"), scalar, { maxKeys: 2 }),
);
const release = fc.record(
  {
    name: fc.oneof(fc.constantFrom("r1", "r2", "r1"), loose),
    chart: fc.oneof(fc.constant("./chart"), loose),
    namespace: loose,
    needs: fc.oneof(fc.constant(["r1"]), fc.constant(["r2", "ns/r1"]), loose),
    values: fc.oneof(fc.constant(["values.yaml"]), fc.constant([{ a: 1 }]), fc.constant(["env.hcl"]), loose),
    labels: loose,
    installed: loose,
    inherit: loose,
    set: loose,
  },
  { requiredKeys: [] },
);
const stateDoc = fc.record(
  {
    environments: fc.oneof(
      fc.constant({ default: { values: ["env.yaml"] } }),
      fc.constant({ default: { values: ["env.hcl"] } }),
      loose,
    ),
    bases: fc.oneof(fc.constant(["base.yaml"]), fc.constant(["helmfile.yaml"]), loose),
    releases: fc.oneof(fc.array(release, { maxLength: 3 }), loose),
    helmDefaults: loose,
    templates: loose,
    values: loose,
    helmfiles: fc.oneof(fc.constant(["sub/helmfile.yaml"]), loose),
    __proto__: loose,
  },
  { requiredKeys: [] },
);
const HCL_FILES = [
  "values {\n  a = 1\n}\n",
  "values {\n  a = hv.b\n  b = hv.a\n}\n",
  'locals {\n  x = "${local.x}"\n}\nvalues {\n  a = local.x\n}\n',
  'values {\n  a = upper("x")\n  b = [for v in [1,2]: v * 2]\n}\n',
  "values {\n a = \n",
  "values { a = 1 }\nvalues { a = 2 }\n",
];

function mutate(text: string, at: number, token: string): string {
  const i = Math.min(at, text.length);
  return text.slice(0, i) + token + text.slice(i);
}

describe("whole-state loading under random input", () => {
  test("loading a random state from memory gives a desired state or a typed error", () => {
    fc.assert(
      fc.property(
        stateDoc,
        fc.constantFrom("helmfile.yaml", "helmfile.yaml.gotmpl"),
        fc.option(fc.tuple(fc.nat(400), fc.constantFrom(...YAML_TOKENS, ...TEMPLATE_TOKENS)), {
          nil: undefined,
        }),
        fc.constantFrom(...HCL_FILES),
        fc.oneof(fc.constant([]), fc.constant(["a=2", "b.c=x"]), fc.array(setArg, { maxLength: 2 })),
        (doc, name, mutation, hcl, sets) => {
          const releasesSplit = { ...doc };
          const head = JSON.stringify({
            environments: releasesSplit.environments,
            bases: releasesSplit.bases,
          });
          delete releasesSplit.environments;
          delete releasesSplit.bases;
          let text = `${stringify(JSON.parse(head))}---\n${stringify(releasesSplit)}`;
          if (mutation !== undefined) text = mutate(text, mutation[0], mutation[1]);
          const fs = new MemoryFileSystem({
            [`/s/${name}`]: text,
            "/s/base.yaml": "values:\n- a: 1\n",
            "/s/env.yaml": "a: 1\n",
            "/s/env.hcl": hcl,
            "/s/values.yaml": "x: {{ .Values.a }}\n",
            "/s/sub/helmfile.yaml": "releases:\n- name: sub\n  chart: ./c\n",
          });
          typedOutcome("load-state", () =>
            loadDesiredState(
              {
                cwd: "/s",
                file: name,
                stateValuesSet: sets,
                allowNoMatchingRelease: true,
                limits: { templateDepth: 200, outputSize: 1 << 20 },
              },
              { fs, env: {}, processRunner: stubRunner },
            ),
          );
        },
      ),
      params(250),
    );
  });
});

afterAll(() => {
  if (process.env.FUZZ_REPORT !== undefined) process.stdout.write(`${tallyReport()}\n`);
});
