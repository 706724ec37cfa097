/**
 * What a trade account's buyers and company admins read in the browser (issue 63): the company pages, the
 * join page, the company's orders and the order views' approval notes. UI copy only (the server's
 * messages are in companies-copy.ts).
 *
 * The storefront's first page (the home grid's cards) imports `yourPriceLabel` alone; everything else is in
 * `tradeBuyerCopy`, which only the lazy pages import, so it stays out of the home chunk.
 */
import { formatMoney } from './format.js';

/** The label before a member's own price on cards, the product page, the cart, quick order and the quote. */
export const yourPriceLabel = 'Your price';

export const tradeBuyerCopy = {
  menu: 'Trade account',
  loading: 'your trade account',
  publicPrice: 'Public price',
  apply: {
    title: 'Apply for a trade account',
    intro: 'A trade account lets several buyers of your company order together, with your contract prices and spending limits.',
    name: 'Company name',
    vatId: 'VAT ID',
    vatIdHint: 'EU businesses: your VAT ID (optional).',
    taxCertificate: 'Tax exemption certificate',
    taxCertificateHint: 'US businesses: your resale or exemption certificate number (optional).',
    phone: 'Phone',
    address: 'Company address',
    submit: 'Apply',
    submitting: 'Sending…',
    sent: 'Your application was sent',
    pending: 'Your application is being reviewed.',
    declined: (reason: string) => `Your application was declined: ${reason}`,
    again: 'You may apply again.',
  },
  company: {
    yourRole: (role: string) => `Your role: ${role}`,
    roles: { admin: 'Admin', buyer: 'Buyer' } as Record<'admin' | 'buyer', string>,
    noLimit: 'No limit',
    yourLimit: (limit: number) => `Your spending limit per order: ${formatMoney(limit)}`,
    yourNoLimit: 'You have no spending limit per order.',
    overLimit: "Orders over it wait for your company's approval before they can be paid.",
    members: 'Members',
    columns: ['Name', 'E-mail', 'Role', 'Spending limit', 'Actions'] as const,
    roleOf: (name: string) => `Role of ${name}`,
    limitOf: (name: string) => `Spending limit ($) of ${name}`,
    saveLimit: 'Save limit',
    saveLimitOf: (name: string) => `Save limit of ${name}`,
    memberSaved: (name: string) => `${name} is updated`,
    remove: 'Remove',
    removeOf: (name: string) => `Remove ${name}`,
    removeQuestion: (name: string, company: string) => `Remove ${name} from ${company}?`,
    removeDetail: 'They can no longer order for the company or see its orders.',
    removed: (name: string) => `${name} was removed`,
    you: '(you)',
    invite: 'Invite a colleague',
    inviteEmail: 'E-mail',
    inviteRole: 'Role',
    inviteLimit: 'Spending limit ($)',
    inviteLimitHint: 'Optional: leave empty for no limit.',
    sendInvitation: 'Send invitation',
    sending: 'Sending…',
    invitationSent: 'Invitation sent',
    orders: 'Company orders',
    ordersIntro: "Every order your company's buyers placed, and those waiting for approval.",
  },
  orders: {
    title: 'Company orders',
    back: 'Back to the trade account',
    none: 'Your company has no orders yet.',
    columns: ['Order', 'Buyer', 'Total', 'Status', 'Actions'] as const,
    tableLabel: 'Company orders',
    exportCsv: 'Export CSV',
    approve: 'Approve',
    approveOf: (number: string) => `Approve ${number}`,
    approveQuestion: (number: string, buyer: string, total: string) => `Approve order ${number} of ${buyer} (${total})?`,
    approveDetail: 'The buyer can then pay it.',
    approved: (number: string) => `Order ${number} is approved`,
    decline: 'Decline',
    declineOf: (number: string) => `Decline ${number}`,
    declineTitle: (number: string) => `Decline order ${number}`,
    reason: 'Reason',
    reasonHint: 'The buyer reads it.',
    declineSubmit: 'Decline order',
    declining: 'Declining…',
    declined: (number: string) => `Order ${number} is declined`,
    yourOwn: 'Your own order',
    notAdmin: "Only your company's admins see its orders.",
  },
  join: {
    title: 'Join a trade account',
    intro: 'You were invited to order for a company. Join it to buy at its prices.',
    submit: 'Join',
    joining: 'Joining…',
    joined: (company: string) => `You joined ${company}`,
    noToken: 'This invitation link is not valid',
  },
  order: {
    awaitingApproval: "Waiting for your company's approval",
    declined: (reason: string) => `Declined by your company: ${reason}`,
  },
} as const;
