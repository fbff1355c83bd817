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
// Navigations render synchronously: a tab switch shows an already-mounted page, and as a transition React painted
// a frame in between and rendered the switch in 5 ms slices (about 10 ms later on screen). Pages still loading show
// their own Suspense fallback.
createRoot(root).render(
  <StrictMode>
    <BrowserRouter useTransitions={false}>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
