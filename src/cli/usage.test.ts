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
    expect(out).toMatch(/^ {2}-f, --file string +\S/m);
    expect(out).toMatch(/^ {2}-e, --environment string +\S/m);
    expect(out).toMatch(/^ {2}-l, --selector stringArray +\S/m);
    expect(out).toMatch(/^ {6}--state-values-set stringArray +\S/m);
  });

  test("no command prints the usage and exits 0, like helmfile", async () => {
    const { code, out } = await help([]);
    expect(code).toBe(0);
    expect(out).toContain("Usage:\n  pulumi-helmfile");
  });

  test("every command has a --help page with one described line per flag", async () => {
    const { out: root } = await help(["--help"]);
    const names = [...root.matchAll(/^ {2}([a-z-]+) {2,}\S/gm)].map((m) => m[1] as string);
    expect(names).toEqual(expect.arrayContaining(["template", "show-dag", "print-env", "status", "version"]));
    for (const name of names) {
      const { code, out } = await help([name, "--help"]);
      expect(code).toBe(0);
      expect(out).toContain(`pulumi-helmfile ${name}`);
      const flagLines = out.split("\n").filter((l) => /^ {2}(-\w, | {4})--/.test(l));
      for (const l of flagLines) expect(l).toMatch(/^ {2}(-\w, | {4})--[\w-]+( \w+)? {3,}\S/);
    }
  });

  test("`help <command>` prints the command's page", async () => {
    const { code, out } = await help(["help", "show-dag"]);
    expect(code).toBe(0);
    expect(out).toContain("pulumi-helmfile show-dag [flags]");
  });
});
