/**
 * The registration digests of a Release's main objects (./release.ts `mainObjectDigests`): which
 * objects they cover, by the resource names the Release registers them under.
 */
import { mainObjectDigests, type MainObjectSettings } from "./release";
import { WIDGET_CRD } from "../../tests/support/release-objects";

const MANIFEST = `${WIDGET_CRD}---
# Source: app/templates/job.yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
  annotations:
    helm.sh/hook: pre-install
spec:
  template: { spec: { containers: [{ name: m, image: busybox }], restartPolicy: Never } }
---
# Source: app/templates/pvc.yaml
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
  annotations:
    helm.sh/resource-policy: keep
spec:
  accessModes: [ReadWriteOnce]
  resources: { requests: { storage: 1Gi } }
---
# Source: app/templates/deploy.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
`;

const SETTINGS: MainObjectSettings = {
  namespace: "apps",
  skipCrds: false,
  clusterScopedKinds: [],
  secret: false,
  wait: false,
  waitForJobs: false,
  needles: [],
};

const DATA = "kubernetes:core/v1:PersistentVolumeClaim::hf-apps/app-keep:apps/data";
const WEB = "kubernetes:apps/v1:Deployment::hf-apps/app:apps/web";

describe("mainObjectDigests", () => {
  it("covers the objects neither CRDs nor hooks, under the types, names and groups the Release registers them", () => {
    const digests = mainObjectDigests(MANIFEST, "hf-apps/app", SETTINGS, "ctx");
    expect([...digests.keys()].sort()).toEqual([WEB, DATA]);
  });

  it("a change to one object, or to what every object is made with, changes those it reaches", () => {
    const before = mainObjectDigests(MANIFEST, "hf-apps/app", SETTINGS, "ctx");
    const scaled = mainObjectDigests(
      MANIFEST.replace("replicas: 1", "replicas: 2"),
      "hf-apps/app",
      SETTINGS,
      "ctx",
    );
    expect(scaled.get(DATA)).toBe(before.get(DATA));
    expect(scaled.get(WEB)).not.toBe(before.get(WEB));
    // A hook's change is none of theirs: hooks follow the whole manifest.
    expect(
      mainObjectDigests(MANIFEST.replace("image: busybox", "image: alpine"), "hf-apps/app", SETTINGS, "ctx"),
    ).toEqual(before);
    const waited = mainObjectDigests(
      MANIFEST,
      "hf-apps/app",
      { ...SETTINGS, wait: true, timeout: 300 },
      "ctx",
    );
    expect(waited.get(WEB)).not.toBe(before.get(WEB));
    const other = mainObjectDigests(MANIFEST, "hf-apps/app", SETTINGS, "another cluster");
    expect(other.get(WEB)).not.toBe(before.get(WEB));
  });
});
