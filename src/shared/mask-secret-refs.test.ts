import { maskSecretRefQueries } from "./redact-error";

describe("maskSecretRefQueries", () => {
  it("masks the query of a secret reference and keeps backend, path and key", () => {
    expect(
      maskSecretRefQueries('at <fetchSecretValue "ref+vault://secret/app?token=s.tok3n#pw">: boom'),
    ).toBe('at <fetchSecretValue "ref+vault://secret/app?***#pw">: boom');
  });

  it("leaves references without a query and other text alone", () => {
    const text = "ref+file://values.yaml#/a and ?x=1 outside a reference";
    expect(maskSecretRefQueries(text)).toBe(text);
  });
});
