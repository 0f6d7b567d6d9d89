import { dyffCompare } from "./dyff";

describe("dyffCompare compares YAML streams semantically", () => {
  test("comments, key order, quoting and empty documents do not matter", () => {
    const a =
      "---\n# Source: x\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: 'v'\n  j: \"1\"\n---\n";
    const b = "apiVersion: v1\nmetadata:\n  name: a\nkind: ConfigMap\ndata:\n  j: '1'\n  k: v\n";
    expect(dyffCompare(a, b)).toBeUndefined();
  });

  test("Kubernetes documents pair by apiVersion/kind/name, whatever their order", () => {
    const one = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n";
    const two = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: b\n";
    expect(dyffCompare(`${one}---\n${two}`, `${two}---\n${one}`)).toBeUndefined();
  });

  test("list order matters", () => {
    expect(dyffCompare("a: [1, 2]\n", "a: [2, 1]\n")).toMatch(/a\[0\]/);
  });

  test("a changed scalar type is a difference", () => {
    expect(dyffCompare("a: '1'\n", "a: 1\n")).toBeDefined();
  });

  test("a missing document is reported by its key", () => {
    expect(dyffCompare("apiVersion: v1\nkind: A\nmetadata:\n  name: x\n", "")).toBe(
      "missing document v1/A/x",
    );
  });
});
