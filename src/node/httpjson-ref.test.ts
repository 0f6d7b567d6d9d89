/**
 * `ref+httpjson://` through the Node edge: the opt-in, one fetch per URL, the answer as a
 * secret, and failures that name the reference and never a value. The server runs in a child
 * process: the resolver waits synchronously for its worker thread, so a server in this process
 * could not answer.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { isHelmfileError } from "../shared/errors";
import { newMap, type ValueMap } from "../shared/value";
import { createNodeSecrets } from "./secrets-node";

const SERVER = `
const http = require("node:http");
let hits = 0;
http.createServer((req, res) => {
  if (req.url.startsWith("/hits")) { res.end(JSON.stringify({ n: String(hits) })); return; }
  hits++;
  res.writeHead(200, { "Content-Type": "application/json" });
  res.end('{"db":{"password":"pw-9f3k2"},"hosts":["a","b"]}');
}).listen(0, "127.0.0.1", function () { process.stdout.write(String(this.address().port) + "\\n"); });
`;

let server: ChildProcess;
let port = 0;

beforeAll(async () => {
  server = spawn(process.execPath, ["-e", SERVER], { stdio: ["ignore", "pipe", "inherit"] });
  port = await new Promise<number>((resolve) =>
    server.stdout?.once("data", (d: Buffer) => resolve(Number(d.toString().trim()))),
  );
});
afterAll(() => server.kill());

function resolveAll(values: Record<string, string>, env: Record<string, string> = {}): unknown {
  const { resolver } = createNodeSecrets({
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...env },
    cwd: __dirname,
    insecureRefs: env.PULUMI_HELMFILE_INSECURE_REFS === "true",
  });
  try {
    return resolver.evalValues(Object.assign(newMap(), values) as ValueMap);
  } catch (err) {
    return isHelmfileError(err) ? `${err.code}: ${err.message}` : `not a HelmfileError: ${String(err)}`;
  }
}

describe("ref+httpjson:// at the Node edge", () => {
  const allowed = { PULUMI_HELMFILE_INSECURE_REFS: "true" };

  it("is refused unless the user opts in, naming the host and the way to allow it", () => {
    expect(resolveAll({ a: `ref+httpjson://127.0.0.1:${port}/doc?insecure=true#///db/password` })).toMatch(
      new RegExp(
        `^SECRET_BACKEND_UNSUPPORTED: secret reference backend "httpjson" is refused: it fetches a URL named by the state \\(127\\.0\\.0\\.1:${port}\\); set PULUMI_HELMFILE_INSECURE_REFS=true`,
      ),
    );
  });

  it("answers every reference, fetching each URL once", () => {
    const url = `ref+httpjson://127.0.0.1:${port}/doc?insecure=true`;
    const out = resolveAll(
      { a: `${url}#///db/password`, b: `${url}#//hosts`, c: `x=${url}#///db/password+` },
      allowed,
    );
    expect(out).toEqual(Object.assign(newMap(), { a: "pw-9f3k2", b: "a,b", c: "x=pw-9f3k2" }));
    expect(resolveAll({ n: `ref+httpjson://127.0.0.1:${port}/hits?insecure=true#//n` }, allowed)).toEqual(
      Object.assign(newMap(), { n: "1" }),
    );
  });

  it("reads insecure from VALS_INSECURE when the reference does not say", () => {
    expect(
      resolveAll(
        { a: `ref+httpjson://127.0.0.1:${port}/doc#///db/password` },
        { ...allowed, VALS_INSECURE: "true" },
      ),
    ).toEqual(Object.assign(newMap(), { a: "pw-9f3k2" }));
  });

  it("fails within seconds on an unreachable server, naming the reference and never a value", () => {
    const start = Date.now();
    const out = resolveAll({ a: "ref+httpjson://127.0.0.1:1/doc?insecure=true#//a" }, allowed);
    expect(out).toBe(
      'SECRET_REF_FAILED: expand httpjson://127.0.0.1:1/doc?insecure=true#//a: error fetching json document at http://127.0.0.1:1/doc: Get "http://127.0.0.1:1/doc": dial tcp 127.0.0.1:1: connect: connection refused',
    );
    expect(Date.now() - start).toBeLessThan(10_000);
    // https against a plain server: Go's words for it.
    expect(resolveAll({ a: `ref+httpjson://127.0.0.1:${port}/doc#//a` }, allowed)).toMatch(
      /: http: server gave HTTP response to HTTPS client$/,
    );
    const wide = resolveAll({ a: `ref+httpjson://127.0.0.1:${port}/doc?insecure=true#//` }, allowed);
    expect(wide).toMatch(/has child nodes at/);
    expect(String(wide)).not.toContain("pw-9f3k2");
  });
});
