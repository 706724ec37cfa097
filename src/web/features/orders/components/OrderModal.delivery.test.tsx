import { screen, waitFor, within } from '@testing-library/react';
import { checkoutMessages } from '../../../../shared/messages.js';
import { apiError } from '../../../test/fake-answers.js';
import { checkoutAnswer, savedAddress } from '../../../test/fake-checkout.js';
import { aProduct, unpaidOrder } from '../../../test/fixtures.js';
import { customer, mockFetch, renderWithProviders, type FakeHandler } from '../../../test/render.js';
import { OrderModal } from './OrderModal.js';

const product = aProduct();
const other = { ...savedAddress, id: 12, name: 'Pat Parts', company: '', line1: '9 Elm Rd', city: 'Springfield', region: 'IL', postalCode: '62701', isDefault: false };

/** The order modal for Brake Pads ($12.50) with the customer's profile, two saved addresses and the fake quote; `answer` first. */
function openModal(answer?: FakeHandler) {
  const fetch = mockFetch(async (url, init) => {
    const first = await answer?.(url, init);
    if (first) return first;
    if (url === '/api/user/customer%40partsmith.example') return { status: 200, body: { ...customer, phone: '+1 555 0100' } };
    return checkoutAnswer(url, init, { addresses: [savedAddress, other] });
  });
  return { ...renderWithProviders(<OrderModal open onClose={vi.fn()} product={product} user={customer} quantity={20} />), ...fetch };
}

const total = () => screen.findByTestId('quote-total');

describe('the address picker and the delivery panel (order modal)', () => {
  it('preselects the default address, prices it, and a picked method prices the order again', async () => {
    const { user, calls } = openModal((url) => (url === '/api/orders' ? { status: 201, body: unpaidOrder() } : undefined));
    const delivery = await screen.findByRole('group', { name: 'Delivery Address' });
    expect(within(delivery).getByRole('radio', { name: /Dock 4, 1 Main St, Burlington, VT 05401, US/ })).toBeChecked();
    expect(within(delivery).getByRole('radio', { name: /9 Elm Rd, Springfield, IL 62701, US/ })).not.toBeChecked();
    // 20 × $12.50 = $250.00; Ground $11.00; 6 % of $261.00 = $15.66; total $276.66.
    expect(await total()).toHaveTextContent('$276.66');
    expect(screen.getByText('Vermont sales tax (6 %)').nextSibling).toHaveTextContent('$15.66');
    expect(screen.getByRole('radio', { name: 'Ground freight: $11.00, 3–6 business days' })).toBeChecked();
    expect(calls.find((call) => call.url === '/api/checkout/quote')?.body).toEqual({ lines: [{ productId: '7', quantity: 20 }], addressId: 11 });

    await user.click(screen.getByRole('radio', { name: 'Express: $32.00, 1–2 business days' }));
    // Express $32.00; 6 % of $282.00 = $16.92; total $298.92.
    await waitFor(() => expect(screen.getByTestId('quote-total')).toHaveTextContent('$298.92'));
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/orders')).toBe(true));
    expect(calls.find((call) => call.url === '/api/orders')?.body).toEqual({ productId: '7', quantity: 20, phone: '+1 555 0100', addressId: 11, shippingMethodId: 'express' });
  });

  it('takes a new address, says a bad ZIP code in the shared words, and sends the address itself', async () => {
    const { user, calls } = openModal((url) => (url === '/api/orders' ? { status: 201, body: unpaidOrder() } : undefined));
    await user.click(await screen.findByRole('radio', { name: 'A new address' }));
    expect(screen.getByLabelText('Recipient name')).toHaveValue('Casey Customer');
    await user.type(screen.getByLabelText('Street and number'), '5 Lake St');
    await user.type(screen.getByLabelText('City'), 'Burlington');
    await user.selectOptions(screen.getByLabelText('State or region'), 'VT');
    await user.type(screen.getByLabelText('Postal code'), '5401');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText(checkoutMessages.postalCode.US)).toHaveClass('field-error');
    expect(calls.some((call) => call.url === '/api/orders')).toBe(false);

    await user.clear(screen.getByLabelText('Postal code'));
    await user.type(screen.getByLabelText('Postal code'), '05401');
    expect(await total()).toHaveTextContent('$276.66');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/orders')).toBe(true));
    expect(calls.find((call) => call.url === '/api/orders')?.body).toMatchObject({
      shippingAddress: { name: 'Casey Customer', line1: '5 Lake St', city: 'Burlington', region: 'VT', postalCode: '05401', country: 'US', phone: '+1 555 0100' },
      shippingMethodId: 'ground',
    });
  });

  it("says the server's no-shipping message clearly instead of figures", async () => {
    const message = checkoutMessages.noShippingMethod('62701, US-IL', '48 kg');
    const { user } = openModal((url, init) =>
      url === '/api/checkout/quote' && (JSON.parse(String(init.body)) as { addressId?: number }).addressId === 12
        ? { status: 422, body: { code: 'no_shipping_method', message } }
        : undefined,
    );
    expect(await total()).toHaveTextContent('$276.66');
    await user.click(screen.getByRole('radio', { name: /9 Elm Rd/ }));
    expect(await screen.findByText(message)).toHaveAttribute('role', 'alert');
    expect(screen.queryByTestId('quote-total')).not.toBeInTheDocument();
  });

  it("shows the server's word on a mistyped VAT ID under the field", async () => {
    const { user } = openModal((url, init) =>
      url === '/api/checkout/quote' && (JSON.parse(String(init.body)) as { vatId?: string }).vatId
        ? apiError(400, 'validation', checkoutMessages.vatIdInvalid, { vatId: checkoutMessages.vatIdInvalid })
        : undefined,
    );
    expect(await total()).toHaveTextContent('$276.66');
    await user.type(screen.getByLabelText('VAT ID (optional, EU businesses)'), 'DE12345');
    await waitFor(() => expect(screen.getByLabelText('VAT ID (optional, EU businesses)')).toHaveAccessibleDescription(expect.stringContaining(checkoutMessages.vatIdInvalid)));
  });
});

