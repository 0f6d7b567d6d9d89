/**
 * The worker thread of ./state-summary.ts: reads the state file it is given (at its start, or in
 * its first message), answers its deployment's summary, then, when asked, the state without some
 * resources, and ends.
 */
import { parentPort, workerData } from "node:worker_threads";
import { readDeploymentSummary } from "./local-state";
import { trimCheckpoint } from "./preview-state";
import type { FromSummaryWorker, ReadRequest, SummaryRequest, TrimRequest } from "./state-summary";

const port = parentPort;
const say = (m: FromSummaryWorker): void => port?.postMessage(m);

function serve(request: SummaryRequest): void {
  void readDeploymentSummary(request.file, request.phrase).then(
    (read) => {
      say({ kind: "summary", ...(read === undefined ? {} : { summary: read.summary }) });
      if (read === undefined) {
        port?.close();
        return;
      }
      port?.once("message", (m: TrimRequest) => {
        let text: string | undefined;
        try {
          const trimmed = trimCheckpoint(read.root, new Set(m.drop));
          text = trimmed === undefined ? undefined : JSON.stringify(trimmed);
        } catch {
          text = undefined;
        }
        say({ kind: "trimmed", ...(text === undefined ? {} : { text }) });
        port.close();
      });
    },
    () => {
      say({ kind: "summary" });
      port?.close();
    },
  );
}

// Started with its request, or ahead of it (./state-summary.ts `warmStateSummaryWorker`): then told.
if (workerData !== undefined && workerData !== null) serve(workerData as SummaryRequest);
else port?.once("message", (m: ReadRequest) => serve({ file: m.file, phrase: m.phrase }));
