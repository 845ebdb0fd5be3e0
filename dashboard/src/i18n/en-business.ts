import type { esBusiness } from './es-business.ts';

/** English for es-business.ts; the type fails on a missing key. */
export const enBusiness: Record<keyof typeof esBusiness, string> = {
  'nav.home': 'Home',
  'shell.liveMode': 'Live mode',
  'home.title': 'Home',
  'home.subtitleTest': 'You are in test mode: try everything with no fiscal validity and no credits spent.',
  'home.subtitleLive': 'You are in live mode: invoices stamped here are real for the SAT.',
  'home.start': 'Getting started',
  'home.progress': '{done} of {total} done',
  'home.allDone': 'All set: you can invoice.',
  'home.step.profile': 'Create a fiscal profile with your CSD (seal certificate)',
  'home.step.fiel': "Upload the profile's e.firma (FIEL)",
  'home.step.manifest': 'Sign the manifiesto with the e.firma',
  'home.step.key': 'Create an API key for your system',
  'home.step.invoice': 'Stamp your first invoice',
  'home.step.webhook': 'Get notified with a webhook',
  'home.go': 'Go',
  'home.done': 'Done',
  'home.pending': 'To do',
  'home.credits': 'Stamp credits',
  'home.creditsTest': 'Test mode stamps use no credits: stamp as much as you like.',
  'home.creditsLive': 'Every invoice stamped in live mode uses one credit. With none left, stamping answers "402 no credits".',
  'home.creditsHow':
    'Credits are added to your organization by the operator of the service ("invoicing credits grant" command). Ask whoever runs the service; the balance updates at once.',
  'home.creditsLeft': 'Credits left',
  'home.stampsUsed': 'Stamps used',
  'home.docs': 'Documentation',
  'home.docsBody': 'Guides to the API, to invoicing and to this dashboard.',
  'home.docsLink': 'Open the documentation',
  'home.usageLink': 'See usage and balance',
};
