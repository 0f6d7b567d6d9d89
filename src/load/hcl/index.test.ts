import { HelmfileError } from "../../shared/errors";
import { mergeHclValues } from "./index";
import { object, tuple } from "./hcl-value";
import { toGoValue } from "./convert";
import { renderFiles } from "./test-helpers";

function errorOf(fn: () => unknown): HelmfileError {
  try {
    fn();
  } catch (err) {
    if (err instanceof HelmfileError) return err;
    throw err;
  }
  throw new Error("expected an error");
}

// helmfile pkg/hcllang/testdata/values.1.hcl and TestHCL_resultValidate.
const VALUES_1 = `locals {
  myLocal = "local"
  myLocalRef = local.myLocal
}

values {
  val1 = 1
  val2 = upper(local.myLocal)
  val3 = "\${local.myLocal}\${hv.val1}"
  val4 = min(hv.val1, 10, -1)
}`;

describe("evaluateHclValues", () => {
  it("evaluates locals, functions and hv references like helmfile's testdata/values.1.hcl", () => {
    expect(renderFiles({ "/values.1.hcl": VALUES_1 })).toEqual({
      val1: 1,
      val2: "LOCAL",
      val3: "local1",
      val4: -1,
    });
  });

  it("turns every number into a float, as helmfile's cty to JSON to Go conversion does", () => {
    const r = renderFiles({ "/a.hcl": "values {\n  n = 3\n  f = 1.5\n}" });
    expect(typeof r.n).toBe("number");
    expect(r.f).toBe(1.5);
  });

  it("merges a value defined in two files: objects per key, lists replaced, null ignored", () => {
    const r = renderFiles({
      "/1.hcl": 'values {\n  c = { a = 1, b = { x = 1 } }\n  l = [1, 2]\n  s = "keep"\n}',
      "/2.hcl": "values {\n  c = { b = { y = 2 } }\n  l = [3]\n  s = null\n}",
    });
    expect(r).toEqual({ c: { a: 1, b: { x: 1, y: 2 } }, l: [3], s: "keep" });
  });

  it("scopes locals to their file, so the same local name can differ per file", () => {
    const r = renderFiles({
      "/1.hcl": 'locals {\n  f = "one"\n}\nvalues {\n  a = local.f\n  b = local.f\n}',
      "/2.hcl": 'locals {\n  f = "two"\n}\nvalues {\n  b = local.f\n}',
    });
    expect(r).toEqual({ a: "one", b: "two" });
  });

  it("lets a later file refer to values defined in an earlier one and the reverse", () => {
    const r = renderFiles({
      "/1.hcl": 'values {\n  a = "x-${hv.b}"\n}',
      "/2.hcl": 'values {\n  b = "y"\n  c = hv.a\n}',
    });
    expect(r).toEqual({ a: "x-y", b: "y", c: "x-y" });
  });

  it("accepts several values blocks in one file", () => {
    expect(renderFiles({ "/1.hcl": "values {\n  a = 1\n}\nvalues {\n  b = hv.a + 1\n}" })).toEqual({
      a: 1,
      b: 2,
    });
  });

  it("reports a dependency cycle with HCL_CYCLE and the key", () => {
    const err = errorOf(() => renderFiles({ "/c.hcl": "values {\n  a = hv.b\n  b = hv.a\n}" }));
    expect(err.code).toBe("HCL_CYCLE");
    expect(err.file).toBe("/c.hcl");
    expect(err.keyPath).toEqual(["a"]);
  });

  it("reports a reference to an undefined value with helmfile's wording", () => {
    const err = errorOf(() => renderFiles({ "/u.hcl": "values {\n  a = hv.missing\n}" }));
    expect(err.code).toBe("HCL_UNKNOWN_REFERENCE");
    expect(err.message).toContain('depend(s) on undefined vars "missing"');
  });

  // helmfile: a file without locals sees `local` as null (cli-oracle case template-hcl-null-attribute).
  it("refuses a local of another file", () => {
    const err = errorOf(() =>
      renderFiles({
        "/1.hcl": "locals {\n  x = 1\n}\nvalues {\n  a = 1\n}",
        "/2.hcl": "values {\n  b = local.x\n}",
      }),
    );
    expect(err.code).toBe("HCL_TYPE");
    expect(err.message).toContain("/2.hcl:2,12-14: Attempt to get attribute from null value");
    expect(err.file).toBe("/2.hcl");
    expect(err.line).toBe(2);
  });

  it("refuses hv used without an attribute", () => {
    expect(errorOf(() => renderFiles({ "/h.hcl": "values {\n  a = hv\n}" })).code).toBe(
      "HCL_UNKNOWN_REFERENCE",
    );
  });

  it("names the file, line, key and hcl's diagnostic of an evaluation error", () => {
    const err = errorOf(() => renderFiles({ "/t.hcl": 'values {\n  ok = 1\n  bad = "x" * 2\n}' }));
    expect(err.code).toBe("HCL_TYPE");
    expect(err.file).toBe("/t.hcl");
    expect(err.line).toBe(3);
    expect(err.keyPath).toEqual(["bad"]);
    expect(err.message).toContain(
      "error when trying to evaluate variable bad : /t.hcl:3,9-12: Invalid operand; Unsuitable value for left operand: a number is required.",
    );
  });

  it("reports an unknown function with HCL_UNKNOWN_REFERENCE", () => {
    expect(errorOf(() => renderFiles({ "/f.hcl": "values {\n  a = tostring(1)\n}" })).code).toBe(
      "HCL_UNKNOWN_REFERENCE",
    );
  });

  it("reports a function failure with HCL_FUNCTION", () => {
    expect(errorOf(() => renderFiles({ "/f.hcl": 'values {\n  a = regex("x", "y")\n}' })).code).toBe(
      "HCL_FUNCTION",
    );
  });

  it("refuses two locals blocks in one file", () => {
    const err = errorOf(() => renderFiles({ "/l.hcl": "locals {\n  a = 1\n}\nlocals {\n  b = 2\n}" }));
    expect(err.code).toBe("HCL_SYNTAX");
    expect(err.message).toContain("exactly 1 `locals` block");
  });

  it("refuses top-level attributes, other block types and labels", () => {
    expect(errorOf(() => renderFiles({ "/a.hcl": "a = 1" })).code).toBe("HCL_SYNTAX");
    expect(errorOf(() => renderFiles({ "/a.hcl": "other {\n}" })).code).toBe("HCL_SYNTAX");
    expect(errorOf(() => renderFiles({ "/a.hcl": 'values "x" {\n}' })).code).toBe("HCL_SYNTAX");
  });

  it("reports a syntax error with its line and column", () => {
    const err = errorOf(() => renderFiles({ "/s.hcl": "values {\n  a = 1 +\n}" }));
    expect(err.code).toBe("HCL_SYNTAX");
    expect(err.line).toBe(2);
  });
});

describe("mergeHclValues", () => {
  it("keeps the base when the override is null and replaces tuples", () => {
    expect(toGoValue(mergeHclValues("a", null))).toBe("a");
    expect(toGoValue(mergeHclValues(tuple(["a"]), tuple(["x", "y"])))).toEqual(["x", "y"]);
  });

  it("merges nested objects key by key", () => {
    const a = object([
      [
        "p",
        object([
          ["c1", "o"],
          ["c2", "keep"],
        ]),
      ],
    ]);
    const b = object([
      [
        "p",
        object([
          ["c1", "new"],
          ["c3", "n"],
        ]),
      ],
    ]);
    expect(toGoValue(mergeHclValues(a, b))).toEqual({ p: { c1: "new", c2: "keep", c3: "n" } });
  });
});
