/**
 * The words of company-owned orders (issue 63): an order over its buyer's spending limit waiting for an
 * admin of its company, the admin's approval or decline, and the e-mails about them. Kept apart from
 * messages.ts so the storefront's first page does not carry them.
 */
export const companyOrderMessages = {
  /** 403: the buyer of an order asked to approve or decline it. */
  ownOrder: 'You cannot approve or decline your own order: another admin of your company decides on it',
  /** 403: a staff admin (not an admin of the order's company) asked to decide on it. */
  notApprover: "Only an admin of the order's company can approve or decline it",
  /** 403: a member of the company who is not one of its admins. */
  companyAdminsOnly: "Only your company's admins can do this",
  mail: {
    awaitingSubject: (order: string) => `Order ${order} waits for your approval`,
    awaitingGreeting: (name: string) => `Hello ${name},`,
    awaitingIntro: (buyer: string, email: string, order: string, company: string) =>
      `${buyer} (${email}) placed order ${order} for ${company}. It is over their spending limit, so it waits for an admin of the company to approve or decline it.`,
    awaitingLimit: (total: string, limit: string) => `Order total: ${total}. Their limit per order: ${limit}.`,
    awaitingHold: 'The parts are held until the order is approved or declined, for at most the time an unpaid order is held.',
    awaitingLink: 'Approve or decline the order',
    approvedSubject: (order: string) => `Order ${order} is approved`,
    approvedIntro: (order: string) => `Your order ${order} is approved by your company. You can pay for it now.`,
    approvedHold: 'The parts are held for you until the order is paid.',
    payLink: 'Pay for your order',
    declinedSubject: (order: string) => `Order ${order} is declined`,
    declinedIntro: (order: string) => `Your company declined your order ${order}, so it is cancelled and nothing was charged for it.`,
    declinedReason: (reason: string) => `Why: ${reason}`,
  },
} as const;
