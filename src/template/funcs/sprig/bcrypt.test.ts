import { bcryptWithSalt } from "./bcrypt";
import { render } from "./test-render";

/** Decodes bcrypt's base64 alphabet (for the salt of a known hash). */
function decode64(s: string): Uint8Array {
  const from = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const std = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  return Buffer.from([...s].map((c) => std[from.indexOf(c)]).join(""), "base64");
}

describe("bcrypt", () => {
  // Openwall crypt_blowfish test vector, also what glibc's crypt(3) returns for it.
  it("matches the crypt_blowfish reference hash", () => {
    const salt = decode64("CCCCCCCCCCCCCCCCCCCCC.").subarray(0, 16);
    expect(bcryptWithSalt(Buffer.from("U*U"), 5, salt)).toBe(
      "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",
    );
  });

  it("produces cost-10 $2a$ hashes from the template functions", () => {
    expect(render('{{ bcrypt "abc" }}')).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    expect(render('{{ htpasswd "myUser" "myPassword" }}')).toMatch(/^myUser:\$2a\$10\$[./A-Za-z0-9]{53}$/);
  });
});
