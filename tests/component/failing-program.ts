/**
 * A Pulumi program under mocks, run as its own Node process (jest takes unhandled rejections for
 * itself): it creates a Helmfile the way one scenario's program would and prints, as JSON, what
 * Pulumi's runtime would report (every unhandled rejection, as the runtime's handler receives it)
 * and which resources were registered. Used by program-failure.test.ts.
 *
 *   tsx tests/component/failing-program.ts <scenario>
 */
import * as pulumi from "@pulumi/pulumi";
import { Helmfile } from "../../src/emit/helmfile";
import { EXCLUDES_UNSELECTED, OWNS_FAILURE } from "../../src/emit/program-failure";
import { recordMockResources } from "../../src/testing";
import { fakePipeline } from "./fake-pipeline";

/** An Output's value (the SDK's own `promise()` is internal). */
function valueOf<T>(o: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => o.apply((v) => (resolve(v), v)));
}

const scenario = process.argv[2] ?? "";

async function main(): Promise<void> {
  const rec = await recordMockResources({ preview: false });
  const healthy = fakePipeline([{ name: "a", namespace: "x" }]);
  const noCluster = fakePipeline([{ name: "a", namespace: "x" }], false);
  let releasesRejection: unknown;
  let thrown: unknown;
  let ids: unknown;
  switch (scenario) {
    case "exports-nothing":
      new Helmfile("hf", { file: "helmfile.yaml" }, { pipeline: noCluster });
      break;
    case "exports-release-ids": {
      const h = new Helmfile("hf", { file: "helmfile.yaml" }, { pipeline: noCluster });
      ids = await valueOf(h.releaseIds);
      break;
    }
    case "awaits-releases": {
      const h = new Helmfile("hf", { file: "helmfile.yaml" }, { pipeline: noCluster });
      releasesRejection = await h.releases.then(
        () => undefined,
        (e: unknown) => e,
      );
      void h.releases.then(() => undefined); // also left unhandled, as a careless program might
      break;
    }
    case "owns-failure": {
      const h = new Helmfile("hf", { file: "helmfile.yaml" }, { pipeline: noCluster, [OWNS_FAILURE]: true });
      releasesRejection = await h.releases.then(
        () => undefined,
        (e: unknown) => e,
      );
      break;
    }
    case "selectors":
      // A program that lets the constructor's error escape, as a top-level statement does.
      try {
        new Helmfile(
          "hf",
          { file: "helmfile.yaml", renderToDirectory: "/tmp/never", selectors: ["name=a"] },
          { pipeline: healthy },
        );
      } catch (e) {
        thrown = e;
      }
      break;
    case "selectors-output":
      new Helmfile(
        "hf",
        { file: "helmfile.yaml", renderToDirectory: "/tmp/never", selectors: pulumi.output(["name=a"]) },
        { pipeline: healthy },
      );
      break;
    case "selectors-empty": {
      const h = new Helmfile(
        "hf",
        { file: "helmfile.yaml", renderToDirectory: "/tmp/never", selectors: [] },
        { pipeline: healthy },
      );
      ids = await valueOf(h.releaseIds);
      break;
    }
    case "selectors-automation": {
      const h = new Helmfile(
        "hf",
        { file: "helmfile.yaml", renderToDirectory: "/tmp/never", selectors: ["name=a"] },
        { pipeline: healthy, [OWNS_FAILURE]: true, [EXCLUDES_UNSELECTED]: true },
      );
      ids = await valueOf(h.releaseIds);
      break;
    }
    default:
      throw new Error(`unknown scenario ${scenario}`);
  }
  await rec.settled();
  // Node reports unhandled rejections after the microtask queue drains.
  await new Promise((r) => setTimeout(r, 50));
  const describe = (e: unknown): Record<string, unknown> => {
    const err = e as Partial<pulumi.ResourceError> & {
      __pulumiRunError?: boolean;
      code?: unknown;
      cause?: unknown;
      stack?: string;
    };
    return {
      resourceError: pulumi.ResourceError.isInstance(e),
      runError: pulumi.RunError.isInstance(e),
      hideStack: err.hideStack,
      resourceType: (err.resource as { __pulumiType?: string } | undefined)?.__pulumiType,
      code: err.code,
      causeClass: (err.cause as object | undefined)?.constructor.name,
      message: err.message,
      stackIsMessage: err.stack === err.message,
      className: (e as object).constructor.name,
    };
  };
  // Pulumi's runtime reports an error once however many promises carry it (by identity).
  const reported = [...new Set(rec.unhandledRejections)];
  process.stdout.write(
    JSON.stringify({
      unhandled: reported.map(describe),
      releasesRejection: releasesRejection === undefined ? null : describe(releasesRejection),
      thrown: thrown === undefined ? null : describe(thrown),
      releasesRejectionIsReported: reported.includes(releasesRejection),
      ids: ids ?? null,
      registered: rec.resources.map((r) => r.type),
      calls: (scenario.startsWith("selectors") ? healthy : noCluster).calls,
    }),
  );
}

main().catch((e: unknown) => {
  process.stderr.write(String(e));
  process.exitCode = 1;
});
