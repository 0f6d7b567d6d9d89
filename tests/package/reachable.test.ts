/**
 * What `npm run build` compiles into dist/ is exactly what the package's entry points reach:
 * the `exports` of package.json, the CLI the bin launcher starts, Pulumi.yaml's program and the
 * provider plugin's imports. Test helpers and what only the conformance measure uses (helm's
 * own template functions: the package renders charts with the real helm) are excluded in
 * tsconfig.build.json. A file nothing reaches is dead code or a test helper, and ships for nothing.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";

const ROOT = path.join(__dirname, "..", "..");

function buildFiles(): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, "tsconfig.build.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (parsed === undefined) throw new Error("cannot read tsconfig.build.json");
  return parsed.fileNames.map((f) => path.resolve(f));
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [`${base}.ts`, path.join(base, "index.ts"), base])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return undefined;
}

function reachable(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...entries];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    for (const ref of info.importedFiles) {
      const target = resolveImport(file, ref.fileName);
      if (target !== undefined && !seen.has(target)) todo.push(target);
    }
  }
  return seen;
}

function mainOfPulumiYaml(): string {
  const main = /^main: (\S+)$/m.exec(fs.readFileSync(path.join(ROOT, "Pulumi.yaml"), "utf8"))?.[1] ?? "";
  return main.replace(/^dist\//, "src/").replace(/\.js$/, ".ts");
}

describe("the build holds only what the entry points reach", () => {
  it("has no file that only tests (or nothing) import", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      exports: Record<string, string>;
    };
    const entries = [
      ...Object.values(pkg.exports).map((d) =>
        path.join(ROOT, d.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts")),
      ),
      path.join(ROOT, "src", "cli", "main.ts"),
      // Pulumi.yaml's `main`: the repository as a Pulumi project.
      path.join(ROOT, mainOfPulumiYaml()),
      // The online secret backends' worker thread, started by its path (src/node/online-refs/online-backends.ts).
      path.join(ROOT, "src", "node", "online-refs", "worker.ts"),
      // The stack state's worker thread, started by its path (src/automation/state-summary.ts).
      path.join(ROOT, "src", "automation", "state-summary-worker.ts"),
      ...fs
        .readdirSync(path.join(ROOT, "provider"))
        .filter((f) => f.endsWith(".ts"))
        .map((f) => path.join(ROOT, "provider", f)),
    ];
    for (const e of entries) expect(fs.existsSync(e)).toBe(true);
    const live = reachable(entries);
    const unreachable = buildFiles()
      .filter((f) => !live.has(f))
      .map((f) => path.relative(ROOT, f));
    expect(unreachable).toEqual([]);
  });
});
