/**
 * The bulk download timings of the simulator that `invoicing serve` starts for itself (in its own
 * process, or beside its API processes with `--processes`): a request is "Aceptada" 2 s and
 * "En proceso" until 6 s, so a test-mode download is ready in about ten seconds (the SAT takes
 * minutes to days; `SIMULATOR_DESCARGA_*` changes any setting, docs/simulator.md).
 */
export const EMBEDDED_DESCARGA_SETTINGS: Readonly<Record<string, number>> = { acceptedSeconds: 2, processingSeconds: 6 };

/** The settings as the `SIMULATOR_DESCARGA_<SETTING>` variables that config.ts reads back. */
export function descargaEnvironment(settings: Readonly<Record<string, number>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(settings).map(([name, value]) => [`SIMULATOR_DESCARGA_${name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`, String(value)]),
  );
}
