/**
 * The JSON documents `ref+httpjson://` states read in tests (the differential family `httpjson`,
 * recorded against the real helmfile): a plain-HTTP server on 127.0.0.1 serving fixed documents,
 * a redirect, a 404 with a JSON body and bodies that are not JSON. The same answers every time,
 * so helmfile's recorded outputs hold.
 */
import { spawn } from "node:child_process";

/** The fixed port the recorded states name (`PULUMI_HELMFILE_HTTPJSON_PORT` may move it for ad-hoc runs). */
export const HTTPJSON_PORT = Number(process.env.PULUMI_HELMFILE_HTTPJSON_PORT ?? "19083");

/** The documents by path, as JSON text (written out so numbers keep their spelling). */
export const HTTPJSON_DOCS: Readonly<Record<string, string>> = {
  "/repos":
    '[{"name":"helmfile","id":1,"topics":["k8s","helm"],"owner":{"login":"helmfile"}},' +
    '{"name":"vals","id":2,"topics":[],"owner":{"login":"helmfile"}},' +
    '{"name":"chartify","id":3,"topics":["helm"],"owner":{"login":"yxxhero"}}]',
  "/config":
    '{"db":{"host":"db.internal","port":5432,"user":"app","password":"pw-from-http"},' +
    '"flags":{"enabled":true,"ratio":0.25,"limit":1000000,"half":2.5,"none":null},' +
    '"hosts":["a.example","b.example"],"single":["only"],"empty":{},"nested":{"deep":{"key":"deep-value"}},' +
    '"sp ace":"spaced","ünï":"unicode","html":"<b>&</b>"}',
  "/string": '"a whole string"',
};

/** The server's program: plain JavaScript, so it runs with `node -e` and no compiler. */
function serverSource(port: number): string {
  return `
const http = require("node:http");
const docs = ${JSON.stringify(HTTPJSON_DOCS)};
http.createServer((req, res) => {
  const path = new URL(req.url || "/", "http://localhost").pathname;
  if (path === "/moved") { res.writeHead(302, { Location: "/config" }); res.end(); return; }
  if (path === "/html") { res.writeHead(200, { "Content-Type": "text/html" }); res.end("<html>not json</html>"); return; }
  if (path === "/empty-body") { res.writeHead(200); res.end(); return; }
  if (path === "/gone") { res.writeHead(404, { "Content-Type": "application/json" }); res.end('{"error":"gone","code":404}'); return; }
  const doc = docs[path];
  if (doc === undefined) { res.writeHead(404, { "Content-Type": "text/plain" }); res.end("404 page not found\\n"); return; }
  res.writeHead(200, { "Content-Type": "application/json" });
  res.end(doc);
}).listen(${port}, "127.0.0.1", function () { process.stdout.write(this.address().port + "\\n"); });
`;
}

/**
 * Starts the server in a child process (resolves once it listens, with its port: `port` 0 picks a
 * free one); `close` stops it. A child,
 * because the CLI under test may run in this process (tests/support/run-cli.ts), and its secret
 * resolver waits synchronously for its fetches: a server on this thread could not answer them.
 */
export function startHttpJsonServer(
  port = HTTPJSON_PORT,
): Promise<{ readonly port: number; close(): Promise<void> }> {
  const child = spawn(process.execPath, ["-e", serverSource(port)], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const close = (): Promise<void> =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", () => done());
      child.kill();
    });
  return new Promise((resolve, reject) => {
    child.stdout.once("data", (d: Buffer) => resolve({ port: Number(d.toString().trim()), close }));
    child.once("exit", (code) =>
      reject(new Error(`the JSON server on port ${port} exited (${code}): ${stderr}`)),
    );
  });
}
