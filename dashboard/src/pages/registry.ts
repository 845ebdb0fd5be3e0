/**
 * Every page of the dashboard, in one table: the router matches these paths in order, the
 * navigation lists the entries with `nav`. Adding a page is a line here (dashboard/KIT.md).
 */
import type { ComponentType } from 'preact';
import type { MessageKey } from '../core/i18n.ts';
import type { Permission } from '../core/session.ts';
import { AccountPage } from './auth/AccountPage.tsx';
import { SignInPage } from './auth/SignInPage.tsx';
import { SignUpPage } from './auth/SignUpPage.tsx';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage.tsx';
import { ResetPasswordPage } from './auth/ResetPasswordPage.tsx';
import { ApiKeysPage } from './api-keys/ApiKeysPage.tsx';
import { HomePage } from './home/HomePage.tsx';
import { FiscalProfilePage } from './fiscal-profiles/FiscalProfilePage.tsx';
import { FiscalProfilesPage } from './fiscal-profiles/FiscalProfilesPage.tsx';
import { NewFiscalProfilePage } from './fiscal-profiles/NewFiscalProfilePage.tsx';
import { EditInvoicePage } from './invoices/EditInvoicePage.tsx';
import { InvoicePage } from './invoices/InvoicePage.tsx';
import { InvoicesPage } from './invoices/InvoicesPage.tsx';
import { NewInvoicePage } from './invoices/NewInvoicePage.tsx';
import { AccountsPage } from './accounts/AccountsPage.tsx';
import { ConnectedAccountPage } from './accounts/ConnectedAccountPage.tsx';
import { CfdiPage } from './cfdis/CfdiPage.tsx';
import { CfdisPage } from './cfdis/CfdisPage.tsx';
import { DownloadPage } from './downloads/DownloadPage.tsx';
import { DownloadsPage } from './downloads/DownloadsPage.tsx';
import { NewDownloadPage } from './downloads/NewDownloadPage.tsx';
import { EventPage } from './events/EventPage.tsx';
import { EventsPage } from './events/EventsPage.tsx';
import { ExportsPage } from './exports/ExportsPage.tsx';
import { ReportsPage } from './reports/ReportsPage.tsx';
import { UsagePage } from './usage/UsagePage.tsx';
import { ValidationPage } from './validations/ValidationPage.tsx';
import { ValidationsPage } from './validations/ValidationsPage.tsx';
import { WebhookPage } from './webhooks/WebhookPage.tsx';
import { WebhooksPage } from './webhooks/WebhooksPage.tsx';
import { AuditPage } from './team/AuditPage.tsx';
import { InvitationPage } from './team/InvitationPage.tsx';
import { TeamPage } from './team/TeamPage.tsx';
import { MailMessagePage } from './mail/MailMessagePage.tsx';
import { MailPage } from './mail/MailPage.tsx';
import { CustomerPage } from './customers/CustomerPage.tsx';
import { CustomersPage } from './customers/CustomersPage.tsx';
import { ProductPage } from './products/ProductPage.tsx';
import { ProductsPage } from './products/ProductsPage.tsx';

export interface PageRoute {
  path: string;
  component: ComponentType<{ params: Record<string, string> }>;
  /** Shown in the navigation under this label. */
  nav?: MessageKey;
  /** Reachable signed out (sign-in, sign-up); every other page needs a session. */
  public?: boolean;
  /** With `public`: stays put for a signed-in user too, instead of leading to the start page (an invitation). */
  open?: boolean;
  /** Listed in the navigation only for a session whose role holds this permission (the API's, sent with the session). */
  permission?: Permission;
  /** Listed only when the service keeps its messages for the mail catcher (the session says so). */
  mailCatcher?: boolean;
  /**
   * Where a mode switch leads from this page: a resource of one mode does not exist in the
   * other, so detail pages go back to their list.
   */
  parent?: string;
  /**
   * A form being filled in: a language switch renders it again in the new language instead of
   * mounting it anew, so what was typed stays (data it already read keeps the language it was read in).
   */
  keepsStateOnLanguage?: boolean;
}

export const routes: PageRoute[] = [
  { path: '/sign-in', component: SignInPage, public: true },
  { path: '/sign-up', component: SignUpPage, public: true },
  { path: '/forgot-password', component: ForgotPasswordPage, public: true },
  // The e-mailed link's page (its path is the one the reset e-mail names); open to a signed-in tab too.
  { path: '/reset_password', component: ResetPasswordPage, public: true, open: true },
  { path: '/invitation', component: InvitationPage, public: true, open: true },
  { path: '/home', component: HomePage, nav: 'nav.home' },
  { path: '/invoices', component: InvoicesPage, nav: 'nav.invoices' },
  { path: '/invoices/new', component: NewInvoicePage, parent: '/invoices', keepsStateOnLanguage: true },
  { path: '/invoices/:id', component: InvoicePage, parent: '/invoices' },
  { path: '/invoices/:id/edit', component: EditInvoicePage, parent: '/invoices', keepsStateOnLanguage: true },
  { path: '/customers', component: CustomersPage, nav: 'nav.customers' },
  { path: '/customers/:id', component: CustomerPage, parent: '/customers' },
  { path: '/products', component: ProductsPage, nav: 'nav.products' },
  { path: '/products/:id', component: ProductPage, parent: '/products' },
  { path: '/fiscal-profiles', component: FiscalProfilesPage, nav: 'nav.fiscalProfiles' },
  { path: '/fiscal-profiles/new', component: NewFiscalProfilePage, parent: '/fiscal-profiles' },
  { path: '/fiscal-profiles/:id', component: FiscalProfilePage, parent: '/fiscal-profiles' },
  { path: '/cfdis', component: CfdisPage, nav: 'nav.cfdis' },
  { path: '/cfdis/:uuid', component: CfdiPage, parent: '/cfdis' },
  { path: '/exports', component: ExportsPage, nav: 'nav.exports' },
  { path: '/reports', component: ReportsPage, nav: 'nav.reports' },
  { path: '/downloads', component: DownloadsPage, nav: 'nav.downloads' },
  { path: '/downloads/new', component: NewDownloadPage, parent: '/downloads' },
  { path: '/downloads/:id', component: DownloadPage, parent: '/downloads' },
  { path: '/validations', component: ValidationsPage, nav: 'nav.validations' },
  { path: '/validations/:id', component: ValidationPage, parent: '/validations' },
  { path: '/usage', component: UsagePage, nav: 'nav.usage' },
  { path: '/webhooks', component: WebhooksPage, nav: 'nav.webhooks' },
  { path: '/webhooks/:id', component: WebhookPage, parent: '/webhooks' },
  { path: '/events', component: EventsPage, nav: 'nav.events' },
  { path: '/events/:id', component: EventPage, parent: '/events' },
  { path: '/api-keys', component: ApiKeysPage, nav: 'nav.apiKeys' },
  // Connected accounts are organizations, not data of a mode: no parent, a mode switch keeps the page.
  { path: '/accounts', component: AccountsPage, nav: 'nav.connectedAccounts' },
  { path: '/accounts/:id', component: ConnectedAccountPage },
  { path: '/team', component: TeamPage, nav: 'nav.team' },
  { path: '/audit', component: AuditPage, nav: 'nav.audit', permission: 'manage_members' },
  { path: '/mail', component: MailPage, nav: 'nav.mail', mailCatcher: true },
  { path: '/mail/:id', component: MailMessagePage },
  { path: '/account', component: AccountPage, nav: 'nav.account' },
];

/** The page a signed-in user lands on. */
export const HOME = '/home';
