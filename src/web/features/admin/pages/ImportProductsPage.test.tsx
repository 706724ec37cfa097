import { act, screen, within } from '@testing-library/react';
import type { ProductImportReport } from '../../../../shared/api.js';
import { errorMessages } from '../../../../shared/messages.js';
import { fieldMessages } from '../../../../shared/schemas.js';
import { apiError, serverMessage } from '../../../test/fake-answers.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { ImportProductsPage } from './ImportProductsPage.js';

const HEADER = 'sku,name,description,price,stock,min,category,img,specs,active';
const CSV = `${HEADER}\nFL-2200,Oil Filter,Spin-on,4.75,500,50,Filters,/images/products/air-filter.svg,Thread: M20 x 1.5,true\n`;
const fileOf = (text: string) => new File([text], 'parts.csv', { type: 'text/csv' });
const checked: ProductImportReport = {
  created: 1,
  updated: 2,
  unchanged: 30,
  errors: [],
  errorCount: 0,
  changes: [
    { row: 2, sku: 'FL-2200', action: 'create', changes: [{ field: 'name', from: null, to: 'Oil Filter' }, { field: 'price', from: null, to: '4.75' }] },
    { row: 3, sku: 'BR-1507', action: 'update', changes: [{ field: 'price', from: '24.50', to: '23.90' }] },
    { row: 5, sku: 'HL-100', action: 'update', changes: [{ field: 'stock', from: '10', to: '25' }, { field: 'name', from: 'Lamp', to: 'Headlamp' }] },
  ],
};
/** A report of a file with problems only. */
const refusedReport = (errors: ProductImportReport['errors']): ProductImportReport => ({ created: 0, updated: 0, unchanged: 0, changes: [], errorCount: errors.length, errors });

/** The import answering each dry run with `dryRun`, a real import with `applied`. */
function importShop(dryRun: ProductImportReport, applied: ProductImportReport = dryRun) {
  return mockFetch((url, init) => {
    if (url === '/api/products/import?dryRun=true' && init.method === 'POST') return { status: 200, body: dryRun };
    if (url === '/api/products/import' && init.method === 'POST') return { status: 200, body: applied };
    return undefined;
  });
}

const chooseFile = async (user: ReturnType<typeof renderWithProviders>['user'], text = CSV) =>
  user.upload(screen.getByLabelText('CSV file to import'), fileOf(text));

