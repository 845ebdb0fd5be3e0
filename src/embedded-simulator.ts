/**
 * The simulator that `invoicing serve` starts for itself (in its own process, or beside its API
 * processes with `--processes`) paces its bulk downloads quickly (a request finished when
 * accepted, a CFDI downloadable once stamped), so that a test-mode download is ready in seconds and
 * a synchronization's backfill in minutes; `SIMULATOR_DESCARGA_SAT_PACING=1` gives the SAT's own
 * pacing, and `SIMULATOR_DESCARGA_*` any single setting (docs/simulator.md).
 */
export const EMBEDDED_DESCARGA_SETTINGS: Readonly<Record<string, number>> = { satPacing: 0 };

/** The settings as the `SIMULATOR_DESCARGA_<SETTING>` variables that config.ts reads back. */
export function descargaEnvironment(settings: Readonly<Record<string, number>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(settings).map(([name, value]) => [`SIMULATOR_DESCARGA_${name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`, String(value)]),
  );
}
