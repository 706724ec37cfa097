import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast.js';
import { messages } from '../../../shared/messages.js';
import { useAuth } from '../../features/auth/auth-context.js';
import { useCart } from '../../lib/cart-store.js';
import { signInLinkState } from '../../features/auth/redirect.js';
import { Spinner } from '../../components/Spinner.js';

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/allProducts', label: 'Products', end: false },
  { to: '/quick-order', label: messages.ui.quickOrder.title, end: false },
  { to: '/blogs', label: 'Blogs', end: false },
  { to: '/portfolio', label: 'Portfolio', end: false },
  { to: '/dashboard', label: 'Dashboard', end: false },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-white/15 text-white' : 'text-slate-200 hover:bg-white/10 hover:text-white'
  }`;

export function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-white">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <circle cx="16" cy="16" r="15" fill="#fbbf24" />
        <circle cx="16" cy="16" r="9" fill="#0f172a" />
        <circle cx="16" cy="16" r="3.5" fill="#fbbf24" />
        <path d="M16 1v6M16 25v6M1 16h6M25 16h6" stroke="#0f172a" strokeWidth="2.5" />
      </svg>
      Partsmith
    </span>
  );
}

/**
 * Logout lands on the home page, always: the home page is shown first, then the session ends. (Ending it
 * first had the login-required page under it send the browser to /login, remembering that page for
 * whoever signs in next.)
 */
function useLogout(closeMenu: () => void) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (!leaving || pathname !== '/') return;
    setLeaving(false);
    void logout().then(() => toast.success(messages.toast.loggedOut));
  }, [leaving, pathname, logout]);
  return () => {
    closeMenu();
    setLeaving(true);
    navigate('/', { replace: true });
  };
}

/** The phone's open menu closes on Escape, wherever the focus is, and gives the focus back to its button. */
function useCloseOnEscape(open: boolean, close: () => void) {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
}

export function Navbar() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useCloseOnEscape(open, () => {
    setOpen(false);
    menuButton.current?.focus();
  });
  const onLogout = useLogout(() => setOpen(false));
  const cart = useCart();

  const account = loading ? (
    <Spinner inline label="Loading your account" />
  ) : user ? (
    <>
      <span className="block px-3 py-2 text-sm font-semibold text-amber-300" data-testid="nav-user-name">
        {user.name}
      </span>
      <button type="button" onClick={onLogout} className="btn border border-white/40 text-white hover:bg-white/10">
        Logout
      </button>
    </>
  ) : (
    <Link
      to="/login"
      state={signInLinkState(location)}
      onClick={() => setOpen(false)}
      className="btn bg-amber-400 text-slate-900 hover:bg-amber-300"
    >
      Login
    </Link>
  );

  return (
    <header className="sticky top-0 z-30 bg-slate-900/95 shadow-md backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-3">
        <Link to="/" aria-label="Partsmith home" className="rounded-md">
          <Logo />
        </Link>
        {/* The cart and its count on every width: on a phone beside the menu button, not inside the menu. */}
        <div className="flex items-center gap-1 md:order-last">
          <NavLink to="/cart" className={linkClass} onClick={() => setOpen(false)} data-testid="nav-cart">
            {messages.ui.cart.nav(cart.length)}
          </NavLink>
          <button
            ref={menuButton}
            type="button"
            className="rounded-md p-2 text-slate-100 hover:bg-white/10 md:hidden"
            aria-expanded={open}
            aria-controls="main-menu"
            onClick={() => setOpen((value) => !value)}
          >
            <span className="sr-only">Menu</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        </div>
        <div
          id="main-menu"
          className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-1 md:flex md:w-auto md:flex-row md:items-center md:gap-2`}
        >
          <ul className="flex flex-col gap-1 md:flex-row md:items-center">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={linkClass} onClick={() => setOpen(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-2 border-t border-white/10 pt-2 md:border-0 md:pt-0 md:pl-2">
            {account}
          </div>
        </div>
      </nav>
    </header>
  );
}
