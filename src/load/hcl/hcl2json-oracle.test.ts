import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse as hcl2json } from "@cdktf/hcl2json";
import fc from "fast-check";
import { expectedBody, type Json } from "./hcl2json-oracle";
import { parseHclFile } from "./parse-body";
import { corpusPath } from "../../../tests/support/corpus";

const CONFORMANCE = corpusPath("helmfile");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** HCL texts kept in vector inputs: every `files` entry whose name ends in `.hcl`. */
function hclInJson(node: unknown, out: [string, string][], where: string): void {
  if (Array.isArray(node)) node.forEach((n, i) => hclInJson(n, out, `${where}[${i}]`));
  else if (node !== null && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if (k.endsWith(".hcl") && typeof v === "string") out.push([`${where}:${k}`, v]);
      else hclInJson(v, out, where);
    }
  }
}

/** Backtick strings of our own HCL tests that look like HCL documents and use no JS substitutions. */
function fixtureSnippets(): [string, string][] {
  const out: [string, string][] = [];
  for (const f of readdirSync(__dirname).filter((n) => n.endsWith(".test.ts") && !n.includes("oracle"))) {
    const src = readFileSync(join(__dirname, f), "utf8");
    for (const m of src.matchAll(/`((?:[^`\\]|\\.)*)`/g)) {
      const raw = m[1] ?? "";
      if (/(^|[^\\])\$\{/.test(raw) || !/^\s*(values|locals)\s*\{/.test(raw)) continue;
      const text = raw.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c));
      out.push([`${f}@${m.index}`, text]);
    }
    // evalExpr("…") / evalExpr('…') arguments, wrapped as test-helpers does.
    for (const m of src.matchAll(/evalExpr\(("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\)/g)) {
      const lit = m[1] ?? '""';
      const json = lit.startsWith("'")
        ? `"${lit.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`
        : lit;
      try {
        out.push([`${f}@${m.index}`, `values {\n  v = ${JSON.parse(json) as string}\n}\n`]);
      } catch {
        // A JS-only escape; this snippet is skipped.
      }
    }
  }
  return out;
}

function corpus(): [string, string][] {
  const out: [string, string][] = [];
  for (const p of walk(CONFORMANCE)) {
    if (p.endsWith(".hcl")) out.push([p, readFileSync(p, "utf8")]);
    else if (p.includes("/vectors/") && p.endsWith(".json"))
      hclInJson(JSON.parse(readFileSync(p, "utf8")), out, p);
  }
  return [...out, ...fixtureSnippets()];
}

/** Strings holding source text are compared without spacing, commas and splat spelling. */
function normalize(j: Json): Json {
  if (typeof j === "string") {
    if (!j.includes("${") && !j.includes("%{")) return j;
    return j
      .replace(/\/\*[\s\S]*?\*\/|(#|\/\/)[^\n]*/g, "")
      .replace(/(?<![\w.])(\d+)\.0+(?!\d)/g, "$1")
      .replace(/([\w\])}])\.(\d+)/g, "$1[$2]")
      .replace(/[\s,]+/g, "")
      .replace(/\{~/g, "{")
      .replace(/~\}/g, "}")
      .replace(/\[\*\]/g, ".*")
      .replace(/%\{else\}%\{endif\}/g, "%{endif}");
  }
  if (Array.isArray(j)) return j.map(normalize);
  if (j !== null && typeof j === "object")
    return Object.fromEntries(Object.entries(j).map(([k, v]) => [k, normalize(v)]));
  return j;
}

/** hcl2json's converter (not HCL's parser) rejects some valid bodies, e.g. one block type used with and without labels. */
class ConverterQuirk extends Error {}

async function theirs(text: string): Promise<Json | Error> {
  try {
    return (await hcl2json("t.hcl", text)) as Json;
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    return e.message.includes("parse config") ? e : new ConverterQuirk(e.message);
  }
}

