import { isHelmfileError } from "../../shared/errors";
import { release } from "../../../tests/support/prepared-release";
import { dagGroups, formatDag, tabwriter } from "./show-dag";

describe("show-dag", () => {
  test("a release goes in the group after the last of its needs; declaration order inside a group", () => {
    const db = release("data/db");
    const api = release("web/api", { needs: ["data/db"] });
    const front = release("web/front", { needs: ["web/api"] });
    const worker = release("web/worker", { needs: ["data/db"] });
    expect(formatDag([db, api, front, worker])).toBe(
      [
        "GROUP RELEASE    DEPENDENCIES",
        "1     data/db",
        "2     web/api    data/db",
        "2     web/worker data/db",
        "3     web/front  web/api",
        "",
      ].join("\n"),
    );
  });

  test("shows a release without namespace by name, and with a kube context before its id", () => {
    const out = formatDag([release("solo"), release("ns/x", { kubeContext: "prod" })]);
    expect(out).toBe("GROUP RELEASE   DEPENDENCIES\n1     solo\n1     prod/ns/x\n");
  });

  test("needs naming a release that is not there do not move a release", () => {
    const r = release("ns/a", { needs: ["ns/missing"] });
    expect(dagGroups([r]).get(r)).toBe(1);
    expect(formatDag([r])).toBe("GROUP RELEASE DEPENDENCIES\n1     ns/a    ns/missing\n");
  });

  test("a cycle fails with NEEDS_CYCLE", () => {
    const a = release("ns/a", { needs: ["ns/b"] });
    const b = release("ns/b", { needs: ["ns/a"] });
    let code = "";
    try {
      dagGroups([a, b]);
    } catch (err) {
      code = isHelmfileError(err) ? err.code : "other";
    }
    expect(code).toBe("NEEDS_CYCLE");
  });

  test("tabwriter pads every column but the last to its widest cell plus one, and trims the line end", () => {
    expect(
      tabwriter([
        ["a", "bb", "c"],
        ["ccc", "", ""],
      ]),
    ).toBe("a   bb c\nccc\n");
    expect(formatDag([])).toBe("GROUP RELEASE DEPENDENCIES\n");
  });
});
