// The footer's pages (About, Terms, Privacy, Shipping, Returns; Contact is in home.ts with its form).
// Placeholder copy, short and true of how this shop works today: the shop edits it here before it
// publishes terms of its own. A section's `id` is the target of a footer link (/about#careers).

export interface InfoSection {
  id?: string;
  heading: string;
  paragraphs: string[];
}

export interface InfoPageCopy {
  /** The page's h1 and its browser tab title. */
  title: string;
  intro: string;
  sections: InfoSection[];
}

/** Said on every legal page until the shop replaces the placeholder copy. */
export const placeholderNotice =
  'This page is a short summary of how the shop works today, not a full legal text. If anything here is unclear, please ask us through the contact form.';

export const about: InfoPageCopy = {
  title: 'About us',
  intro: 'Partsmith makes car parts and sells them straight from the factory: headlights, brake pads, radiators, filters and more.',
  sections: [
    {
      heading: 'What we do',
      paragraphs: [
        'We sell to workshops, fleets and drivers. Every part has a minimum order quantity, so most orders are bulk orders; the price you see is per unit.',
        'Questions about a part, a larger order or custom manufacturing go through our contact form, and we answer by e-mail.',
      ],
    },
    {
      id: 'careers',
      heading: 'Careers',
      paragraphs: ['We have no open positions listed here at the moment. If you would like to work with us, write to us through the contact form.'],
    },
    {
      id: 'press',
      heading: 'Press',
      paragraphs: ['We do not have a press kit to download yet. Journalists can reach us through the contact form and we will send what they need.'],
    },
  ],
};

export const terms: InfoPageCopy = {
  title: 'Terms of use',
  intro: 'These are the rules of ordering from this shop, as it works today.',
  sections: [
    {
      heading: 'Accounts',
      paragraphs: [
        'You need an account to order. Keep your password to yourself; you can change it, and sign out other devices, on your profile page.',
      ],
    },
    {
      heading: 'Orders and payment',
      paragraphs: [
        'An order holds one or more parts, each in a quantity between its minimum order quantity and the units in stock (in whole packs where a part is sold in packs), at the prices the shop shows when you place it. The parts are held for you for a limited time while the order is unpaid; the payment page says until when. An order that is not paid by then is cancelled and the parts go back into stock.',
        'You pay by card through our payment provider. You can cancel an order yourself while it is unpaid. Once paid, we ship it.',
      ],
    },
    {
      heading: 'Reviews',
      paragraphs: ['Reviews show your name, rating and comment on our home page. We may hide a review that breaks the law or is not about our parts.'],
    },
  ],
};

export const privacy: InfoPageCopy = {
  title: 'Privacy policy',
  intro: 'What this shop keeps about you, and why.',
  sections: [
    {
      heading: 'What we keep',
      paragraphs: [
        'Your name, e-mail address, phone number and delivery address, your orders and their history, your reviews and the messages you send us. We keep your password only as a hash.',
        'Card details go to our payment provider, never to us: we keep the payment’s id and amount.',
      ],
    },
    {
      heading: 'What we use it for',
      paragraphs: [
        'To deliver your orders, to e-mail you about them and about your account, and to answer your messages. Reviews show your name; your e-mail address is shown only masked.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies and local storage',
      paragraphs: [
        'When you sign in, your browser keeps a sign-in token in its local storage until you log out. The shop sets a cookie only while you sign in with Google, for a few minutes, to check the answer comes back to the same browser. We use no advertising or tracking cookies.',
      ],
    },
  ],
};

export const shipping: InfoPageCopy = {
  title: 'Shipping',
  intro: 'We ship parts worldwide, to the delivery address you give with your order.',
  sections: [
    {
      heading: 'When we ship',
      paragraphs: [
        'We ship an order once it is paid. You can follow it under My Orders in your dashboard, and we tell you by e-mail once it has left us.',
      ],
    },
    {
      heading: 'Costs and times',
      paragraphs: ['Delivery costs and times depend on the destination and the size of the order. Ask us through the contact form before ordering if you need a quote or a date.'],
    },
  ],
};

export const returns: InfoPageCopy = {
  title: 'Returns',
  intro: 'Something wrong with a part? Tell us, and we will sort it out with you.',
  sections: [
    {
      heading: 'Before shipping',
      paragraphs: ['An unpaid order can be cancelled from My Orders at any time. For a paid order that has not shipped yet, write to us through the contact form.'],
    },
    {
      heading: 'After delivery',
      paragraphs: [
        'Write to us through the contact form with your order’s product, quantity and the e-mail address of your account, and what is wrong. We answer by e-mail with how to send the parts back.',
      ],
    },
  ],
};