function ours(text: string): Json | Error {
  try {
    return expectedBody(parseHclFile(text, "t.hcl"));
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

async function compare(text: string): Promise<void> {
  const [a, b] = [ours(text), await theirs(text)];
  if (b instanceof ConverterQuirk) return;
  if (a instanceof Error || b instanceof Error) {
    expect({
      text,
      ours: a instanceof Error ? "rejects" : "accepts",
      theirs: b instanceof Error ? b.message : "accepts",
    }).toEqual({
      text,
      ours: b instanceof Error ? "rejects" : "accepts",
      theirs: b instanceof Error ? b.message : "accepts",
    });
    return;
  }
  expect({ text, json: normalize(a) }).toEqual({ text, json: normalize(b) });
}

describe("our HCL parser agrees with @cdktf/hcl2json", () => {
  const docs = corpus();

  it("finds the 18 conformance HCL documents and our fixtures", () => {
    expect(docs.filter(([name]) => name.startsWith(CONFORMANCE)).length).toBeGreaterThanOrEqual(18);
    expect(docs.length).toBeGreaterThan(20);
  });

  it.each(docs)("on %s", async (_name, text) => {
    await compare(text);
  });
});

const ident = fc.constantFrom("a", "b", "x", "hv", "local", "foo_bar", "k-1");
const text = fc
  .array(fc.constantFrom("a", " ", "Z", "\\n", '\\"', "\\\\", "$${x}", "%%{y}", "é", "1", "$", "%"), {
    maxLength: 5,
  })
  .map((p) => p.join(""));
const literal = fc.oneof(
  fc.integer({ min: 0, max: 99999 }).map(String),
  fc.constantFrom("2.5", "0.125", "12345678901234567890", "true", "false", "null", "-3", "!false"),
  text.map((t) => `"${t}"`),
);
const traversal = fc
  .tuple(
    ident,
    fc.array(
      fc.oneof(
        ident.map((i) => `.${i}`),
        fc.nat(9).map((n) => `[${n}]`),
        fc.constant("[*]"),
      ),
      { maxLength: 3 },
    ),
  )
  .map(([r, steps]) => r + steps.join(""));

const { expr } = fc.letrec<{ expr: string; term: string }>((tie) => ({
  term: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    literal,
    traversal,
    tie("expr").map((e) => `(${e})`),
    fc
      .tuple(fc.constantFrom("upper", "min", "concat"), fc.array(tie("expr"), { maxLength: 3 }), fc.boolean())
      .map(([f, args, expand]) => `${f}(${args.join(", ")}${expand && args.length > 0 ? "..." : ""})`),
    fc.array(tie("expr"), { maxLength: 3 }).map((xs) => `[${xs.join(", ")}]`),
    fc
      .array(fc.tuple(ident, tie("expr")), { maxLength: 3 })
      .map((kv) => `{${kv.map(([k, v]) => `${k} = ${v}`).join(", ")}}`),
    fc.tuple(text, tie("expr"), text).map(([a, e, b]) => `"${a}\${${e}}${b}"`),
    tie("expr").map((e) => `"\${${e}}"`),
    fc.tuple(tie("expr"), text, text).map(([c, a, b]) => `"%{ if ${c} }${a}%{ else }${b}%{ endif }"`),
    fc.tuple(ident, tie("expr"), text).map(([v, c, t]) => `"%{ for ${v} in ${c} }${t}\${${v}}%{ endfor }"`),
    fc
      .tuple(ident, tie("expr"), tie("expr"), fc.option(tie("expr")))
      .map(([v, c, e, cond]) => `[for ${v} in ${c} : ${e}${cond === null ? "" : ` if ${cond}`}]`),
    fc
      .tuple(ident, ident, tie("expr"), tie("expr"), fc.boolean())
      .map(([k, v, c, e, g]) => `{for ${k}, ${v} in ${c} : ${k} => ${e}${g ? "..." : ""}}`),
  ),
  expr: fc.oneof(
    { depthSize: "small" },
    tie("term"),
    fc
      .tuple(
        tie("term"),
        fc.constantFrom("||", "&&", "==", "!=", "<", ">=", "+", "-", "*", "/", "%"),
        tie("term"),
        fc.constantFrom("+", "*", "&&", "=="),
      )
      .map(([a, op, b, op2]) => `${a} ${op} ${b} ${op2} ${a}`),
    fc.tuple(tie("term"), tie("term"), tie("term")).map(([c, a, b]) => `${c} ? ${a} : ${b}`),
    fc.tuple(fc.constantFrom("-", "!"), tie("term")).map(([op, t]) => `${op}${t}`),
  ),
})) as { expr: fc.Arbitrary<string> };

const attrValue = fc.oneof(
  expr,
  // Strip markers only at the top: inside a wrapped expression hcl2json keeps the unstripped source.
  fc
    .tuple(ident, traversal, text, text)
    .map(([v, c, a, b]) => `"%{ for ${v} in ${c} ~}${a}\${ ${v} ~} ${b}%{~ endfor }"`),
  fc.tuple(text, traversal).map(([t, r]) => `<<EOT\n${t.replace(/\\./g, "q")}\${${r}}\nEOT`),
  fc.tuple(text, traversal).map(([t, r]) => `<<-EOT\n    ${t.replace(/\\./g, "q")}\n      \${${r}}\n    EOT`),
);
const attrs = fc.uniqueArray(fc.tuple(fc.constantFrom("v1", "v2", "name", "x", "list"), attrValue), {
  selector: ([n]) => n,
  maxLength: 4,
});
const block = fc
  .tuple(
    fc.constantFrom("values", "locals", "thing"),
    fc.array(fc.constantFrom('"l1"', "l2", '"a b"'), { maxLength: 2 }),
    attrs,
  )
  .map(
    ([type, labels, as]) =>
      `${[type, ...labels].join(" ")} {\n${as.map(([n, v]) => `  ${n} = ${v}\n`).join("")}}\n`,
  );
const doc = fc
  .tuple(fc.array(block, { maxLength: 3 }), attrs)
  .map(([bs, as]) => bs.join("\n") + as.map(([n, v]) => `${n} = ${v}\n`).join(""));

const MUTATIONS = [
  ...[
    "",
    "}",
    "{",
    "=",
    '"',
    "${",
    "(",
    ")",
    "[",
    "]",
    ",",
    "\n",
    "?",
    ":",
    "<<EOT\n",
    "<<-EOT\n",
    "...",
    "..",
    "=>",
  ],
  ...["%{", "~", "#", "//", "/*", "*/", "\r\n", "\t", "\\", "'", "@", "é", "1.", ".0", "e", "-", "!", "*"],
];

describe("on generated documents, our HCL parser agrees with @cdktf/hcl2json", () => {
  it("on structure, literal values and expression text", async () => {
    await fc.assert(
      fc.asyncProperty(doc, (d) => compare(d)),
      { numRuns: 300 },
    );
  });

  it("on which mutated documents are syntax errors", async () => {
    const mutated = fc
      .tuple(doc, fc.nat(), fc.nat(2), fc.constantFrom(...MUTATIONS))
      .map(
        ([d, at, cut, ins]) => d.slice(0, at % (d.length + 1)) + ins + d.slice((at % (d.length + 1)) + cut),
      );
    await fc.assert(
      fc.asyncProperty(mutated, async (d) => {
        const [a, b] = [ours(d), await theirs(d)];
        if (b instanceof ConverterQuirk) return;
        expect({
          d,
          ours: !(a instanceof Error),
          theirsMessage: b instanceof Error ? b.message : "accepts",
        }).toEqual({
          d,
          ours: !(b instanceof Error),
          theirsMessage: b instanceof Error ? b.message : "accepts",
        });
      }),
      { numRuns: 1000 },
    );
  });
});
