import { t } from '../core/i18n.ts';
import { href } from '../core/router.ts';
import { Page } from '../kit/Page.tsx';
import { HOME } from '../pages/registry.ts';

export function NotFound() {
  return (
    <Page title={t('notFound.title')}>
      <p>{t('notFound.body')}</p>
      <a href={href(HOME)}>{t('notFound.home')}</a>
    </Page>
  );
}
