import { screen, waitFor, within } from '@testing-library/react';
import type { Order } from '../../../../shared/api.js';
import { fieldMessages } from '../../../../shared/schemas.js';
import { apiError, type FakeAnswer } from '../../../test/fake-answers.js';
import { corollaLe, fakeAccountGarage, serveVehicleBase } from '../../../test/fake-vehicles.js';
import { aReturn, paidOrder } from '../../../test/fixtures.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { ReturnRequestPage } from './ReturnRequestPage.js';

/** 4 of 10 Headlights shipped, both Alternators (with a $25 core deposit each), no Wiper Blade yet. */
const shippedInPart: Order = paidOrder('pi_abc123', {
  status: 'partially shipped',
  lines: [
    { productId: '3', sku: 'LT-4410', product: 'Headlight', quantity: 10, unitPrice: 40, listPrice: 40, lineTotal: 400, coreCharge: 0, shippedQuantity: 4, returnedQuantity: 0 },
    { productId: '5', sku: 'EL-2210', product: 'Alternator', quantity: 2, unitPrice: 150, listPrice: 150, lineTotal: 300, coreCharge: 25, shippedQuantity: 2, returnedQuantity: 0 },
    { productId: '8', sku: 'WP-300', product: 'Wiper Blade', quantity: 1, unitPrice: 10, listPrice: 10, lineTotal: 10, coreCharge: 0, shippedQuantity: 0, returnedQuantity: 0 },
  ],
});

function renderForm(order: Order = shippedInPart, answerReturn = (): FakeAnswer => ({ status: 201, body: aReturn() })) {
  const garage = fakeAccountGarage([corollaLe]);
  const fake = mockFetch((url, init) => {
    if (url === '/api/order/7') return { status: 200, body: order };
    if (url === '/api/orders/7/returns' && init.method === 'POST') return answerReturn();
    return garage(url, init) ?? serveVehicleBase(url);
  });
  const rendered = renderWithProviders(<ReturnRequestPage />, { auth: fakeAuth({ user: customer }), route: '/dashboard/orders/7/return', path: '/dashboard/orders/:id/return' });
  const line = async (productId: string) => within(await screen.findByTestId(`return-line-${productId}`));
  const requests = () => fake.calls.filter((call) => call.method === 'POST');
  return { ...rendered, line, requests };
}

const optionsOf = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

