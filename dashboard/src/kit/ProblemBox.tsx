import type { Problem } from '../core/api.ts';
import { languageStore, t } from '../core/i18n.ts';

/**
 * An API problem as the user reads it: title, detail, what to do. The live region is always in the
 * page (empty when there is nothing to say) so that screen readers announce what appears in it.
 */
export function ProblemBox({ problem, unmatched }: { problem: Problem | undefined; unmatched?: { path: string; message: string }[] }) {
  return (
    <div class="problem-region" role="alert" aria-live="assertive">
      {problem && (
        <div class="problem" data-code={problem.code}>
          <p class="problem-title">{problem.title}</p>
          {problem.detail && <p>{problem.detail}</p>}
          {unmatched && unmatched.length > 0 && (
            <ul>
              {unmatched.map((error) => (
                <li key={error.path}>
                  {/* The server's Spanish messages name the field as a person would; its path is for developers. */}
                  {languageStore.get() === 'en' && <code>{error.path || '—'}</code>} {error.message}
                </li>
              ))}
            </ul>
          )}
          {problem.remediation && (
            <p class="problem-remediation">
              <strong>{t('problem.whatToDo')}</strong> {problem.remediation}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** Turns anything thrown into a problem to show (network failures included). */
export function asProblem(error: unknown): Problem {
  if (error && typeof error === 'object' && 'problem' in error) return (error as { problem: Problem }).problem;
  return { title: t('problem.network'), status: 0, code: 'network.error', detail: error instanceof Error ? error.message : String(error) };
}
