import { screen, within } from '@testing-library/react';
import type { ImportReport } from '../../../../shared/api.js';
import { errorMessages } from '../../../../shared/messages.js';
import { serverMessage } from '../../../test/fake-answers.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { FitmentFiles } from './FitmentFiles.js';

const APPLICATIONS = 'sku,year_from,year_to,make,model\nFL-2200,2014,2016,Toyota,Corolla\nFL-2200,2015,2015,Toyota,Supra\n';
const NUMBERS = 'sku,type,brand,number\nFL-2200,oe,Toyota,87139-02090\n';
const fileOf = (text: string) => new File([text], 'file.csv', { type: 'text/csv' });

describe('FitmentFiles', () => {
  it('checks a fitment file with a dry run and lists its problems by row, with no way to apply it', async () => {
    const unknown = serverMessage(errorMessages.fitmentImport.modelUnknown, 'Toyota', 'Supra');
    const refused: ImportReport = { created: 1, updated: 0, unchanged: 0, errors: [{ row: 3, column: 'model', message: unknown }] };
    const { calls } = mockFetch((url, init) => (url === '/api/fitment/import?kind=applications&dryRun=true' && init.method === 'POST' ? { status: 200, body: refused } : undefined));
    const { user } = renderWithProviders(<FitmentFiles />);
    await user.upload(screen.getByLabelText('Vehicle fitment CSV file to import'), fileOf(APPLICATIONS));
    const table = within(await screen.findByRole('region', { name: 'Problems in the Vehicle fitment file' }));
    expect(table.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['3', 'model', 'No vehicle in our base is a Toyota Supra'],
    ]);
    expect(calls).toMatchObject([{ body: APPLICATIONS }]);
    expect(calls[0]?.headers['Content-Type']).toBe('text/csv');
    expect(screen.queryByRole('button', { name: 'Apply Vehicle fitment import' })).not.toBeInTheDocument();
  });

  it('applies a numbers file once its check found nothing wrong, and says what changed', async () => {
    const report: ImportReport = { created: 1, updated: 2, unchanged: 7, errors: [] };
    const { calls } = mockFetch((url, init) => (url.startsWith('/api/fitment/import?kind=numbers') && init.method === 'POST' ? { status: 200, body: report } : undefined));
    const { user } = renderWithProviders(<FitmentFiles />);
    await user.upload(screen.getByLabelText('Part numbers CSV file to import'), fileOf(NUMBERS));
    await user.click(await screen.findByRole('button', { name: 'Apply Part numbers import' }));
    expect(await screen.findByText('Part numbers imported: 1 part got their first rows, 2 parts changed.')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/fitment/import?kind=numbers&dryRun=true', '/api/fitment/import?kind=numbers']);
  });

  it('downloads each file from the fitment export', async () => {
    const { calls } = mockFetch((url) => (url.startsWith('/api/fitment/export.csv') ? { status: 200, body: 'sku\n' } : undefined));
    URL.createObjectURL = () => 'blob:0';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      const { user } = renderWithProviders(<FitmentFiles />);
      await user.click(screen.getByRole('button', { name: 'Export Vehicle fitment CSV' }));
      await user.click(screen.getByRole('button', { name: 'Export Part numbers CSV' }));
      await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(2));
      expect(calls.map((call) => call.url)).toEqual(['/api/fitment/export.csv?kind=applications', '/api/fitment/export.csv?kind=numbers']);
    } finally {
      click.mockRestore();
    }
  });
});
