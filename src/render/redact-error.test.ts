import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findHelm, NodeFileSystem, NodeProcessRunner, NodeScratchFileSystem } from "../node";
import { testHelmBinaries } from "../node/helm-binaries";
import { RenderError } from "../shared/errors";
import { loadedState } from "../../tests/support/model-fixtures";
import type { LoadedState, PreparedRelease } from "../shared/model";
import { newMap } from "../shared/value";
import { redactError } from "./redact-error";
import { renderDesiredState } from "./render-state";
import { corpusPath } from "../../tests/support/corpus";

const SECRET = "hunter2-sup3r-s3cret";
const redact = (t: string): string => t.split(SECRET).join("[redacted]");

describe("redactError", () => {
  it("removes the secret from message, detail, found and the cause chain and keeps class, code and file", () => {
    const cause = new Error(`helm said ${SECRET}`);
    const err = new RenderError("HELM_TEMPLATE_FAILED", `failed: ${SECRET}`, {
      file: "helmfile.yaml",
      line: 3,
      found: `stderr ${SECRET}`,
      cause,
    });
    const out = redactError(err, redact) as RenderError;
    expect(out).toBeInstanceOf(RenderError);
    expect(out.code).toBe("HELM_TEMPLATE_FAILED");
    expect(out.file).toBe("helmfile.yaml");
    expect(out.line).toBe(3);
    expect(out.detail).toBe("failed: [redacted]");
    expect(out.found).toBe("stderr [redacted]");
    expect(out.message).not.toContain(SECRET);
    expect(String(out.stack)).not.toContain(SECRET);
    expect((out.cause as Error).message).toBe("helm said [redacted]");
    expect(err.message).toContain(SECRET);
  });

  it("returns the same error when it holds no secret, and redacts a thrown string", () => {
    const err = new RenderError("INTERNAL", "nothing to hide");
    expect(redactError(err, redact)).toBe(err);
    expect(redactError(`oops ${SECRET}`, redact)).toBe("oops [redacted]");
  });
});

const chartsDir = corpusPath("helmfile", "charts");

function failingRelease(): PreparedRelease {
  return {
    id: "ns/leaky",
    name: "leaky",
    namespace: "ns",
    chart: "./raw-0.1.0",
    labels: {},
    needs: [],
    installed: true,
    values: [
      {
        kind: "inline",
        content: `password: ${SECRET}\ntemplates:\n- |\n  {{ fail .Values.password }}\n`,
        origin: "test",
        secret: true,
      },
    ],
    setFlags: [],
    templateFlags: [],
    skipDeps: false,
    stateFile: join(chartsDir, "helmfile.yaml"),
    baseDir: chartsDir,
    hasSecrets: true,
    spec: newMap(),
  };
}

function state(releases: PreparedRelease[]): LoadedState {
  return loadedState(releases);
}

describe.each(testHelmBinaries())("render errors with %s", (_label, helmPath) => {
  let scratchRoot: string;
  beforeEach(() => {
    scratchRoot = mkdtempSync(join(tmpdir(), "ph-redact-render-"));
  });
  afterEach(() => rmSync(scratchRoot, { recursive: true, force: true }));

  const render = async (withRedact: boolean): Promise<RenderError> => {
    const helm = await findHelm(new NodeProcessRunner(), { explicit: helmPath });
    const io = {
      fs: new NodeFileSystem(),
      runner: new NodeProcessRunner(),
      scratch: new NodeScratchFileSystem(scratchRoot),
      logger: { debug: () => {}, info: () => {}, warn: () => {} },
    };
    const err = await renderDesiredState(
      { states: [state([failingRelease()])], releases: [] },
      { helm, ...(withRedact ? { redact } : {}) },
      io,
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RenderError);
    return err as RenderError;
  };

  test("a helm failure echoing a secret value is thrown without the plaintext when a redactor is given", async () => {
    const e = await render(true);
    expect(e.code).toBe("HELM_TEMPLATE_FAILED");
    expect(e.message).toContain("execution error");
    expect(e.message).toContain("[redacted]");
    for (const text of [e.message, e.detail, e.found ?? "", String(e.stack)])
      expect(text).not.toContain(SECRET);
  });

  test("without a redactor helm's stderr is kept as it is", async () => {
    const e = await render(false);
    expect(e.found).toContain(SECRET);
  });
});
