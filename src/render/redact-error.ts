/** Re-export: the error redaction lives in `src/shared` so that every stage can use it. */
export { redactError, type Redactor } from "../shared/redact-error";
