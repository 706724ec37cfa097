import { screen, waitFor, within } from '@testing-library/react';
import { errorMessages, messages } from '../../../../shared/messages.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { aProduct, unpaidOrder } from '../../../test/fixtures.js';
import { customer, mockFetch, renderWithProviders, type FakeHandler } from '../../../test/render.js';
import { checkoutAnswer, savedAddress } from '../../../test/fake-checkout.js';
import { OrderModal } from './OrderModal.js';

const product = aProduct();

function setup(answer?: FakeHandler) {
  const onClose = vi.fn();
  const fetch = mockFetch((url, init) => {
    const checkout = checkoutAnswer(url, init ?? {});
    if (checkout) return checkout;
    if (url === '/api/user/customer%40partsmith.example')
      return { status: 200, body: { ...customer, phone: '+1 555 0100', address: '1 Main Street, Springfield' } };
    return answer?.(url, init);
  });
  const rendered = renderWithProviders(<OrderModal open onClose={onClose} product={product} user={customer} />);
  return { ...rendered, ...fetch, onClose };
}

const quantity = () => screen.findByPlaceholderText('enter product quantity (min 10 units)');

describe('OrderModal', () => {
  it('shows the title, the read-only fields and prefills phone and address from the user record', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Place order for Brake Pads' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Product')).toHaveValue('Brake Pads');
    expect(screen.getByLabelText('Product')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Name')).toHaveValue('Casey Customer');
    expect(screen.getByLabelText('Email')).toHaveValue('customer@partsmith.example');
    expect(await quantity()).toHaveAttribute('type', 'number');
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100'));
    // The default saved address is the one chosen.
    const delivery = screen.getByRole('group', { name: 'Delivery Address' });
    expect(within(delivery).getByRole('radio', { name: /Dock 4, 1 Main St, Burlington, VT 05401, US/ })).toBeChecked();
  });

  it('requires a quantity', async () => {
    const { user, calls } = setup();
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100'));
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText('Quantity is required')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/orders')).toBe(false);
  });

  it('rejects a quantity below the minimum', async () => {
    const { user } = setup();
    await user.type(await quantity(), '9');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText('Quantity Must be 10 or higher')).toBeInTheDocument();
  });

  it('rejects a quantity above the stock', async () => {
    const { user } = setup();
    await user.type(await quantity(), '101');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    const error = await screen.findByText('Quantity Must be lower than 100');
    // The original message ends with a space (docs/legacy-contract.md#quantity).
    expect(error.textContent).toBe('Quantity Must be lower than 100 ');
  });

  it('requires a phone number and an address', async () => {
    const { user } = setup();
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100'));
    await user.clear(screen.getByLabelText('Phone Number'));
    // A new address left blank is no address.
    await user.click(screen.getByRole('radio', { name: 'A new address' }));
    await user.clear(screen.getByLabelText('Recipient name'));
    await user.type(await quantity(), '20');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText('Phone Number is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
  });

  it('places the order, toasts and closes', async () => {
    const { user, calls, onClose } = setup((url, init) =>
      url === '/api/orders' && init.method === 'POST' ? { status: 201, body: unpaidOrder({ productId: '7', quantity: 20 }) } : undefined,
    );
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100'));
    await user.type(await quantity(), '20');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText('Your order is placed successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/orders')?.body).toEqual({
      productId: '7',
      quantity: 20,
      phone: '+1 555 0100',
      addressId: savedAddress.id,
      shippingMethodId: 'ground',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('holds the total to what a card can be charged, under the quantity, before asking the server', async () => {
    const costly = aProduct({ name: 'Engine Block', price: 400_000, min: 1, stock: 10 });
    const { calls } = mockFetch((url, init) =>
      url === '/api/user/customer%40partsmith.example' ? { status: 200, body: { ...customer, phone: '+1 555 0100', address: '1 Main Street' } } : checkoutAnswer(url, init),
    );
    const { user } = renderWithProviders(<OrderModal open onClose={vi.fn()} product={costly} user={customer} />);
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100'));
    await user.type(await screen.findByPlaceholderText('enter product quantity (min 1 units)'), '3');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText(errorMessages.orderTotalTooLarge('999,999.99'))).toHaveClass('field-error');
    expect(calls.some((call) => call.url === '/api/orders')).toBe(false);
  });

  it("shows the server's too-many-unpaid-orders answer under the form and stays open", async () => {
    const tooMany = serverMessage(errorMessages.tooManyUnpaidOrders, 5);
    const { user, onClose } = setup((url) => (url === '/api/orders' ? apiError(409, 'too_many_unpaid_orders', tooMany) : undefined));
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100'));
    await user.type(await quantity(), '20');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText(tooMany)).toHaveClass('text-red-700');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText('Your order is placed successfully')).not.toBeInTheDocument();
  });

  it('shows an out-of-stock answer in red in the modal', async () => {
    // Only 15 units are left by the time the order arrives.
    const tooMany = serverMessage(messages.validation.quantityTooHigh, 15);
    const { user, onClose } = setup((url) =>
      url === '/api/orders' ? apiError(409, 'out_of_stock', tooMany, { quantity: tooMany }) : undefined,
    );
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100'));
    await user.type(await quantity(), '20');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    const error = await screen.findByText('Quantity Must be lower than 15');
    expect(error).toHaveClass('field-error');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText('Your order is placed successfully')).not.toBeInTheDocument();
  });
});

