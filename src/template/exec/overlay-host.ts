/**
 * A template host layered over another, like the clone helm's `tpl` parses into: templates
 * defined by the re-entrant text are visible to that execution only and never leak into the
 * calling set.
 */
import { isEmptyTree, parseTrees, type ParsedTree } from "../parse/parser";
import type { FuncMap } from "../types";
import type { TemplateHost } from "./executor";

/** Own templates first, then the parent's. */
export class OverlayHost implements TemplateHost {
  private readonly own = new Map<string, ParsedTree>();

  constructor(
    private readonly parent: TemplateHost,
    private readonly funcs: FuncMap,
  ) {}

  get setName(): string {
    return this.parent.setName;
  }

  lookup(name: string): ParsedTree | undefined {
    return this.own.get(name) ?? this.parent.lookup(name);
  }

  parseInto(name: string, source: string): ParsedTree {
    const trees = parseTrees(name, source, { hasFunction: (f) => this.funcs.has(f) });
    for (const [n, tree] of trees) {
      // Go's associate(): an empty redefinition never replaces an existing template.
      if (this.lookup(n) !== undefined && isEmptyTree(tree.root)) continue;
      this.own.set(n, tree);
    }
    return trees.get(name) ?? (this.lookup(name) as ParsedTree);
  }
}
