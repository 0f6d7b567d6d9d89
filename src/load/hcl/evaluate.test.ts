// Expected values follow the HCL native syntax specification (hashicorp/hcl hclsyntax/spec.md)
// and cty's conversion rules.
import { codeOf, evalExpr } from "./test-helpers";

describe("HCL expressions", () => {
  it("applies operator precedence: * before +, comparison before &&, && before ||", () => {
    expect(evalExpr("1 + 2 * 3")).toBe(7);
    expect(evalExpr("(1 + 2) * 3")).toBe(9);
    expect(evalExpr("1 < 2 && 2 < 1 || true")).toBe(true);
    expect(evalExpr("-2 * -3")).toBe(6);
  });

  it("divides to fractions and keeps modulo on integers", () => {
    expect(evalExpr("7 / 2")).toBe(3.5);
    expect(evalExpr("7 % 3")).toBe(1);
  });

  it("reports division by zero as a type error", () => {
    expect(codeOf("1 / 0")).toBe("HCL_TYPE");
  });

  it("converts numeric strings in arithmetic but never in equality", () => {
    expect(evalExpr('"5" + 1')).toBe(6);
    expect(evalExpr('"1" == 1')).toBe(false);
    expect(evalExpr("1 == 1.0")).toBe(true);
  });

  it("compares collections structurally", () => {
    expect(evalExpr("[1, {a = 2}] == [1, {a = 2}]")).toBe(true);
    expect(evalExpr("{a = 1} != {a = 2}")).toBe(true);
  });

  it("unifies conditional results to string when one side is a string", () => {
    expect(evalExpr('true ? 1 : "a"')).toBe("1");
    expect(evalExpr('false ? "x" : "y"')).toBe("y");
  });

  it("decides && and || on either side, like hclsyntax's short-circuit", () => {
    expect(evalExpr("true || undefined_fn()")).toBe(true);
    expect(evalExpr("false && undefined_fn()")).toBe(false);
  });

  it("keeps the value of a template that is a single interpolation", () => {
    expect(evalExpr('"${1 + 1}"')).toBe(2);
    expect(evalExpr('"${[1]}"')).toEqual([1]);
    expect(evalExpr('"n=${1 + 1}"')).toBe("n=2");
  });

  it("interprets escapes and the $${ and %%{ literals in quoted templates", () => {
    expect(evalExpr('"a\\tb\\n\\"q\\" \\u00e9 $${x} %%{y}"')).toBe('a\tb\n"q" é ${x} %{y}');
  });

  it("renders if and for directives with strip markers", () => {
    expect(evalExpr('"%{ if 1 > 2 }yes%{ else }no%{ endif }"')).toBe("no");
    expect(evalExpr('"%{ for k, v in {a = 1, b = 2} }${k}=${v};%{ endfor }"')).toBe("a=1;b=2;");
    expect(evalExpr('"a ${~ "b" ~} c"')).toBe("abc");
  });

  it("keeps heredoc text verbatim and removes common indentation in flush heredocs", () => {
    expect(evalExpr('<<EOT\nhello\n  ${upper("w")}\nEOT\n')).toBe("hello\n  W\n");
    expect(evalExpr("<<-EOT\n    hello\n      world\n    EOT\n")).toBe("hello\n  world\n");
  });

  it("strips directive lines in heredocs with ~", () => {
    expect(evalExpr('<<EOT\n%{ for ip in ["a", "b"] ~}\nserver ${ip}\n%{ endfor ~}\nEOT\n')).toBe(
      "server a\nserver b\n",
    );
  });

  it("refuses null and collections inside a string template", () => {
    expect(codeOf('"x${null}"')).toBe("HCL_TYPE");
    expect(codeOf('"x${[1]}"')).toBe("HCL_TYPE");
  });

  it("builds tuples and objects with for expressions, conditions and grouping", () => {
    expect(evalExpr('[for i, v in ["x", "y"] : "${i}-${v}"]')).toEqual(["0-x", "1-y"]);
    expect(evalExpr("[for x in [1, 2, 3] : x * 2 if x > 1]")).toEqual([4, 6]);
    expect(evalExpr("{for k, v in {a = 1, b = 2} : v => k}")).toEqual({ 1: "a", 2: "b" });
    expect(evalExpr('{for s in ["a", "b", "a"] : s => s...}')).toEqual({ a: ["a", "a"], b: ["b"] });
  });

  it("refuses duplicate keys in an object for expression without grouping", () => {
    expect(codeOf('{for s in ["a", "a"] : s => s}')).toBe("HCL_TYPE");
  });

  it("applies splat operators, upgrading a single value and treating null as empty", () => {
    expect(evalExpr("[{n = 1}, {n = 2}][*].n")).toEqual([1, 2]);
    expect(evalExpr("[{n = [1]}, {n = [2]}][*].n[0]")).toEqual([1, 2]);
    expect(evalExpr("{n = 3}.*.n")).toEqual([3]);
    expect(evalExpr("null[*]")).toEqual([]);
  });

  it("indexes tuples and objects, including the legacy .N form", () => {
    expect(evalExpr("[10, 20][1]")).toBe(20);
    expect(evalExpr("[10, 20].1")).toBe(20);
    expect(evalExpr('{a = {b = "c"}}["a"].b')).toBe("c");
    expect(codeOf("[1][5]")).toBe("HCL_TYPE");
    expect(codeOf("{a = 1}.b")).toBe("HCL_UNKNOWN_REFERENCE");
  });

  it("treats naked object keys as strings and parenthesised keys as expressions", () => {
    expect(evalExpr('{\n a = 1, "b" = 2\n ("c${1}") = 3\n d: 4\n}')).toEqual({ a: 1, b: 2, c1: 3, d: 4 });
  });

  it("expands a final argument followed by ...", () => {
    expect(evalExpr("max([1, 5, 3]...)")).toBe(5);
  });

  it("returns the first successful try() argument and can() as a boolean", () => {
    expect(evalExpr('try({a = 1}.b, "fallback")')).toBe("fallback");
    expect(evalExpr("can([1][3])")).toBe(false);
    expect(evalExpr("can([1][0])")).toBe(true);
  });

  it("ignores comments of all three kinds", () => {
    expect(evalExpr("(1 /* inline */ + # to end\n 0)")).toBe(1);
  });

  it("computes fractions exactly, as cty's 512-bit numbers do before the float64 conversion", () => {
    expect(evalExpr("0.1 + 0.2")).toBe(0.3);
    expect(evalExpr("2 / 3 * 3")).toBe(2);
    expect(evalExpr('"${0.1 + 0.2}x"')).toBe("0.3x");
    expect(evalExpr("range(0, 0.5, 0.1)")).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
  });

  it("prints fractions as Go's big.Float Text('f', -1) does at cty's 512-bit precision", () => {
    // Expected strings computed independently: round the exact value to 512 bits (half even),
    // then take the shortest decimal that rounds back to it.
    expect(evalExpr('"x${1.1 * 1.1}"')).toBe(`x1.21${"0".repeat(151)}1`);
    expect(evalExpr('"x${1 / 3}"')).toBe(`x0.${"3".repeat(154)}5`);
    expect(evalExpr('"x${1.5 * 0.1}"')).toBe("x0.15");
    expect(evalExpr('"x${1e-7}"')).toBe("x0.0000001");
  });

  it("uses truncated remainders like Go", () => {
    expect(evalExpr("-7 % 3")).toBe(-1);
    expect(evalExpr("10 % 3.5")).toBe(3);
  });

  it("keeps integers exact before the final conversion", () => {
    expect(evalExpr('"${9007199254740993 - 1}"')).toBe(9007199254740992);
    expect(evalExpr('"x${9007199254740993}"')).toBe("x9007199254740993");
  });
});

describe("splat after splat", () => {
  it("parses a[*][*] and a[*].* as a splat over the first splat's result (hcl2json accepts both)", () => {
    expect(evalExpr("[[1], [2]][*][*]")).toEqual([[1], [2]]);
    expect(evalExpr("[{n = 1}][*].*.n")).toEqual([1]);
  });
});

describe("object item values", () => {
  it("must start on the key's line, as HCL (and hcl2json) require: the newline is no expression", () => {
    expect(() => evalExpr("{a =\n 1}")).toThrow(
      /2,11-3,1: Invalid expression; Expected the start of an expression, but found an invalid expression token\.$/,
    );
  });
});

describe("fractions in templates", () => {
  it("print like Go's big.Float Text('f', -1) at 512 bits: 0.125 stays 0.125 (as hcl2json's cty prints it)", () => {
    expect(evalExpr('"${0.125}|${2.5}|${0.1}|${-0.75}"')).toBe("0.125|2.5|0.1|-0.75");
  });
});
