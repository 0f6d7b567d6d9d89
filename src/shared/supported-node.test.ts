import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { HelmfileError } from "./errors";
import { ownNodeRequirement } from "./own-version";
import { nodeVersionRefusal, olderVersion, runningNodeRefusal } from "./supported-node";

const ENGINES = (
  JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as {
    engines: { node: string };
  }
).engines.node;

/** Runs `fn` with `process.versions.node` reading `version`. */
function asNode<T>(version: string, fn: () => T): T {
  const real = Object.getOwnPropertyDescriptor(process.versions, "node")!;
  Object.defineProperty(process.versions, "node", { ...real, value: version });
  try {
    return fn();
  } finally {
    Object.defineProperty(process.versions, "node", real);
  }
}

/** What requiring `entry` afresh throws under Node.js `version` (undefined: it loads). */
function loadAs(version: string, entry: string): unknown {
  return asNode(version, () => {
    let thrown: unknown;
    jest.isolateModules(() => {
      // The bundled Kubernetes client is what an old Node.js cannot load: the refusal must come first.
      jest.doMock("../node/kubernetes-client", () => {
        throw new Error("the Kubernetes client was loaded before the Node.js check");
      });
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh load of each entry
        require(entry);
      } catch (err) {
        thrown = err;
      } finally {
        jest.dontMock("../node/kubernetes-client");
      }
    });
    return thrown;
  });
}

describe("the Node.js pulumi-helmfile runs on", () => {
  it("compares versions as numbers, part by part", () => {
    expect(olderVersion("20.20.2", "22.19")).toBe(true);
    expect(olderVersion("22.18.9", "22.19")).toBe(true);
    expect(olderVersion("22.19.0", "22.19")).toBe(false);
    expect(olderVersion("22.19", "22.19.0")).toBe(false);
    expect(olderVersion("22.100.0", "22.19")).toBe(false);
    expect(olderVersion("9.0.0", "22.19")).toBe(true);
    expect(olderVersion("24.0.0", "22.19")).toBe(false);
  });

  it("needs what package.json's engines.node asks", () => {
    expect(`>=${ownNodeRequirement()}`).toBe(ENGINES.replace(/\s+/g, ""));
  });

  it("refuses an older Node.js with NODE_TOO_OLD, naming both versions and the binary, with no stack", () => {
    const err = nodeVersionRefusal("20.20.2", "22.19", "/usr/bin/node");
    expect(err).toBeInstanceOf(HelmfileError);
    expect(err?.code).toBe("NODE_TOO_OLD");
    expect(err?.message).toBe(
      "pulumi-helmfile needs Node.js 22.19 or newer; this is Node.js 20.20.2 (/usr/bin/node)",
    );
    expect(err?.stack).toBe(`NODE_TOO_OLD: ${err?.message}`);
    expect(nodeVersionRefusal("22.19.0", "22.19", "/n")).toBeUndefined();
    expect(nodeVersionRefusal("24.1.0", "22.19", "/n")).toBeUndefined();
    expect(runningNodeRefusal()).toBeUndefined(); // the Node.js running these tests is supported
    expect(asNode("20.20.2", () => runningNodeRefusal()?.message)).toContain(
      `this is Node.js 20.20.2 (${process.execPath})`,
    );
  });

  it("the package's main entry fails a Pulumi program with a RunError (printed without stack) before the Kubernetes client loads", () => {
    const err = loadAs("20.20.2", "../index");
    expect(pulumi.RunError.isInstance(err)).toBe(true);
    expect((err as Error).message).toMatch(
      /^NODE_TOO_OLD: pulumi-helmfile needs Node\.js [\d.]+ or newer; this is Node\.js 20\.20\.2 /,
    );
    expect((err as { code?: string }).code).toBe("NODE_TOO_OLD");
  });

  it.each(["../core", "../automation", "../testing"])(
    "%s throws NODE_TOO_OLD before the Kubernetes client loads",
    (entry) => {
      const err = loadAs("20.20.2", entry);
      expect(err).toBeInstanceOf(Error);
      expect((err as { code?: string }).code).toBe("NODE_TOO_OLD");
      expect((err as Error).message).toContain("this is Node.js 20.20.2");
    },
  );

  it("every entry loads on the Node.js asked for (the check passes it)", () => {
    for (const entry of ["../index", "../core", "../automation", "../testing"]) {
      expect(
        asNode(ownNodeRequirement()!, () => {
          let thrown: unknown;
          jest.isolateModules(() => {
            try {
              // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh load of each entry
              require(entry);
            } catch (err) {
              thrown = err;
            }
          });
          return thrown;
        }),
      ).toBeUndefined();
    }
  });
});
