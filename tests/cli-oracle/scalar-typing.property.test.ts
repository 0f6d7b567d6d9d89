/**
 * Scalar typing against the Go oracle, as a property: a seeded draw of numbers over the whole
 * int64, uint64 and float64 ranges, their edges, and every YAML 1.1 and 1.2 number form go-yaml
 * reads (signs, hex, octal old and new, underscores, exponents, infinities, NaN, leading zeros,
 * sexagesimal-looking text), put in a state's values. The real helmfile v1.8.0 and our CLI
 * print, for each, `typeOf`, `kindOf` and `%v` in a state template (`template`), and the values
 * helm receives (`write-values`); both outputs must be identical.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { runCli } from "../../src/cli/main";
import { mulberry32 } from "../differential/generate";

const helm = process.env.HELM4_BINARY ?? process.env.HELM_BINARY;
const ORACLE =
  process.env.PULUMI_HELMFILE_ORACLE ?? join(homedir(), ".cache", "pulumi-helmfile", "bin", "helmfile");
const missing =
  helm === undefined
    ? "needs HELM_BINARY (source scripts/env.sh)"
    : existsSync(ORACLE)
      ? undefined
      : `no helmfile oracle at ${ORACLE} (scripts/build-helmfile.sh)`;

/** Edges and forms, then random draws over the ranges. */
function scalars(n: number): string[] {
  // The differential generator's seeded PRNG: the same draw on every run.
  const r = mulberry32(20261204);
  const big = (bits: number): bigint => {
    let v = 0n;
    for (let i = 0; i < bits; i += 16) v = (v << 16n) | BigInt(Math.floor(r() * 65536));
    return v & ((1n << BigInt(bits)) - 1n);
  };
  const fixed = [
    "0",
    "-0",
    "+0",
    "1",
    "-1",
    "+1",
    "007",
    "-007",
    "0x1F",
    "0X1f",
    "-0x1F",
    "0o17",
    "017",
    "0b101",
    "1_000",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "0xFFFFFFFFFFFFFFFF",
    "0x8000000000000000",
    "9007199254740992",
    "9007199254740993",
    "-9007199254740993",
    "1.0",
    "-1.5",
    "1e3",
    "1E3",
    "1e+3",
    "1e-3",
    "1.5e300",
    "1e400",
    "-1e400",
    "4.9e-324",
    "1e-400",
    ".5",
    "5.",
    "+.5",
    "-.5e2",
    ".inf",
    "-.inf",
    "+.inf",
    ".Inf",
    ".INF",
    ".nan",
    ".NaN",
    ".NAN",
    "1:30",
    "190:20:30",
    "1_000.5",
    "0.1",
    "2.5e-7",
    "123456789012345678901234567890",
  ];
  const drawn: string[] = [];
  for (let i = 0; drawn.length < n; i++) {
    switch (i % 6) {
      case 0:
        drawn.push(String(BigInt.asIntN(64, big(64))));
        break;
      case 1:
        drawn.push(String(big(64)));
        break;
      case 2:
        drawn.push(String(big(Math.ceil(r() * 63))));
        break;
      case 3: {
        const x = (r() - 0.5) * 10 ** Math.floor(r() * 40 - 20);
        drawn.push(String(x));
        break;
      }
      case 4:
        drawn.push(`${r() < 0.5 ? "-" : ""}${(r() * 10).toFixed(3)}e${Math.floor(r() * 700 - 350)}`);
        break;
      default:
        drawn.push(`0x${big(Math.ceil(r() * 64)).toString(16)}`);
    }
  }
  return [...fixed, ...drawn];
}

function writeState(dir: string, values: readonly string[]): void {
  mkdirSync(join(dir, "chart", "templates"), { recursive: true });
  writeFileSync(join(dir, "chart", "Chart.yaml"), "apiVersion: v2\nname: scalars\nversion: 0.1.0\n");
  writeFileSync(
    join(dir, "chart", "templates", "cm.yaml"),
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: scalars\ndata:\n  types: {{ .Values.types | quote }}\n",
  );
  const keys = values.map((_, i) => `v${String(i).padStart(3, "0")}`);
  writeFileSync(
    join(dir, "helmfile.yaml.gotmpl"),
    [
      "values:",
      "  - nums:",
      ...values.map((v, i) => `      ${keys[i] as string}: ${v}`),
      "---",
      "releases:",
      "  - name: scalars",
      "    chart: ./chart",
      "    values:",
      "      - types: '{{ range $k, $v := .Values.nums }}{{ $k }}={{ typeOf $v }}/{{ kindOf $v }}/{{ printf \"%v\" $v }};{{ end }}'",
      // helm refuses a values file holding an infinity or NaN: those stay in the state template.
      "      - nums:",
      ...values
        .map((v, i) => [v, keys[i] as string] as const)
        .filter(([v]) => !/^[-+]?\.?(inf|nan)$/i.test(v) && !/^-?1e400$/.test(v))
        .map(([v, k]) => `          ${k}: ${v}`),
      "",
    ].join("\n"),
  );
}

const describeOracle = missing === undefined ? describe : describe.skip;

describeOracle(
  `scalar typing against helmfile v1.8.0, a seeded draw of 300${missing === undefined ? "" : ` (skipped: ${missing})`}`,
  () => {
    jest.setTimeout(180_000);
    const dir = mkdtempSync(join(tmpdir(), "phf-scalars-"));
    const values = scalars(300);
    writeState(dir, values);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const env = {
      PATH: `${dirname(helm as string)}:/usr/bin:/bin`,
      HOME: dir,
      HELMFILE_UPGRADE_NOTICE_DISABLED: "1",
      PULUMI_HELMFILE_CACHE: "0",
    };

    async function both(args: string[], out?: string): Promise<[string, string]> {
      const theirs = await promisify(execFile)(ORACLE, args, { cwd: dir, env, maxBuffer: 64 << 20 }).then(
        (r) => r.stdout + (out === undefined ? "" : readFileSync(join(dir, out), "utf8")),
        (err: { stderr?: string }) => `failed: ${err.stderr ?? ""}`,
      );
      let stdout = "";
      let stderr = "";
      const code = await runCli(args, {
        cwd: dir,
        env,
        writeStdout: (t) => (stdout += t),
        writeStderr: (t) => (stderr += t),
      });
      const ours =
        code === 0
          ? stdout + (out === undefined ? "" : readFileSync(join(dir, out), "utf8"))
          : `failed: ${stderr}`;
      return [theirs, ours];
    }

    test("template: typeOf, kindOf and %v of each, and the values helm receives", async () => {
      const [theirs, ours] = await both(["template"]);
      expect(theirs).toContain("v000=int/int/0;");
      expect(ours).toBe(theirs);
    });

    test("write-values: the values of the release as helm would get them", async () => {
      const [theirs, ours] = await both(
        ["write-values", "--output-file-template", "out/{{ .Release.Name }}.yaml"],
        "out/scalars.yaml",
      );
      expect(theirs).toContain("nums:");
      expect(ours).toBe(theirs);
    });
  },
);
