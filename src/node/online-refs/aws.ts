/**
 * The AWS backends of secret references, as vals v0.46 resolves them (pkg/providers/awssecrets,
 * ssm, s3), through the AWS SDK's own clients: its credential chain, region, and
 * `AWS_ENDPOINT_URL`/`AWS_ENDPOINT_URL_<SERVICE>` as the SDK reads them from the environment.
 * - `awssecrets`: GetSecretValue of a name or ARN (`version_stage`, `version_id`); a fragment reads
 *   the secret as YAML (JSON is YAML), and falls back to vals' legacy `<name>/meta` layout.
 * - `awsssm`: GetParameter (`version`: the parameter's history); a fragment reads every parameter
 *   under the path as nested maps (GetParametersByPath, `recursive=true`), or, with
 *   `mode=singleparam`, one parameter's YAML.
 * - `s3`: an object of `BUCKET/KEY` (`version`, else `version_id`); a fragment reads it as YAML.
 * `region`, `profile` and `role_arn` apply to each. Errors read as the Go SDK writes them
 * (`operation error SSM: GetParameter, https response error StatusCode: 400, …`), behind vals' own
 * prefixes. Runs in the worker thread (./worker.ts).
 */
import {
  GetSecretValueCommand,
  SecretsManagerClient,
  type GetSecretValueCommandOutput,
} from "@aws-sdk/client-secrets-manager";
import {
  GetParameterCommand,
  GetParameterHistoryCommand,
  GetParametersByPathCommand,
  SSMClient,
} from "@aws-sdk/client-ssm";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { fromTemporaryCredentials } from "@aws-sdk/credential-providers";
import { parse as parseYaml } from "yaml";
import { tfstatePath } from "../../secrets/ref-backends";
import { TfstateError, tfstateLookup } from "../../secrets/tfstate";
import type { OnlineRequest, OnlineResponse, StringTree } from "./protocol";

/** A failure with vals' text. */
class Refused extends Error {}

function clientConfig(req: OnlineRequest, service: string): Record<string, unknown> {
  const region = req.params.region;
  const role = req.params.role_arn;
  const endpoint = req.env[`AWS_ENDPOINT_URL_${service}`] ?? req.env.AWS_ENDPOINT_URL;
  return {
    ...(region ? { region } : {}),
    ...(role
      ? {
          credentials: fromTemporaryCredentials({
            params: { RoleArn: role, RoleSessionName: "pulumi-helmfile" },
          }),
        }
      : {}),
    ...(endpoint ? { endpoint } : {}),
    maxAttempts: 2,
    requestHandler: { connectionTimeout: Math.min(req.timeoutMs, 5000), requestTimeout: req.timeoutMs },
  };
}

/** Runs `fn` with the request's environment as the process's (the SDK reads credentials and profiles from it). */
async function withEnv<T>(req: OnlineRequest, fn: () => Promise<T>): Promise<T> {
  const saved = process.env;
  const profile = req.params.profile || req.params.aws_profile;
  process.env = { ...req.env, ...(profile ? { AWS_PROFILE: profile } : {}) };
  try {
    return await fn();
  } finally {
    process.env = saved;
  }
}

interface SdkError {
  name?: string;
  message?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number; requestId?: string };
}

/** The Go SDK's text of a failed operation. */
function operationError(service: string, op: string, err: unknown): Refused {
  const e = err as SdkError;
  const status = e.$metadata?.httpStatusCode;
  const detail =
    status === undefined
      ? `request send failed, ${e.code ?? e.name ?? "Error"}: ${e.message ?? String(err)}`
      : `https response error StatusCode: ${status}, RequestID: ${e.$metadata?.requestId ?? ""}, ${e.name ?? "Error"}: ${e.message === "UnknownError" ? "" : (e.message ?? "")}`;
  return new Refused(`operation error ${service}: ${op}, ${detail}`);
}

async function secretValue(client: SecretsManagerClient, req: OnlineRequest, id: string): Promise<string> {
  let out: GetSecretValueCommandOutput;
  try {
    out = await client.send(
      new GetSecretValueCommand({
        SecretId: id,
        ...(req.params.version_stage ? { VersionStage: req.params.version_stage } : {}),
        ...(req.params.version_id ? { VersionId: req.params.version_id } : {}),
      }),
    );
  } catch (err) {
    throw new Refused(`get parameter: ${operationError("Secrets Manager", "GetSecretValue", err).message}`);
  }
  if (out.SecretString !== undefined) return out.SecretString;
  if (out.SecretBinary !== undefined) return Buffer.from(out.SecretBinary).toString("utf8");
  throw new Refused("awssecrets: get secret value: no SecretString nor SecretBinary is set");
}

