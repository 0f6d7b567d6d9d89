import { RenderError } from "../shared/errors";
import { LIMIT_CODES, limitError } from "../shared/limits";
import { preparedRelease } from "../../tests/support/model-fixtures";
import { inReleaseOnTimeout } from "./helm-limit";

const release = preparedRelease({ id: "web/api", name: "api", stateFile: "/s/helmfile.yaml" });

describe("inReleaseOnTimeout", () => {
  test("a helm timeout names the release, its chart and the state file", () => {
    const timeout = limitError(
      LIMIT_CODES.helmTimeout,
      'helm call "helm template api ./c" did not finish within 500 ms (limit helmTimeoutMs)',
    );
    const e = inReleaseOnTimeout(release, "./c", timeout) as RenderError;
    expect({ code: e.code, file: e.file, detail: e.detail }).toEqual({
      code: "LIMIT_HELM_TIMEOUT",
      file: "/s/helmfile.yaml",
      detail:
        'release "api" (chart ./c): helm call "helm template api ./c" did not finish within 500 ms (limit helmTimeoutMs)',
    });
    expect(e.message).toContain("/s/helmfile.yaml");
  });

  test("other errors, other limits included, pass unchanged", () => {
    const failed = new RenderError("HELM_TEMPLATE_FAILED", "boom");
    const exec = limitError(LIMIT_CODES.execTimeout, "exec command did not finish");
    const plain = new Error("x");
    expect(inReleaseOnTimeout(release, "./c", failed)).toBe(failed);
    expect(inReleaseOnTimeout(release, "./c", exec)).toBe(exec);
    expect(inReleaseOnTimeout(release, "./c", plain)).toBe(plain);
  });
});
