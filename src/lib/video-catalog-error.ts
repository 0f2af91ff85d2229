/**
 * The root of every error class of src/, as undici's `UndiciError` is of its own: each
 * class has a stable `code` (`VC_ERR_...`, one per class, never reused) that code can
 * tell it by whatever its message says, and its errors are named for their class.
 * `AppError` is the one exception to the code: its errors carry the API's error code
 * (`INVALID_PARAMETER`, ...), which the JSON answers say and which is stable already.
 */
export abstract class VideoCatalogError extends Error {
  /** The class's stable code (see stableCode); AppError's is the API's code of the error. */
  declare readonly code: string;
}

/**
 * Gives an error class its stable code, and its class name as its errors' `name`; called
 * once from the class's `static` block. Both are set on the prototype, not on each error:
 * making an error costs nothing more, and neither is an own field of the error, so a log
 * line (pino's, which writes an error's own fields) and an answer over the cluster's IPC
 * (which carries them) hold the fields they held before the class had a code. A class
 * that sets `this.name` or `this.code` in its constructor keeps its own field: AppError's
 * code, a RemoteError's name (the class it had in the primary), a WorkerError's code (the
 * one the thread's error had).
 */
export function stableCode(cls: { readonly name: string; readonly prototype: VideoCatalogError }, code: `VC_ERR_${string}`): void {
  Object.defineProperty(cls.prototype, "code", { value: code, writable: true, configurable: true });
  Object.defineProperty(cls.prototype, "name", { value: cls.name, writable: true, configurable: true });
}
