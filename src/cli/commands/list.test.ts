import { formatTable } from "./list";

describe("formatTable lays rows out like gosuri/uitable with helmfile's trim", () => {
  test("cells are padded to the widest in their column and joined by tabs; trailing blanks go", () => {
    const out = formatTable([
      ["NAME", "NAMESPACE", "VERSION"],
      ["frontend", "web", ""],
      ["b", "kube-system", "1.0.0"],
    ]);
    expect(out).toBe(
      ["NAME    \tNAMESPACE  \tVERSION", "frontend\tweb", "b       \tkube-system\t1.0.0"].join("\n"),
    );
  });
});
