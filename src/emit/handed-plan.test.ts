import type { Logger } from "../shared/io";
import { HandedPlan } from "./handed-plan";

function recorder(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    logger: {
      debug: (m) => lines.push(`debug ${m}`),
      info: (m) => lines.push(`info ${m}`),
      warn: (m) => lines.push(`warn ${m}`),
    },
  };
}

describe("HandedPlan", () => {
  it("says nothing until taken, then says what the plan said through the taker's logger, in order, and what it says later too", async () => {
    let later: Logger | undefined;
    const handed = new HandedPlan(async (logger) => {
      logger.warn("namespace ns is being deleted");
      logger.debug("helm template a");
      logger.info("chart b: impure template");
      later = logger;
      return "plan";
    });
    await handed.plan;
    const { logger, lines } = recorder();
    expect(lines).toEqual([]);
    await expect(handed.take(logger)).resolves.toBe("plan");
    expect(lines).toEqual([
      "warn namespace ns is being deleted",
      "debug helm template a",
      "info chart b: impure template",
    ]);
    later?.debug("release a: no render key recorded after up");
    expect(lines.at(-1)).toBe("debug release a: no render key recorded after up");
  });

  it("taken while it is still planning: what it said is said at once, what it says next as it says it", async () => {
    let release: () => void = () => undefined;
    const handed = new HandedPlan(async (logger) => {
      logger.info("ns is being deleted (Terminating): waiting for it to go before applying");
      await new Promise<void>((r) => (release = r));
      logger.info("waited 3.0 s for deleted namespaces to go");
      return "plan";
    });
    const { logger, lines } = recorder();
    const taken = handed.take(logger);
    expect(lines).toEqual(["info ns is being deleted (Terminating): waiting for it to go before applying"]);
    release();
    await expect(taken).resolves.toBe("plan");
    expect(lines.at(-1)).toBe("info waited 3.0 s for deleted namespaces to go");
  });

  it("a plan that fails: the taker gets its error, after what it said before failing", async () => {
    const handed = new HandedPlan(async (logger) => {
      logger.warn("values file missing");
      throw new Error("release a: render failed");
    });
    const { logger, lines } = recorder();
    await expect(handed.take(logger)).rejects.toThrow("release a: render failed");
    expect(lines).toEqual(["warn values file missing"]);
  });

  it("a plan nobody takes fails unheard (no unhandled rejection), and a plan is taken once", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown): void => void unhandled.push(e);
    process.on("unhandledRejection", onUnhandled);
    try {
      const dropped = new HandedPlan(() => Promise.reject(new Error("never taken")));
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
      void dropped;
      const handed = new HandedPlan(async () => 1);
      await handed.take(recorder().logger);
      await expect(handed.take(recorder().logger)).rejects.toThrow("taken once");
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
