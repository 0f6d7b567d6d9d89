// Expected values are the examples of the Terraform/cty function documentation (the same
// cty stdlib and go-cty-funcs implementations helmfile registers) and helmfile's cidr testdata.
import { codeOf, evalExpr } from "../test-helpers";

describe("string functions", () => {
  it.each([
    ['upper("hello")', "HELLO"],
    ['lower("HELLO")', "hello"],
    ['title("hello world")', "Hello World"],
    // Go's strings.Title treats ASCII punctuation as a word separator.
    ['title("don\'t stop")', "Don'T Stop"],
    ['chomp("hello\\r\\n")', "hello"],
    ['chomp("hello\\n\\n")', "hello"],
    ['trimspace("  hello\\n\\n")', "hello"],
    ['trim("?!hello?!", "!?")', "hello"],
    ['trimprefix("helloworld", "hello")', "world"],
    ['trimsuffix("helloworld", "world")', "hello"],
    // cty's IndentFunc pads after every newline, the last one included (cty/function/stdlib/string.go).
    ['indent(2, "[\\n  foo,\\n  bar,\\n]\\n")', "[\n    foo,\n    bar,\n  ]\n  "],
    ['strrev("hello")', "olleh"],
    ['substr("hello world", 1, 4)', "ello"],
    ['substr("hello world", -5, -1)', "world"],
    ['substr("hello world", 6, 10)', "world"],
    // cty's SubstrFunc only short-circuits a zero length for non-negative offsets.
    ['substr("abc", -1, 0)', "c"],
    ['join(", ", ["foo", "bar", "baz"])', "foo, bar, baz"],
    ['format("Hello, %s!", "Ander")', "Hello, Ander!"],
    ['format("There are %d lights", 4)', "There are 4 lights"],
    ['format("%.2f|%5.1f|%x|%t|%#v", 3.14159, 3.14, 255, true, "x")', '3.14|  3.1|ff|true|"x"'],
    ['format("%-5s|%05d", "ab", 42)', "ab   |00042"],
    // Go's big.Float rounds half to even in fixed-point formatting.
    ['format("%.1f|%.0f", 0.25, 2.5)', "0.2|2"],
  ])("%s is %j", (expr, want) => {
    expect(evalExpr(expr)).toBe(want);
  });

  it("splits into a list and counts characters", () => {
    expect(evalExpr('split(",", "foo,bar,baz")')).toEqual(["foo", "bar", "baz"]);
    expect(evalExpr('strlen("héllo")')).toBe(5);
    expect(evalExpr('formatlist("Hello, %s!", ["Valentina", "Ander"])')).toEqual([
      "Hello, Valentina!",
      "Hello, Ander!",
    ]);
  });

  it("matches regular expressions with plain, positional and named captures", () => {
    expect(evalExpr('regex("[a-z]+", "53453453.345345aaabbbccc23454")')).toBe("aaabbbccc");
    expect(evalExpr('regex("(\\\\d\\\\d\\\\d\\\\d)-(\\\\d\\\\d)-(\\\\d\\\\d)", "2019-02-01")')).toEqual([
      "2019",
      "02",
      "01",
    ]);
    expect(
      evalExpr(
        'regex("^(?:(?P<scheme>[^:/?#]+):)?(?://(?P<authority>[^/?#]*))?", "https://terraform.io/docs/")',
      ),
    ).toEqual({
      authority: "terraform.io",
      scheme: "https",
    });
    expect(evalExpr('regexall("[a-z]+", "1234abcd5678efgh9")')).toEqual(["abcd", "efgh"]);
  });

  it("fails regex() when nothing matches", () => {
    expect(codeOf('regex("x", "y")')).toBe("HCL_FUNCTION");
  });
});

