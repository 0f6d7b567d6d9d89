/**
 * The settings helmfile passes to `helm upgrade --install` for one release, from the release's
 * own fields and the state's `helmDefaults` (a release field wins when set), with helmfile's
 * defaults: `createNamespace` true, `historyMax` 10, no waiting unless `wait: true`.
 */
import type { PreparedRelease } from "../shared/model";
import type { ValueMap } from "../shared/value";
import { bool, str } from "../render/spec-access";
import type { CommandLineOverrides } from "./command-line";

/** How one release is installed. */
export interface DeploySettings {
  /** `--create-namespace` (helmfile's default: true). */
  readonly createNamespace: boolean;
  /** `--wait`: wait for the release's objects to be ready. Default false. */
  readonly wait: boolean;
  /** `--wait-for-jobs`. Default false. */
  readonly waitForJobs: boolean;
  /** `--timeout` in seconds, when set. */
  readonly timeout?: number;
  /** `--atomic`. Default false. */
  readonly atomic: boolean;
  /** `--skip-crds`: do not install the chart's `crds/`. Default false. */
  readonly skipCrds: boolean;
  /** `--history-max` (helmfile's default: 10). */
  readonly historyMax: number;
  /** `--cleanup-on-fail`. Default false. */
  readonly cleanupOnFail: boolean;
  /** `--force`. Default false. */
  readonly force: boolean;
  /** `--disable-openapi-validation`. Default false. */
  readonly disableOpenApiValidation: boolean;
}

function int(map: ValueMap, key: string): number | undefined {
  const s = str(map, key);
  if (s === undefined || !/^-?\d+$/.test(s)) return undefined;
  return Number(s);
}

/**
 * Reads the settings of `release`; `skipCrds` also honours `--skip-crds` (`cliSkipCrds`), and the
 * run's `--wait`, `--wait-for-jobs` and `--timeout` override as helmfile's flagsForUpgrade has them.
 */
export function deploySettings(
  release: PreparedRelease,
  helmDefaults: ValueMap,
  cliSkipCrds = false,
  commandLine: CommandLineOverrides = {},
): DeploySettings {
  const r = release.spec;
  const flag = (key: string, fallback: boolean): boolean =>
    bool(r, key) ?? bool(helmDefaults, key) ?? fallback;
  const cliTimeout =
    commandLine.timeout !== undefined && commandLine.timeout > 0 ? commandLine.timeout : undefined;
  const timeout = cliTimeout ?? int(r, "timeout") ?? int(helmDefaults, "timeout");
  return {
    createNamespace: flag("createNamespace", true),
    wait: commandLine.wait === true || flag("wait", false),
    waitForJobs: commandLine.waitForJobs === true || flag("waitForJobs", false),
    ...(timeout === undefined ? {} : { timeout }),
    atomic: flag("atomic", false),
    skipCrds: cliSkipCrds || flag("skipCRDs", false),
    historyMax: int(r, "historyMax") ?? int(helmDefaults, "historyMax") ?? 10,
    cleanupOnFail: flag("cleanupOnFail", false),
    force: flag("force", false),
    disableOpenApiValidation: flag("disableOpenAPIValidation", false),
  };
}
