import { t } from '../../core/i18n.ts';
import { Badge } from '../../kit/Page.tsx';
import type { FiscalProfile } from './types.ts';

export function ProfileStatus({ profile }: { profile: FiscalProfile }) {
  return profile.status === 'active' ? <Badge tone="ok">{t('profiles.active')}</Badge> : <Badge tone="warn">{t('profiles.requiresAction')}</Badge>;
}

/** What the profile needs before it can stamp, as a checklist: the steps done and the API's next_actions. */
export function Checklist({ profile }: { profile: FiscalProfile }) {
  const steps = [
    { done: true, label: t('profiles.stepCsd', { serial: profile.csd.serial }) },
    { done: profile.has_fiel, label: t('profiles.stepFiel') },
    { done: profile.manifest_status === 'signed', label: t('profiles.stepManifest') },
  ];
  return (
    <section class="panel" aria-labelledby="checklist-title">
      <h2 id="checklist-title">{t('profiles.checklist')}</h2>
      <ul class="checklist">
        {steps.map((step) => (
          <li key={step.label} class={step.done ? 'done' : 'todo'}>
            <span class="check" aria-hidden="true">
              {step.done ? '✓' : '○'}
            </span>
            <span>{step.label}</span>
            <span class="visually-hidden">{step.done ? t('profiles.done') : t('profiles.pending')}</span>
          </li>
        ))}
      </ul>
      {profile.pending_actions.length > 0 && (
        <>
          <h3>{t('profiles.nextActions')}</h3>
          <ul class="actions-list" data-testid="next-actions">
            {profile.pending_actions.map((action) => (
              <li key={action.type}>
                <strong>{action.message}</strong> <code>{action.endpoint}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