describe('OrderModal, the quantity (the original messages whatever was typed; hint, message and total agree)', () => {
  // A part sold in bulk: minimum 50, 850 in stock.
  const bulk = aProduct({ name: 'Hubcap', min: 50, stock: 850, price: 2 });

  function setupBulk(answer?: FakeHandler) {
    const fetch = mockFetch((url, init) => {
      const checkout = checkoutAnswer(url, init ?? {});
      if (checkout) return checkout;
      if (url === '/api/user/customer%40partsmith.example')
        return { status: 200, body: { ...customer, phone: '+1 555 0100', address: '1 Main Street, Springfield' } };
      return answer?.(url, init);
    });
    const rendered = renderWithProviders(<OrderModal open onClose={vi.fn()} product={bulk} user={customer} />);
    return { ...rendered, ...fetch };
  }
  const bulkQuantity = () => screen.findByPlaceholderText('enter product quantity (min 50 units)');

  async function submitQuantity(user: ReturnType<typeof setupBulk>['user'], typed: string) {
    const input = await bulkQuantity();
    await user.clear(input);
    await user.type(input, typed);
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
  }

  it.each([
    ['0', 'Quantity Must be 50 or higher'],
    ['-10', 'Quantity Must be 50 or higher'],
    ['49', 'Quantity Must be 50 or higher'],
    ['99999999999999', 'Quantity Must be lower than 850 '],
    ['851', 'Quantity Must be lower than 850 '],
    ['150.5', 'Quantity must be a whole number'],
  ])('says the original message for %s, and sends nothing', async (typed, message) => {
    const { user, calls } = setupBulk();
    await submitQuantity(user, typed);
    const error = await screen.findByText(message.trim());
    expect(error.textContent).toBe(message);
    expect(calls.some((call) => call.url === '/api/orders')).toBe(false);
  });

  it('says the stock itself may be ordered, and accepts it', async () => {
    const { user, calls } = setupBulk((url, init) =>
      url === '/api/orders' && init.method === 'POST' ? { status: 201, body: unpaidOrder({ quantity: 850, price: 2, total: 1700 }) } : undefined,
    );
    const input = await bulkQuantity();
    expect(input).toHaveAccessibleDescription('From 50 to 850 units · $2.00 per unit');
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100'));
    await submitQuantity(user, '850');
    expect(await screen.findByText('Your order is placed successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/orders')?.body).toMatchObject({ quantity: 850 });
  });

  it('shows a total only for a quantity the shop accepts', async () => {
    const { user } = setupBulk();
    const input = await bulkQuantity();
    for (const invalid of ['0', '-10', '49', '851', '150.5', '99999999999999']) {
      await user.clear(input);
      await user.type(input, invalid);
      expect(screen.queryByText(/^Total:/)).not.toBeInTheDocument();
    }
    await user.clear(input);
    await user.type(input, '100');
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: $200.00');
  });

  it('puts the focus on the quantity, the first field one can type in', async () => {
    setupBulk();
    await waitFor(async () => expect(await bulkQuantity()).toHaveFocus());
  });
});

