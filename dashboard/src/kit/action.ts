import { useState } from 'preact/hooks';
import type { Problem } from '../core/api.ts';
import { asProblem } from './ProblemBox.tsx';

export interface Action {
  busy: boolean;
  problem: Problem | undefined;
  /** Runs one action at a time; its error becomes `problem` (shown with ProblemBox). */
  run(work: () => Promise<void>): Promise<void>;
}

/** The busy/problem state of a page's buttons (enable, rotate, resend…), as InvoiceActions does by hand. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | undefined>();
  return {
    busy,
    problem,
    async run(work) {
      if (busy) return;
      setBusy(true);
      setProblem(undefined);
      try {
        await work();
      } catch (error) {
        setProblem(asProblem(error));
      } finally {
        setBusy(false);
      }
    },
  };
}
