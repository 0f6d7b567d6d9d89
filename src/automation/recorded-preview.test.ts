import { appliedFingerprint, appliedVersion } from "../emit/registration-digest";
import {
  compareWithRecord,
  recordedObjectDigests,
  revealed,
  type ExpectedRegistration,
} from "./recorded-preview";
import { summarizeDeployment } from "./local-state";

const P = "urn:pulumi:dev::proj::";
const STACK = `${P}pulumi:pulumi:Stack::proj-dev`;
const HF = `${P}helmfile:index:Helmfile::helmfile`;
const REL = `${P}helmfile:index:Helmfile$helmfile:index:Release::`;
const CM = `${P}helmfile:index:Helmfile$helmfile:index:Release$kubernetes:core/v1:ConfigMap::`;
const STASH = `${P}helmfile:index:Helmfile$helmfile:index:Release$pulumi:index:Stash::`;
const NS = `${P}helmfile:index:Helmfile$kubernetes:core/v1:Namespace::`;
const PROV = `${P}helmfile:index:Helmfile$pulumi:providers:kubernetes::`;
const DEFAULT_PROV = `${P}pulumi:providers:kubernetes::default_4_25_0`;
const SIG = "4dabf18193072939515e22adb298388d";

const ARGS = { file: "helmfile.yaml", environment: "default" };
const secret = (v: unknown): unknown => ({
  [SIG]: "1b47061264138c4ac30d75fd1eb44270",
  plaintext: JSON.stringify(v),
});

interface R {
  urn: string;
  type: string;
  custom: boolean;
  id?: string;
  parent?: string;
  inputs?: unknown;
  outputs?: Record<string, unknown>;
  delete?: boolean;
}

/** A release's two resources (a ConfigMap and a hook Stash) with the record its Release keeps of them. */
function release(name: string, digest: string, opts: { secretRecord?: boolean } = {}): R[] {
  const rel = `${REL}helmfile-${name}`;
  const cm: R = {
    urn: `${CM}helmfile-${name}:cm`,
    type: "kubernetes:core/v1:ConfigMap",
    custom: true,
    id: `ns/${name}`,
    parent: rel,
    outputs: { metadata: { name, resourceVersion: "101" } },
  };
  const stash: R = {
    urn: `${STASH}helmfile-${name}-presync`,
    type: "pulumi:index:Stash",
    custom: true,
    id: `stash-${name}`,
    parent: rel,
    outputs: {},
  };
  const applied = appliedFingerprint([
    [cm.urn, appliedVersion(cm.id, "101")],
    [stash.urn, appliedVersion(stash.id, undefined)],
  ]);
  const record = { registration: digest, resources: 2, applied };
  return [
    {
      urn: rel,
      type: "helmfile:index:Release",
      custom: false,
      parent: HF,
      outputs: opts.secretRecord === true ? { ...record, registration: secret(digest) } : record,
    },
    cm,
    stash,
  ];
}

function deployment(extra: (rs: R[]) => R[] = (rs) => rs): {
  resources: R[];
  pending_operations?: unknown[];
} {
  return {
    resources: extra([
      { urn: STACK, type: "pulumi:pulumi:Stack", custom: false, outputs: { releaseIds: ["ns/a", "ns/b"] } },
      { urn: HF, type: "helmfile:index:Helmfile", custom: false, parent: STACK, inputs: ARGS },
      { urn: DEFAULT_PROV, type: "pulumi:providers:kubernetes", custom: true, id: "p0" },
      {
        urn: `${PROV}helmfile-default-context`,
        type: "pulumi:providers:kubernetes",
        custom: true,
        id: "p1",
        parent: HF,
      },
      {
        urn: `${NS}helmfile-namespace-ns`,
        type: "kubernetes:core/v1:Namespace",
        custom: true,
        id: "ns",
        parent: HF,
      },
      ...release("a", "sha256:aaa"),
      ...release("b", "sha256:bbb", { secretRecord: true }),
    ]),
  };
}

