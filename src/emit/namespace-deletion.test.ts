import { HelmfileError } from "../shared/errors";
import type { Logger } from "../shared/io";
import { releaseNamespaces, settleDeletedNamespaces } from "./namespace-deletion";
import type { NamespaceRef } from "./pipeline";

/** A cluster whose namespaces finish deleting after some polls each (Infinity: never). */
function cluster(pollsLeft: Record<string, number>): {
  deletingNamespaces: (ns: readonly NamespaceRef[]) => Promise<NamespaceRef[]>;
  asked: string[][];
} {
  const asked: string[][] = [];
  return {
    asked,
    deletingNamespaces: (ns) => {
      asked.push(ns.map((n) => n.namespace));
      const out = ns.filter((n) => (pollsLeft[n.namespace] ?? 0) > 0);
      for (const n of out) pollsLeft[n.namespace] = (pollsLeft[n.namespace] ?? 0) - 1;
      return Promise.resolve(out);
    },
  };
}

function recorder(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    debug: () => undefined,
    info: (m) => lines.push(`info: ${m}`),
    warn: (m) => lines.push(`warn: ${m}`),
  };
}

/** A clock that advances only when slept. */
function clock(): { now: () => number; sleep: (ms: number) => Promise<void> } {
  let t = 0;
  return {
    now: () => t,
    sleep: (ms) => {
      t += ms;
      return Promise.resolve();
    },
  };
}

describe("releaseNamespaces", () => {
  it("keeps each context's namespace once, in order, leaving out empty and system namespaces", () => {
    expect(
      releaseNamespaces([
        { namespace: "web" },
        { namespace: "" },
        { namespace: "kube-system" },
        { namespace: "default" },
        { namespace: "web" },
        { namespace: "web", kubeContext: "east" },
        { namespace: "api" },
      ]),
    ).toEqual([{ namespace: "web" }, { namespace: "web", kubeContext: "east" }, { namespace: "api" }]);
  });
});

describe("settleDeletedNamespaces", () => {
  const context = { cluster: {} };

  it("asks once and says nothing when no namespace is being deleted", async () => {
    const c = cluster({});
    const log = recorder();
    await settleDeletedNamespaces(c, [{ namespace: "web" }], context, {
      mode: "wait",
      logger: log,
      ...clock(),
    });
    expect(c.asked).toEqual([["web"]]);
    expect(log.lines).toEqual([]);
  });

  it("warns in a preview that up will wait, without waiting", async () => {
    const c = cluster({ web: Infinity });
    const log = recorder();
    await settleDeletedNamespaces(
      c,
      [{ namespace: "web" }, { namespace: "api", kubeContext: "east" }],
      context,
      {
        mode: "warn",
        logger: log,
        ...clock(),
      },
    );
    expect(c.asked).toHaveLength(1);
    expect(log.lines).toEqual([
      "warn: namespace web is being deleted (Terminating): `up` will wait for it to go, then create it again",
    ]);
  });

  it("waits in an up until every Terminating namespace is gone, asking only about those", async () => {
    const c = cluster({ web: 3, api: 1 });
    const log = recorder();
    const t = clock();
    await settleDeletedNamespaces(
      c,
      [{ namespace: "web" }, { namespace: "other" }, { namespace: "api", kubeContext: "east" }],
      context,
      { mode: "wait", logger: log, pollMs: 500, ...t },
    );
    expect(c.asked).toEqual([["web", "other", "api"], ["web", "api"], ["web"], ["web"]]);
    expect(t.now()).toBe(1500);
    expect(log.lines).toEqual([
      "info: namespace web is being deleted (Terminating): waiting for it to go before applying",
      "info: namespace api (context east) is being deleted (Terminating): waiting for it to go before applying",
      "info: waited 1.5 s for deleted namespaces to go",
    ]);
  });

  it("fails naming the namespace when it is still Terminating after the timeout", async () => {
    const c = cluster({ web: Infinity });
    const err = await settleDeletedNamespaces(c, [{ namespace: "web" }], context, {
      mode: "wait",
      logger: recorder(),
      timeoutMs: 10_000,
      pollMs: 1_000,
      ...clock(),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HelmfileError);
    expect((err as HelmfileError).code).toBe("KUBE_NAMESPACE_TERMINATING");
    expect((err as HelmfileError).message).toContain("namespace web still being deleted after 10 s");
    // Polled until the deadline, not beyond.
    expect(c.asked).toHaveLength(11);
  });

  it("does nothing without a cluster to ask", async () => {
    const log = recorder();
    await settleDeletedNamespaces({}, [{ namespace: "web" }], context, { mode: "wait", logger: log });
    expect(log.lines).toEqual([]);
  });
});
