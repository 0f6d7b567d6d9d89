/**
 * Keeps secret values out of the engine events the automation layer passes on. The Pulumi
 * Node.js SDK logs some raw RPC payloads as debug diagnostics (`getResource Invoke RPC
 * finished: … resp: …`, e.g. when it reads back the children of a Kubernetes `ConfigGroup`);
 * in those payloads a secret is only marked by Pulumi's secret signature, its value is there
 * in plain text. The engine sends every diagnostic in its event stream, debug ones included.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";

/** The key Pulumi marks a serialized secret value with (`sig.Secret`). */
export const SECRET_SIGNATURE = "4dabf18193072939515e22adb298388d";

/** What replaces the payload of a diagnostic that carried a secret value. */
export const REDACTED_PAYLOAD = "[payload redacted: it holds a secret value]";

/**
 * Returns the event unchanged unless it is a diagnostic whose message holds a serialized
 * secret; then a copy whose message keeps only the text before the payload (`resp:`), or
 * nothing of it when there is no such marker.
 */
export function redactSecretPayloads(event: EngineEvent): EngineEvent {
  const diag = event.diagnosticEvent;
  if (diag === undefined || !diag.message.includes(SECRET_SIGNATURE)) return event;
  const at = diag.message.indexOf("resp:");
  const head = at < 0 ? "" : diag.message.slice(0, at + "resp:".length) + " ";
  return { ...event, diagnosticEvent: { ...diag, message: `${head}${REDACTED_PAYLOAD}` } };
}
