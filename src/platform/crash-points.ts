/**
 * Crash points: the steps of crash-safe work where a test stops the process (kill -9) or throws
 * to stand for its death, so that what comes after (a retry, a recovery job, another worker) is
 * tested from exactly there. Each module adds its points to `CrashPoints` by declaration merging,
 * each with what the hook is told about the work at that point; production code calls the one
 * `CrashHook` at each of them, always as `deps.crashHook?.(point, subject)`.
 */

/** @public (used by module augmentation, which knip does not count) */
// biome-ignore lint/suspicious/noEmptyInterface: modules add their points by declaration merging
export interface CrashPoints {}

/**
 * The one crash hook, told a point and what it is about: given to the app when it is built
 * (`AppOptions.crashHook`, only crash tests give one), which hands it to every module with crash
 * points through its dependencies.
 */
export type CrashHook = <Point extends keyof CrashPoints>(point: Point, subject: CrashPoints[Point]) => void;
