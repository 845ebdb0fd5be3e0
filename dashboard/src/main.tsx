import { render } from 'preact';
import { languageStore } from './core/i18n.ts';
import { interceptLinks } from './core/router.ts';
import { App } from './shell/App.tsx';

const root = document.getElementById('app')!;
document.documentElement.lang = languageStore.get();
interceptLinks(root);
render(<App />, root);
