import { Link } from 'react-router';
import { companyName, footerLinks } from '../../features/content/copy/home.js';
import { Logo } from './Navbar.js';

/**
 * The original storefront's Services/Company/Legal lists (docs/legacy-contract.md#home-page), each label a
 * link to the shop's page for it (About, Contact, Terms…).
 */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-slate-300">Genuine car parts, made to fit and shipped worldwide.</p>
        </div>
        {footerLinks.map((list) => (
          <div key={list.title}>
            <h2 className="text-sm font-bold tracking-wider text-amber-300 uppercase">{list.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {list.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="rounded-sm text-slate-300 underline-offset-2 hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-white/10 py-5 text-center text-sm text-slate-300">
        Copyright © {year} {companyName}. All rights reserved.
      </div>
    </footer>
  );
}
