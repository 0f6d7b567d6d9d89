/** The grep-style assertions of `compare: assertions` cases (README "assertions"). */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { substitute, type Assertion, type Placeholders } from "./case-model";

/** What assertions see. */
export interface AssertionInput {
  readonly text: string;
  readonly exitCode: number;
  readonly cwd: string;
  readonly placeholders: Placeholders;
}

/** Returns undefined when every assertion holds, else the first failure. */
export function checkAssertions(list: readonly Assertion[], input: AssertionInput): string | undefined {
  for (const a of list) {
    const failure = checkOne(a, input);
    if (failure !== undefined) return failure;
  }
  return undefined;
}

function regex(a: Assertion): RegExp {
  return new RegExp(a.pattern ?? "", a.flags ?? "");
}

function checkOne(a: Assertion, input: AssertionInput): string | undefined {
  const { text } = input;
  switch (a.type) {
    case "exitCode":
      if (a.equals !== undefined && input.exitCode !== a.equals)
        return `exit code ${input.exitCode}, expected ${a.equals}`;
      if (a.notEquals !== undefined && input.exitCode === a.notEquals)
        return `exit code ${input.exitCode}, expected anything else`;
      return undefined;
    case "contains":
      return text.includes(a.text ?? "") ? undefined : `output lacks ${JSON.stringify(a.text)}`;
    case "notContains":
      return text.includes(a.text ?? "") ? `output contains ${JSON.stringify(a.text)}` : undefined;
    case "matchesRegex":
      return regex(a).test(text) ? undefined : `output does not match /${a.pattern}/`;
    case "notMatchesRegex":
      return regex(a).test(text) ? `output matches /${a.pattern}/` : undefined;
    case "fileExists": {
      const path = resolve(input.cwd, substitute(a.path ?? "", input.placeholders));
      return existsSync(path) ? undefined : `file missing: ${path}`;
    }
    case "section":
      return checkAssertions(a.assertions ?? [], { ...input, text: section(text, a) });
    case "firstChartPathHasChartYaml": {
      const re = new RegExp(a.pattern ?? "", a.flags ?? "");
      const line = text.split("\n").find((l) => re.test(l));
      if (line === undefined) return `no line matches /${a.pattern}/`;
      const path = line.replace(/.*chart: */, "").replace(/"/g, "");
      return existsSync(resolve(input.cwd, path, "Chart.yaml")) ? undefined : `no Chart.yaml under ${path}`;
    }
    default:
      return `unknown assertion type ${a.type}`;
  }
}

/** sed range semantics: from each line matching `start` to the next line matching `end`. */
function section(text: string, a: Assertion): string {
  const start = new RegExp(a.start ?? "");
  const end = new RegExp(a.end ?? "$^");
  const out: string[] = [];
  let inside = false;
  for (const line of text.split("\n")) {
    if (!inside) {
      if (start.test(line)) {
        inside = true;
        out.push(line);
      }
      continue;
    }
    if (end.test(line)) {
      inside = false;
      if (a.excludeEndLine !== true) out.push(line);
      continue;
    }
    out.push(line);
  }
  return out.join("\n");
}
