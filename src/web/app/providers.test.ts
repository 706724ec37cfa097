import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { createQueryClient } from './providers.js';

describe('the query client', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('runs a change while offline at once (it fails with a message), instead of holding it until the network returns', async () => {
    onlineManager.setOnline(false);
    const send = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const change = new MutationObserver(createQueryClient(), { mutationFn: send, retry: false });
    await expect(change.mutate()).rejects.toThrow('Failed to fetch');
    expect(send).toHaveBeenCalledTimes(1);
    expect(change.getCurrentResult().isPaused).toBe(false);
  });
});
