/**
 * End to end with the real helm: a chart that fails with a value taken from a secret
 * (`ref+echo://`, resolved like helmfile's vals) must not print the plaintext in the CLI's
 * error output, though helm's stderr echoes it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testHelmBinaries } from "../node/helm-binaries";
import { runCli } from "./main";

const PLAINTEXT = "hunter2-sup3r-s3cret";

function writeProject(dir: string): void {
  mkdirSync(join(dir, "chart", "templates"), { recursive: true });
  writeFileSync(join(dir, "chart", "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 0.1.0\n");
  writeFileSync(join(dir, "chart", "templates", "cm.yaml"), "{{ fail .Values.password }}\n");
  writeFileSync(join(dir, "secret-values.yaml"), `password: ref+echo://${PLAINTEXT}\n`);
  writeFileSync(
    join(dir, "helmfile.yaml"),
    "releases:\n- name: r\n  chart: ./chart\n  values:\n  - secret-values.yaml\n",
  );
}

describe.each(testHelmBinaries())("secret redaction with %s", (_label, helm) => {
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(join(tmpdir(), "ph-redact-"));
    writeProject(tmp);
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  test("the template error names the failure but never the secret helm echoed", async () => {
    let stdout = "";
    let stderr = "";
    const code = await runCli(["-f", "helmfile.yaml", "template", "--skip-deps"], {
      cwd: tmp,
      env: { PATH: process.env.PATH, HOME: tmp, HELM_BINARY: helm, TMPDIR: tmp },
      writeStdout: (t) => (stdout += t),
      writeStderr: (t) => (stderr += t),
    });
    expect(code).toBe(1);
    expect(stderr).toContain('release "r" (chart chart): helm template failed');
    expect(stderr).toContain("execution error at (c/templates/cm.yaml:1:3): [redacted]");
    expect(stderr + stdout).not.toContain(PLAINTEXT);
  });

  test("with --debug the printed error is redacted too", async () => {
    let stderr = "";
    const code = await runCli(["-f", "helmfile.yaml", "--debug", "template", "--skip-deps"], {
      cwd: tmp,
      env: { PATH: process.env.PATH, HOME: tmp, HELM_BINARY: helm, TMPDIR: tmp },
      writeStdout: () => {},
      writeStderr: (t) => (stderr += t),
    });
    expect(code).toBe(1);
    expect(stderr).toContain("[redacted]");
    expect(stderr).not.toContain(PLAINTEXT);
  });
});
