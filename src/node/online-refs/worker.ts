/**
 * The worker thread of the online backends: the main thread's synchronous resolver (the load
 * stage and template functions are synchronous, as helmfile's are) hands each lookup to it
 * through synckit and waits for the answer (./online-backends.ts).
 */
import { runAsWorker } from "synckit";
import { AWS_BACKENDS } from "./aws";
import type { OnlineRequest, OnlineResponse } from "./protocol";

/** A client's failure, as text that names what failed and never a value. */
function reasonOf(err: unknown): string {
  if (err instanceof Error) {
    const name = err.name !== "Error" ? `${err.name}: ` : "";
    return `${name}${err.message}`;
  }
  return String(err);
}

runAsWorker(async (req: OnlineRequest): Promise<OnlineResponse> => {
  const backend = AWS_BACKENDS[req.backend];
  if (backend === undefined) return { ok: false, reason: `no online backend ${req.backend}` };
  try {
    return await backend(req);
  } catch (err) {
    return { ok: false, reason: reasonOf(err) };
  }
});
