import { render } from "./test-render";

// Expected values from sprig's crypto_test.go/strings_test.go, RFC 4648 test vectors and
// the helm-produced conformance vectors.
describe("sprig encoding functions", () => {
  it("hashes like sprig's tests", () => {
    expect(render('{{"abc" | sha512sum}}')).toBe(
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
    );
    expect(render('{{"abc" | sha256sum}}')).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(render('{{"abc" | sha1sum}}')).toBe("a9993e364706816aba3e25717850c26c9cd0d89d");
    expect(render('{{"abc" | adler32sum}} {{ adler32sum "" }}')).toBe("38600999 1");
  });

  it("encodes and decodes base64 and base32 (RFC 4648 vectors)", () => {
    expect(render('{{ b64enc "foobar" }} {{ b64dec "Zm9vYmFy" }} {{ b64dec "Zm8=" }}')).toBe(
      "Zm9vYmFy foobar fo",
    );
    expect(render('{{ b32enc "f" }} {{ b32enc "foob" }} {{ b32enc "foobar" }}')).toBe(
      "MY====== MZXW6YQ= MZXW6YTBOI======",
    );
    expect(render('{{ b32dec "MZXW6YQ=" }} {{ b32dec "MZXW6YTBOI======" }}')).toBe("foob foobar");
  });

  it("returns Go's decode error text instead of failing", () => {
    expect(render('{{ b64dec "not*base64" }}')).toBe("illegal base64 data at input byte 3");
    expect(render('{{ b64dec "aGVsbG8" }}')).toBe("illegal base64 data at input byte 4");
    expect(render('{{ b32dec "1" }}')).toBe("illegal base32 data at input byte 0");
  });
});
