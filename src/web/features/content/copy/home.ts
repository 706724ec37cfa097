// Static copy of the home page, word for word the original storefront's (docs/legacy-contract.md#home-page).
import { formatQuantity } from '../../../../shared/format.js';

export interface HeroContent {
  title: string;
  subtitle: string;
  /** Text of the hero button. The typo is the original's (docs/legacy-contract.md#home-page): keep it exactly. */
  heroButton: string;
  /** Where the hero button leads. */
  heroLink: string;
  image: string;
  imageAlt: string;
}

export interface SummaryItem {
  label: string;
  value: string;
  detail?: string;
  /** Which of the shop's real figures replaces this one when the server has them (HOME_FIGURES=live). */
  live?: 'ordersCompleted' | 'reviews';
}

export interface ProvideItem {
  id: string;
  title: string;
  text: string;
  icon: string;
}

export interface FooterLink {
  label: string;
  /** A page of the shop; a #fragment names a section of it (/about#careers). */
  to: string;
}

export interface FooterLinkList {
  title: string;
  /** The original lists led nowhere; here each label leads to the page of the shop that answers it. */
  links: FooterLink[];
}

export interface ContactContent {
  title: string;
  text: string;
  emailPlaceholder: string;
  messagePlaceholder: string;
  button: string;
}

export const hero: HeroContent = {
  title: 'Genuine car parts, made to fit',
  subtitle:
    'Headlights, brake pads, radiators and more, straight from the manufacturer. Order in bulk at factory prices and keep every car in your workshop on the road.',
  heroButton: 'Purshase Now',
  heroLink: '/allProducts',
  image: '/images/hero.svg',
  imageAlt: 'A car in the Partsmith workshop, surrounded by spare parts',
};

export const summaryTitle = 'Trusted by workshops and drivers worldwide';
export const summarySubtitle = 'A few numbers behind the parts we make and ship.';

export const businessSummary: SummaryItem[] = [
  { label: 'Annual revenue', value: '100M+' },
  { label: 'Customers served', value: '60k+' },
  { label: 'Orders completed', value: '86%', detail: '31 remaining', live: 'ordersCompleted' },
  { label: 'Reviews', value: '10k+', detail: 'Average rating 4.9', live: 'reviews' },
];

/** The wording of the real figures. */
export const liveFigure = {
  pending: '…',
  percent: (value: number) => `${value}%`,
  count: formatQuantity,
  averageRating: (value: number) => `Average rating ${value.toFixed(1)}`,
};

export const provideTitle = 'What We Provide';

export const provideItems: ProvideItem[] = [
  {
    id: 'shipping',
    title: 'Shipping worldwide',
    text: 'We ship parts to workshops and drivers in every corner of the world, packed to arrive in the same condition they left the factory.',
    icon: '/images/provide/shipping.svg',
  },
  {
    id: 'partnership',
    title: 'Partnership program',
    text: 'Garages, dealers and fleet operators can join our partnership program for priority supply and a dedicated contact person.',
    icon: '/images/provide/partnership.svg',
  },
  {
    id: 'discounts',
    title: 'Discounts and sales',
    text: 'Regular seasonal sales and volume discounts on bulk orders keep your running costs low.',
    icon: '/images/provide/discounts.svg',
  },
];

export const reviewsTitle = 'What our customers say';

export const contact: ContactContent = {
  title: 'Get in touch',
  text: 'Questions about a part, a bulk order or a partnership? Send us a message.',
  emailPlaceholder: 'Your email',
  messagePlaceholder: 'Your message',
  button: 'Send',
};

export const footerLinks: FooterLinkList[] = [
  {
    title: 'Services',
    links: [
      { label: 'Parts catalogue', to: '/allProducts' },
      { label: 'Bulk orders', to: '/contact' },
      { label: 'Custom manufacturing', to: '/contact' },
      { label: 'Worldwide shipping', to: '/shipping' },
      { label: 'Returns', to: '/returns' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About us', to: '/about' },
      { label: 'Contact', to: '/contact' },
      { label: 'Careers', to: '/about#careers' },
      { label: 'Press kit', to: '/about#press' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of use', to: '/terms' },
      { label: 'Privacy policy', to: '/privacy' },
      { label: 'Cookie policy', to: '/privacy#cookies' },
    ],
  },
];

/** Name shown in the footer copyright line; the year is computed at runtime. */
export const companyName = 'Partsmith';
