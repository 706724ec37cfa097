import { screen, within } from '@testing-library/react';
import type { ListSummary, PartsList } from '../../../../shared/choosing.js';
import { LIST_QUANTITY_MAX, listMessages } from '../../../../shared/choosing.js';
import { aProduct } from '../../../test/fixtures.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { ListsPage } from './ListsPage.js';

const auth = fakeAuth({ user: customer });
const stamp = '2030-06-01T10:00:00.000Z';
const pads = aProduct({ _id: '7', sku: 'BR-2040', name: 'Brake Pads' });
const filter = aProduct({ _id: '8', sku: 'OF-1100', name: 'Oil Filter', min: 1 });
const wipers = aProduct({ _id: '9', sku: 'WB-0550', name: 'Wiper Blades', min: 1 });

const workshop: PartsList = {
  id: '3',
  name: 'Workshop',
  lineCount: 3,
  createdAt: stamp,
  updatedAt: stamp,
  lines: [
    { productId: '7', quantity: 10, product: pads },
    { productId: '8', quantity: 4, product: filter },
    { productId: '9', quantity: 2, product: wipers },
  ],
};
const summary = ({ lines, ...list }: PartsList): ListSummary => ({ ...list, lineCount: lines.length });

/** The buyer's one list on a fake server: GET the lists and the list, PUT it (the answer as the server saves it). */
function serve() {
  let list = workshop;
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/lists' && method === 'GET') return { status: 200, body: [summary(list)] };
    if (url === '/api/lists/3' && method === 'GET') return { status: 200, body: list };
    if (url === '/api/lists/3' && method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { name: string; lines: { productId: number; quantity: number }[] };
      const products = new Map(list.lines.map((line) => [line.productId, line.product]));
      list = {
        ...list,
        name: body.name,
        lines: body.lines.map((line) => ({ productId: String(line.productId), quantity: line.quantity, product: products.get(String(line.productId)) ?? null })),
      };
      return { status: 200, body: list };
    }
    return undefined;
  });
}

async function openWorkshop(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Open list: Workshop' }));
  const dialog = await screen.findByRole('dialog', { name: 'Workshop' });
  await within(dialog).findByTestId('list-line-7');
  return within(dialog);
}

const lineTexts = (dialog: ReturnType<typeof within>) =>
  dialog.getAllByTestId(/^list-line-/).map((line: HTMLElement) => [line.querySelector('.font-mono')?.textContent, within(line).getByRole('spinbutton').getAttribute('aria-label'), (within(line).getByRole('spinbutton') as HTMLInputElement).value]);

describe('ListsPage: open and edit a list', () => {
  it('opens a list in a labelled dialog with each line: part number, name and quantity, the name field focused', async () => {
    serve();
    const { user } = renderWithProviders(<ListsPage />, { auth });
    const dialog = await openWorkshop(user);
    expect(lineTexts(dialog)).toEqual([
      ['Part number: BR-2040', 'Quantity of Brake Pads', '10'],
      ['Part number: OF-1100', 'Quantity of Oil Filter', '4'],
      ['Part number: WB-0550', 'Quantity of Wiper Blades', '2'],
    ]);
    expect(dialog.getByText('Oil Filter')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'List name' })).toHaveValue('Workshop');
    expect(dialog.getByRole('textbox', { name: 'List name' })).toHaveFocus();
  });

  it('renames, changes a quantity and removes a line; "Save list" PUTs the name and the lines left, toasts and refreshes the lists', async () => {
    const { calls } = serve();
    const { user } = renderWithProviders(<ListsPage />, { auth });
    const dialog = await openWorkshop(user);
    await user.clear(dialog.getByRole('textbox', { name: 'List name' }));
    await user.type(dialog.getByRole('textbox', { name: 'List name' }), 'Van service');
    await user.clear(dialog.getByRole('spinbutton', { name: 'Quantity of Oil Filter' }));
    await user.type(dialog.getByRole('spinbutton', { name: 'Quantity of Oil Filter' }), '6');
    await user.click(dialog.getByRole('button', { name: 'Remove Brake Pads' }));
    expect(dialog.queryByText('Brake Pads')).not.toBeInTheDocument();
    // The focus stays in the list: on the next line's Remove button.
    expect(dialog.getByRole('button', { name: 'Remove Oil Filter' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Save list' }));

    expect(await screen.findByText(listMessages.listSaved('Van service'))).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({
        url: '/api/lists/3',
        body: { name: 'Van service', lines: [{ productId: 8, quantity: 6 }, { productId: 9, quantity: 2 }] },
      }),
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The lists were read again: the new name and count show.
    expect(await screen.findByRole('heading', { name: 'Van service' })).toBeInTheDocument();
    expect(screen.getByText('2 parts')).toBeInTheDocument();
  });

  it.each([
    ['0', 'Quantity of Oil Filter'],
    [String(LIST_QUANTITY_MAX + 1), 'Quantity of Oil Filter'],
    ['2.5', 'Quantity of Oil Filter'],
  ])('refuses the quantity %s next to its input, sends nothing and keeps what was typed', async (typed, field) => {
    const { calls } = serve();
    const { user } = renderWithProviders(<ListsPage />, { auth });
    const dialog = await openWorkshop(user);
    await user.click(dialog.getByRole('button', { name: 'Remove Wiper Blades' }));
    await user.clear(dialog.getByRole('spinbutton', { name: field }));
    await user.type(dialog.getByRole('spinbutton', { name: field }), typed);
    await user.click(dialog.getByRole('button', { name: 'Save list' }));

    const input = dialog.getByRole('spinbutton', { name: field });
    expect(await within(input.parentElement!).findByRole('alert')).toHaveTextContent(listMessages.quantityInvalid);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue(Number(typed));
    expect(dialog.queryByText('Wiper Blades')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('refuses an empty name next to the field and sends nothing', async () => {
    const { calls } = serve();
    const { user } = renderWithProviders(<ListsPage />, { auth });
    const dialog = await openWorkshop(user);
    await user.clear(dialog.getByRole('textbox', { name: 'List name' }));
    await user.type(dialog.getByRole('textbox', { name: 'List name' }), '   ');
    await user.click(dialog.getByRole('button', { name: 'Save list' }));
    expect(await dialog.findByText(listMessages.nameRequired)).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'List name' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