function yamlMap(text: string, what: string): Record<string, unknown> {
  if (text === "") return {};
  let v: unknown;
  try {
    v = parseYaml(text);
  } catch {
    throw new Refused(`error while parsing secret for key "${what}" as yaml`);
  }
  if (v === null || v === undefined) return {};
  if (typeof v !== "object" || Array.isArray(v))
    throw new Refused(`error while parsing secret for key "${what}" as yaml`);
  return v as Record<string, unknown>;
}

async function secretsManager(req: OnlineRequest): Promise<OnlineResponse> {
  const client = new SecretsManagerClient(clientConfig(req, "SECRETS_MANAGER"));
  try {
    if (req.want === "string") return { ok: true, text: await secretValue(client, req, req.path) };
    let text: string;
    try {
      text = await secretValue(client, req, req.path);
    } catch {
      // vals' legacy layout: `<name>/meta` lists the suffixes of the secrets that make the map.
      const base = req.path.replace(/\/+$/, "");
      const meta = yamlMap(await secretValue(client, req, `${base}/meta`), `${base}/meta`);
      const suffixes = meta["github.com/helmfile/vals"];
      if (suffixes === undefined) throw new Refused('"github.com/helmfile/vals" not found');
      if (!Array.isArray(suffixes)) throw new Refused('"github.com/helmfile/vals" was not a kind of array');
      const tree: Record<string, string> = {};
      for (const s of suffixes) tree[String(s)] = await secretValue(client, req, `${base}/${String(s)}`);
      return { ok: true, tree };
    }
    return { ok: true, text };
  } finally {
    client.destroy();
  }
}

async function ssmParameter(client: SSMClient, req: OnlineRequest, name: string): Promise<string> {
  const version = req.params.version;
  if (version === undefined || version === "") {
    try {
      const out = await client.send(new GetParameterCommand({ Name: name, WithDecryption: true }));
      if (out.Parameter === undefined) throw new Refused("datasource.ssm.Get() out.Parameter is nil");
      if (out.Parameter.Value === undefined)
        throw new Refused("datasource.ssm.Get() out.Parameter.Value is nil");
      return out.Parameter.Value;
    } catch (err) {
      if (err instanceof Refused) throw err;
      throw new Refused(`get parameter: ${operationError("SSM", "GetParameter", err).message}`);
    }
  }
  if (!/^[+-]?\d+$/.test(version)) throw new Refused("version can't be converted to Int");
  const want = Number(version);
  let next: string | undefined;
  do {
    let out;
    try {
      out = await client.send(
        new GetParameterHistoryCommand({
          Name: name,
          WithDecryption: true,
          ...(next ? { NextToken: next } : {}),
        }),
      );
    } catch (err) {
      throw new Refused(
        `get parameter history: ${operationError("SSM", "GetParameterHistory", err).message}`,
      );
    }
    const hit = (out.Parameters ?? []).find((p) => p.Version === want);
    if (hit?.Value !== undefined && hit.Value !== "") return hit.Value;
    next = out.NextToken;
  } while (next);
  throw new Refused("datasource.ssm.Get() out.Parameter.Value is nil");
}

async function ssm(req: OnlineRequest): Promise<OnlineResponse> {
  const client = new SSMClient(clientConfig(req, "SSM"));
  const key = req.path.startsWith("/") ? req.path : `/${req.path}`;
  try {
    if (req.want === "string") return { ok: true, text: await ssmParameter(client, req, key) };
    // One parameter's text, read as YAML by the caller.
    if (req.params.mode === "singleparam") return { ok: true, text: await ssmParameter(client, req, key) };
    const tree: Record<string, string | StringTree> = {};
    let next: string | undefined;
    let count = 0;
    do {
      let out;
      try {
        out = await client.send(
          new GetParametersByPathCommand({
            Path: key,
            Recursive: req.params.recursive === "true",
            WithDecryption: true,
            ...(next ? { NextToken: next } : {}),
          }),
        );
      } catch (err) {
        throw new Refused(
          `ssm: get parameters by path: ${operationError("SSM", "GetParametersByPath", err).message}`,
        );
      }
      for (const p of out.Parameters ?? []) {
        count++;
        const name = (p.Name ?? "").startsWith(key) ? (p.Name ?? "").slice(key.length) : (p.Name ?? "");
        if (!name.startsWith("/"))
          throw new Refused(
            `bug: unexpected format of parameter: ${p.Name ?? ""} in ${key} must start with a slash(/)`,
          );
        const parts = name.slice(1).split("/");
        let at: Record<string, string | StringTree> = tree;
        parts.forEach((k, i) => {
          if (i === parts.length - 1) at[k] = p.Value ?? "";
          else {
            const child = at[k];
            at = (typeof child === "object" ? child : (at[k] = {})) as Record<string, string | StringTree>;
          }
        });
      }
      next = out.NextToken;
    } while (next);
    if (count === 0) throw new Refused("ssm: out.Parameters is empty");
    return { ok: true, tree };
  } finally {
    client.destroy();
  }
}

