/**
 * The stack's deployment read off the main thread, for the comparison with its record: a worker
 * thread reads and parses the state file, opens its secrets as ./local-state.ts does, and answers
 * only what the comparison reads (`summarizeDeployment`), keeping the file's parsed root for the
 * one copy a partial preview asks of it (./preview-state.ts `trimCheckpoint`).
 *
 * Why: for the five public charts of the bench (a 14 MB state, mostly CRDs), reading the file in
 * Node.js's chunks while the main thread loads modules and plans, then parsing it and opening its
 * secrets there, was 0.3–0.5 s of an unchanged preview of about 0.9 s, on its critical path. In the
 * worker it runs beside the plan, and the main thread receives about 1 % of the state.
 *
 * Anything the worker cannot do (no worker file beside this one, another backend, a state
 * ./local-state.ts would not read) answers undefined, and the caller reads the state as before.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import { localStateFile, passphraseOf, type LocalStateLocation } from "./local-state";
import type { PreviewStateCopy } from "./preview-state";

/** state-summary-worker.js in the built package; from the TypeScript sources (tests), a shim that compiles it with tsx. */
const WORKER = existsSync(join(__dirname, "state-summary-worker.js"))
  ? join(__dirname, "state-summary-worker.js")
  : join(__dirname, "state-summary-worker-source.cjs");

/** What the worker is given. */
export interface SummaryRequest {
  readonly file: string;
  readonly phrase: string | undefined;
}

/** What the worker answers: the summary first (none: it cannot be read so), then each copy asked. */
export type FromSummaryWorker =
  | { readonly kind: "summary"; readonly summary?: Record<string, unknown> }
  | { readonly kind: "trimmed"; readonly text?: string };

/** What a worker started without a request ({@link warmStateSummaryWorker}) is asked first. */
export interface ReadRequest extends SummaryRequest {
  readonly kind: "read";
}

/** What the worker is asked after the summary: the state without `drop`'s resources. */
export interface TrimRequest {
  readonly kind: "trim";
  readonly drop: readonly string[];
}

/** The summary of the stack's deployment, and the worker that holds the state it was read from. */
export interface StateSummary {
  /** The summary, where the comparison takes a deployment (./local-state.ts `summarizeDeployment`). */
  readonly deployment: Record<string, unknown>;
  /**
   * The state without the resources `drop` names, as `readPreviewState` makes it (secrets sealed as
   * in the file); undefined when the worker cannot make it. Asked once: the worker ends after it.
   */
  trimmed(drop: ReadonlySet<string>): Promise<PreviewStateCopy | undefined>;
  /** Ends the worker (it holds the parsed state); again is a no-op. */
  close(): void;
}

/** A read started ahead ({@link prefetchStateSummary}), taken by the first read of the same file and passphrase. */
let ahead:
  | {
      readonly file: string;
      readonly phrase: string | undefined;
      readonly read: Promise<StateSummary | undefined>;
    }
  | undefined;

/**
 * Starts {@link readStateSummary} of `location` now, for the operation that reads it later (the
 * CLI, before it loads the operations' modules); answers that read. A read nobody takes holds
 * the process only until the worker has answered it.
 */
export function prefetchStateSummary(location: LocalStateLocation): Promise<StateSummary | undefined> {
  const file = location.secretsProvider === "passphrase" ? localStateFile(location) : undefined;
  if (file === undefined) return Promise.resolve(undefined);
  void ahead?.read.then((s) => s?.close());
  ahead = { file, phrase: passphraseOf(location), read: startRead(location, file) };
  return ahead.read;
}

/** The summary of `location`'s deployment, read by a worker thread; undefined as the module comment says. */
export function readStateSummary(location: LocalStateLocation): Promise<StateSummary | undefined> {
  if (location.secretsProvider !== "passphrase") return Promise.resolve(undefined);
  const file = localStateFile(location);
  if (file === undefined) return Promise.resolve(undefined);
  const early = ahead;
  ahead = undefined;
  if (early !== undefined && early.file === file && early.phrase === passphraseOf(location))
    return early.read;
  void early?.read.then((s) => s?.close());
  return startRead(location, file);
}

/** A worker started ahead of knowing what to read ({@link warmStateSummaryWorker}), while it is alive. */
let warm: Worker | undefined;

function newWorker(request?: SummaryRequest): Worker {
  return new Worker(WORKER, {
    ...(request === undefined ? {} : { workerData: request }),
    execArgv: ["--no-warnings"],
    stdout: true,
    stderr: true,
  });
}

/**
 * Starts the worker now, to be told later which state to read: the CLI's launcher calls it first
 * thing for a `diff` or `preview`, so that the worker's start-up (about 0.1 s) runs beside the
 * loading of the CLI's modules. Unused, it ends with the process.
 */
export function warmStateSummaryWorker(): void {
  if (warm !== undefined || !existsSync(WORKER)) return;
  try {
    const w = newWorker();
    w.once("exit", () => {
      if (warm === w) warm = undefined;
    });
    w.unref();
    warm = w;
  } catch {
    warm = undefined;
  }
}

function startRead(location: LocalStateLocation, file: string): Promise<StateSummary | undefined> {
  if (!existsSync(WORKER)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let worker: Worker;
    const request: SummaryRequest = { file, phrase: passphraseOf(location) };
    try {
      if (warm === undefined) worker = newWorker(request);
      else {
        worker = warm;
        warm = undefined;
        const read: ReadRequest = { kind: "read", ...request };
        worker.postMessage(read);
      }
    } catch {
      resolve(undefined);
      return;
    }
    let closed = false;
    const close = (): void => {
      if (closed) return;
      closed = true;
      void worker.terminate().catch(() => undefined);
    };
    let answer: ((m: FromSummaryWorker | undefined) => void) | undefined;
    worker.on("message", (m: FromSummaryWorker) => {
      // Nothing is awaited of it until a copy is asked.
      worker.unref();
      if (m.kind === "summary") {
        if (m.summary === undefined) {
          close();
          resolve(undefined);
          return;
        }
        resolve({ deployment: m.summary, trimmed, close });
      } else answer?.(m);
    });
    const gone = (): void => {
      closed = true;
      resolve(undefined);
      answer?.(undefined);
    };
    worker.on("error", gone);
    worker.on("exit", gone);
    // The worker holds the process while an answer of it is awaited (else a process with nothing
    // else to do would end there, silently), and only then: a run that ends without closing it, or
    // a read started ahead that nobody takes, does not wait for it once it has answered.
    worker.ref();
    const trimmed = async (drop: ReadonlySet<string>): Promise<PreviewStateCopy | undefined> => {
      if (closed || drop.size === 0) return undefined;
      const reply = new Promise<FromSummaryWorker | undefined>((r) => (answer = r));
      const ask: TrimRequest = { kind: "trim", drop: [...drop] };
      worker.ref();
      worker.postMessage(ask);
      const m = await reply;
      close();
      if (m?.kind !== "trimmed" || m.text === undefined) return undefined;
      try {
        const meta = readFileSync(join(dirname(dirname(dirname(file))), "meta.yaml"), "utf8");
        return { location, meta, text: m.text };
      } catch {
        return undefined;
      }
    };
  });
}
