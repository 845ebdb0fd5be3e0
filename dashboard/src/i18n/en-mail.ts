import type { esMail } from './es-mail.ts';

/** English for es-mail.ts; the type fails on a missing key. */
export const enMail: Record<keyof typeof esMail, string> = {
  'email.customerEmail': "Customer's e-mail",
  'email.customerEmailHint': 'Optional; «Send by e-mail» offers it as the recipient. Not part of the CFDI.',
  'email.send': 'Send by e-mail',
  'email.intro': "Sends the invoice's PDF and XML. The recipients come from the customer's e-mail; you may change them.",
  'email.sendSubmit': 'Send',
  'email.recipients': 'Recipients',
  'email.recipientsHint': "One or more e-mails separated by commas. Empty: the customer's e-mail.",
  'email.language': 'Language of the e-mail',
  'email.language.es': 'Spanish',
  'email.language.en': 'English',
  'email.queued': 'E-mail queued: the delivery log shows when it leaves.',
  'email.log': 'Delivery log',
  'email.none': 'This invoice has not been e-mailed yet.',
  'email.kind': 'Kind and language',
  'email.status': 'Status',
  'email.attempts': 'Attempts',
  'email.status.queued': 'Queued',
  'email.status.sent': 'Sent',
  'email.status.failed': 'Failed',
  'email.kind.invoice': 'Invoice',
  'email.kind.cancellation': 'Cancellation notice',
};
