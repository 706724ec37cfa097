// Static content of the /portfolio page: the (fictional) Partsmith web team.
// All people, names and e-mail addresses here are made up.

export interface PortfolioProject {
  name: string;
  description: string;
}

export interface Developer {
  id: string;
  name: string;
  role: string;
  email: string;
  avatar: string;
  bio: string;
  skills: string[];
  projects: PortfolioProject[];
}

export interface TeamInfo {
  name: string;
  intro: string;
}

export interface TechStackItem {
  name: string;
  purpose: string;
}

export const team: TeamInfo = {
  name: 'The Partsmith Pit Crew',
  intro:
    'We are the small in-house team that builds and runs the Partsmith web shop. We care about fast pages, honest prices and an order flow that gets the right part to the right garage on the first try.',
};

export const developers: Developer[] = [
  {
    id: 'max-sprocket',
    name: 'Max Sprocket',
    role: 'Lead Full-Stack Developer',
    email: 'max.sprocket@example.com',
    avatar: '/images/team/avatar-1.svg',
    bio: 'Max spent years tuning engines before tuning databases. He owns the API, the order workflow and the payment integration, and insists that every price in the shop is an integer number of cents.',
    skills: ['TypeScript', 'Node.js', 'Fastify', 'Kysely', 'PostgreSQL', 'SQLite', 'API design'],
    projects: [
      {
        name: 'Order pipeline',
        description:
          'The order lifecycle from "not paid" through "pending" to "shipped", with server-side validation of quantities against minimum order and stock.',
      },
      {
        name: 'Card payments',
        description: 'Payment intents and confirmation flow, with the order total always computed on the server.',
      },
      {
        name: 'Dual database support',
        description: 'One Kysely query layer that runs on either SQLite or PostgreSQL, chosen by a single connection setting.',
      },
    ],
  },
  {
    id: 'nina-gasket',
    name: 'Nina Gasket',
    role: 'Front-End Developer',
    email: 'nina.gasket@example.com',
    avatar: '/images/team/avatar-2.svg',
    bio: 'Nina builds the storefront and the dashboard. She is happiest when a page loads instantly on a workshop tablet and can be used with a keyboard alone.',
    skills: ['React 19', 'TypeScript', 'Tailwind CSS', 'TanStack Query', 'React Hook Form', 'Accessibility'],
    projects: [
      {
        name: 'Storefront redesign',
        description: 'A responsive product grid, product detail pages and an order modal that pre-fills customer details.',
      },
      {
        name: 'Admin dashboard',
        description: 'Tables for managing products, orders and users, with clear confirmations before anything is removed.',
      },
    ],
  },
  {
    id: 'theo-piston',
    name: 'Theo Piston',
    role: 'Quality & DevOps Engineer',
    email: 'theo.piston@example.com',
    avatar: '/images/team/avatar-3.svg',
    bio: 'Theo keeps the shop running and the releases boring. He writes the tests that catch regressions before customers do and looks after builds, deployments and monitoring.',
    skills: ['Vitest', 'Playwright', 'Testing Library', 'Vite', 'CI/CD', 'Linux'],
    projects: [
      {
        name: 'End-to-end test suite',
        description: 'Playwright journeys covering sign-up, ordering, payment and admin delivery, including automated accessibility checks.',
      },
      {
        name: 'Release pipeline',
        description: 'Type checks, unit tests and end-to-end tests on every change, and a one-command production build.',
      },
      {
        name: 'Catalogue seed data',
        description: 'A repeatable demo catalogue of twelve parts with in-house illustrations, used in development and tests.',
      },
    ],
  },
];

export const techStack: TechStackItem[] = [
  { name: 'React 19', purpose: 'User interface' },
  { name: 'TypeScript', purpose: 'Type-safe code on client and server' },
  { name: 'Fastify', purpose: 'HTTP API server' },
  { name: 'Kysely', purpose: 'Type-safe SQL query builder' },
  { name: 'SQLite / PostgreSQL', purpose: 'Relational database (either one)' },
  { name: 'Vite', purpose: 'Dev server and build tool' },
  { name: 'Tailwind CSS', purpose: 'Styling' },
  { name: 'TanStack Query', purpose: 'Server-state caching and data fetching' },
  { name: 'Playwright', purpose: 'End-to-end testing' },
];
