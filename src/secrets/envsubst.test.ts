import { envsubst } from "./envsubst";

describe("envsubst", () => {
  const env = { A: "x", EMPTY: "" };

  it("substitutes $VAR and ${VAR}, unset variables become empty", () => {
    expect(envsubst("$A-${A}-$MISSING-${MISSING}", env)).toBe("x-x--");
  });

  it("supports the shell default and alternative forms", () => {
    expect(envsubst("${MISSING:-d} ${EMPTY:-d} ${EMPTY-d} ${A:+alt} ${MISSING+alt}", env)).toBe("d d  alt ");
  });

  it("keeps $$ as a literal dollar", () => {
    expect(envsubst("cost $$5", env)).toBe("cost $5");
  });
});
