import { redactArg } from "./render-release";
import { join } from "node:path";
import { findHelm, NodeFileSystem, NodeProcessRunner, NodeScratchFileSystem } from "../node";
import { testHelmBinaries } from "../node/helm-binaries";
import { RenderError } from "../shared/errors";
import type { LoadedState, PreparedRelease } from "../shared/model";
import { newMap } from "../shared/value";
import { createReleaseRenderer } from "./release-renderer";
import { corpusPath } from "../../tests/support/corpus";

const chartsDir = corpusPath("helmfile", "charts");

const release = (name: string): PreparedRelease => ({
  id: `default//${name}`,
  name,
  namespace: "",
  chart: "raw-0.1.0",
  labels: {},
  needs: [],
  installed: true,
  values: [
    {
      kind: "inline",
      content: `templates:\n- |\n  kind: ConfigMap\n  name: ${name}\n`,
      origin: "test",
      secret: false,
    },
  ],
  setFlags: [],
  templateFlags: [],
  skipDeps: true,
  stateFile: join(chartsDir, "helmfile.yaml"),
  baseDir: chartsDir,
  hasSecrets: false,
  spec: newMap(),
});

describe.each(testHelmBinaries())("createReleaseRenderer with %s", (_label, helmPath) => {
  const io = {
    fs: new NodeFileSystem(),
    runner: new NodeProcessRunner(),
    scratch: new NodeScratchFileSystem(),
    logger: { debug() {}, info() {}, warn() {} },
  };

  test("renders one release of a desired state at a time", async () => {
    const helm = await findHelm(io.runner, { explicit: helmPath });
    const a = release("a");
    const b = release("b");
    const state: LoadedState = {
      file: "f",
      displayPath: "f",
      environment: "default",
      values: newMap(),
      helmDefaults: newMap(),
      repositories: [],
      releases: [a, b],
      document: newMap(),
    };
    const renderer = createReleaseRenderer({ helm }, io);
    try {
      expect(await renderer.render(b, { states: [state], releases: [a, b] })).toBe(
        "---\n# Source: raw/templates/resources.yaml\nkind: ConfigMap\nname: b\n",
      );
      await expect(
        renderer.render(release("stranger"), { states: [state], releases: [a, b] }),
      ).rejects.toBeInstanceOf(RenderError);
    } finally {
      renderer.dispose();
    }
  });
});

describe("--set values in printed commands", () => {
  test("an escaped comma stays inside the masked value; literal and json values are masked whole", () => {
    const show = (flag: string, v: string): string => redactArg(v, 1, [flag, v]);
    expect(show("--set", "auth.password=Alpha\\,Bravo.Charlie=x,b=2")).toBe("auth.password=***,b=***");
    expect(show("--set-literal", "k=a,b=c")).toBe("k=***");
    expect(show("--set-json", 'k={"a":1,"b":2}')).toBe("k=***");
    expect(show("--set", "k=a,stray")).toBe("k=***,***");
  });
});
