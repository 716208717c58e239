import '@fontsource/lato/latin-400.css';
import '@fontsource/lato/latin-700.css';
import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { keepServerPageUntilReady } from './app/server-page';
import { initI18n } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const render = () => {
  keepServerPageUntilReady(root);
  // A transition: React renders the first page in slices and yields between them, so a phone
  // stays responsive while it does (the server's page, when there is one, is on screen meanwhile).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};

// Render even if the English catalogue failed to load (French is bundled).
initI18n().catch((error: unknown) => console.error(error)).finally(render);