/** A release as the program would register it, digested only by its objects (no text digest recorded). */
const want = (resourceName: string, objects: string): ExpectedRegistration["releases"][number] => ({
  resourceName,
  text: `sha256:text-of-${objects}`,
  objects: () => objects,
});

const EXPECTED: ExpectedRegistration = {
  component: "helmfile",
  componentInputs: ARGS,
  releaseIds: ["ns/a", "ns/b"],
  releases: [want("helmfile-a", "sha256:aaa"), want("helmfile-b", "sha256:bbb")],
  namespaceNames: ["helmfile-namespace-ns"],
  providerNames: ["helmfile-default-context"],
};

const reason = (r: ReturnType<typeof compareWithRecord>): string => (r.unchanged ? "unchanged" : r.reason);

/**
 * compareWithRecord of `d`, checked to be the same of the summary a worker reads of it
 * (./local-state.ts `summarizeDeployment`), which the comparison is given in its place.
 */
function compared(d: unknown, expected: ExpectedRegistration): ReturnType<typeof compareWithRecord> {
  const full = compareWithRecord(d, expected);
  if (d !== null && typeof d === "object")
    expect(compareWithRecord(summarizeDeployment(d), expected)).toEqual(full);
  return full;
}

/** recordedObjectDigests of `d`, checked to be the same of its summary (see {@link compared}). */
function objectDigestsOf(d: unknown, component: string): ReturnType<typeof recordedObjectDigests> {
  const full = recordedObjectDigests(d, component);
  if (d !== null && typeof d === "object")
    expect(recordedObjectDigests(summarizeDeployment(d), component)).toEqual(full);
  return full;
}

