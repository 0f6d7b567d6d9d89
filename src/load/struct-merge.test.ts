import { mergeStructs } from "./struct-merge";

describe("mergeStructs (mergo)", () => {
  it("overrides scalars and appends slices with override+appendSlice", () => {
    expect(
      mergeStructs(
        { helmBinary: "a", bases: ["x"] },
        { helmBinary: "b", bases: ["y"] },
        { override: true, appendSlice: true },
      ),
    ).toEqual({
      helmBinary: "b",
      bases: ["x", "y"],
    });
  });

  it("keeps set fields without override (fills gaps only)", () => {
    expect(
      mergeStructs({ chart: "tpl" }, { chart: "own", name: "r" }, { override: false, appendSlice: true }),
    ).toEqual({ chart: "tpl", name: "r" });
  });

  it("does not let false override true, plain or pointer (mergo dereferences pointers before its emptiness test)", () => {
    const merged = mergeStructs(
      { helmDefaults: { wait: true } },
      { helmDefaults: { wait: false } },
      { override: true, appendSlice: false },
    );
    expect(merged).toEqual({ helmDefaults: { wait: true } });
    expect(
      mergeStructs({ installed: true }, { installed: false }, { override: true, appendSlice: false }),
    ).toEqual({ installed: true });
    // A nil pointer is still filled by an explicit false (deepMerge, reflect.Ptr, dst.IsNil()).
    expect(mergeStructs({}, { installed: false }, { override: true, appendSlice: false })).toEqual({
      installed: false,
    });
  });

  it("replaces a whole environment spec declared again in a later part", () => {
    const out = mergeStructs(
      { environments: { default: { values: ["a.yaml"], kubeContext: "x" } } },
      { environments: { default: { values: ["b.yaml"] } } },
      { override: true, appendSlice: false },
    );
    expect(out).toEqual({ environments: { default: { values: ["b.yaml"] } } });
  });
});
