import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../core/i18n.ts';

/**
 * Every page starts with this heading. It takes the focus when the page appears, so keyboard and
 * screen-reader users land on the new page instead of the link they pressed.
 */
// The page the browser loaded needs no focus move: the user has not navigated yet.
let navigated = false;

export function Page({
  title,
  actions,
  children,
  subtitle,
}: {
  title: string;
  actions?: ComponentChildren;
  children: ComponentChildren;
  subtitle?: ComponentChildren;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${t('app.title')}`;
    if (navigated) heading.current?.focus({ preventScroll: false });
    navigated = true;
  }, [title]);
  return (
    <section class="page">
      <header class="page-header">
        <div>
          <h1 tabIndex={-1} ref={heading}>
            {title}
          </h1>
          {subtitle && <p class="page-subtitle">{subtitle}</p>}
        </div>
        {actions && <div class="page-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

export function Badge({ tone, children }: { tone: 'ok' | 'warn' | 'bad' | 'neutral'; children: ComponentChildren }) {
  return <span class={`badge ${tone}`}>{children}</span>;
}
