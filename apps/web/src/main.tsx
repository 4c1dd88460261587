import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { refreshRoles } from './lib/api';
import { initI18n, initialLanguage } from './lib/i18n';
import './styles.css';

const start = async () => {
  const { language, fromQuery } = initialLanguage();
  // The language is settled before the first paint, so an en-US visitor never sees Chinese flash by.
  await initI18n(language, { save: fromQuery });
  // Roles may have changed since the last visit.
  void refreshRoles();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};

void start();
