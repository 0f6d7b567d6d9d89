/**
 * The engine of a partial preview (./operations.ts), started as soon as the comparison with the
 * stack's record renders a release, before it is known which releases changed: `pulumi preview`
 * against a copy of the state whose stack file is handed over later (./pending-state.ts). The
 * engine's start-up (process, project, passphrase key: ~0.4 s) then runs while helm renders, and
 * only what needs the copy waits for it.
 *
 * The run is the operation's only if the comparison makes the partial preview it was started for
 * (an engine run against a copy of the state with no other arguments) and the engine still waits
 * then: {@link EarlyPreview.adopt} hands it the copy, and what it said until then is passed on as
 * if it had started then. Otherwise {@link EarlyPreview.discard} hands it no state, and it fails
 * before running any program; nothing it said is passed on.
 */
import type { EngineEvent, PreviewResult } from "@pulumi/pulumi/automation";
import type { PendingState } from "./pending-state";

/** What the engine's output and events go to (./operations.ts `streaming`). */
export interface EngineStream {
  readonly color: "always" | "never";
  onOutput(text: string): void;
  onEvent(event: EngineEvent): void;
}

export class EarlyPreview {
  private readonly state: PendingState;
  private readonly result: Promise<PreviewResult>;
  /** What the engine said before the run was taken, in order. */
  private readonly held: Array<(to: EngineStream) => void> = [];
  private to: EngineStream | undefined;
  private over = false;
  private discarded = false;

  /**
   * Starts `run` (the stack's `preview`, with the copy's backend set for it) at once; its output
   * and events are held until the run is taken.
   */
  constructor(
    state: PendingState,
    color: EngineStream["color"],
    run: (stream: EngineStream) => Promise<PreviewResult>,
  ) {
    this.state = state;
    const relay: EngineStream = {
      color,
      onOutput: (text) => this.pass((to) => to.onOutput(text)),
      onEvent: (event) => this.pass((to) => to.onEvent(event)),
    };
    this.result = run(relay).finally(() => {
      this.over = true;
      state.engineGone();
    });
    // Awaited by whoever takes or discards it; a run dropped on the way does not go unhandled.
    this.result.catch(() => undefined);
  }

  private pass(say: (to: EngineStream) => void): void {
    if (this.to !== undefined) say(this.to);
    else if (!this.discarded) this.held.push(say);
  }

  /** Settles once the engine has ended (however it ended). */
  get ended(): Promise<void> {
    return this.result.then(
      () => undefined,
      () => undefined,
    );
  }

  /** Whether the engine still runs (it has not ended on its own, or been discarded). */
  get waiting(): boolean {
    return !this.over && !this.discarded;
  }

  /**
   * Takes the run: what the engine said so far goes to `stream` now, and all it says later; the
   * engine gets the state `text`. Answers the preview's result.
   */
  adopt(stream: EngineStream, text: string): Promise<PreviewResult> {
    this.to = stream;
    for (const say of this.held.splice(0)) say(stream);
    void this.state.provide(text);
    return this.result;
  }

  /** Drops the run: the engine reads no state and ends; resolves once it has. Its output is not passed on. */
  async discard(): Promise<void> {
    if (this.to !== undefined) return;
    this.discarded = true;
    this.held.length = 0;
    void this.state.provide("");
    await this.result.catch(() => undefined);
  }

  /** On exit (synchronous): a read still waiting ends with no state. */
  close(): void {
    this.state.close();
  }
}
