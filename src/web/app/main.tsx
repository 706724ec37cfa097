import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '../index.css';
import { prefetchForLocation } from '../features/catalog/api.js';
import { createQueryClient, Providers } from './providers.js';
import { AppRoutes } from './router.js';

const client = createQueryClient();
prefetchForLocation(client, window.location);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Providers client={client}>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  </StrictMode>,
);
