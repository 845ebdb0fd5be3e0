/**
 * A worker-pool task that holds its thread until the test lets it go: it waits on a flag in
 * shared memory (0 holds, anything else releases), so a test can keep an organization's share
 * of the pool busy for exactly as long as it needs, without timing anything.
 */
export interface HoldInput {
  flag: Int32Array;
}

export default function hold({ flag }: HoldInput): number {
  Atomics.wait(flag, 0, 0);
  return Atomics.load(flag, 0);
}
