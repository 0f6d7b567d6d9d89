/**
 * Go's `http.Get` as `ref+httpjson` uses it (jsonquery.LoadURL): the body whatever the status,
 * redirects followed up to ten, TLS verified against the system roots or, as Go reads them on
 * Linux, `SSL_CERT_FILE` / `SSL_CERT_DIR`. Failures keep Go's words (`Get "<url>": dial tcp
 * 127.0.0.1:1: connect: connection refused`) where Node reports the same condition. Unlike Go's
 * default client, each request is bounded. Runs in the online backends' worker (./worker.ts).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { join } from "node:path";
import { rootCertificates } from "node:tls";
import { createGunzip } from "node:zlib";

/** Why a request failed, in Go's words where known. */
export class HttpGetError extends Error {}

/** The CA certificates Go would trust: `SSL_CERT_FILE`, else `SSL_CERT_DIR`'s files, else undefined (Node's roots). */
function trustedCas(env: Readonly<Record<string, string>>): string[] | undefined {
  const file = env.SSL_CERT_FILE;
  const dirs = env.SSL_CERT_DIR;
  if (!file && !dirs) return undefined;
  const out: string[] = [];
  if (file) {
    try {
      out.push(readFileSync(file, "utf8"));
    } catch {
      // Go falls back to the system roots when the file cannot be read.
      return undefined;
    }
  } else if (dirs) {
    for (const dir of dirs.split(":")) {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const n of names) {
        try {
          if (statSync(join(dir, n)).isFile()) out.push(readFileSync(join(dir, n), "utf8"));
        } catch {
          /* unreadable: skipped, as Go skips it */
        }
      }
    }
    if (out.length === 0) return [...rootCertificates];
  }
  return out;
}

/** Go's `net` error text for a Node socket error. */
function dialText(err: NodeJS.ErrnoException & { address?: string; port?: number }, host: string): string {
  const addr =
    err.address === undefined
      ? host
      : `${err.address.includes(":") ? `[${err.address}]` : err.address}:${String(err.port ?? "")}`;
  switch (err.code) {
    case "ECONNREFUSED":
      return `dial tcp ${addr}: connect: connection refused`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `dial tcp: lookup ${host.replace(/:\d+$/, "")}: no such host`;
    case "ECONNRESET":
      return "EOF";
    case "EPROTO":
    case "ERR_SSL_WRONG_VERSION_NUMBER":
      return "http: server gave HTTP response to HTTPS client";
    case "DEPTH_ZERO_SELF_SIGNED_CERT":
    case "SELF_SIGNED_CERT_IN_CHAIN":
    case "UNABLE_TO_VERIFY_LEAF_SIGNATURE":
    case "UNABLE_TO_GET_ISSUER_CERT_LOCALLY":
      return "tls: failed to verify certificate: x509: certificate signed by unknown authority";
    case "ERR_TLS_CERT_ALTNAME_INVALID":
      return `tls: failed to verify certificate: x509: certificate is valid for other names, not ${host.replace(/:\d+$/, "")}`;
    case "CERT_HAS_EXPIRED":
      return "tls: failed to verify certificate: x509: certificate has expired or is not yet valid";
    default:
      return err.code === undefined ? err.message : `${err.code}: ${err.message}`;
  }
}

function once(
  url: URL,
  ca: string[] | undefined,
  timeoutMs: number,
): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === "https:";
    const req = (secure ? httpsRequest : httpRequest)(
      url,
      {
        method: "GET",
        headers: { "User-Agent": "Go-http-client/1.1", "Accept-Encoding": "gzip" },
        timeout: timeoutMs,
        ...(secure && ca !== undefined ? { ca } : {}),
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        // Go's transport undoes the gzip it asked for.
        const stream = res.headers["content-encoding"] === "gzip" ? res.pipe(createGunzip()) : res;
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("error", (e: Error) => reject(e));
        stream.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            ...(res.headers.location === undefined ? {} : { location: res.headers.location }),
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
    req.on("error", reject);
    req.end();
  });
}

/**
 * The body of `url`, following redirects as Go's client does (ten at most); `timeoutMs` bounds
 * each request. Throws {@link HttpGetError} with `Get "<url>": <reason>`.
 */
export async function httpGet(
  url: string,
  env: Readonly<Record<string, string>>,
  timeoutMs: number,
): Promise<string> {
  const ca = trustedCas(env);
  let current = url;
  for (let hops = 0; ; hops++) {
    let target: URL;
    try {
      target = new URL(current);
    } catch {
      throw new HttpGetError(`Get "${current}": invalid URL`);
    }
    let res: { status: number; location?: string; body: string };
    try {
      res = await once(target, ca, timeoutMs);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      const why =
        e.code === "ETIMEDOUT"
          ? `no answer within ${Math.round(timeoutMs / 1000)} s`
          : dialText(e, target.host);
      throw new HttpGetError(`Get "${current}": ${why}`);
    }
    if ([301, 302, 303, 307, 308].includes(res.status) && res.location !== undefined) {
      if (hops >= 9) throw new HttpGetError(`Get "${res.location}": stopped after 10 redirects`);
      current = new URL(res.location, target).toString();
      continue;
    }
    return res.body;
  }
}
