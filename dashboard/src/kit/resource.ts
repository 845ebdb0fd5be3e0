import { useEffect, useState } from 'preact/hooks';
import { api, type Problem, type RequestOptions } from '../core/api.ts';
import { asProblem } from './ProblemBox.tsx';

export interface Resource<T> {
  data: T | undefined;
  problem: Problem | undefined;
  loading: boolean;
  reload(): void;
  /** Replaces the data with an action's answer (stamp, revoke…) without another request. */
  replace(data: T): void;
}

/**
 * GETs `path` and keeps the answer. A new path, or an unmount, discards the answer in flight:
 * pages are remounted on a mode switch, so the other mode's data can never arrive late.
 */
export function useResource<T>(path: string | undefined, options?: Pick<RequestOptions, 'query'> & { version?: number }): Resource<T> {
  const [data, setData] = useState<T | undefined>();
  const [problem, setProblem] = useState<Problem | undefined>();
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  const queryKey = JSON.stringify(options?.query ?? {});
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    setLoading(true);
    setProblem(undefined);
    api
      .get<T>(path, { query: JSON.parse(queryKey) as Record<string, string>, signal: controller.signal })
      .then((answer) => {
        if (!controller.signal.aborted) setData(answer);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setProblem(asProblem(error));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [path, queryKey, generation, options?.version]);
  return { data, problem, loading, reload: () => setGeneration((value) => value + 1), replace: setData };
}
