/** Vectors `chart-paths`: local vs repository chart detection and path normalisation. */
import { isLocalChart, normalizeChart, resolveRemoteChart, safeVersionPath } from "../../render/chart-ref";
import type { Vector, VectorFile } from "./types";

function field(input: unknown, key: string): string {
  const v = (input as Record<string, unknown> | null)?.[key];
  return typeof v === "string" ? v : "";
}

/** Runs one chart-paths vector. */
export function chartPaths(v: Vector, _f: VectorFile): true | string {
  let got: unknown;
  switch (v.function) {
    case "isLocalChart":
      got = isLocalChart(field(v.input, "chart"));
      break;
    case "resolveRemoteChart":
      got = resolveRemoteChart(field(v.input, "chart"));
      break;
    case "normalizeChart":
      got = normalizeChart(field(v.input, "basePath"), field(v.input, "chart"));
      break;
    case "safeVersionPath":
      got = safeVersionPath(field(v.input, "version"));
      break;
    default:
      return `unknown function ${String(v.function)}`;
  }
  const want = JSON.stringify(v.expected);
  return JSON.stringify(got) === want ? true : `expected ${want}, got ${JSON.stringify(got)}`;
}