describe("compareWithRecord", () => {
  it("a state exactly as the program registers it: every resource but the default provider is same", () => {
    const r = compared(deployment(), EXPECTED);
    // stack, component, provider, namespace and 2 × (Release + 2 resources)
    expect(r.unchanged && r.same).toBe(10);
    expect(r.unchanged && r.releases.map((c) => [c.release, c.op])).toEqual([
      ["a", "same"],
      ["b", "same"],
    ]);
  });

  it("a changed digest (a value, the chart, the code) runs the engine, naming the release", () => {
    const r = compared(deployment(), {
      ...EXPECTED,
      releases: [EXPECTED.releases[0]!, want("helmfile-b", "sha256:changed")],
    });
    expect(reason(r)).toBe("release helmfile-b changed");
  });

  it("a record of both digests matches on the rendered text without computing the objects' digest", () => {
    const both = (rs: R[]): R[] =>
      rs.map((x) =>
        x.urn === `${REL}helmfile-a`
          ? { ...x, outputs: { ...x.outputs, registration: "sha256:aaa sha256:text-a" } }
          : x,
      );
    const notAsked = (): string => {
      throw new Error("the objects' digest was computed although the text matched");
    };
    // helmfile-a rendered now: the digest of its text, and that of its objects.
    const asNow = (text: string, objects: () => string) =>
      compared(deployment(both), {
        ...EXPECTED,
        releases: [{ resourceName: "helmfile-a", text, objects }, EXPECTED.releases[1]!],
      });
    expect(reason(asNow("sha256:text-a", notAsked))).toBe("unchanged");
    // Another text (a comment, a test hook's random name) with the same objects still matches.
    expect(reason(asNow("sha256:text-a2", () => "sha256:aaa"))).toBe("unchanged");
    const changed = asNow("sha256:text-a2", () => "sha256:a2");
    expect(reason(changed)).toBe("release helmfile-a changed");
  });

  it("names every release that differs, and answers the others as same, when nothing else differs", () => {
    // helmfile-a's ConfigMap as a refresh left it.
    const refreshedA = () =>
      deployment((rs) =>
        rs.map((x) =>
          x.urn === `${CM}helmfile-a:cm`
            ? { ...x, outputs: { metadata: { name: "a", resourceVersion: "9" } } }
            : x,
        ),
      );
    const r = compared(refreshedA(), {
      ...EXPECTED,
      releases: [...EXPECTED.releases, want("helmfile-c", "sha256:ccc")],
    });
    // helmfile-c is not in the state at all: nothing is answered from the record.
    expect(r.unchanged ? undefined : r.changed).toBeUndefined();
    const two = compared(refreshedA(), EXPECTED);
    expect(reason(two)).toBe("release helmfile-a: its resources changed since they were applied (a refresh)");
    expect(two.unchanged ? undefined : two.changed).toEqual({
      releases: ["helmfile-a"],
      same: [expect.objectContaining({ release: "b", op: "same", urn: `${REL}helmfile-b` })],
    });
    const both = compared(deployment(), {
      ...EXPECTED,
      releases: EXPECTED.releases.map((x) => ({ ...x, objects: () => "sha256:new" })),
    });
    expect(reason(both)).toBe("release helmfile-a changed; release helmfile-b changed");
    expect(both.unchanged ? undefined : both.changed).toEqual({
      releases: ["helmfile-a", "helmfile-b"],
      same: [],
    });
  });

  it("nothing is answered from the record when more than releases differ", () => {
    const r = compared(deployment(), {
      ...EXPECTED,
      componentInputs: { ...ARGS, environment: "prod" },
      releases: [EXPECTED.releases[0]!, want("helmfile-b", "sha256:changed")],
    });
    expect(reason(r)).toBe("the component's arguments changed");
    expect(r.unchanged ? undefined : r.changed).toBeUndefined();
  });

  it("a Release without its record (an up that failed before its resources were applied) runs the engine", () => {
    const r = compared(
      deployment((rs) => rs.map((x) => (x.urn === `${REL}helmfile-a` ? { ...x, outputs: {} } : x))),
      EXPECTED,
    );
    expect(reason(r)).toBe("release helmfile-a changed");
  });

  it("a resource missing from the state, or one more, runs the engine", () => {
    const missing = compared(
      deployment((rs) => rs.filter((x) => x.urn !== `${CM}helmfile-a:cm`)),
      EXPECTED,
    );
    expect(reason(missing)).toBe("release helmfile-a: the state lacks some of its resources");
    const stray = compared(
      deployment((rs) => [
        ...rs,
        {
          urn: `${P}kubernetes:core/v1:ConfigMap::stray`,
          type: "kubernetes:core/v1:ConfigMap",
          custom: true,
          parent: STACK,
        },
      ]),
      EXPECTED,
    );
    expect(reason(stray)).toBe("stray is not a resource of a release");
  });

  it("an object a refresh rewrote (another resourceVersion) runs the engine", () => {
    const r = compared(
      deployment((rs) =>
        rs.map((x) =>
          x.urn === `${CM}helmfile-b:cm`
            ? { ...x, outputs: { metadata: secret({ name: "b", resourceVersion: "102" }) } }
            : x,
        ),
      ),
      EXPECTED,
    );
    expect(reason(r)).toBe("release helmfile-b: its resources changed since they were applied (a refresh)");
  });

  it("pending operations, resources to delete, other arguments, releases or namespaces run the engine", () => {
    expect(reason(compared({ ...deployment(), pending_operations: [{ type: "updating" }] }, EXPECTED))).toBe(
      "the state has pending operations",
    );
    const deleting = deployment((rs) =>
      rs.map((x) => (x.urn === `${CM}helmfile-a:cm` ? { ...x, delete: true } : x)),
    );
    expect(reason(compared(deleting, EXPECTED))).toBe("the state holds resources to delete or replace");
    expect(
      reason(compared(deployment(), { ...EXPECTED, componentInputs: { ...ARGS, environment: "prod" } })),
    ).toBe("the component's arguments changed");
    expect(reason(compared(deployment(), { ...EXPECTED, releaseIds: ["ns/a"] }))).toBe(
      "the release list changed",
    );
    expect(
      reason(
        compared(deployment(), {
          ...EXPECTED,
          releases: [...EXPECTED.releases, want("helmfile-c", "x")],
        }),
      ),
    ).toBe("releases were added or removed");
    expect(reason(compared(deployment(), { ...EXPECTED, namespaceNames: [] }))).toBe(
      "the namespaces changed",
    );
    expect(reason(compared(deployment(), { ...EXPECTED, providerNames: ["helmfile-context-other"] }))).toBe(
      "the providers changed",
    );
    expect(reason(compared(undefined, EXPECTED))).toBe("the state has no resources");
  });

  it("a record stored as an encrypted secret (exported without its plaintext) never matches", () => {
    const r = compared(
      deployment((rs) =>
        rs.map((x) =>
          x.urn === `${REL}helmfile-b`
            ? { ...x, outputs: { ...x.outputs, registration: { [SIG]: "1b47", ciphertext: "v1:…" } } }
            : x,
        ),
      ),
      EXPECTED,
    );
    expect(reason(r)).toBe("release helmfile-b changed");
  });
});

