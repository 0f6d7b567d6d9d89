/**
 * The pure part of `ref+httpjson`. Every expected answer and message below is what helmfile
 * v1.8.0 (vals v0.46.1, antchfx/jsonquery v1.3.7, antchfx/xpath v1.3.8) printed with
 * `write-values` for the same reference against a server of the same documents (measured
 * 2026-12-05); the differential family `httpjson` keeps that comparison recorded.
 */
import { HttpJsonError, httpJsonAnswer, httpJsonUrl, parseJsonDocument } from "./httpjson";

const REPOS = '[{"name":"helmfile","id":1,"topics":["k8s","helm"]},{"name":"vals","id":2,"topics":[]}]';
const OBJ =
  '{"a":"x","b":{"c":"y","n":1000000,"f":1.5,"g":2.5,"t":true,"z":null,"list":["p","q"],"nums":[1,2],' +
  '"one":["solo"],"e":{},"ea":[],"deep":{"k":"v"},"big":12345678901234567890,"small":0.00001,"neg":-3},' +
  '"sp ace":"s","ünï":"u"}';
const BASE = "httpjson://127.0.0.1:19082";

function answer(doc: string, path: string, fragment: string, floatAsInt = false): string {
  const uri = `${BASE}${path}#${fragment}`;
  const url = httpJsonUrl(uri, "http");
  try {
    return httpJsonAnswer(parseJsonDocument(doc), { uri, url, floatAsInt });
  } catch (err) {
    if (err instanceof HttpJsonError) return `error: ${err.message}`;
    throw err;
  }
}

describe("httpjson answers as vals does", () => {
  it.each([
    [REPOS, "//*[1]/name", "helmfile"],
    [REPOS, "/*[2]/name", "vals"],
    [REPOS, "/*[name='vals']/id", "2"],
    [REPOS, "/*[1]/topics", "k8s,helm"],
    [REPOS, "//*[topics/*='helm']/name", "helmfile"],
    [REPOS, "//*[count(topics/*)=0]/name", "vals"],
    [OBJ, "b/c", "y"],
    [OBJ, "/b/n", "1e+06"],
    [OBJ, "/b/t", "true"],
    [OBJ, "/b/z", "<nil>"],
    [OBJ, "/b/list", "p,q"],
    [OBJ, "/b/one", "solo"],
    [OBJ, "/b/big", "1.2345678901234567e+19"],
    [OBJ, "/b/small", "1e-05"],
    [OBJ, "/b/neg", "-3"],
    [OBJ, "/b/deep", "v"],
    [OBJ, "/*[lower-case(name())='a']", "x"],
    [OBJ, "/a|//b/c", "x"],
    [OBJ, "/b/*[last()]", "<nil>"],
    [OBJ, "/b/*[last()-1]", "true"],
    // The navigator's string value of a number is json.Marshal's (`1000000`), not `%v`'s.
    [OBJ, "/b[n='1000000']/c", "y"],
    [OBJ, "/b[n=1000000]/c", "y"],
    [OBJ, "/*[starts-with(name(),'sp')]", "s"],
    [OBJ, "/*[name()='ünï']", "u"],
    [OBJ, "/b/*[matches(.,'^[a-z]$')]", "y"],
  ])("%#: %s", (doc, xpath, expected) => {
    expect(answer(doc, "/x?insecure=true", `/${xpath}`)).toBe(expected);
  });

  it("reads a float as an integer with floatAsInt, rounding half to even as Go's %.0f", () => {
    expect(answer(OBJ, "/obj", "///b/n", true)).toBe("1000000");
    expect(answer(OBJ, "/obj", "///b/f", true)).toBe("2");
    expect(answer(OBJ, "/obj", "///b/g", true)).toBe("2");
  });

  it("fails with vals' messages", () => {
    expect(answer(OBJ, "/obj?insecure=true", "//b")).toBe(
      "error: location /b has child nodes at http://127.0.0.1:19082/obj, please use a more granular query",
    );
    expect(answer(REPOS, "/repos?insecure=true", "//name")).toBe(
      `error: unable to query doc for value with xpath query using ${BASE}/repos?insecure=true#//name`,
    );
    expect(answer(OBJ, "/obj?insecure=true", "//*[.='y']")).toMatch(/^error: unable to query doc/);
    expect(answer(OBJ, "/obj?insecure=true", "/string-join(//b/list/*,'-')")).toMatch(
      /^error: unable to query doc/,
    );
    expect(answer(OBJ, "/obj?insecure=true", "///*[upper-case(name())='A']")).toBe(
      `error: unable to compile xpath expression '' from uri: ${BASE}/obj?insecure=true#///*[upper-case(name())='A']`,
    );
    expect(() =>
      httpJsonAnswer(parseJsonDocument(OBJ), { uri: "h/obj", url: "", floatAsInt: false }),
    ).toThrow("no xpath expression found in uri: h/obj");
  });

  it("says what helmfile's panics leave unsaid, never a value", () => {
    // helmfile v1.8.0 crashes on these (a nil pointer in vals): here they fail, naming the query.
    expect(answer(OBJ, "/obj?insecure=true", "//b/e")).toBe(
      "error: location /b/e has no value at http://127.0.0.1:19082/obj",
    );
    expect(answer(OBJ, "/obj?insecure=true", "//b/c/text()")).toMatch(
      /^error: location \/b\/c\/text\(\) has no value/,
    );
    expect(answer(OBJ, "/obj?insecure=true", "//b/nums")).toBe(
      "error: location /b/nums holds a value that is not a string at http://127.0.0.1:19082/obj",
    );
    expect(answer(OBJ, "/obj", "///a", true)).toBe(
      "error: unable to convert possible float to int for value: (withheld)",
    );
  });

  it("fetches the URL vals fetches", () => {
    expect(httpJsonUrl(`${BASE}/obj?b=2&a=1&insecure=true#//x`, "http")).toBe(
      "http://127.0.0.1:19082/obj?a=1&b=2",
    );
    expect(httpJsonUrl(`${BASE}/obj?insecure=true&floatAsInt=true#//x`, "https")).toBe(
      "https://127.0.0.1:19082/obj",
    );
    expect(httpJsonUrl("127.0.0.1:19082/obj", "https")).toBe("https://127.0.0.1:19082/obj");
    expect(httpJsonUrl(`${BASE}/a%20b?q=x%20y#//x`, "http")).toBe("http://127.0.0.1:19082/a%20b?q=x+y");
    expect(() => httpJsonUrl("httpjson:///obj?insecure=true#//a", "http")).toThrow(
      "no domain found in uri: httpjson:///obj?insecure=true#//a",
    );
  });

  it("reports a body that is not JSON in encoding/json's words", () => {
    expect(() => parseJsonDocument("<html>nope</html>")).toThrow(
      "invalid character '<' looking for beginning of value",
    );
    expect(() => parseJsonDocument("")).toThrow("unexpected end of JSON input");
  });
});
