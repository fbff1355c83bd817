import './app.css';
import './i18n';
import { configureWebsite, hydrateSession } from '@smart/auth';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { websiteFromEnv } from './config/website-env';
import { restoreAppearance } from './shell/appearance';
import { installErrorCapture } from './shell/error-log';
import { setupHttp } from './shell/http-setup';

configureWebsite(websiteFromEnv(import.meta.env));
hydrateSession();
setupHttp();
installErrorCapture();
restoreAppearance();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