describe("recordedObjectDigests", () => {
  /** The deployment with release `name`'s record holding `digests` (a secret record for b). */
  const withDigests = (digests: Record<string, string>, change: (rs: R[]) => R[] = (rs) => rs) =>
    deployment((rs) =>
      change(
        rs.map((x) => {
          const name = x.type === "helmfile:index:Release" ? x.urn.slice(x.urn.lastIndexOf("-") + 1) : "";
          const d = digests[name];
          if (d === undefined) return x;
          return { ...x, outputs: { ...x.outputs, objectDigests: name === "b" ? secret(d) : d } };
        }),
      ),
    );

  it("each Release's recorded digests, with its children's URNs by name; none for a Release without them", () => {
    const found = objectDigestsOf(withDigests({ a: "d1,d2", b: "d3" }), "helmfile");
    expect([...found.keys()].sort()).toEqual(["helmfile-a", "helmfile-b"]);
    expect([...(found.get("helmfile-a")?.digests ?? [])]).toEqual(["d1", "d2"]);
    // A secret record is read through its plaintext.
    expect([...(found.get("helmfile-b")?.digests ?? [])]).toEqual(["d3"]);
    expect(found.get("helmfile-a")?.children.get("kubernetes:core/v1:ConfigMap::helmfile-a:cm")).toBe(
      `${CM}helmfile-a:cm`,
    );
    expect(objectDigestsOf(withDigests({ a: "d1" }), "helmfile").has("helmfile-b")).toBe(false);
    expect(objectDigestsOf(withDigests({ a: "d1" }), "other").size).toBe(0);
  });

  it("none for a Release whose resources are no longer those it applied (a refresh, a failed up, one missing)", () => {
    const refreshed = withDigests({ a: "d1", b: "d3" }, (rs) =>
      rs.map((x) =>
        x.urn === `${CM}helmfile-b:cm`
          ? { ...x, outputs: { metadata: { name: "b", resourceVersion: "102" } } }
          : x,
      ),
    );
    expect([...objectDigestsOf(refreshed, "helmfile").keys()]).toEqual(["helmfile-a"]);
    const missing = withDigests({ a: "d1", b: "d3" }, (rs) =>
      rs.filter((x) => x.urn !== `${CM}helmfile-a:cm`),
    );
    expect([...objectDigestsOf(missing, "helmfile").keys()]).toEqual(["helmfile-b"]);
  });
});

describe("revealed", () => {
  it("replaces each secret envelope by its plaintext value, at any depth", () => {
    expect(revealed({ a: [secret({ b: 1 })], c: secret("x") })).toEqual({ a: [{ b: 1 }], c: "x" });
  });
});

describe("appliedFingerprint", () => {
  it("depends on each resource's version but not on their order", () => {
    const a: Array<readonly [string, string]> = [
      ["u1", "id1@5"],
      ["u2", "id2@"],
    ];
    expect(appliedFingerprint(a)).toBe(appliedFingerprint([...a].reverse()));
    expect(appliedFingerprint(a)).not.toBe(appliedFingerprint([["u1", "id1@6"], a[1]!]));
    expect(appliedFingerprint(a)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
