/**
 * A {@link Logger} that keeps what the component logs, so component tests pass it as the
 * Helmfile's `logger` option instead of letting Pulumi's mock runtime print every line.
 */
import type { Logger } from "../../src/shared/io";

/** The lines one {@link recordingLogger} has received, by level. */
export interface RecordedLogs {
  readonly debug: string[];
  readonly info: string[];
  readonly warn: string[];
}

/** A logger and the lines it has recorded. */
export function recordingLogger(): { readonly logger: Logger; readonly logs: RecordedLogs } {
  const logs: RecordedLogs = { debug: [], info: [], warn: [] };
  const logger: Logger = {
    debug: (m) => void logs.debug.push(m),
    info: (m) => void logs.info.push(m),
    warn: (m) => void logs.warn.push(m),
  };
  return { logger, logs };
}
