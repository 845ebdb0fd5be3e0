import { useEffect } from 'preact/hooks';
import { t } from '../../core/i18n.ts';
import { fieldId, type FormState } from '../../kit/form.tsx';
import type { FiscalProfile } from '../fiscal-profiles/types.ts';
import type { Invoice } from './types.ts';

const NAME = 'email.send_on_stamp';

/** What the issuer's profile does when one of its invoices is stamped. */
function profileDefault(profile: FiscalProfile | undefined): boolean {
  return profile?.email_settings?.send_on_stamp ?? false;
}

/**
 * "Enviar al timbrar": starts as the issuer's profile says (or as the draft says), and follows the
 * profile chosen until the box is touched.
 */
export function SendOnStampField({ form, profile, draft }: { form: FormState; profile: FiscalProfile | undefined; draft: Invoice | undefined }) {
  useEffect(() => {
    if (draft) return;
    form.set(NAME, String(profileDefault(profile)));
  }, [profile?.id, draft]);
  form.fields.add(NAME);
  return (
    <div>
      <label class="check-row">
        <input
          id={fieldId(NAME)}
          type="checkbox"
          name={NAME}
          checked={form.values[NAME] === 'true'}
          onChange={(event) => form.set(NAME, String(event.currentTarget.checked))}
        />
        {t('email.sendOnStamp')}
      </label>
      <p class="hint">{t('email.sendOnStampHint')}</p>
      {form.errors[NAME] && <p class="field-error">{form.errors[NAME]}</p>}
    </div>
  );
}

/** The form's starting value for a draft: its own choice, else its profile's. */
export function draftSendOnStamp(draft: Invoice): string {
  return String(draft.email?.send_on_stamp ?? profileDefault(draft.fiscal_profile));
}

/**
 * The invoice's `email` for the request: left out while the box says what the profile does anyway
 * (the invoice keeps following its profile); otherwise the draft's `email` with the box's choice.
 */
export function emailOfForm(values: Record<string, string>, profile: FiscalProfile | undefined, draft: Invoice | undefined): Invoice['email'] | undefined {
  const chosen = values[NAME] === 'true';
  if (!draft?.email && chosen === profileDefault(profile)) return undefined;
  return { ...draft?.email, send_on_stamp: chosen };
}
