/**
 * The engine's output arrives in the chunks its pipe delivers, which may end inside a line (or
 * inside a colour directive such as `<{%fg 2%}>`). Passed on whole lines at a time, so what is
 * printed between two chunks (the CLI's progress lines) starts on a line of its own, and the
 * markup is rendered on text that holds each directive whole.
 */
export class OutputLines {
  private pending = "";

  /** @param emit Receives one or more whole lines (each ending in a newline), or the remainder on `flush`. */
  constructor(private readonly emit: (text: string) => void) {}

  /** Adds one chunk; passes on every line it completes and keeps the rest. */
  push(chunk: string): void {
    const text = this.pending + chunk;
    const end = text.lastIndexOf("\n");
    if (end < 0) {
      this.pending = text;
      return;
    }
    this.pending = text.slice(end + 1);
    this.emit(text.slice(0, end + 1));
  }

  /** Passes on what is left of an unfinished last line (at the end of the output). */
  flush(): void {
    if (this.pending === "") return;
    const rest = this.pending;
    this.pending = "";
    this.emit(rest);
  }
}