describe("collection functions", () => {
  it.each([
    ['coalesce("a", "b")', "a"],
    ['coalesce(null, "b")', "b"],
    ['element(["a", "b", "c"], 3)', "a"],
    // cty wraps negative indexes too (collection.go ElementFunc).
    ['element(["a", "b", "c"], -1)', "c"],
    ['lookup({a = "ay", b = "bee"}, "c", "what?")', "what?"],
    ['contains(["a", "b", "c"], "a")', true],
    ["length([1, 2])", 2],
  ])("%s is %j", (expr, want) => {
    expect(evalExpr(expr)).toBe(want);
  });

  it.each([
    ['coalescelist(["a", "b"], ["c", "d"])', ["a", "b"]],
    ['compact(["a", "", "b", null, "c"])', ["a", "b", "c"]],
    ['concat(["a", ""], ["b", "c"])', ["a", "", "b", "c"]],
    ['distinct(["a", "b", "a", "c", "d", "b"])', ["a", "b", "c", "d"]],
    ['chunklist(["a", "b", "c", "d", "e"], 2)', [["a", "b"], ["c", "d"], ["e"]]],
    ['flatten([[["a", "b"], []], ["c"]])', ["a", "b", "c"]],
    ["keys({a = 1, c = 2, d = 3})", ["a", "c", "d"]],
    ["values({a = 3, c = 2, d = 1})", [3, 2, 1]],
    ["reverselist([1, 2, 3])", [3, 2, 1]],
    ['setintersection(["a", "b"], ["b", "c"], ["b", "d"])', ["b"]],
    ['setsubtract(["a", "b", "c"], ["a", "c"])', ["b"]],
    ['setunion(["a", "b"], ["b", "c"], ["d"])', ["a", "b", "c", "d"]],
    [
      'setproduct(["development", "staging"], ["app1", "app2"])',
      [
        ["development", "app1"],
        ["development", "app2"],
        ["staging", "app1"],
        ["staging", "app2"],
      ],
    ],
    ['slice(["a", "b", "c", "d"], 1, 3)', ["b", "c"]],
    ['sort(["e", "d", "a", "x"])', ["a", "d", "e", "x"]],
    ["range(3)", [0, 1, 2]],
    ["range(1, 8, 2)", [1, 3, 5, 7]],
    ["range(1, 4, 0.5)", [1, 1.5, 2, 2.5, 3, 3.5]],
    ["range(4, 1)", [4, 3, 2]],
    ["range(10, 5, -2)", [10, 8, 6]],
  ])("%s is %j", (expr, want) => {
    expect(evalExpr(expr)).toEqual(want);
  });

  it("merges maps with later keys winning and zips keys with values", () => {
    expect(evalExpr('merge({a = "b", c = "d"}, {e = "f", c = "z"})')).toEqual({ a: "b", c: "z", e: "f" });
    expect(evalExpr('zipmap(["a", "b"], [1, 2])')).toEqual({ a: 1, b: 2 });
  });

  it("refuses length() of a string, as cty's stdlib does", () => {
    expect(codeOf('length("abc")')).toBe("HCL_FUNCTION");
  });
});

describe("number functions", () => {
  it.each([
    ["abs(-12.4)", 12.4],
    ["ceil(5.1)", 6],
    ["floor(4.9)", 4],
    ["log(16, 2)", 4],
    ["max(12, 54, 3)", 54],
    ["min(12, 54, 3)", 3],
    ["pow(3, 2)", 9],
    ["signum(-13)", -1],
    ['parseint("100", 10)', 100],
    ['parseint("FF", 16)', 255],
    ['parseint("-10", 16)', -16],
    ['parseint("1011111011101111", 2)', 48879],
    ['parseint("aA", 62)', 656],
  ])("%s is %j", (expr, want) => {
    expect(evalExpr(expr)).toBe(want);
  });

  it("fails parseint() on digits outside the base", () => {
    expect(codeOf('parseint("12", 2)')).toBe("HCL_FUNCTION");
  });
});

