import { createPrivateKey, X509Certificate } from "node:crypto";
import { render, renderError } from "./test-render";

describe("sprig crypto functions", () => {
  // Expected passwords from sprig v3.3.0 crypto_test.go (Master Password algorithm).
  it.each([
    ['{{derivePassword 1 "long" "password" "user" "example.com"}}', "ZedaFaxcZaso9*"],
    ['{{derivePassword 2 "long" "password" "user" "example.com"}}', "Fovi2@JifpTupx"],
    ['{{derivePassword 1 "maximum" "password" "user" "example.com"}}', "pf4zS1LjCg&LjhsZ7T2~"],
    ['{{derivePassword 1 "medium" "password" "user" "example.com"}}', "ZedJuz8$"],
    ['{{derivePassword 1 "basic" "password" "user" "example.com"}}', "pIS54PLs"],
    ['{{derivePassword 1 "short" "password" "user" "example.com"}}', "Zed5"],
    ['{{derivePassword 1 "pin" "password" "user" "example.com"}}', "6685"],
  ])("%s derives %j", (tpl, want) => {
    expect(render(tpl)).toBe(want);
  });

  it("generates private keys in sprig's PEM block types", () => {
    expect(render('{{ genPrivateKey "ecdsa" }}')).toContain("-----BEGIN EC PRIVATE KEY-----");
    expect(render('{{ genPrivateKey "ed25519" }}')).toContain("-----BEGIN PRIVATE KEY-----");
    expect(render('{{ genPrivateKey "dsa" }}')).toContain("-----BEGIN DSA PRIVATE KEY-----");
    expect(render('{{ genPrivateKey "bad" }}')).toBe("Unknown type bad");
    const ec = render('{{ genPrivateKey "ecdsa" }}');
    expect(createPrivateKey(ec).asymmetricKeyType).toBe("ec");
  });

  it("round-trips encryptAES through decryptAES", () => {
    expect(render('{{ encryptAES "secretkey" "plaintext" | decryptAES "secretkey" }}')).toBe("plaintext");
    expect(render('{{ encryptAES "k" "" }}')).toBe("");
  });

  it("builds a CA and a certificate signed by it", () => {
    const out = render(
      '{{ $ca := genCA "foo-ca" 365 }}{{ $c := genSignedCert "foo.com" (list "10.0.0.1") (list "foo.com" "www.foo.com") 365 $ca }}{{ $ca.Cert }}|{{ $c.Cert }}|{{ $c.Key }}',
    );
    const [caPem = "", certPem = "", keyPem = ""] = out.split("|");
    const ca = new X509Certificate(caPem);
    const cert = new X509Certificate(certPem);
    expect(ca.ca).toBe(true);
    expect(ca.subject).toBe("CN=foo-ca");
    expect(cert.issuer).toBe("CN=foo-ca");
    expect(cert.verify(ca.publicKey)).toBe(true);
    expect(cert.subjectAltName).toBe("DNS:foo.com, DNS:www.foo.com, IP Address:10.0.0.1");
    expect(cert.checkPrivateKey(createPrivateKey(keyPem))).toBe(true);
    expect(keyPem).toContain("-----BEGIN RSA PRIVATE KEY-----");
  });

  it("self-signs with a given key and validates buildCustomCert input", () => {
    const out = render(
      '{{ $c := genSelfSignedCertWithKey "x" nil nil 10 (genPrivateKey "ecdsa") }}{{ $c.Cert }}',
    );
    expect(new X509Certificate(out).subject).toBe("CN=x");
    expect(renderError('{{ buildCustomCert "Zm9v" "Zm9v" }}')).toContain("unable to decode certificate");
  });

  it("refuses htpasswd user names with a colon", () => {
    expect(render('{{ htpasswd "wrongus:er" "x" }}')).toBe("invalid username: wrongus:er");
  });
});
