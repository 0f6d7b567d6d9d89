import { RunRegistry } from "./release-hooks";

describe("RunRegistry (the release hooks registered per engine run)", () => {
  it("makes a run's entry once and hands it back for every later use in that run", () => {
    const registry = new RunRegistry<{ n: number }>();
    let made = 0;
    const make = (): { n: number } => ({ n: ++made });
    const first = registry.get("127.0.0.1:41000 127.0.0.1:41002", make);
    expect(registry.get("127.0.0.1:41000 127.0.0.1:41002", make)).toBe(first);
    expect(made).toBe(1);
  });

  it("makes a new entry for another run, and for the same addresses once forgotten (a new run on reused ports)", () => {
    const registry = new RunRegistry<{ n: number }>();
    let made = 0;
    const make = (): { n: number } => ({ n: ++made });
    const first = registry.get("127.0.0.1:41000 127.0.0.1:41002", make);
    expect(registry.get("127.0.0.1:41000 127.0.0.1:41004", make)).not.toBe(first);
    registry.forget();
    const again = registry.get("127.0.0.1:41000 127.0.0.1:41002", make);
    expect(again).not.toBe(first);
    expect(made).toBe(3);
  });
});
