/** The `code` of what `f` throws (a HelmfileError's closed code), or undefined when it returns. */
export function thrownCode(f: () => unknown): string | undefined {
  try {
    f();
    return undefined;
  } catch (e) {
    return (e as { code?: string }).code;
  }
}
