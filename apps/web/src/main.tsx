import '@tessera/ui/tokens.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './shared/i18n/i18n';
import { captureInstallPrompt } from './shared/pwa/install-prompt';
import { registerServiceWorker } from './shared/pwa/register-service-worker';
import { applyThemeAttribute, readStoredTheme } from './shared/theme/theme-store';

// The theme is applied before the first paint so a dark visitor never sees a light flash.
applyThemeAttribute(readStoredTheme());
void initI18n();
captureInstallPrompt();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
