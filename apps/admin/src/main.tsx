import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers';
import { router } from './app/router';
import { initI18n } from './shared/i18n/i18n';
import { initTheme } from './shared/theme/theme-store';
import './shared/styles/global.css';

initTheme();
await initI18n();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
