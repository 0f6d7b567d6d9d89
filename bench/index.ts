/**
 * `npm run bench`: every benchmark in one run, reported as numbers and ratios (never as
 * pass/fail). Each benchmark runs in its own process so peak-memory figures do not mix.
 *
 *   npm run bench [-- template load render scale cli real-charts]
 *
 * `cli` runs the CLI end to end against helmfile (`HELMFILE_BINARY`) and the plain-helm floor and
 * prints its figures line by line, each with the machine's load (see bench/cli.ts). `real-charts`
 * deploys charts shaped as public ones to fresh test-cluster instances with helmfile and with us
 * (see bench/real-charts.ts); it runs only when asked for by name.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const BENCHES: Record<string, string> = {
  template: "const m=require('./template');m.benchTemplate().then(r=>console.log(JSON.stringify(r)))",
  load: "const m=require('./load');console.log(JSON.stringify(m.benchLoad()))",
  render: "const m=require('./render');m.benchRender().then(r=>console.log(JSON.stringify(r)))",
  scale: "const m=require('./scale');console.log(JSON.stringify(m.runScaleBench(5000)))",
};

const tsx = join(__dirname, "..", "node_modules", ".bin", "tsx");

function run(name: string, code: string): void {
  const started = Date.now();
  const res = spawnSync(tsx, ["-e", code], { cwd: __dirname, encoding: "utf8", maxBuffer: 1 << 26 });
  const line = (res.stdout ?? "").trim().split("\n").pop() ?? "";
  if (res.status !== 0 || !line.startsWith("{")) {
    process.stdout.write(`${name}: failed (exit ${res.status}): ${(res.stderr ?? "").slice(0, 1000)}\n`);
    return;
  }
  process.stdout.write(`${name}: ${line}  (${Math.round((Date.now() - started) / 1000)} s with startup)\n`);
}

const wanted = process.argv.slice(2);
for (const [name, code] of Object.entries(BENCHES)) {
  if (wanted.length === 0 || wanted.includes(name)) run(name, code);
}
if (wanted.length === 0 || wanted.includes("cli")) {
  process.stdout.write("cli:\n");
  spawnSync(tsx, [join(__dirname, "cli.ts")], { cwd: __dirname, stdio: "inherit" });
}
if (wanted.includes("real-charts")) {
  process.stdout.write("real-charts:\n");
  spawnSync(tsx, [join(__dirname, "real-charts.ts")], { cwd: __dirname, stdio: "inherit" });
}
