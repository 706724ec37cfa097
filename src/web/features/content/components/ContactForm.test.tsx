import { screen, waitFor } from '@testing-library/react';
import { errorMessages } from '../../../../shared/messages.js';
import { fieldMessages } from '../../../../shared/schemas.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { ContactForm } from './ContactForm.js';

describe('ContactForm', () => {
  it('requires an e-mail and a message', async () => {
    const { calls } = mockFetch(() => undefined);
    const { user } = renderWithProviders(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('rejects a malformed e-mail', async () => {
    mockFetch(() => undefined);
    const { user } = renderWithProviders(<ContactForm />);
    await user.type(screen.getByLabelText('Email'), 'someone@');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Provide an Email')).toBeInTheDocument();
  });

  it('posts the message, toasts and clears the form', async () => {
    const { calls } = mockFetch((url) =>
      url === '/api/contact' ? { status: 201, body: { _id: '1', email: 'a@b.co', message: 'Hi', createdAt: '', read: false, repliedAt: null } } : undefined,
    );
    const { user } = renderWithProviders(<ContactForm />);
    await user.type(screen.getByLabelText('Email'), 'buyer@garage.com');
    await user.type(screen.getByLabelText('Message'), 'Do you ship to Norway?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you! Your message is sent, we will reply by e-mail.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/contact', method: 'POST', body: { email: 'buyer@garage.com', message: 'Do you ship to Norway?' } });
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue(''));
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('shows server field errors', async () => {
    mockFetch(() =>
      apiError(400, 'validation', errorMessages.validationFailed, { message: serverMessage(fieldMessages.tooLong, 5000) }),
    );
    const { user } = renderWithProviders(<ContactForm />);
    await user.type(screen.getByLabelText('Email'), 'buyer@garage.com');
    await user.type(screen.getByLabelText('Message'), 'x');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Must be at most 5000 characters')).toBeInTheDocument();
  });
});
