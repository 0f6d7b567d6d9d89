/**
 * Real chart sources for tests, on loopback: an HTTP chart repository (charts packaged by
 * `helm package`, an `index.yaml` made by `helm repo index`, served by a static file server of
 * the test) and an OCI registry (Debian's `docker-registry`, the CNCF distribution registry,
 * installed by scripts/test-registry.sh) with charts pushed by `helm push`. No network.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import {
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..", "..");

/** A running chart repository or registry; `close` stops it and removes its files. */
export interface ChartSource {
  /** `http://127.0.0.1:PORT` (repository) or `127.0.0.1:PORT` (registry host). */
  readonly url: string;
  close(): Promise<void>;
}

/** `helm package` of each chart directory into `dir` (a chart archive is copied as it is); the archives' paths. */
export function packageCharts(helm: string, charts: readonly string[], dir: string): string[] {
  for (const c of charts) {
    if (c.endsWith(".tgz")) copyFileSync(c, join(dir, basename(c)));
    else execFileSync(helm, ["package", c, "--destination", dir], { stdio: "pipe" });
  }
  return readdirSync(dir)
    .filter((f) => f.endsWith(".tgz"))
    .map((f) => join(dir, f));
}

/** An HTTP chart repository serving the packaged `charts` with helm's own index. */
export async function startChartRepository(helm: string, charts: readonly string[]): Promise<ChartSource> {
  const dir = mkdtempSync(join(tmpdir(), "phf-chart-repo-"));
  packageCharts(helm, charts, dir);
  const server: Server = createServer((req, res) => {
    const name = basename(decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/"));
    const file = join(dir, name);
    if (name === "" || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": name.endsWith(".yaml") ? "text/yaml" : "application/gzip" });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  execFileSync(helm, ["repo", "index", dir, "--url", url], { stdio: "pipe" });
  return {
    url,
    close: async () => {
      await new Promise<void>((ok) => server.close(() => ok()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  const s = createNetServer();
  await new Promise<void>((ok) => s.listen(0, "127.0.0.1", ok));
  const address = s.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  await new Promise<void>((ok) => s.close(() => ok()));
  return port;
}

/**
 * An OCI registry on loopback with the packaged `charts` pushed under `charts/` by `helm push`
 * (plain HTTP); `url` is its host:port.
 */
export async function startOciRegistry(helm: string, charts: readonly string[]): Promise<ChartSource> {
  const bin = execFileSync("bash", [join(ROOT, "scripts", "test-registry.sh"), "ensure"], {
    encoding: "utf8",
  }).trim();
  const dir = mkdtempSync(join(tmpdir(), "phf-oci-"));
  const port = await freePort();
  mkdirSync(join(dir, "storage"));
  writeFileSync(
    join(dir, "config.yml"),
    [
      "version: 0.1",
      "log:",
      "  level: error",
      "storage:",
      "  filesystem:",
      `    rootdirectory: ${join(dir, "storage")}`,
      "http:",
      `  addr: 127.0.0.1:${port}`,
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(bin, ["serve", join(dir, "config.yml")], { stdio: "ignore" });
  const host = `127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ok = await fetch(`http://${host}/v2/`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`docker-registry did not answer on ${host}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const packages = mkdtempSync(join(tmpdir(), "phf-oci-packages-"));
  for (const archive of packageCharts(helm, charts, packages))
    execFileSync(helm, ["push", archive, `oci://${host}/charts`, "--plain-http"], { stdio: "pipe" });
  rmSync(packages, { recursive: true, force: true });
  return {
    url: host,
    close: async () => {
      child.kill();
      await new Promise((r) => setTimeout(r, 100));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A state's `repositories:` lines for the two sources: the HTTP repository as `httpName`, the
 * registry's `charts/` as `registry` (`oci: true`, plain HTTP).
 */
export function repositoriesYaml(http: ChartSource, oci: ChartSource, httpName: string): string[] {
  return [
    "repositories:",
    `  - name: ${httpName}`,
    `    url: ${http.url}`,
    "  - name: registry",
    `    url: ${oci.url}/charts`,
    "    oci: true",
    "    plainHttp: true",
  ];
}
