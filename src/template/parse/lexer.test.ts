import { lex, Tok } from "./lexer";

const kinds = (src: string): Tok[] => lex(src).map((t) => t.typ);

describe("lex", () => {
  it("splits text and actions into Go's token kinds", () => {
    expect(kinds("a{{ .X | f 1 }}b")).toEqual([
      Tok.Text,
      Tok.LeftDelim,
      Tok.Space,
      Tok.Field,
      Tok.Space,
      Tok.Pipe,
      Tok.Space,
      Tok.Identifier,
      Tok.Space,
      Tok.Number,
      Tok.Space,
      Tok.RightDelim,
      Tok.Text,
      Tok.EOF,
    ]);
  });

  it("trims surrounding whitespace for {{- and -}} markers", () => {
    const toks = lex("a  \n{{- 1 -}}\n  b");
    expect(toks.filter((t) => t.typ === Tok.Text).map((t) => t.val)).toEqual(["a", "b"]);
  });

  it("reads {{-3}} as the number -3, not a trim marker", () => {
    expect(lex("{{-3}}").find((t) => t.typ === Tok.Number)?.val).toBe("-3");
  });

  it("drops comments, trimming around them when marked", () => {
    expect(
      lex("a {{- /* c */ -}} b")
        .filter((t) => t.typ === Tok.Text)
        .map((t) => t.val),
    ).toEqual(["a", "b"]);
  });

  it("reports Go's lexer errors as a final error token", () => {
    const last = (src: string): string => lex(src).at(-1)?.val ?? "";
    expect(last('{{ "abc }}')).toBe("unterminated quoted string");
    expect(last("{{ 1 ")).toBe("unclosed action");
    expect(last("{{/* c */ 1 }}")).toBe("comment ends before closing delimiter");
    expect(last("{{/* c ")).toBe("unclosed comment");
    expect(last("{{ ) }}")).toBe("unexpected right paren");
    expect(last("{{ (1 }}")).toBe("unclosed left paren");
  });

  it("recognises keywords, booleans, variables, declarations and char constants", () => {
    expect(kinds("{{range $i, $x := .L}}{{'a'}}{{true}}{{end}}").filter((k) => k !== Tok.Space)).toEqual([
      Tok.LeftDelim,
      Tok.Range,
      Tok.Variable,
      Tok.Char,
      Tok.Variable,
      Tok.Declare,
      Tok.Field,
      Tok.RightDelim,
      Tok.LeftDelim,
      Tok.CharConstant,
      Tok.RightDelim,
      Tok.LeftDelim,
      Tok.Bool,
      Tok.RightDelim,
      Tok.LeftDelim,
      Tok.End,
      Tok.RightDelim,
      Tok.EOF,
    ]);
  });

  it("counts lines across text and actions", () => {
    const toks = lex("a\nb\n{{ 1 }}");
    expect(toks.find((t) => t.typ === Tok.Number)?.line).toBe(3);
  });
});
