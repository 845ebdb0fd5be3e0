/** A worker-pool task that answers the V8 limits its thread was started with. */
import { resourceLimits } from 'node:worker_threads';

export default function limits(): typeof resourceLimits {
  return resourceLimits;
}
