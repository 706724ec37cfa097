import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { HomeSummary } from '../../../../shared/api.js';
import {
  businessSummary,
  contact,
  hero,
  liveFigure,
  provideItems,
  provideTitle,
  reviewsTitle,
  summarySubtitle,
  summaryTitle,
  type SummaryItem,
} from '../copy/home.js';
import { QueryState } from '../../../components/QueryState.js';
import { Spinner } from '../../../components/Spinner.js';
import { useNearViewport } from '../../../lib/useNearViewport.js';
import { useRevealInTurn } from '../../../lib/useRevealInTurn.js';
import { useHomeProducts } from '../../catalog/api.js';
import { ProductGrid } from '../../catalog/components/ProductCard.js';
import { VehicleLauncher } from '../../fitment/components/VehicleLauncher.js';
import { useReviews } from '../../reviews/api.js';
import { ReviewCards } from '../../reviews/components/ReviewCards.js';
import { useHomeSummary } from '../home-summary.js';

// The form libraries (react-hook-form, zod) load only when the contact block comes near the screen,
// so they are not part of the home page's first download.
const ContactForm = lazy(() => import('../components/ContactForm.js').then((module) => ({ default: module.ContactForm })));

/** The sections below the hero and the vehicle search, in page order (on a phone none is on the first screen). */
const belowTheFold = [HomeProducts, BusinessSummary, Reviews, WhatWeProvide, Contact];

export function HomePage() {
  const shown = useRevealInTurn(belowTheFold.length);
  return (
    <>
      <title>Partsmith – Genuine car parts from the manufacturer</title>
      <Hero />
      <div className="mx-auto max-w-7xl px-4 pt-12">
        <VehicleLauncher />
      </div>
      {belowTheFold.slice(0, shown).map((Section, place) => (
        <Section key={place} />
      ))}
    </>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-br from-slate-900 via-slate-800 to-brand-800 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
        <div>
          <p className="mb-3 text-sm font-semibold tracking-widest text-amber-300 uppercase">Straight from the factory</p>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {hero.title}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-200">{hero.subtitle}</p>
          <Link
            to={hero.heroLink}
            className="btn mt-8 bg-amber-400 px-7 py-3 text-base text-slate-900 shadow-lg hover:bg-amber-300"
          >
            {hero.heroButton}
          </Link>
        </div>
        <div className="flex justify-center">
          <img
            src={hero.image}
            alt={hero.imageAlt}
            width={560}
            height={420}
            fetchPriority="high"
            className="h-auto w-full max-w-lg drop-shadow-2xl"
          />
        </div>
      </div>
    </section>
  );
}

function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mb-8 text-center">
      <h2 id={id} className="text-3xl font-extrabold tracking-tight text-slate-900">
        {title}
      </h2>
      {subtitle && <p className="mx-auto mt-2 max-w-2xl text-slate-700">{subtitle}</p>}
    </div>
  );
}

function HomeProducts() {
  const products = useHomeProducts();
  return (
    <section aria-labelledby="products-title" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading id="products-title" title="Our Products" subtitle="Parts our customers order most, made in our own plants." />
      <QueryState query={products} label="products">
        {(list) => (
          <>
            <ProductGrid products={list} />
            <div className="mt-10 text-center">
              <Link to="/allProducts" className="btn-secondary px-6 py-3 text-base">
                See all products
              </Link>
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}

/**
 * The original storefront's figures (docs/legacy-contract.md#home-page); with HOME_FIGURES=live the reviews
 * and orders completed are the shop's own (no written figure shows while they load).
 */
export function BusinessSummary() {
  const summary = useHomeSummary();
  return (
    <section aria-labelledby="summary-title" className="bg-white py-16">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="summary-title" title={summaryTitle} subtitle={summarySubtitle} />
        <dl className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {businessSummary.map((written) => shownFigure(written, summary)).map((item) => (
            <div key={item.label} className="rounded-2xl border border-slate-200 bg-slate-50 p-6 text-center">
              <dt className="text-sm font-semibold tracking-wide text-slate-700 uppercase">{item.label}</dt>
              <dd className="mt-2 text-4xl font-extrabold text-brand-700">{item.value}</dd>
              {item.detail && <dd className="mt-1 text-sm text-slate-700">{item.detail}</dd>}
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/** A figure as shown: the written one, a placeholder while the shop's own load, or the shop's own. */
function shownFigure(item: SummaryItem, summary: { isPending: boolean; data?: HomeSummary }): SummaryItem {
  if (!item.live) return item;
  if (summary.isPending) return { label: item.label, value: liveFigure.pending };
  const figures = summary.data;
  if (!figures?.live) return item;
  if (item.live === 'ordersCompleted') return { label: item.label, value: liveFigure.percent(figures.ordersCompleted) };
  return { label: item.label, value: liveFigure.count(figures.reviews), detail: liveFigure.averageRating(figures.averageRating) };
}

function Reviews() {
  const reviews = useReviews();
  return (
    <section aria-labelledby="reviews-title" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading id="reviews-title" title={reviewsTitle} />
      <QueryState query={reviews} label="reviews">
        {(list) => <ReviewCards reviews={list} />}
      </QueryState>
    </section>
  );
}

function WhatWeProvide() {
  return (
    <section aria-labelledby="provide-title" className="bg-white py-16">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="provide-title" title={provideTitle} />
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
          {provideItems.map((item) => (
            <li key={item.id} className="rounded-2xl border border-slate-200 bg-slate-50 p-6 text-center">
              <img src={item.icon} alt="" width={96} height={96} loading="lazy" className="mx-auto h-24 w-24" />
              <h3 className="mt-4 text-xl font-bold text-slate-900">{item.title}</h3>
              <p className="mt-2 text-slate-700">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Contact() {
  const { ref, near } = useNearViewport<HTMLElement>();
  return (
    <section ref={ref} aria-labelledby="contact-title" className="mx-auto max-w-7xl px-4 py-16">
      <div className="card grid gap-8 p-6 sm:p-10 md:grid-cols-2">
        <div>
          <h2 id="contact-title" className="text-3xl font-extrabold tracking-tight text-slate-900">
            {contact.title}
          </h2>
          <p className="mt-3 text-slate-700">{contact.text}</p>
        </div>
        <div className="min-h-64">
          {near ? (
            <Suspense fallback={<Spinner label="Loading the contact form" />}>
              <ContactForm />
            </Suspense>
          ) : (
            <Spinner label="Loading the contact form" />
          )}
        </div>
      </div>
    </section>
  );
}
