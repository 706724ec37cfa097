/**
 * The back office's text (issue 62), apart from messages.ts so that the home page's entry chunk does not
 * carry it (only the staff pages and the server load it).
 */

// ---- The inbox -----------------------------------------------------------------

/** The Inbox page (/dashboard/inbox) and the e-mail that tells the staff a message arrived. */
export const inboxCopy = {
  page: 'Inbox',
  title: 'Contact Messages',
  unreadCount: (count: number) => `${count} unread`,
  empty: 'No messages yet.',
  emptyUnread: 'No unread messages.',
  filter: 'Show',
  filters: { unread: 'Unread', all: 'All' },
  unread: 'Unread',
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  open: (email: string) => `Open the message from ${email}`,
  back: 'Back to the messages',
  thread: 'Thread',
  fromCustomer: 'Customer',
  fromStaff: 'Staff',
  pick: 'Choose a message to read it and reply.',
  replyLabel: 'Reply',
  replyField: 'Your reply',
  send: 'Send',
  sending: 'Sending…',
  replySent: (email: string) => `Your reply is on its way to ${email}.`,
  repliedOn: (date: string) => `Replied on ${date}`,
  mailto: 'Or reply from your own e-mail',
  mailtoSubject: 'Re: your message',
  mail: {
    subject: (from: string) => `New message from ${from}`,
    wrote: (from: string, date: string) => `${from} wrote through the contact form on ${date}:`,
    howToAnswer: 'Answer it from the Inbox: the reply is e-mailed to them and kept with the message.',
    open: 'Open it in the Inbox',
  },
};

/** The Inbox's address; `?message=` opens one message (the staff e-mail links to it). */
export const INBOX_PATH = '/dashboard/inbox';
export const inboxMessagePath = (id: string) => `${INBOX_PATH}?message=${encodeURIComponent(id)}`;
