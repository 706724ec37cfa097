import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { ErrorBoundary } from './ErrorPage.js';
import { Footer } from './Footer.js';
import { Navbar } from './Navbar.js';
import { OfflineBanner } from './OfflineBanner.js';
import { usePageHeadingFocus } from './usePageHeadingFocus.js';
import { Spinner } from '../../components/Spinner.js';
import { CartChoiceDialog } from '../../features/cart/components/CartChoiceDialog.js';
import { useAccountCart } from '../../features/cart/useAccountCart.js';

/**
 * A new page starts at the top; back/forward (POP) leaves the browser's own scroll handling alone, and so
 * does a link to a section (/about#careers), which the page scrolls to.
 */
function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, type]);
}

export function RootLayout() {
  const { pathname } = useLocation();
  useScrollToTopOnNavigate();
  usePageHeadingFocus();
  useAccountCart();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-slate-900 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <OfflineBanner />
      <Navbar />
      {/* At least a screen tall: while a page's code or data loads, the footer stays below the fold
          instead of being pushed down when the content arrives (a layout shift). */}
      <main id="main" className="min-h-screen flex-1" tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
      <CartChoiceDialog />
    </div>
  );
}
