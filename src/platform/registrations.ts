/**
 * Registrations made once per owner (a server, a job queue) whose dependencies a later call
 * replaces: the composition root wires a module, and a test injects fakes into that same app.
 */
export function replaceableRegistrations<Owner extends object, Deps>() {
  const registrations = new WeakMap<Owner, { deps: Deps }>();
  /** The registration to read `deps` from at call time, and whether this call created it. */
  return (owner: Owner, deps: Deps): { registration: { deps: Deps }; first: boolean } => {
    const existing = registrations.get(owner);
    if (existing) {
      existing.deps = deps;
      return { registration: existing, first: false };
    }
    const registration = { deps };
    registrations.set(owner, registration);
    return { registration, first: true };
  };
}
