import { screen, within } from '@testing-library/react';
import type { TradeImportReport } from '../../../../shared/api.js';
import { errorMessages } from '../../../../shared/messages.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { TradeFiles } from './TradeFiles.js';

const m = errorMessages.tradeImport;
const ACES = '<?xml version="1.0"?><ACES version="4.2"><App action="A" id="1"><BaseVehicle id="9000002"/><Part>LT-4412-L</Part></App><App action="A" id="2"/></ACES>';
const report = (counts: Partial<TradeImportReport>): TradeImportReport => ({ created: 0, updated: 0, deleted: 0, unchanged: 0, errors: [], ignored: [], ...counts });

function tradeShop(dryRun: TradeImportReport, applied: TradeImportReport = dryRun) {
  return mockFetch((url, init) => {
    if (url === '/api/fitment/import?format=aces&dryRun=true' && init.method === 'POST') return { status: 200, body: dryRun };
    if (url === '/api/fitment/import?format=aces' && init.method === 'POST') return { status: 200, body: applied };
    return undefined;
  });
}

describe('TradeFiles', () => {
  it('checks an ACES file with a dry run, lists its problems by App id, and offers no Apply', async () => {
    const { calls } = tradeShop(report({ created: 1, errors: [{ record: '2', message: m.vehicleMissing }] }));
    const { user } = renderWithProviders(<TradeFiles />);
    await user.upload(screen.getByLabelText('Fitment as ACES (XML): file to import'), new File([ACES], 'apps.xml', { type: 'application/xml' }));
    expect(await screen.findByText(/1 problem found, so nothing can be imported/)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/fitment/import?format=aces&dryRun=true', method: 'POST', body: ACES });
    expect(calls[0]?.headers['Content-Type']).toBe('application/xml');
    const table = within(screen.getByRole('region', { name: 'Problems in the ACES file' }));
    expect(table.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([['2', m.vehicleMissing]]);
    expect(screen.queryByRole('button', { name: 'Apply ACES import' })).not.toBeInTheDocument();
  });

  it('applies a checked ACES file and says what it did', async () => {
    const { calls } = tradeShop(report({ created: 2, deleted: 1 }));
    const { user } = renderWithProviders(<TradeFiles />);
    await user.upload(screen.getByLabelText('Fitment as ACES (XML): file to import'), new File([ACES], 'apps.xml', { type: 'application/xml' }));
    expect(await screen.findByText('The file is checked and can be imported.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply ACES import' }));
    expect(await screen.findByText('Import done: 2 created, 0 updated, 1 deleted.')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/fitment/import?format=aces&dryRun=true', '/api/fitment/import?format=aces']);
  });
});
