/**
 * A local helm chart repository for `setup.localChartRepoServer`: the corpus charts are
 * packaged with `helm package`, indexed with `helm repo index`, and served over HTTP on the
 * loopback addresses only.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join, normalize } from "node:path";

/** A running repository server. */
export interface ChartRepoServer {
  close(): Promise<void>;
}

/** Packages every chart below `chartsDir` and serves them on `localhost:<port>`. */
export async function startChartRepoServer(
  helm: string,
  chartsDir: string,
  port: number,
): Promise<ChartRepoServer> {
  const dir = mkdtempSync(join(tmpdir(), "pulumi-helmfile-repo-"));
  for (const name of readdirSync(chartsDir).sort()) {
    if (!existsSync(join(chartsDir, name, "Chart.yaml"))) continue;
    spawnSync(helm, ["package", join(chartsDir, name), "--destination", dir], { stdio: "ignore" });
  }
  spawnSync(helm, ["repo", "index", dir, "--url", `http://localhost:${port}/`], { stdio: "ignore" });
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const rel = normalize(decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/")).replace(
      /^(\.\.[/\\])+/,
      "",
    );
    const path = join(dir, rel);
    if (!path.startsWith(dir) || !existsSync(path) || rel === "/") {
      res.writeHead(404);
      res.end("not found");
      return;
    }
    res.writeHead(200);
    res.end(readFileSync(path));
  };
  const servers: Server[] = [];
  for (const host of ["127.0.0.1", "::1"]) {
    const s = createServer(handler);
    const ok = await new Promise<boolean>((resolve) => {
      s.once("error", () => resolve(false));
      s.listen(port, host, () => resolve(true));
    });
    if (ok) servers.push(s);
  }
  return {
    close: async () => {
      await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