describe('OrderModal, out of stock (stock under the minimum order)', () => {
  it('says so instead of offering a form', async () => {
    mockFetch((url) => (url === '/api/user/customer%40partsmith.example' ? { status: 200, body: customer } : undefined));
    renderWithProviders(<OrderModal open onClose={vi.fn()} product={aProduct({ min: 50, stock: 30 })} user={customer} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Out of stock. Fewer than the minimum order of 50 units are left, so this part cannot be ordered right now.',
    );
    expect(screen.queryByRole('button', { name: 'Confirm Order' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Between|Quantity Must be lower than 30/)).not.toBeInTheDocument();
  });
});

describe('OrderModal, no answer from the shop', () => {
  const keyOf = (call: { headers: Record<string, string> }) => call.headers['Idempotency-Key'];

  it('says the order is not confirmed, and a retry sends the same Idempotency-Key; a changed form a new one', async () => {
    let attempts = 0;
    const { user, calls, onClose } = setup((url, init) => {
      if (url !== '/api/orders' || init.method !== 'POST') return undefined;
      attempts += 1;
      // The first two attempts never reach the shop (the browser is offline).
      if (attempts <= 2) throw new TypeError('Failed to fetch');
      return { status: 201, body: unpaidOrder({ productId: '7', quantity: 21 }) };
    });
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100'));
    await user.type(await quantity(), '20');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    const error = await screen.findByText(messages.ui.orderNotSent);
    expect(error).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Confirm Order' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();

    // Pressed again: the same order the customer means, the same key.
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    await waitFor(() => expect(attempts).toBe(2));
    expect(await screen.findByText(messages.ui.orderNotSent)).toBeInTheDocument();
    const posts = () => calls.filter((call) => call.url === '/api/orders');
    expect(keyOf(posts()[0]!)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(posts()[1]!)).toBe(keyOf(posts()[0]!));

    // Another quantity is another order: a new key (and the old message goes with the change).
    await user.type(await quantity(), '{Backspace}1');
    expect(screen.queryByText(messages.ui.orderNotSent)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText('Your order is placed successfully')).toBeInTheDocument();
    expect(keyOf(posts()[2]!)).not.toBe(keyOf(posts()[0]!));
    expect(posts()[2]!.body).toMatchObject({ quantity: 21 });
  });

  it('gives each opening of the modal its own key', async () => {
    const first = setup((url) => (url === '/api/orders' ? { status: 201, body: unpaidOrder({ productId: '7', quantity: 20 }) } : undefined));
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100'));
    await first.user.type(await quantity(), '20');
    await first.user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    await screen.findByText('Your order is placed successfully');
    first.unmount();
    const second = setup((url) => (url === '/api/orders' ? { status: 201, body: unpaidOrder({ productId: '7', quantity: 20 }) } : undefined));
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100'));
    await second.user.type(await quantity(), '20');
    await second.user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    await screen.findByText('Your order is placed successfully');
    const firstKey = keyOf(first.calls.find((call) => call.url === '/api/orders')!);
    const secondKey = keyOf(second.calls.find((call) => call.url === '/api/orders')!);
    expect(firstKey).toBeTruthy();
    expect(secondKey).not.toBe(firstKey);
  });
});

describe('OrderModal, price breaks and packs', () => {
  // Hubcaps in boxes of 10: $2, from 500 $1.80, from 1000 $1.50.
  const boxed = aProduct({
    name: 'Hubcap',
    min: 50,
    stock: 2000,
    price: 2,
    packSize: 10,
    priceBreaks: [
      { minQuantity: 500, price: 1.8 },
      { minQuantity: 1000, price: 1.5 },
    ],
  });

  function setupBoxed(answer?: FakeHandler) {
    const fetch = mockFetch((url, init) => {
      const checkout = checkoutAnswer(url, init ?? {});
      if (checkout) return checkout;
      if (url === '/api/user/customer%40partsmith.example')
        return { status: 200, body: { ...customer, phone: '+1 555 0100', address: '1 Main Street, Springfield' } };
      return answer?.(url, init);
    });
    const rendered = renderWithProviders(<OrderModal open onClose={vi.fn()} product={boxed} user={customer} />);
    return { ...rendered, ...fetch };
  }
  const boxedQuantity = () => screen.findByPlaceholderText('enter product quantity (min 50 units)');
  const unitPrice = () => screen.getByText(/^Unit price:/);
  const total = () => screen.getByText(/^Total:/);

  it('prices the quantity at the tier it reaches, live, the list price struck through from the edge on', async () => {
    const { user } = setupBoxed();
    const input = await boxedQuantity();
    await user.type(input, '490');
    expect(unitPrice()).toHaveTextContent('Unit price: $2.00 each Order 500 for $1.80 each');
    expect(total()).toHaveTextContent('Total: $980.00');
    expect(screen.queryByTestId('list-price')).not.toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '500');
    expect(unitPrice()).toHaveTextContent('Unit price: List price: $2.00 $1.80 each Order 1,000 for $1.50 each');
    expect(screen.getByTestId('list-price')).toHaveTextContent('$2.00');
    expect(total()).toHaveTextContent('Total: $900.00');

    await user.clear(input);
    await user.type(input, '1000');
    expect(screen.getByTestId('unit-price')).toHaveTextContent('$1.50 each');
    expect(screen.queryByTestId('next-tier')).not.toBeInTheDocument();
    expect(total()).toHaveTextContent('Total: $1,500.00');
  });

  it("says the pack rule in the server's words under the quantity, shows no price, and sends nothing", async () => {
    const { user, calls } = setupBoxed();
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100'));
    await user.type(await boxedQuantity(), '505');
    expect(screen.queryByText(/^Total:/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Unit price:/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText('Quantity must be a multiple of 10')).toHaveClass('field-error');
    expect(calls.some((call) => call.url === '/api/orders')).toBe(false);
  });

  it('steps the quantity by whole packs from the smallest one accepted, and keeps the base price in the hint', async () => {
    setupBoxed();
    const input = await boxedQuantity();
    expect(input).toHaveAttribute('step', '10');
    expect(input).toHaveAttribute('min', '50');
    expect(input).toHaveAccessibleDescription('From 50 to 2,000 units · $2.00 per unit');
  });
});
