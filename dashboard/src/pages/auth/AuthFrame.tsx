import type { ComponentChildren } from 'preact';
import { Page } from '../../kit/Page.tsx';
import { LanguagePicker } from '../../shell/LanguagePicker.tsx';

/** The signed-out pages: a single card, with the language picker. */
export function AuthFrame({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <div class="auth">
      <div class="auth-top">
        <span class="brand">CFDI</span>
        <LanguagePicker />
      </div>
      <main class="auth-card">
        <Page title={title}>{children}</Page>
      </main>
    </div>
  );
}
