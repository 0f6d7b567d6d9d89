/**
 * The layering rule of src/: which top-level folder may import which (README "How it is
 * built" states the same table). Run by `npm run lint`; exits 1 and lists every import that
 * breaks the rule. Test files (`*.test.ts`) are exempt: tests wire stages together.
 *
 *   npx tsx scripts/check-layers.ts [SRC_DIR]
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";

/** A folder's allowed imports: `may` for any import, `typeOnly` for `import type` only. */
export interface LayerRule {
  readonly may: readonly string[];
  readonly typeOnly?: readonly string[];
}

const ALL = ["shared", "template", "merge", "secrets", "load", "render", "node", "emit", "automation", "cli"];

/** The rule, keyed by the first path segment under src/ (files directly in src/ use their name). */
export const LAYERS: Readonly<Record<string, LayerRule>> = {
  shared: { may: [] },
  template: { may: ["shared"] },
  merge: { may: ["shared"] },
  secrets: { may: ["shared"] },
  load: { may: ["shared", "template", "merge"] },
  render: { may: ["shared", "template", "load"] },
  node: { may: ["shared", "secrets"], typeOnly: ["render"] },
  emit: { may: ["shared", "template", "merge", "secrets", "load", "render", "node"] },
  automation: {
    may: ["shared", "template", "merge", "secrets", "load", "render", "node", "emit"],
    typeOnly: ["cli"],
  },
  cli: { may: ALL.filter((f) => f !== "cli") },
  conformance: { may: ALL.filter((f) => f !== "emit" && f !== "automation") },
  "index.ts": { may: ALL },
  "core.ts": { may: ALL },
  "testing.ts": { may: ALL },
};

/** One import that breaks the rule. */
export interface LayerViolation {
  readonly file: string;
  readonly line: number;
  readonly from: string;
  readonly to: string;
  readonly specifier: string;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(p);
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) yield p;
  }
}

interface ImportRef {
  readonly specifier: string;
  readonly typeOnly: boolean;
  readonly pos: number;
}

function importsOf(file: string, text: string): ImportRef[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: ImportRef[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly)));
      out.push({ specifier: node.moduleSpecifier.text, typeOnly: allTypes, pos: node.getStart(sf) });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      out.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly, pos: node.getStart(sf) });
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === "require")) &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0]!)
    ) {
      out.push({
        specifier: (node.arguments[0] as ts.StringLiteral).text,
        typeOnly: false,
        pos: node.getStart(sf),
      });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const lit = node.argument.literal;
      if (ts.isStringLiteral(lit)) out.push({ specifier: lit.text, typeOnly: true, pos: node.getStart(sf) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out.map((r) => ({ ...r, pos: sf.getLineAndCharacterOfPosition(r.pos).line + 1 }));
}

/** Every import under `srcDir` that its folder's rule does not allow (unknown folders break it too). */
export function checkLayers(
  srcDir: string,
  rules: Readonly<Record<string, LayerRule>> = LAYERS,
): LayerViolation[] {
  const root = path.resolve(srcDir);
  const violations: LayerViolation[] = [];
  for (const file of sourceFiles(root)) {
    const from = path.relative(root, file).split(path.sep)[0]!;
    const rule = rules[from];
    for (const ref of importsOf(file, fs.readFileSync(file, "utf8"))) {
      if (!ref.specifier.startsWith(".")) continue;
      const target = path.relative(root, path.resolve(path.dirname(file), ref.specifier));
      const first = target.split(path.sep)[0]!;
      // A file directly under src/ (`../index`) is named with its extension, like its rule.
      const topFile = first === target && fs.existsSync(path.join(root, `${first}.ts`));
      const dest = target.startsWith("..") ? "(outside src)" : topFile ? `${first}.ts` : first;
      if (dest === from) continue;
      const allowed =
        rule !== undefined &&
        (rule.may.includes(dest) || (ref.typeOnly && (rule.typeOnly ?? []).includes(dest)));
      if (!allowed)
        violations.push({
          file: path.relative(process.cwd(), file),
          line: ref.pos,
          from,
          to: dest,
          specifier: ref.specifier,
        });
    }
  }
  return violations;
}

if (require.main === module) {
  const violations = checkLayers(process.argv[2] ?? "src");
  for (const v of violations)
    console.error(
      `${v.file}:${v.line}: ${v.from} may not import ${v.to} ("${v.specifier}"); see README "How it is built"`,
    );
  if (violations.length > 0) process.exit(1);
}