describe("encoding and time functions", () => {
  it("encodes JSON with sorted keys and HTML-safe escapes", () => {
    expect(evalExpr('jsonencode({hello = "world"})')).toBe('{"hello":"world"}');
    expect(evalExpr('jsonencode({b = [1, 2.5, "<x>"], a = null})')).toBe(
      '{"a":null,"b":[1,2.5,"\\u003cx\\u003e"]}',
    );
  });

  it("encodes YAML in go-cty-yaml's quoted style", () => {
    expect(evalExpr('yamlencode({foo = [1, {a = "b", c = "d"}, 3], bar = "baz"})')).toBe(
      '"bar": "baz"\n"foo":\n- 1\n- "a": "b"\n  "c": "d"\n- 3\n',
    );
  });

  // go-cty-yaml encode_test.go.
  it.each([
    ["true", "true\n...\n"],
    ['""', '""\n'],
    ['"hello"', '"hello"\n'],
    ['"hello\\nworld"', "|-\n  hello\n  world\n"],
    ["0", "0\n...\n"],
    ["{}", "{}\n"],
    ["[]", "[]\n"],
    ['{a = "b"}', '"a": "b"\n'],
    ['["b"]', '- "b"\n'],
    ["null", "null\n...\n"],
  ])("yamlencode(%s) is %j", (expr, want) => {
    expect(evalExpr(`yamlencode(${expr})`)).toBe(want);
  });

  it("resolves plain YAML scalars with go-cty-yaml's YAML 1.1 rules", () => {
    expect(evalExpr('yamldecode("[yes, \\"yes\\", off, ~, 0x1F, 0o17, 0777, .5, 2001-12-14]")')).toEqual([
      true,
      "yes",
      false,
      null,
      31,
      15,
      777,
      0.5,
      "2001-12-14T00:00:00Z",
    ]);
  });

  it("decodes JSON, YAML and CSV", () => {
    expect(evalExpr('jsondecode("{\\"a\\": [1, true, null]}")')).toEqual({ a: [1, true, null] });
    expect(evalExpr('yamldecode("a: [1, two]")')).toEqual({ a: [1, "two"] });
    expect(evalExpr('csvdecode("a,b,c\\n1,2,3\\n4,5,6")')).toEqual([
      { a: "1", b: "2", c: "3" },
      { a: "4", b: "5", c: "6" },
    ]);
  });

  it.each([
    ['formatdate("DD MMM YYYY hh:mm ZZZ", "2018-01-02T23:12:01Z")', "02 Jan 2018 23:12 UTC"],
    ['formatdate("EEEE, DD-MMM-YY hh:mm:ss ZZZ", "2018-01-02T23:12:01Z")', "Tuesday, 02-Jan-18 23:12:01 UTC"],
    [
      'formatdate("EEE, DD MMM YYYY hh:mm:ss ZZZ", "2018-01-02T23:12:01-08:00")',
      "Tue, 02 Jan 2018 23:12:01 -0800",
    ],
    ['formatdate("MMM DD, YYYY", "2018-01-02T23:12:01Z")', "Jan 02, 2018"],
    ['formatdate("HH:mmaa", "2018-01-02T23:12:01Z")', "11:12pm"],
    ['timeadd("2017-11-22T00:00:00Z", "10m")', "2017-11-22T00:10:00Z"],
  ])("%s is %j", (expr, want) => {
    expect(evalExpr(expr)).toBe(want);
  });
});

describe("cidr functions", () => {
  it.each([
    ['cidrhost("10.12.112.0/20", 16)', "10.12.112.16"],
    ['cidrhost("10.12.112.0/20", 268)', "10.12.113.12"],
    ['cidrhost("fd00:fd12:3456:7890:00a2::/72", 34)', "fd00:fd12:3456:7890::22"],
    ['cidrhost("10.0.0.0/8", -2)', "10.255.255.254"],
    ['cidrnetmask("172.16.0.0/12")', "255.240.0.0"],
    ['cidrsubnet("172.16.0.0/12", 4, 2)', "172.18.0.0/16"],
    ['cidrsubnet("10.1.2.0/24", 4, 15)', "10.1.2.240/28"],
    ['cidrsubnet("fd00:fd12:3456:7890::/56", 16, 162)', "fd00:fd12:3456:7800:a200::/72"],
  ])("%s is %j", (expr, want) => {
    expect(evalExpr(expr)).toBe(want);
  });

  it("allocates consecutive aligned subnets", () => {
    expect(evalExpr('cidrsubnets("10.1.0.0/16", 4, 4, 8, 4)')).toEqual([
      "10.1.0.0/20",
      "10.1.16.0/20",
      "10.1.32.0/24",
      "10.1.48.0/20",
    ]);
    expect(evalExpr('cidrsubnets("fd00:fd12:3456:7890::/56", 16, 16, 16, 32)')).toEqual([
      "fd00:fd12:3456:7800::/72",
      "fd00:fd12:3456:7800:100::/72",
      "fd00:fd12:3456:7800:200::/72",
      "fd00:fd12:3456:7800:300::/88",
    ]);
  });
});
