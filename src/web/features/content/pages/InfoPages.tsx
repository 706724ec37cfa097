import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { about, placeholderNotice, privacy, returns, shipping, terms, type InfoPageCopy } from '../copy/pages.js';

/** A page of the footer: its title, an introduction and sections; a link's #fragment scrolls to its section. */
function InfoPage({ copy, legal = false }: { copy: InfoPageCopy; legal?: boolean }) {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <title>{`${copy.title} – Partsmith`}</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{copy.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{copy.intro}</p>
      {legal && <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">{placeholderNotice}</p>}
      {copy.sections.map((section) => (
        <section key={section.heading} id={section.id} className="mt-8 scroll-mt-24">
          <h2 className="text-xl font-bold text-slate-900">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-slate-800">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}

export const AboutPage = () => <InfoPage copy={about} />;
export const TermsPage = () => <InfoPage copy={terms} legal />;
export const PrivacyPage = () => <InfoPage copy={privacy} legal />;
export const ShippingPage = () => <InfoPage copy={shipping} />;
export const ReturnsPage = () => <InfoPage copy={returns} />;
