import { OutputLines } from "./output-lines";
import { renderColourMarkup } from "./colour-markup";

function collect(): { lines: OutputLines; out: string[] } {
  const out: string[] = [];
  return { lines: new OutputLines((t) => out.push(t)), out };
}

describe("the engine's output passed on in whole lines", () => {
  test("a chunk ending inside a line is held until the line ends", () => {
    const { lines, out } = collect();
    lines.push(" +  helmfile:index:Release helmfile-data/db crea");
    expect(out).toEqual([]);
    lines.push("ting (0s) \n +  kubernetes:core/v1:Config");
    expect(out).toEqual([" +  helmfile:index:Release helmfile-data/db creating (0s) \n"]);
    lines.push("Map x created\n");
    expect(out.join("")).toBe(
      " +  helmfile:index:Release helmfile-data/db creating (0s) \n +  kubernetes:core/v1:ConfigMap x created\n",
    );
  });

  test("a line printed between two chunks starts on a line of its own", () => {
    const printed: string[] = [];
    const lines = new OutputLines((t) => printed.push(t));
    lines.push("Updating (dev):\n +  pulumi:pulumi:Stack s cre");
    printed.push("[0/1] create data/db: applying\n");
    lines.push("ating (0s)\n");
    const text = printed.join("");
    expect(text.split("\n")).toContain("[0/1] create data/db: applying");
    expect(text.split("\n")).toContain(" +  pulumi:pulumi:Stack s creating (0s)");
  });

  test("several lines in one chunk go on together; an unfinished last line waits for flush", () => {
    const { lines, out } = collect();
    lines.push("a\nb\nc");
    expect(out).toEqual(["a\nb\n"]);
    lines.flush();
    expect(out).toEqual(["a\nb\n", "c"]);
    lines.flush();
    expect(out).toEqual(["a\nb\n", "c"]);
  });

  test("a colour directive split across chunks is rendered whole", () => {
    const rendered: string[] = [];
    const lines = new OutputLines((t) => rendered.push(renderColourMarkup(t, false)));
    lines.push("Resources:\n    <{%fg ");
    lines.push("2%}>+ 3 created<{%reset%}>\n");
    expect(rendered.join("")).toBe("Resources:\n    + 3 created\n");
  });
});
