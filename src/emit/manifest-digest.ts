/**
 * What a Release stores of its manifest: a digest, not the text. The manifest's objects are
 * stored by their own resources (inputs and outputs), so storing the text on the Release as
 * well made the state grow by a copy of every manifest (and another for registered outputs).
 */
import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";

/** `sha256:<hex>` of the manifest text: it changes exactly when the manifest does. */
export function manifestDigest(manifest: string): string {
  return `sha256:${createHash("sha256").update(manifest).digest("hex")}`;
}

/** The digest of a manifest input; secret when the manifest is, unknown while it is. */
export function manifestDigestInput(manifest: pulumi.Input<string>): pulumi.Output<string> {
  return pulumi.output(manifest).apply(manifestDigest);
}