describe('ImportProductsPage', () => {
  it('explains the file: its header, each column and the specs format', () => {
    mockFetch(() => undefined);
    renderWithProviders(<ImportProductsPage />);
    expect(screen.getByRole('heading', { name: 'Import / Export' })).toBeInTheDocument();
    // Every column the import knows; a file may leave out the pack size and price breaks (HEADER).
    expect(screen.getByText(`${HEADER},packSize,priceBreaks,weightGrams,taxClass,coreCharge`)).toBeInTheDocument();
    expect(screen.getByText('Name: value pairs separated by semicolons, e.g. Voltage: 12 V; Bulb type: H7.')).toBeInTheDocument();
    expect(screen.getByLabelText('CSV file to import')).toHaveAttribute('accept', '.csv,text/csv');
  });

  it('checks a chosen file with a dry run and shows its problems by row and column, with no way to apply it', async () => {
    const { calls } = importShop(
      refusedReport([
        { row: 3, column: 'price', sku: 'HL-100', value: 'twelve', message: fieldMessages.pricePositive },
        { row: 5, column: 'category', message: fieldMessages.categoryInvalid },
      ]),
    );
    const { user } = renderWithProviders(<ImportProductsPage />);
    await chooseFile(user);
    expect(await screen.findByText(/2 problems found, so nothing can be imported/)).toBeInTheDocument();
    // The file goes as it is, as CSV.
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/products/import?dryRun=true', method: 'POST', body: CSV });
    expect(calls[0]?.headers['Content-Type']).toBe('text/csv');

    const table = within(screen.getByRole('region', { name: 'Problems in the file' }));
    expect(table.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['3', 'price', 'HL-100', '"twelve"', 'Price must be a positive amount in dollars, at most two decimals'],
      ['5', 'category', '', '', 'Choose one of the categories'],
    ]);
    expect(screen.queryByRole('button', { name: 'Apply import' })).not.toBeInTheDocument();
  });

  it('offers Apply only for a file without problems, then imports it and says what it did', async () => {
    const { calls } = importShop(checked);
    const { user } = renderWithProviders(<ImportProductsPage />);
    await chooseFile(user);
    expect(await screen.findByText('The file is checked and can be imported.')).toBeInTheDocument();
    const counts = screen.getByRole('status');
    expect(counts).toHaveTextContent(/created:\s*1(?!\d)/);
    expect(counts).toHaveTextContent(/updated:\s*2(?!\d)/);
    expect(counts).toHaveTextContent(/unchanged:\s*30(?!\d)/);

    await user.click(screen.getByRole('button', { name: 'Apply import' }));
    expect(await screen.findByText('Import done: 1 created, 2 updated.')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/products/import?dryRun=true', '/api/products/import']);
    expect(calls[1]?.body).toBe(CSV);
    expect(screen.queryByRole('button', { name: 'Apply import' })).not.toBeInTheDocument();
  });

  it('shows the problems a real import was refused for (the catalog changed since the dry run)', async () => {
    const refused = refusedReport([{ row: 2, column: 'sku', sku: 'FL-2200', value: 'FL-2200', message: fieldMessages.skuRepeated('FL-2200') }]);
    mockFetch((url, init) => {
      if (url === '/api/products/import?dryRun=true' && init.method === 'POST') return { status: 200, body: checked };
      if (url === '/api/products/import' && init.method === 'POST') {
        return { status: 422, body: { ...refused, error: { code: 'import_refused', message: serverMessage(errorMessages.catalogImport.refused, 1) } } };
      }
      return undefined;
    });
    const { user } = renderWithProviders(<ImportProductsPage />);
    await chooseFile(user);
    await user.click(await screen.findByRole('button', { name: 'Apply import' }));
    const table = within(await screen.findByRole('region', { name: 'Problems in the file' }));
    expect(table.getByText('Part Number FL-2200 is given twice')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply import' })).not.toBeInTheDocument();
  });

  it('keeps a checked file to apply again when other imports are waiting their turn on the server', async () => {
    let busy = true;
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/products/import?dryRun=true' && init.method === 'POST') return { status: 200, body: checked };
      if (url !== '/api/products/import' || init.method !== 'POST') return undefined;
      return busy ? apiError(429, 'imports_busy', errorMessages.catalogImport.busy) : { status: 200, body: { ...checked, created: 0, updated: 1, unchanged: 32 } };
    });
    const { user } = renderWithProviders(<ImportProductsPage />);
    await chooseFile(user);
    await user.click(await screen.findByRole('button', { name: 'Apply import' }));
    expect(await screen.findByText(errorMessages.catalogImport.busy)).toBeInTheDocument();

    busy = false;
    await user.click(screen.getByRole('button', { name: 'Apply import' }));
    expect(await screen.findByText('Import done: 0 created, 1 updated.')).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([CSV, CSV, CSV]);
  });

  it('checks the next file chosen afresh', async () => {
    let answers = [checked, refusedReport([{ row: 2, column: 'name', value: '', message: fieldMessages.productNameRequired }])];
    mockFetch((url) => {
      if (url !== '/api/products/import?dryRun=true') return undefined;
      const [next, ...rest] = answers;
      answers = rest;
      return { status: 200, body: next };
    });
    const { user } = renderWithProviders(<ImportProductsPage />);
    await chooseFile(user);
    expect(await screen.findByRole('button', { name: 'Apply import' })).toBeInTheDocument();
    await chooseFile(user, `${HEADER}\n,,,,,,,,,\n`);
    expect(await screen.findByText(/1 problem found/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply import' })).not.toBeInTheDocument();
  });

  it('says why when the file cannot be checked', async () => {
    mockFetch(() => apiError(413, 'body_too_large', errorMessages.bodyTooLarge));
    const { user } = renderWithProviders(<ImportProductsPage />);
    await chooseFile(user);
    expect(await screen.findByText('The request is too large')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply import' })).not.toBeInTheDocument();
  });

  it('downloads the export with the admin token, and the one for Excel with a BOM', async () => {
    localStorage.setItem('token', 'admin-token');
    const { calls } = mockFetch((url) => (url.startsWith('/api/products/export.csv') ? { status: 200, body: `${HEADER}\n` } : undefined));
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (blob: Blob) => {
      blobs.set(`blob:${blobs.size}`, blob);
      return `blob:${blobs.size - 1}`;
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
    });
    try {
      const { user } = renderWithProviders(<ImportProductsPage />);
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await user.click(screen.getByRole('button', { name: 'Export CSV for Excel' }));
      await vi.waitFor(() => expect(saved).toHaveLength(2));
      expect(calls.map((call) => [call.url, call.headers.Authorization])).toEqual([
        ['/api/products/export.csv', 'Bearer admin-token'],
        ['/api/products/export.csv?bom=true', 'Bearer admin-token'],
      ]);
      expect(saved.map((file) => file.name)).toEqual(['partsmith-products.csv', 'partsmith-products.csv']);
      expect(await saved[0]!.blob.text()).toContain(HEADER);
    } finally {
      click.mockRestore();
    }
  });

  it('lists each row the file creates or changes with its fields old → new, and counts the unchanged rows', async () => {
    importShop(checked);
    const { user } = renderWithProviders(<ImportProductsPage />);
    await chooseFile(user);
    const table = within(await screen.findByRole('region', { name: 'Rows the import changes' }));
    const rows = table.getAllByRole('row').slice(1).map((row) => {
      const [number, part] = within(row).getAllByRole('cell');
      return [number!.textContent, part!.textContent, within(row).getAllByRole('listitem').map((item) => item.textContent)];
    });
    expect(rows).toEqual([
      ['2', 'FL-2200 (new part)', ['name Oil Filter', 'price 4.75']],
      ['3', 'BR-1507 (changed)', ['price 24.50 → 23.90']],
      ['5', 'HL-100 (changed)', ['stock 10 → 25', 'name Lamp → Headlamp']],
    ]);
    expect(screen.getByText('30 rows are unchanged and not listed.')).toBeInTheDocument();
    expect(screen.queryByText(/Only the first/)).not.toBeInTheDocument();
  });

  it('says when a large file lists only its first changed rows', async () => {
    // 1 created + 1,501 updated = 1,502 changing rows, 3 of them listed.
    importShop({ ...checked, updated: 1501 });
    const { user } = renderWithProviders(<ImportProductsPage />);
    await chooseFile(user);
    expect(await screen.findByText('Only the first 3 of 1,502 changed rows are listed.')).toBeInTheDocument();
  });

  it("shows the file's upload as it goes, then an indeterminate bar while the server checks it", async () => {
    mockFetch(() => undefined);
    /** An upload the test moves on by hand. */
    class HeldUpload {
      static current: HeldUpload | undefined;
      status = 0;
      responseText = '';
      readonly upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      url = '';
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      getResponseHeader() {
        return 'application/json';
      }
      send() {
        HeldUpload.current = this;
      }
    }
    vi.stubGlobal('XMLHttpRequest', HeldUpload);
    const { user } = renderWithProviders(<ImportProductsPage />);
    await chooseFile(user);
    await vi.waitFor(() => expect(HeldUpload.current).toBeDefined());
    const upload = HeldUpload.current!;
    expect(upload.url).toBe('/api/products/import?dryRun=true');

    act(() => upload.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 }));
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('status')).toHaveTextContent('Sending the file… 25%');

    act(() => upload.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 }));
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByRole('status')).toHaveTextContent('Checking the file…');

    act(() => {
      upload.status = 200;
      upload.responseText = JSON.stringify(checked);
      upload.onload?.();
    });
    expect(await screen.findByText('The file is checked and can be imported.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('downloads the template with the admin token', async () => {
    localStorage.setItem('token', 'admin-token');
    const { calls } = mockFetch((url) => (url === '/api/products/import-template.csv' ? { status: 200, body: `${HEADER}\n` } : undefined));
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:template';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      const { user } = renderWithProviders(<ImportProductsPage />);
      await user.click(screen.getByRole('button', { name: 'Download template' }));
      await vi.waitFor(() => expect(saved).toEqual(['partsmith-import-template.csv']));
      expect(calls.map((call) => [call.url, call.headers.Authorization])).toEqual([['/api/products/import-template.csv', 'Bearer admin-token']]);
    } finally {
      click.mockRestore();
    }
  });
});
