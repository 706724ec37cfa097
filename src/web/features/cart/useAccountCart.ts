import { useEffect } from 'react';
import { closeAccountCart, followAccountCart } from '../../lib/cart-store.js';
import { useAuth } from '../auth/auth-context.js';

/**
 * Keeps the cart the signed-in buyer's: the account's cart from sign-in on (with the visitor's parts moved
 * into it), fetched again whenever the page comes back into view (another device may have changed it),
 * and a visitor's again after signing out.
 */
export function useAccountCart(): void {
  const { user, loading } = useAuth();
  const userId = user?._id;
  useEffect(() => {
    if (loading) return;
    if (!userId) {
      closeAccountCart();
      return;
    }
    const follow = () => void followAccountCart().catch(() => undefined);
    const onShown = () => {
      if (document.visibilityState === 'visible') follow();
    };
    follow();
    document.addEventListener('visibilitychange', onShown);
    return () => {
      document.removeEventListener('visibilitychange', onShown);
      closeAccountCart();
    };
  }, [userId, loading]);
}
