/**
 * The worker thread of the online backends: the main thread's synchronous resolver (the load
 * stage and template functions are synchronous, as helmfile's are) hands each lookup to it
 * through synckit and waits for the answer (./online-backends.ts). The user's resolver modules
 * (./user-resolvers.ts) come first, then the built-in backends.
 */
import { runAsWorker } from "synckit";
import { AWS_BACKENDS } from "./aws";
import { httpGet } from "./http-get";
import { k8sBackend } from "./k8s";
import { vaultBackend } from "./vault";
import type { OnlineRequest, OnlineResponse, SchemesRequest, SchemesResponse } from "./protocol";
import { runUserResolver, userResolvers } from "./user-resolvers";

/** A failure's text: what failed, never a value. */
function reasonOf(err: unknown): string {
  if (err instanceof Error) return `${err.name !== "Error" ? `${err.name}: ` : ""}${err.message}`;
  return String(err);
}

runAsWorker(async (req: OnlineRequest | SchemesRequest): Promise<OnlineResponse | SchemesResponse> => {
  if ("schemesOf" in req) {
    try {
      return { ok: true, schemes: Object.keys(await userResolvers(req.schemesOf)) };
    } catch (err) {
      return { ok: false, reason: reasonOf(err) };
    }
  }
  try {
    // `ref+httpjson`'s fetch: the body of the URL in `path` (src/secrets/httpjson.ts reads it).
    if (req.backend === "httpjson")
      return { ok: true, text: await httpGet(req.path, req.env, req.timeoutMs) };
    const user = (await userResolvers(req.modules))[req.backend];
    if (user !== undefined) return await runUserResolver(user, req);
    const backend =
      req.backend === "k8s"
        ? k8sBackend
        : req.backend === "vault" || req.backend === "openbao"
          ? vaultBackend
          : AWS_BACKENDS[req.backend];
    if (backend === undefined) return { ok: false, reason: `no backend serves ${req.backend}` };
    return await backend(req);
  } catch (err) {
    return { ok: false, reason: reasonOf(err) };
  }
});
