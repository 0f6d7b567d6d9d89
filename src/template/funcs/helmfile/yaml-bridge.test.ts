import { decodeYaml } from "../../../shared/yaml";
import { renderTemplate } from "../../render-template";
import { sprigFunctions } from "../sprig";
import { mergeFuncMaps, type GoValue } from "../../types";
import { helmfileFunctions } from "./functions";

// Expected outputs come from Go: go.yaml.in/yaml/v3 v3.0.5 decoding `date: 2024-01-02` into
// interface{} gives a time.Time, which text/template prints with String(), helmfile's toYaml
// (go-yaml v3 Marshal) writes as RFC 3339 and encoding/json as an RFC 3339 string; with
// HELMFILE_GO_YAML_V3=false (gopkg.in/yaml.v2 v2.4.2) the value stays the string "2024-01-02".
function run(src: string, yaml: string, version: "v2" | "v3"): string {
  const data = decodeYaml(yaml, { version }) as GoValue;
  const funcs = mergeFuncMaps(sprigFunctions(), helmfileFunctions({ yamlVersion: version }));
  return renderTemplate(src, data, { name: "T", funcs });
}

const VALUES = "date: 2024-01-02\nts: 2001-12-14t21:59:43.10-05:00\n";

describe("timestamps decoded from state values", () => {
  it("print as Go's time.Time String form under go-yaml v3", () => {
    expect(run("{{ .date }}|{{ .ts }}", VALUES, "v3")).toBe(
      "2024-01-02 00:00:00 +0000 UTC|2001-12-14 21:59:43.1 -0500 -0500",
    );
  });

  it("stay the written strings under go-yaml v2", () => {
    expect(run("{{ .date }}|{{ .ts }}", VALUES, "v2")).toBe("2024-01-02|2001-12-14t21:59:43.10-05:00");
  });

  it("go through helmfile's toYaml as RFC 3339 and through toJson as RFC 3339 strings", () => {
    expect(run("{{ toYaml . }}", VALUES, "v3")).toBe(
      "date: 2024-01-02T00:00:00Z\nts: 2001-12-14T21:59:43.1-05:00\n",
    );
    expect(run("{{ toJson . }}", VALUES, "v3")).toBe(
      '{"date":"2024-01-02T00:00:00Z","ts":"2001-12-14T21:59:43.1-05:00"}',
    );
    expect(run("{{ toYaml . }}", VALUES, "v2")).toBe(
      'date: "2024-01-02"\nts: "2001-12-14t21:59:43.10-05:00"\n',
    );
  });

  it("are time.Time values with their methods, and fromYaml makes them too under v3", () => {
    expect(run("{{ typeOf .date }} {{ kindOf .date }} {{ .date.Year }} {{ .ts.Hour }}", VALUES, "v3")).toBe(
      "time.Time struct 2024 21",
    );
    expect(run('{{ (fromYaml "d: 2024-01-02").d | typeOf }}', VALUES, "v3")).toBe("time.Time");
    expect(run('{{ (fromYaml "d: 2024-01-02").d | typeOf }}', VALUES, "v2")).toBe("string");
  });
});
