import { api, apiPath } from '../../core/api.ts';
import { t } from '../../core/i18n.ts';
import { SelectField } from '../../kit/fields.tsx';
import { Form, useForm } from '../../kit/form.tsx';
import type { FiscalProfile } from './types.ts';

const SWITCHES = ['email_settings.send_on_stamp', 'email_settings.send_on_cancel'] as const;

/** The profile's automatic e-mails: the invoice when stamped, the cancellation notice when cancelled, and their language. */
export function EmailSettings({ profile, onDone }: { profile: FiscalProfile; onDone: (profile: FiscalProfile) => void }) {
  const settings = profile.email_settings;
  const form = useForm({
    'email_settings.send_on_stamp': String(settings.send_on_stamp),
    'email_settings.send_on_cancel': String(settings.send_on_cancel),
    'email_settings.language': settings.language,
  });
  async function submit() {
    const email_settings = {
      send_on_stamp: form.values['email_settings.send_on_stamp'] === 'true',
      send_on_cancel: form.values['email_settings.send_on_cancel'] === 'true',
      language: form.values['email_settings.language'],
    };
    onDone(await api.patch<FiscalProfile>(apiPath`/v1/fiscal_profiles/${profile.id}`, { email_settings }));
  }
  return (
    <section class="panel" aria-labelledby="email-settings-title">
      <h2 id="email-settings-title">{t('profiles.emailSettings')}</h2>
      <p class="hint">{t('profiles.emailSettingsIntro')}</p>
      <Form form={form} onSubmit={submit} submitLabel={t('profiles.saveEmailSettings')} label={t('profiles.emailSettings')}>
        {SWITCHES.map((name) => (
          <label class="check-row" key={name}>
            <input
              type="checkbox"
              name={name}
              checked={form.values[name] === 'true'}
              onChange={(event) => form.set(name, String(event.currentTarget.checked))}
            />
            {t(name === SWITCHES[0] ? 'profiles.sendOnStamp' : 'profiles.sendOnCancel')}
          </label>
        ))}
        <SelectField
          form={form}
          name="email_settings.language"
          label={t('email.language')}
          options={[
            { value: 'es', label: t('email.language.es') },
            { value: 'en', label: t('email.language.en') },
          ]}
        />
      </Form>
    </section>
  );
}
