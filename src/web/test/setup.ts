import '@testing-library/jest-dom/vitest';
import { closeAccountCart } from '../lib/cart-store.js';
import { takeViolations } from './fake-answers.js';

// jsdom has <dialog> but not its modal API; a minimal stand-in with the same events.
if (typeof HTMLDialogElement !== 'undefined') {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __polyfilled?: boolean };
  if (!proto.showModal || !('__polyfilled' in proto)) {
    proto.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    proto.show = function show(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    proto.close = function close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
    Object.defineProperty(proto, '__polyfilled', { value: true });
  }
}

afterEach(() => {
  localStorage.clear();
  // Each test starts as a fresh browser: no account's cart, no choice left open.
  closeAccountCart();
  vi.unstubAllGlobals();
  // A fake answer the real server could not give fails the test, even when the page swallowed the error.
  const violations = takeViolations();
  if (violations.length > 0) throw new Error(`The test's fake server broke the contract:\n- ${violations.join('\n- ')}`);
});
