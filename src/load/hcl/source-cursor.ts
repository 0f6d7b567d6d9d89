/**
 * A position in HCL source as hashicorp/hcl counts it: 1-based lines, and 1-based columns
 * that count grapheme clusters (not bytes or UTF-16 units), as hclsyntax's scanner does.
 */
import type { HclPos } from "./hcl-errors";

/** Walks a source text, keeping the line and column of the current offset. */
export class SourceCursor {
  offset = 0;
  private line = 1;
  private column = 1;
  /** Offsets where a grapheme cluster starts; undefined for ASCII-only text (every offset). */
  private readonly starts: Set<number> | undefined;

  constructor(private readonly src: string) {
    this.starts = /[^\u0000-\u007f]/.test(src)
      ? new Set(
          [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(src)].map((g) => g.index),
        )
      : undefined;
  }

  /** The current position. */
  position(): HclPos {
    return { line: this.line, column: this.column };
  }

  /** True at the end of the text. */
  eof(): boolean {
    return this.offset >= this.src.length;
  }

  /** Moves `n` UTF-16 units on. */
  advance(n: number): void {
    for (let i = 0; i < n && this.offset < this.src.length; i++) {
      if (this.src[this.offset] === "\n") {
        this.line++;
        this.column = 1;
      } else if (this.starts === undefined || this.starts.has(this.offset)) {
        this.column++;
      }
      this.offset++;
    }
  }
}