async function s3(req: OnlineRequest): Promise<OnlineResponse> {
  const slash = req.path.indexOf("/");
  if (slash < 0) throw new Refused("expected s3://BUCKET/KEY");
  const config = clientConfig(req, "S3");
  // A custom endpoint (a local S3, MinIO) is addressed by path: it seldom has a wildcard DNS name.
  const client = new S3Client({
    ...config,
    ...(config.endpoint === undefined ? {} : { forcePathStyle: true }),
  });
  const version = req.params.version || req.params.version_id;
  try {
    const out = await client.send(
      new GetObjectCommand({
        Bucket: req.path.slice(0, slash),
        Key: req.path.slice(slash + 1),
        ...(version ? { VersionId: version } : {}),
      }),
    );
    return { ok: true, text: (await out.Body?.transformToString("utf8")) ?? "" };
  } catch (err) {
    if (err instanceof Refused) throw err;
    throw new Refused(`getting s3 object: ${operationError("S3", "GetObject", err).message}`);
  } finally {
    client.destroy();
  }
}

/**
 * `ref+tfstates3://BUCKET/KEY/<address>`: a value of a Terraform state in S3 (vals' tfstates3,
 * src/secrets/tfstate.ts for the lookup). `aws_profile` picks the profile; a custom endpoint
 * (`AWS_ENDPOINT_URL_S3`) is addressed by path, as tfstate-lookup does.
 */
async function tfstateS3(req: OnlineRequest): Promise<OnlineResponse> {
  if (req.want === "map") throw new Refused("path fragment is not supported for tfstate provider");
  const { file, address } = tfstatePath(req.path);
  const slash = file.indexOf("/");
  if (slash <= 0)
    throw new Refused(`reading tfstate for ${address}: expected tfstates3://BUCKET/KEY/ADDRESS`);
  const config = clientConfig(
    { ...req, params: { ...req.params, profile: req.params.aws_profile ?? "" } },
    "S3",
  );
  const client = new S3Client({
    ...config,
    ...(config.endpoint === undefined ? {} : { forcePathStyle: true }),
  });
  let text: string;
  try {
    const out = await client.send(
      new GetObjectCommand({ Bucket: file.slice(0, slash), Key: file.slice(slash + 1) }),
    );
    text = (await out.Body?.transformToString("utf8")) ?? "";
  } catch (err) {
    throw new Refused(
      `reading tfstate for ${address}: failed to read tfstate from s3://${file}: ${operationError("S3", "GetObject", err).message}`,
    );
  } finally {
    client.destroy();
  }
  try {
    return { ok: true, text: tfstateLookup(text, address) };
  } catch (err) {
    if (err instanceof TfstateError) throw new Refused(`reading value for ${req.path}: ${err.message}`);
    throw err;
  }
}

/** Runs a backend, turning its failures into vals' text. */
function guarded(
  fn: (req: OnlineRequest) => Promise<OnlineResponse>,
): (req: OnlineRequest) => Promise<OnlineResponse> {
  return (req) =>
    withEnv(req, async () => {
      try {
        return await fn(req);
      } catch (err) {
        if (err instanceof Refused) return { ok: false, reason: err.message };
        const e = err as SdkError;
        return { ok: false, reason: `${e.name ?? "Error"}: ${e.message ?? String(err)}` };
      }
    });
}

/** The AWS backends by name. */
export const AWS_BACKENDS: Readonly<Record<string, (req: OnlineRequest) => Promise<OnlineResponse>>> = {
  awssecrets: guarded(secretsManager),
  awsssm: guarded(ssm),
  s3: guarded(s3),
  tfstates3: guarded(tfstateS3),
};
