import { screen } from '@testing-library/react';
import { LIST_QUANTITY_MAX, listMessages, type PartsList } from '../../../../shared/choosing.js';
import { aProduct } from '../../../test/fixtures.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { AddCartToList } from './AddCartToList.js';

const auth = fakeAuth({ user: customer });
const stamp = '2030-06-01T10:00:00.000Z';
const part = (id: string) => aProduct({ _id: id, sku: `PT-${id}`, name: `Part ${id}`, min: 1 });
const list = (id: string, name: string, lines: [string, number][]): PartsList => ({
  id,
  name,
  lineCount: lines.length,
  createdAt: stamp,
  updatedAt: stamp,
  lines: lines.map(([productId, quantity]) => ({ productId, quantity, product: part(productId) })),
});

/** Two lists on a fake server; a PUT's lines become the list's. */
function serve(lists: PartsList[]) {
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/lists' && method === 'GET') return { status: 200, body: lists.map(({ lines, ...summary }) => ({ ...summary, lineCount: lines.length })) };
    const found = lists.find((one) => url === `/api/lists/${one.id}`);
    if (found && method === 'GET') return { status: 200, body: found };
    if (found && method === 'PUT') {
      const { lines } = JSON.parse(String(init.body)) as { lines: { productId: number; quantity: number }[] };
      return { status: 200, body: list(found.id, found.name, lines.map((line) => [String(line.productId), line.quantity])) };
    }
    return undefined;
  });
}

describe('AddCartToList', () => {
  it("merges the cart into the chosen list: a part in both gets the sum (capped at the shared maximum), a new part comes last", async () => {
    const { calls } = serve([list('3', 'Workshop', [['1', 1]]), list('4', 'Van', [['7', 10], ['8', LIST_QUANTITY_MAX - 5], ['9', 2]])]);
    const { user } = renderWithProviders(
      <AddCartToList
        cart={[
          { productId: '7', quantity: 5 },
          { productId: '8', quantity: 20 },
          { productId: '12', quantity: 3 },
        ]}
      />,
      { auth },
    );
    // The lists are read when the control is opened, not with every view of the cart.
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Add to an existing list' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Your list' }), 'Van');
    await user.click(screen.getByRole('button', { name: 'Add cart to list' }));

    expect(await screen.findByText(listMessages.cartAddedToList(3, 'Van'))).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({
        url: '/api/lists/4',
        body: {
          lines: [
            { productId: 7, quantity: 15 },
            { productId: 8, quantity: LIST_QUANTITY_MAX },
            { productId: 9, quantity: 2 },
            { productId: 12, quantity: 3 },
          ],
        },
      }),
    ]);
  });

  it('asks for a list when none is chosen and sends nothing', async () => {
    const { calls } = serve([list('3', 'Workshop', [])]);
    const { user } = renderWithProviders(<AddCartToList cart={[{ productId: '7', quantity: 5 }]} />, { auth });
    await user.click(screen.getByRole('button', { name: 'Add to an existing list' }));
    await user.click(await screen.findByRole('button', { name: 'Add cart to list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(listMessages.chooseList);
    expect(screen.getByRole('combobox', { name: 'Your list' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('is not offered to a visitor', () => {
    const { calls } = mockFetch(() => undefined);
    renderWithProviders(<AddCartToList cart={[{ productId: '7', quantity: 5 }]} />);
    expect(screen.queryByRole('button', { name: 'Add to an existing list' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
