/** The query parameters of Vault's and OpenBao's references (one API). */
const VAULT_PARAMS = [
  "address",
  "proto",
  "host",
  "namespace",
  "auth_method",
  "role_id",
  "secret_id",
  "token_env",
  "token_file",
  "username",
  "password_env",
  "password_file",
  "version",
  "decode",
] as const;

/**
 * The online backends by name, with the query parameters each reads (vals falls back to
 * `VALS_<NAME>` for an absent one).
 */
export const BACKEND_PARAMS: Readonly<Record<string, readonly string[]>> = {
  awssecrets: ["region", "version_stage", "version_id", "profile", "role_arn"],
  awsssm: ["region", "version", "profile", "role_arn", "mode", "recursive"],
  s3: ["region", "version", "version_id", "profile", "role_arn"],
  tfstates3: ["aws_profile"],
  // (k8s's parameters have no VALS_ default)
  k8s: [],
  vault: VAULT_PARAMS,
  openbao: VAULT_PARAMS,
};
