import { runCli } from "./main";

async function help(argv: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const code = await runCli(argv, {
    cwd: "/",
    env: {},
    writeStdout: (t) => (out += t),
    writeStderr: (t) => (out += t),
  });
  return { code, out };
}

describe("CLI usage", () => {
  test("--help lists the commands and helmfile's global flags with their short forms, and exits 0", async () => {
    const { code, out } = await help(["--help"]);
    expect(code).toBe(0);
    expect(out).toMatch(/^ {2}template {6}/m);
    expect(out).toMatch(/^ {2}up {12}/m);
    expect(out).toContain("-f, --file <string>");
    expect(out).toContain("-e, --environment <string>");
    expect(out).toContain("-l, --selector <value> (repeatable)");
    expect(out).toContain("    --state-values-set <value> (repeatable)");
  });

  test("no command prints the usage and exits 1", async () => {
    const { code, out } = await help([]);
    expect(code).toBe(1);
    expect(out).toContain("Usage: pulumi-helmfile");
  });
});
