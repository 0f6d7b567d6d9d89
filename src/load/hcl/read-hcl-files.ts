/**
 * Reads helmfile HCL values files: only `values` and `locals` blocks (no labels) at the top,
 * only attributes inside them, at most one `locals` block per file.
 */
import type { Attribute, Body } from "./hcl-ast";
import { diagnosticText, hclError, type HclPos } from "./hcl-errors";
import { parseHclFile } from "./parse-body";

/** One attribute of a `values` or `locals` block, with where it came from. */
export interface HclDefinition {
  readonly name: string;
  readonly attr: Attribute;
  readonly file: string;
  /** The file as helmfile names it in hcl's diagnostics. */
  readonly shown: string;
}

/** What one file contributes. `locals` is undefined when the file has no locals block. */
export interface HclFileDefs {
  readonly file: string;
  readonly values: HclDefinition[];
  readonly locals: Map<string, HclDefinition> | undefined;
}

/** hcl's diagnostic text for a name at `pos` (its range is the name). */
function named(shown: string, pos: HclPos, name: string, summary: string, detail: string): string {
  const end = { line: pos.line, column: pos.column + [...name].length };
  return diagnosticText(shown, { summary, detail, start: pos, end });
}

function blockAttributes(body: Body, file: string, shown: string): Attribute[] {
  const nested = body.blocks[0];
  if (nested !== undefined) {
    throw hclError(
      "HCL_SYNTAX",
      named(
        shown,
        nested.pos,
        nested.type,
        `Unexpected "${nested.type}" block`,
        "Blocks are not allowed here.",
      ),
      { file, pos: nested.pos },
    );
  }
  const bad = body.attributes.find((a) => !/^[\p{ID_Start}_][\p{ID_Continue}\-]*$/u.test(a.name));
  if (bad !== undefined) {
    throw hclError(
      "HCL_SYNTAX",
      `invalid helmfile_vars variable name "${bad.name}": a name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes`,
      { file, pos: bad.pos },
    );
  }
  return body.attributes;
}

/** Parses one file's text into its definitions. */
export function readHclFile(text: string, file: string, shown: string = file): HclFileDefs {
  const body = parseHclFile(text, file, shown);
  const attr = body.attributes[0];
  if (attr !== undefined) {
    throw hclError(
      "HCL_SYNTAX",
      named(
        shown,
        attr.pos,
        attr.name,
        "Unsupported argument",
        `An argument named "${attr.name}" is not expected here.`,
      ),
      { file, pos: attr.pos, key: attr.name },
    );
  }
  const values: HclDefinition[] = [];
  let locals: Map<string, HclDefinition> | undefined;
  for (const block of body.blocks) {
    if (block.type !== "values" && block.type !== "locals") {
      throw hclError(
        "HCL_SYNTAX",
        named(
          shown,
          block.pos,
          block.type,
          "Unsupported block type",
          `Blocks of type "${block.type}" are not expected here.`,
        ),
        { file, pos: block.pos },
      );
    }
    const label = block.labelRanges?.[0];
    if (block.labels.length > 0) {
      const summary = `Extraneous label for ${block.type}`;
      const detail = `No labels are expected for ${block.type} blocks.`;
      throw hclError(
        "HCL_SYNTAX",
        label === undefined
          ? `${summary}; ${detail}`
          : diagnosticText(shown, { summary, detail, start: label.start, end: label.end }),
        { file, pos: label?.start ?? block.pos },
      );
    }
  }
  const localBlocks = body.blocks.filter((b) => b.type === "locals");
  const first = localBlocks[0];
  if (first !== undefined && localBlocks.length > 1) {
    // helmfile's own diagnostic (pkg/hcllang), with an empty detail, on the first locals block.
    throw hclError(
      "HCL_SYNTAX",
      named(shown, first.pos, first.type, "A file can only support exactly 1 `locals` block", ""),
      {
        file,
        pos: first.pos,
      },
    );
  }
  for (const block of body.blocks) {
    const defs = blockAttributes(block.body, file, shown).map((a) => ({
      name: a.name,
      attr: a,
      file,
      shown,
    }));
    if (block.type === "values") values.push(...defs);
    else locals = new Map(defs.map((d) => [d.name, d]));
  }
  return { file, values, locals };
}
