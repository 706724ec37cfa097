import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient, Providers } from './providers.js';
import { mockFetch } from '../test/render.js';
import { toast } from '../lib/toast.js';

describe('toasts', () => {
  it('mounts no toast container with the page, and shows a toast asked for at the first interaction once it has loaded', async () => {
    mockFetch(() => undefined);
    const { container } = render(
      <Providers client={createQueryClient()}>
        <button type="button" onClick={() => toast.success('Saved (test)')}>
          Save
        </button>
      </Providers>,
    );
    expect(container.querySelector('.Toastify')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved (test)')).toBeInTheDocument();
    expect(container.querySelector('.Toastify')).not.toBeNull();
    toast.error('Failed (test)');
    expect(await screen.findByText('Failed (test)')).toBeInTheDocument();
  });
});
