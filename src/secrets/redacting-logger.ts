/**
 * A {@link Logger} wrapper that redacts every known secret plaintext from each line before it
 * reaches the underlying sink (helm output, helmfile's progress lines, debug traces).
 */
import type { Logger } from "../shared/io";
import type { SecretRegistry } from "./secret-registry";

/** Wraps `logger` so lines are redacted against `registry` (which may still grow). */
export function redactingLogger(logger: Logger, registry: SecretRegistry): Logger {
  const clean = (m: string): string => (registry.size === 0 ? m : registry.redact(m));
  return {
    debug: (m) => logger.debug(clean(m)),
    info: (m) => logger.info(clean(m)),
    warn: (m) => logger.warn(clean(m)),
  };
}
