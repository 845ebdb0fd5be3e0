import { useState } from 'preact/hooks';
import { api } from '../core/api.ts';
import { t } from '../core/i18n.ts';
import { navigate } from '../core/router.ts';
import { useAction } from './action.ts';
import { ProblemBox } from './ProblemBox.tsx';

/**
 * A delete button that asks first: the confirmation says what deleting means, and only its own
 * button sends the DELETE. On success the page goes back to `then` (the list).
 */
export function DeleteAction({ path, label, consequence, then }: { path: string; label: string; consequence: string; then: string }) {
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  const remove = () =>
    action.run(async () => {
      await api.delete(path);
      navigate(then);
    });
  return (
    <div class="action-bar">
      <button type="button" class="button danger" disabled={action.busy} aria-expanded={confirming} onClick={() => setConfirming(true)}>
        {label}
      </button>
      {confirming && (
        <div class="confirm" role="alertdialog" aria-label={label}>
          <p class="notice warn">{consequence}</p>
          <button type="button" class="button danger" disabled={action.busy} onClick={remove}>
            {t('saved.deleteSubmit')}
          </button>
          <button type="button" class="button subtle" onClick={() => setConfirming(false)}>
            {t('form.cancel')}
          </button>
        </div>
      )}
      <ProblemBox problem={action.problem} />
    </div>
  );
}
