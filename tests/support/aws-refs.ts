/**
 * The AWS side of the secret-reference tests: the moto server of scripts/test-s3.sh (started
 * when not running) seeded with the secrets, parameters and objects the states reference, the
 * same way each time (deleted, then written), so helmfile's outputs recorded against it hold. The
 * environment points each service at it through `AWS_ENDPOINT_URL_<SERVICE>`, which vals and the
 * AWS SDK both read.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  CreateSecretCommand,
  DeleteSecretCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from "@aws-sdk/client-secrets-manager";
import { DeleteParameterCommand, PutParameterCommand, SSMClient } from "@aws-sdk/client-ssm";
import { CreateBucketCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";

const ROOT = resolve(__dirname, "..", "..");

/** Version ids of the versioned secret (ClientRequestToken makes them the ids). */
export const SECRET_VERSION_1 = "phf-version-one-0000000000000000000001";
export const SECRET_VERSION_2 = "phf-version-two-0000000000000000000002";

/** The seeded data, by backend. */
export const AWS_SECRETS: Readonly<Record<string, string>> = {
  "phf/app/db": '{"user":"admin","password":"db-s3cr3t","port":5432,"nested":{"k":"v"}}',
  "phf/plain": "just-text",
  "phf/yaml": "a: 1\nb: [x, y]\nc: {d: e}\n",
  "phf/legacy/meta": "github.com/helmfile/vals: [user, pass]\n",
  "phf/legacy/user": "legacy-user",
  "phf/legacy/pass": "legacy-pass",
};
export const SSM_PARAMETERS: Readonly<Record<string, string>> = {
  "/phf/app/param": "param-value",
  "/phf/app/other": "other-value",
  "/phf/app/nested/deep": "deep-value",
  "/phf/app/nested/deeper/leaf": "leaf-value",
  "/phf/doc": "k: v\nn: 2\nlist: [a, b]\n",
};
export const S3_BUCKET = "phf-refs";
/** A Terraform state (tests/fixtures/tfstate), also in S3 for `ref+tfstates3://`. */
export const TFSTATE = readFileSync(join(ROOT, "tests", "fixtures", "tfstate", "terraform.tfstate"), "utf8");
export const S3_OBJECTS: Readonly<Record<string, string>> = {
  "tf/terraform.tfstate": TFSTATE,
  "config.yaml": "db:\n  host: h1\n  port: 5432\nflags: [a, b]\n",
  "plain.txt": "object-text",
  "dir/nested.json": '{"x": {"y": "z"}, "n": 3}',
};

/** The environment that reaches the moto server. */
export interface AwsRefs {
  readonly env: Readonly<Record<string, string>>;
}

let seeded: AwsRefs | undefined;

/** Starts (or reuses) the server and seeds it; the returned environment reaches it. */
export async function awsRefs(): Promise<AwsRefs> {
  if (seeded !== undefined) return seeded;
  const r = spawnSync("bash", [join(ROOT, "scripts", "test-s3.sh"), "start"], {
    encoding: "utf8",
    timeout: 30 * 60 * 1000,
  });
  if (r.status !== 0) throw new Error(`scripts/test-s3.sh start failed:\n${r.stderr}`);
  const endpoint = /endpoint=([^&]+)/.exec(r.stdout)?.[1];
  const creds = /export (AWS_ACCESS_KEY_ID=\S+ AWS_SECRET_ACCESS_KEY=\S+ AWS_REGION=\S+)/.exec(r.stdout)?.[1];
  if (endpoint === undefined || creds === undefined)
    throw new Error(`test-s3.sh printed no exports: ${r.stdout}`);
  const url = `http://${endpoint}`;
  const env: Record<string, string> = {
    ...Object.fromEntries(creds.split(" ").map((kv) => kv.split("=") as [string, string])),
    AWS_ENDPOINT_URL_SECRETS_MANAGER: url,
    AWS_ENDPOINT_URL_SSM: url,
    AWS_ENDPOINT_URL_S3: url,
  };
  const config = {
    endpoint: url,
    region: env.AWS_REGION ?? "us-east-1",
    credentials: {
      accessKeyId: env.AWS_ACCESS_KEY_ID ?? "",
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? "",
    },
  };
  const sm = new SecretsManagerClient(config);
  const secret = async (name: string, value: string, token?: string): Promise<void> => {
    await sm.send(
      new CreateSecretCommand({
        Name: name,
        SecretString: value,
        ...(token ? { ClientRequestToken: token } : {}),
      }),
    );
  };
  for (const name of [...Object.keys(AWS_SECRETS), "phf/versioned", "phf/binary"])
    await sm
      .send(new DeleteSecretCommand({ SecretId: name, ForceDeleteWithoutRecovery: true }))
      .catch(() => undefined);
  for (const [name, value] of Object.entries(AWS_SECRETS)) await secret(name, value);
  await secret("phf/versioned", "first-version", SECRET_VERSION_1);
  await sm.send(
    new PutSecretValueCommand({
      SecretId: "phf/versioned",
      SecretString: "second-version",
      ClientRequestToken: SECRET_VERSION_2,
    }),
  );
  await sm.send(new CreateSecretCommand({ Name: "phf/binary", SecretBinary: Buffer.from("binary-value") }));
  sm.destroy();
  const ssm = new SSMClient(config);
  for (const name of [...Object.keys(SSM_PARAMETERS), "/phf/versioned"])
    await ssm.send(new DeleteParameterCommand({ Name: name })).catch(() => undefined);
  for (const [name, value] of Object.entries(SSM_PARAMETERS))
    await ssm.send(
      new PutParameterCommand({
        Name: name,
        Value: value,
        Type: name.includes("param") ? "SecureString" : "String",
      }),
    );
  await ssm.send(new PutParameterCommand({ Name: "/phf/versioned", Value: "v-one", Type: "String" }));
  await ssm.send(
    new PutParameterCommand({ Name: "/phf/versioned", Value: "v-two", Type: "String", Overwrite: true }),
  );
  ssm.destroy();
  const s3 = new S3Client({ ...config, forcePathStyle: true });
  await s3.send(new CreateBucketCommand({ Bucket: S3_BUCKET })).catch(() => undefined);
  for (const [key, body] of Object.entries(S3_OBJECTS))
    await s3.send(new PutObjectCommand({ Bucket: S3_BUCKET, Key: key, Body: body }));
  s3.destroy();
  seeded = { env };
  return seeded;
}
