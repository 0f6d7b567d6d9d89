/**
 * The S3-compatible server of the shared-backend tests (scripts/test-s3.sh: moto's server on
 * 127.0.0.1, installed once into the cache), started when not running. Objects are listed over
 * plain HTTP (the server accepts unsigned requests), never through Pulumi.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..", "..");

/** A running server: the backend URL and the credentials' environment. */
export interface TestS3 {
  /** `s3://pulumi-state?endpoint=127.0.0.1:PORT&disableSSL=true&s3ForcePathStyle=true&region=us-east-1` */
  readonly backendUrl: string;
  /** AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION. */
  readonly env: Readonly<Record<string, string>>;
  /** `http://127.0.0.1:PORT/pulumi-state` */
  readonly bucketUrl: string;
}

let started: TestS3 | undefined;

/** Starts (or reuses) the server; throws with the script's output when that fails. */
export function testS3(): TestS3 {
  if (started !== undefined) return started;
  const r = spawnSync("bash", [join(ROOT, "scripts", "test-s3.sh"), "start"], {
    encoding: "utf8",
    timeout: 30 * 60 * 1000,
  });
  if (r.status !== 0) throw new Error(`scripts/test-s3.sh start failed:\n${r.stderr}`);
  const backend = /PULUMI_HELMFILE_S3_BACKEND='([^']+)'/.exec(r.stdout)?.[1];
  const creds = /export (AWS_ACCESS_KEY_ID=\S+ AWS_SECRET_ACCESS_KEY=\S+ AWS_REGION=\S+)/.exec(r.stdout)?.[1];
  if (backend === undefined || creds === undefined)
    throw new Error(`test-s3.sh printed no exports: ${r.stdout}`);
  const env = Object.fromEntries(creds.split(" ").map((kv) => kv.split("=") as [string, string]));
  const endpoint = /endpoint=([^&]+)/.exec(backend)?.[1] ?? "";
  const bucket = /^s3:\/\/([^?]+)/.exec(backend)?.[1] ?? "";
  started = { backendUrl: backend, env, bucketUrl: `http://${endpoint}/${bucket}` };
  return started;
}

/** Keys of the bucket under `prefix`. */
export async function listKeys(s3: TestS3, prefix: string): Promise<string[]> {
  const res = await fetch(`${s3.bucketUrl}?list-type=2&prefix=${encodeURIComponent(prefix)}`);
  const text = await res.text();
  return [...text.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1] as string);
}

/** Writes an object (the server accepts unsigned requests). */
export async function putObject(s3: TestS3, key: string, body: string): Promise<void> {
  const res = await fetch(`${s3.bucketUrl}/${key}`, { method: "PUT", body });
  if (!res.ok) throw new Error(`PUT ${key}: HTTP ${res.status} ${await res.text()}`);
}
