import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../index.css';
import { prefetchForLocation } from './prefetch.js';
import { createQueryClient, Providers } from './providers.js';
import { AppRoutes, loadPageCode } from './router.js';

const client = createQueryClient();
prefetchForLocation(client, window.location);

// As a transition, the first render yields to the browser every few milliseconds instead of holding the
// main thread for the whole page at once (a tap or a scroll while the page builds is answered at once).
const render = () =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <BrowserRouter>
          <Providers client={client}>
            <AppRoutes />
          </Providers>
        </BrowserRouter>
      </StrictMode>,
    );
  });
// If the page's code cannot load, the page's error boundary says so.
loadPageCode(window.location.pathname).then(render, render);
