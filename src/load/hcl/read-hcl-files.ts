/**
 * Reads helmfile HCL values files: only `values` and `locals` blocks (no labels) at the top,
 * only attributes inside them, at most one `locals` block per file.
 */
import type { Attribute, Body } from "./hcl-ast";
import { hclError } from "./hcl-errors";
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

function blockAttributes(body: Body, file: string, type: string): Attribute[] {
  const nested = body.blocks[0];
  if (nested !== undefined) {
    throw hclError(
      "HCL_SYNTAX",
      `unexpected "${nested.type}" block: blocks are not allowed inside a ${type} block`,
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
      `unsupported argument: an argument named "${attr.name}" is not expected here; put it inside a values or locals block`,
      { file, pos: attr.pos, key: attr.name },
    );
  }
  const values: HclDefinition[] = [];
  let locals: Map<string, HclDefinition> | undefined;
  for (const block of body.blocks) {
    if (block.type !== "values" && block.type !== "locals") {
      throw hclError(
        "HCL_SYNTAX",
        `unsupported block type "${block.type}": only values and locals blocks are expected here`,
        { file, pos: block.pos },
      );
    }
    if (block.labels.length > 0) {
      throw hclError(
        "HCL_SYNTAX",
        `extraneous label for ${block.type}: no labels are expected for ${block.type} blocks`,
        { file, pos: block.pos },
      );
    }
  }
  if (body.blocks.filter((b) => b.type === "locals").length > 1) {
    throw hclError("HCL_SYNTAX", "a file can only support exactly 1 `locals` block", {
      file,
      pos: body.blocks[0]?.pos,
    });
  }
  for (const block of body.blocks) {
    const defs = blockAttributes(block.body, file, block.type).map((a) => ({
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
