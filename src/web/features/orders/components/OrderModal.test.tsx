import { screen, waitFor } from '@testing-library/react';
import { errorMessages, messages } from '../../../../shared/messages.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { aProduct, unpaidOrder } from '../../../test/fixtures.js';
import { customer, mockFetch, renderWithProviders, type FakeHandler } from '../../../test/render.js';
import { OrderModal } from './OrderModal.js';

const product = aProduct();

function setup(answer?: FakeHandler) {
  const onClose = vi.fn();
  const fetch = mockFetch((url, init) => {
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
    expect(screen.getByLabelText('Delivery Address')).toHaveValue('1 Main Street, Springfield');
  });

  it('requires a quantity', async () => {
    const { user, calls } = setup();
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100'));
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText('Quantity is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
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
    // SPEC's message ends with a space.
    expect(error.textContent).toBe('Quantity Must be lower than 100 ');
  });

  it('requires a phone number and an address', async () => {
    const { user } = setup();
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100'));
    await user.clear(screen.getByLabelText('Phone Number'));
    await user.clear(screen.getByLabelText('Delivery Address'));
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
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      productId: '7',
      quantity: 20,
      phone: '+1 555 0100',
      address: '1 Main Street, Springfield',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('holds the total to what a card can be charged, under the quantity, before asking the server', async () => {
    const costly = aProduct({ name: 'Engine Block', price: 400_000, min: 1, stock: 10 });
    const { calls } = mockFetch((url) =>
      url === '/api/user/customer%40partsmith.example' ? { status: 200, body: { ...customer, phone: '+1 555 0100', address: '1 Main Street' } } : undefined,
    );
    const { user } = renderWithProviders(<OrderModal open onClose={vi.fn()} product={costly} user={customer} />);
    await waitFor(() => expect(screen.getByLabelText('Phone Number')).toHaveValue('+1 555 0100'));
    await user.type(await screen.findByPlaceholderText('enter product quantity (min 1 units)'), '3');
    await user.click(screen.getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText(errorMessages.orderTotalTooLarge('999,999.99'))).toHaveClass('field-error');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
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
