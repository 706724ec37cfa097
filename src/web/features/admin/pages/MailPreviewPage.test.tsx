import { screen, within } from '@testing-library/react';
import type { OutboxEntry } from '../../../../shared/api.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { MailPreviewPage } from './MailPreviewPage.js';

const mail = (id: string, to: string, subject: string, body: string): OutboxEntry => ({
  _id: id,
  kind: 'verify-email',
  to,
  subject,
  text: `${body}\n\n— Partsmith`,
  html: `<!doctype html><html><body><p>${body}</p></body></html>`,
  status: 'logged',
  attempts: 1,
  createdAt: '2030-06-01T10:00:00.000Z',
  sentAt: '2030-06-01T10:00:05.000Z',
});

const OUTBOX = [mail('2', 'ada@example.com', 'Reset your password – Partsmith', 'Choose a new password.'), mail('1', 'bo@example.com', 'Please confirm your e-mail address – Partsmith', 'Please confirm.')];

describe('MailPreviewPage', () => {
  it('lists the outbox newest first and shows one e-mail in a frame with no permissions, and its text', async () => {
    mockFetch((url) => (url === '/api/admin/outbox' ? { status: 200, body: OUTBOX } : undefined));
    const { user } = renderWithProviders(<MailPreviewPage />);
    const table = await screen.findByRole('region', { name: 'Mail preview' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['ada@example.com', 'bo@example.com']);

    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the e-mail: Reset your password – Partsmith' }));
    const frame = screen.getByTitle('The e-mail: Reset your password – Partsmith');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Choose a new password.</p>');

    await user.click(screen.getByRole('button', { name: 'Show the e-mail: Please confirm your e-mail address – Partsmith' }));
    const shown = screen.getByRole('article', { name: 'Please confirm your e-mail address – Partsmith' });
    expect(within(shown).getByText('To: bo@example.com')).toBeInTheDocument();
    expect(within(shown).getByTitle('The e-mail: Please confirm your e-mail address – Partsmith').getAttribute('srcdoc')).toContain('<p>Please confirm.</p>');
    expect(within(shown).getByText(/^Please confirm\.\s+— Partsmith$/)).toBeInTheDocument();
  });

  it('says when the shop has written no e-mail', async () => {
    mockFetch((url) => (url === '/api/admin/outbox' ? { status: 200, body: [] } : undefined));
    renderWithProviders(<MailPreviewPage />);
    expect(await screen.findByText('The shop has written no e-mail yet.')).toBeInTheDocument();
  });
});
