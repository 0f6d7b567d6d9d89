/** The query parameters each online backend reads (vals falls back to `VALS_<NAME>` for an absent one). */
export const AWS_PARAMS: Readonly<Record<string, readonly string[]>> = {
  awssecrets: ["region", "version_stage", "version_id", "profile", "role_arn"],
  awsssm: ["region", "version", "profile", "role_arn", "mode", "recursive"],
  s3: ["region", "version", "version_id", "profile", "role_arn"],
  tfstates3: ["aws_profile"],
  // (vals reads no VALS_ default for these)
  k8s: [],
};
