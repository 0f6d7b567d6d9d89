/**
 * A plan made before the program runs, handed to the component that would have made it
 * (`HelmfileOptions[HANDED_PLAN]`, ./program-failure.ts): an automation `up` of a new stack plans
 * every release beside the stack's creation and the engine's start-up.
 *
 * What the plan says (a namespace being deleted, a chart's impure template, a missing values file
 * helmfile warns of) is kept until the component takes the plan (when the engine runs the
 * program), then said through the component's own logger, as if it had planned: the engine reports
 * it among the run's diagnostics, where a user of the component or the CLI finds it. From then on,
 * what the plan says (and what its releases say once applied) goes to that logger directly.
 */
import type { Logger } from "../shared/io";

type Level = keyof Logger;

export class HandedPlan<P> {
  private readonly kept: [Level, string][] = [];
  private target: Logger | undefined;
  private taken = false;
  /** The plan, made with {@link logger}; never rejects unheard (whoever takes it hears its failure). */
  readonly plan: Promise<P>;

  /** @param make makes the plan with the logger given. */
  constructor(make: (logger: Logger) => Promise<P>) {
    this.plan = make(this.logger);
    this.plan.catch(() => undefined);
  }

  /** The logger the plan is made with: keeps what it is told until the plan is taken. */
  readonly logger: Logger = {
    debug: (m) => this.say("debug", m),
    info: (m) => this.say("info", m),
    warn: (m) => this.say("warn", m),
  };

  private say(level: Level, message: string): void {
    if (this.target === undefined) this.kept.push([level, message]);
    else this.target[level](message);
  }

  /**
   * The plan, for the component whose logger is `logger`: what the plan said so far is said there
   * at once, in order, and what it says from now on as it says it (an `up` waiting for a namespace
   * being deleted says so while it waits). Taken once.
   */
  take(logger: Logger): Promise<P> {
    if (this.taken) return Promise.reject(new Error("a handed plan is taken once"));
    this.taken = true;
    this.target = logger;
    for (const [level, message] of this.kept.splice(0)) logger[level](message);
    return this.plan;
  }
}
