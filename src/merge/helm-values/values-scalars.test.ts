/**
 * Scalars of a helm values file (go-yaml v2 through sigs.k8s.io/yaml), checked against the real
 * helm 3 and 4: the file is given with `-f` to a chart printing `toJson .Values`, and our
 * decoding must print the same JSON or fail with helm's text. Since the one resolver in
 * src/shared/yaml/resolve.ts serves this decoder too, `0b-101` is an int and an impossible
 * `!!timestamp` fails, as in helm.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testHelmBinaries } from "../../node/helm-binaries";
import { toPlain } from "../../shared/value";
import { parseHelmValuesText, ValuesFileError } from "./helm-values-file";

const FILES = [
  "a: 0b-101\nb: -0b11\nc: 0b2\n",
  "a: !!int 2001-12-14\n",
  "a: !!float 2001-12-14\n",
  "a: !!timestamp 2001-13-01\n",
  "a: !!timestamp 2001-12-01\nb: 2001-12-01\n",
  'a: !!binary "aGVsbG8"\n',
  'a: !!binary "aGVsbG8="\n',
  "a: !!int 0x1F\nb: !!float 1\nc: 0o17\nd: 017\ne: 1_000\n",
  "a: 18446744073709551615\n",
];

function ours(text: string, major: 3 | 4): string {
  try {
    return JSON.stringify(toPlain(parseHelmValuesText(text, major)), (_k, v: unknown) =>
      typeof v === "bigint" ? Number(v) : v,
    );
  } catch (err) {
    expect(err).toBeInstanceOf(ValuesFileError);
    return `error: ${(err as Error).message}`;
  }
}

describe("values file scalars match helm", () => {
  const binaries = testHelmBinaries();
  const dir = mkdtempSync(join(tmpdir(), "values-scalars-"));
  mkdirSync(join(dir, "templates"));
  writeFileSync(join(dir, "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\n");
  writeFileSync(join(dir, "templates", "cm.yaml"), "x: {{ .Values | toJson }}\n");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("has the pinned helm 3 and 4 to compare with", () => {
    expect(binaries.map(([label]) => label).sort()).toEqual(["helm3", "helm4"]);
  });

  describe.each(binaries)("%s", (label, helm) => {
    it.each(FILES)("%j", (text) => {
      const file = join(dir, "values.yaml.in");
      writeFileSync(file, text);
      const res = spawnSync(helm, ["template", "r", dir, "-f", file], {
        encoding: "utf8",
        env: { PATH: process.env.PATH, HOME: dir },
      });
      const helmSays =
        res.status === 0
          ? JSON.stringify(JSON.parse(/^x: (.*)$/m.exec(res.stdout)?.[1] ?? "null"))
          : `error: ${(res.stderr.split("\n")[0] ?? "").replace(`Error: failed to parse ${file}: `, "")}`;
      expect(ours(text, label === "helm3" ? 3 : 4)).toBe(helmSays);
    });
  });
});