describe('returning parts of an order', () => {
  it('offers each shipped line with the units that may come back and its reasons; the core only for a part with a core deposit', async () => {
    const { line } = renderForm();
    expect(await screen.findByRole('heading', { name: 'Return parts of ORD-000007' })).toBeInTheDocument();
    const headlight = await line('3');
    expect(headlight.getByText('0 to 4 (shipped and not returned yet)')).toBeInTheDocument();
    expect(optionsOf(headlight.getByLabelText('Reason'))).toEqual(['Choose a reason', "Doesn't fit my vehicle", 'Arrived damaged', 'Wrong part sent', 'No longer needed', 'Other']);
    const alternator = await line('5');
    expect(alternator.getByText('0 to 2 (shipped and not returned yet)')).toBeInTheDocument();
    expect(optionsOf(alternator.getByLabelText('Reason'))).toContain('Returning the old unit (core)');
    // Nothing of the wiper has shipped.
    expect(screen.queryByTestId('return-line-8')).not.toBeInTheDocument();
  });

  it('says so when nothing has shipped', async () => {
    renderForm(paidOrder('pi_abc123'));
    expect(await screen.findByText('Nothing of this order has shipped that could come back yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask for the return' })).not.toBeInTheDocument();
  });

  it('refuses more units than shipped and not returned, and a part that did not fit without its vehicle, sending nothing', async () => {
    const { user, line, requests } = renderForm();
    const headlight = await line('3');
    await user.clear(headlight.getByLabelText('Units to return'));
    await user.type(headlight.getByLabelText('Units to return'), '5');
    await user.click(screen.getByRole('button', { name: 'Ask for the return' }));
    expect(await headlight.findByText('At most 4 units can come back')).toBeInTheDocument();
    expect(headlight.getByText('Choose why the part comes back')).toBeInTheDocument();

    await user.clear(headlight.getByLabelText('Units to return'));
    await user.type(headlight.getByLabelText('Units to return'), '2');
    await user.selectOptions(headlight.getByLabelText('Reason'), "Doesn't fit my vehicle");
    await user.click(screen.getByRole('button', { name: 'Ask for the return' }));
    expect(await headlight.findByText('Name the vehicle the part did not fit')).toBeInTheDocument();
    expect(headlight.queryByText('At most 4 units can come back')).not.toBeInTheDocument();
    expect(requests()).toEqual([]);
  });

  it('asks for no return when no line has units', async () => {
    const { user, requests } = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Ask for the return' }));
    expect(await screen.findByText('Choose at least one part to return')).toBeInTheDocument();
    expect(requests()).toEqual([]);
  });

  it('sends the lines with units, their reasons, the vehicle from the garage and the note; then shows My returns', async () => {
    const { user, line, requests } = renderForm();
    const headlight = await line('3');
    await user.clear(headlight.getByLabelText('Units to return'));
    await user.type(headlight.getByLabelText('Units to return'), '2');
    await user.selectOptions(headlight.getByLabelText('Reason'), "Doesn't fit my vehicle");
    await user.selectOptions(headlight.getByLabelText('Vehicle it did not fit'), '2015 Toyota Corolla LE 1.8L I4');
    const alternator = await line('5');
    await user.clear(alternator.getByLabelText('Units to return'));
    await user.type(alternator.getByLabelText('Units to return'), '1');
    await user.selectOptions(alternator.getByLabelText('Reason'), 'Returning the old unit (core)');
    await user.type(screen.getByLabelText('Note (optional)'), 'Kept the box');
    await user.click(screen.getByRole('button', { name: 'Ask for the return' }));

    expect(await screen.findByText('Return RMA-000042 is asked for: we will e-mail you once it is approved.')).toBeInTheDocument();
    expect(screen.getByText('Page at /dashboard/returns')).toBeInTheDocument();
    expect(requests().map((call) => [call.url, call.body])).toEqual([
      [
        '/api/orders/7/returns',
        {
          lines: [
            { productId: 3, quantity: 2, reason: 'doesnt_fit', vehicleId: 1 },
            { productId: 5, quantity: 1, reason: 'core' },
          ],
          note: 'Kept the box',
        },
      ],
    ]);
  });

  it('names a vehicle outside the garage with the vehicle selector', async () => {
    const { user, line, requests } = renderForm();
    const headlight = await line('3');
    await user.clear(headlight.getByLabelText('Units to return'));
    await user.type(headlight.getByLabelText('Units to return'), '1');
    await user.selectOptions(headlight.getByLabelText('Reason'), "Doesn't fit my vehicle");
    await user.click(headlight.getByRole('button', { name: 'Choose another vehicle' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Choose another vehicle' }));
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Year' })).toBeEnabled());
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Year' }), '2015');
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Make' })).toBeEnabled());
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Make' }), 'Honda');
    await waitFor(() => expect(dialog.getByRole('combobox', { name: 'Model' })).toBeEnabled());
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Model' }), 'Civic');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Use this vehicle' })).toBeEnabled());
    await user.click(dialog.getByRole('button', { name: 'Use this vehicle' }));

    expect(headlight.getByLabelText('Vehicle it did not fit')).toHaveDisplayValue('2015 Honda Civic EX 1.8L I4');
    await user.click(screen.getByRole('button', { name: 'Ask for the return' }));
    await screen.findByText('Page at /dashboard/returns');
    expect(requests().map((call) => call.body)).toEqual([{ lines: [{ productId: 3, quantity: 1, reason: 'doesnt_fit', vehicleId: 4 }] }]);
  });

  it("shows the server's refusal next to the line it is about", async () => {
    const { user, line } = renderForm(shippedInPart, () => apiError(400, 'validation', fieldMessages.idInvalid, { 'lines.0.vehicleId': fieldMessages.idInvalid }));
    // Only the second line is sent: the server's lines.0 is the form's Alternator.
    const alternator = await line('5');
    await user.clear(alternator.getByLabelText('Units to return'));
    await user.type(alternator.getByLabelText('Units to return'), '1');
    await user.selectOptions(alternator.getByLabelText('Reason'), "Doesn't fit my vehicle");
    await user.selectOptions(alternator.getByLabelText('Vehicle it did not fit'), '2015 Toyota Corolla LE 1.8L I4');
    await user.click(screen.getByRole('button', { name: 'Ask for the return' }));
    expect(await alternator.findByText(fieldMessages.idInvalid)).toBeInTheDocument();
    expect(within(screen.getByTestId('return-line-3')).queryByText(fieldMessages.idInvalid)).not.toBeInTheDocument();
  });
});
