import { screen, waitFor, within } from '@testing-library/react';
import type { VinAnswer } from '../../../../shared/api.js';
import { fieldMessages } from '../../../../shared/schemas.js';
import { apiError } from '../../../test/fake-answers.js';
import { camry, civic, corolla2016, corollaLe, corollaS, fakeAccountGarage, serveVehicleBase } from '../../../test/fake-vehicles.js';
import { customer, fakeAuth, mockFetch, renderWithProviders } from '../../../test/render.js';
import { readGarage, writeGarage } from '../garage-store.js';
import { VehiclePanel } from './VehiclePanel.js';

const VIN = '2T1BURHE0FC123456';

function renderPanel({ signedIn = false, onChange = vi.fn() } = {}) {
  return { ...renderWithProviders(<VehiclePanel onChange={onChange} />, { auth: fakeAuth({ user: signedIn ? customer : null }) }), onChange };
}

const select = (name: string) => screen.getByRole('combobox', { name });
const optionNames = (name: string) => within(select(name)).getAllByRole('option').map((option) => option.textContent);
const shoppingFor = () => screen.getByText(/^Shopping for:|^Choose your vehicle/);
/** The garage's vehicles as listed, the checked one (shopped for) marked. */
const garageList = () =>
  within(screen.getByRole('group', { name: 'My garage' }))
    .getAllByRole('radio')
    .map((radio) => `${(radio as HTMLInputElement).checked ? '* ' : ''}${radio.closest('label')!.textContent}`);

async function chooseVehicle(user: ReturnType<typeof renderPanel>['user'], year: string, make: string, model: string, engine?: string) {
  await waitFor(() => expect(select('Year')).toBeEnabled());
  await user.selectOptions(select('Year'), year);
  await waitFor(() => expect(select('Make')).toBeEnabled());
  await user.selectOptions(select('Make'), make);
  await waitFor(() => expect(select('Model')).toBeEnabled());
  await user.selectOptions(select('Model'), model);
  await waitFor(() => expect(select('Engine / trim')).toBeEnabled());
  if (engine) await user.selectOptions(select('Engine / trim'), engine);
  await user.click(screen.getByRole('button', { name: 'Shop for this vehicle' }));
}

describe('VehiclePanel: Year → Make → Model → Engine', () => {
  it('fills each list from the server once the one before is chosen, and keeps the later ones disabled until then', async () => {
    const { calls } = mockFetch(serveVehicleBase);
    const { user, onChange } = renderPanel();
    expect(shoppingFor()).toHaveTextContent('Choose your vehicle to see the parts that fit it.');
    await waitFor(() => expect(optionNames('Year')).toEqual(['Choose…', '2016', '2015']));
    for (const later of ['Make', 'Model', 'Engine / trim']) expect(select(later)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Shop for this vehicle' })).toBeDisabled();

    await user.selectOptions(select('Year'), '2015');
    await waitFor(() => expect(optionNames('Make')).toEqual(['Choose…', 'Honda', 'Toyota']));
    expect(select('Model')).toBeDisabled();
    await user.selectOptions(select('Make'), 'Toyota');
    await waitFor(() => expect(optionNames('Model')).toEqual(['Choose…', 'Camry', 'Corolla']));
    await user.selectOptions(select('Model'), 'Corolla');
    await waitFor(() => expect(optionNames('Engine / trim')).toEqual(['Choose…', 'LE 1.8L I4', 'S 1.8L I4']));
    expect(screen.getByRole('button', { name: 'Shop for this vehicle' })).toBeDisabled();
    // Stepping through the options chooses nothing: the button does.
    await user.selectOptions(select('Engine / trim'), 'S 1.8L I4');
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Shop for this vehicle' }));

    expect(shoppingFor()).toHaveTextContent('Shopping for: 2015 Toyota Corolla S 1.8L I4');
    expect(onChange).toHaveBeenCalledWith(corollaS);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/vehicles/years',
      '/api/vehicles/makes?year=2015',
      '/api/vehicles/models?year=2015&make=Toyota',
      '/api/vehicles?year=2015&make=Toyota&model=Corolla',
    ]);
  });

  it('empties the later lists when an earlier choice changes, and has a lone vehicle chosen already', async () => {
    mockFetch(serveVehicleBase);
    const { user } = renderPanel();
    await waitFor(() => expect(select('Year')).toBeEnabled());
    await user.selectOptions(select('Year'), '2015');
    await waitFor(() => expect(select('Make')).toBeEnabled());
    await user.selectOptions(select('Make'), 'Toyota');
    await waitFor(() => expect(select('Model')).toBeEnabled());
    await user.selectOptions(select('Model'), 'Corolla');
    await waitFor(() => expect(select('Engine / trim')).toBeEnabled());

    await user.selectOptions(select('Make'), 'Honda');
    expect(select('Model')).toHaveValue('');
    expect(select('Engine / trim')).toBeDisabled();
    await waitFor(() => expect(optionNames('Model')).toEqual(['Choose…', 'Civic']));
    await user.selectOptions(select('Model'), 'Civic');
    await waitFor(() => expect(select('Engine / trim')).toHaveDisplayValue('EX 1.8L I4'));
    await user.click(screen.getByRole('button', { name: 'Shop for this vehicle' }));
    expect(shoppingFor()).toHaveTextContent('Shopping for: 2015 Honda Civic EX 1.8L I4');
  });
});

describe('VehiclePanel: a VIN', () => {
  const decode = (answer: VinAnswer) => (url: string) => (url === `/api/vehicles/vin/${VIN}` ? { status: 200, body: answer } : serveVehicleBase(url));

  it("shows the server's reason under the field when the VIN is mistyped", async () => {
    mockFetch((url) =>
      url.startsWith('/api/vehicles/vin/')
        ? apiError(400, 'validation', fieldMessages.vinCheckDigit, { vin: fieldMessages.vinCheckDigit })
        : serveVehicleBase(url),
    );
    const { user, onChange } = renderPanel();
    const field = screen.getByLabelText('Or enter your VIN');
    await user.type(field, '2t1burhe1fc123456');
    await user.click(screen.getByRole('button', { name: 'Find my vehicle' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(fieldMessages.vinCheckDigit);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(fieldMessages.vinCheckDigit));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('lets the buyer pick one when several vehicles match the VIN', async () => {
    const { calls } = mockFetch(decode({ vin: VIN, year: 2015, make: 'Toyota', vehicles: [corollaLe, corollaS] }));
    const { user, onChange } = renderPanel();
    await user.type(screen.getByLabelText('Or enter your VIN'), ` ${VIN.toLowerCase()} `);
    await user.click(screen.getByRole('button', { name: 'Find my vehicle' }));
    expect(await screen.findByText('This VIN is a 2015 Toyota. Which one is yours?')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '2015 Toyota Corolla S 1.8L I4' }));
    expect(shoppingFor()).toHaveTextContent('Shopping for: 2015 Toyota Corolla S 1.8L I4');
    expect(onChange).toHaveBeenCalledWith(corollaS);
    expect(screen.queryByText(/Which one is yours/)).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === `/api/vehicles/vin/${VIN}`)).toBe(true);
  });

  it('chooses the vehicle at once when only one matches', async () => {
    mockFetch(decode({ vin: VIN, year: 2015, make: 'Toyota', vehicles: [camry] }));
    const { user, onChange } = renderPanel();
    await user.type(screen.getByLabelText('Or enter your VIN'), VIN);
    await user.click(screen.getByRole('button', { name: 'Find my vehicle' }));
    await waitFor(() => expect(shoppingFor()).toHaveTextContent('Shopping for: 2015 Toyota Camry LE 2.5L I4'));
    expect(onChange).toHaveBeenCalledWith(camry);
  });

  it('says so when the VIN is decoded but no vehicle of the base matches', async () => {
    mockFetch(decode({ vin: VIN, year: 2015, make: 'Toyota', vehicles: [] }));
    const { user, onChange } = renderPanel();
    await user.type(screen.getByLabelText('Or enter your VIN'), VIN);
    await user.click(screen.getByRole('button', { name: 'Find my vehicle' }));
    expect(await screen.findByText('This VIN is a 2015 Toyota, but we have no parts listed for it yet.')).toBeInTheDocument();
    expect(shoppingFor()).toHaveTextContent('Choose your vehicle');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('VehiclePanel: My garage', () => {
  it("keeps a visitor's vehicles in the browser: switch between them, remove one, clear", async () => {
    const { calls } = mockFetch(serveVehicleBase);
    const { user, onChange, unmount } = renderPanel();
    await chooseVehicle(user, '2015', 'Toyota', 'Corolla', 'LE 1.8L I4');
    await chooseVehicle(user, '2015', 'Honda', 'Civic');
    expect(garageList()).toEqual(['* 2015 Honda Civic EX 1.8L I4', '2015 Toyota Corolla LE 1.8L I4']);
    expect(readGarage()).toMatchObject({ vehicles: [civic, corollaLe], current: civic, owner: '' });

    // Another visit in the same browser: the garage is still there.
    unmount();
    renderPanel({ onChange });
    expect(garageList()).toEqual(['* 2015 Honda Civic EX 1.8L I4', '2015 Toyota Corolla LE 1.8L I4']);

    await user.click(screen.getByRole('radio', { name: '2015 Toyota Corolla LE 1.8L I4' }));
    expect(shoppingFor()).toHaveTextContent('Shopping for: 2015 Toyota Corolla LE 1.8L I4');
    expect(onChange).toHaveBeenLastCalledWith(corollaLe);

    // Removing the one shopped for: the next one is.
    await user.click(screen.getByRole('button', { name: 'Remove 2015 Toyota Corolla LE 1.8L I4' }));
    expect(garageList()).toEqual(['* 2015 Honda Civic EX 1.8L I4']);
    expect(onChange).toHaveBeenLastCalledWith(civic);

    await user.click(screen.getByRole('button', { name: 'Clear garage' }));
    expect(screen.queryByRole('group', { name: 'My garage' })).not.toBeInTheDocument();
    expect(shoppingFor()).toHaveTextContent('Choose your vehicle to see the parts that fit it.');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(readGarage()).toMatchObject({ vehicles: [], current: null });
    expect(calls.some((call) => call.url.startsWith('/api/garage'))).toBe(false);
  });

  it("keeps a signed-in buyer's vehicles in the account: added with PUT, removed with DELETE", async () => {
    const garage = fakeAccountGarage([corolla2016]);
    const { calls } = mockFetch((url, init) => serveVehicleBase(url) ?? garage(url, init));
    const { user } = renderPanel({ signedIn: true });
    // Nothing chosen on this device yet: the account's first vehicle.
    await waitFor(() => expect(garageList()).toEqual(['* 2016 Toyota Corolla LE 1.8L I4']));

    await chooseVehicle(user, '2015', 'Toyota', 'Camry');
    await waitFor(() => expect(garageList()).toEqual(['* 2015 Toyota Camry LE 2.5L I4', '2016 Toyota Corolla LE 1.8L I4']));
    await user.click(screen.getByRole('button', { name: 'Remove 2016 Toyota Corolla LE 1.8L I4' }));
    await waitFor(() => expect(garageList()).toEqual(['* 2015 Toyota Camry LE 2.5L I4']));

    const garageCalls = calls.filter((call) => call.url.startsWith('/api/garage')).map((call) => `${call.method} ${call.url}`);
    expect(garageCalls).toEqual(['GET /api/garage', 'PUT /api/garage/3', 'DELETE /api/garage/5']);
    // The browser keeps which one is shopped for, not the account's vehicles.
    expect(readGarage()).toMatchObject({ vehicles: [], current: camry, owner: customer._id });
  });

  it("moves a visitor's vehicles into the account at sign-in, and keeps shopping for the visitor's choice", async () => {
    writeGarage(() => ({ vehicles: [civic, camry], current: civic, owner: '' }));
    const garage = fakeAccountGarage([corolla2016]);
    const { calls } = mockFetch((url, init) => serveVehicleBase(url) ?? garage(url, init));
    renderPanel({ signedIn: true });
    await waitFor(() =>
      expect(garageList()).toEqual(['* 2015 Honda Civic EX 1.8L I4', '2015 Toyota Camry LE 2.5L I4', '2016 Toyota Corolla LE 1.8L I4']),
    );
    const puts = calls.filter((call) => call.method === 'PUT').map((call) => call.url);
    expect(puts).toEqual(['/api/garage/3', '/api/garage/4']);
    expect(readGarage()).toEqual({ vehicles: [], current: civic, owner: customer._id });
    expect(shoppingFor()).toHaveTextContent('Shopping for: 2015 Honda Civic EX 1.8L I4');
  });

  it("does not show a signed-out account's vehicle to the visitor who uses the browser next", async () => {
    writeGarage(() => ({ vehicles: [], current: camry, owner: customer._id }));
    mockFetch(serveVehicleBase);
    renderPanel();
    expect(shoppingFor()).toHaveTextContent('Choose your vehicle to see the parts that fit it.');
    expect(screen.queryByRole('group', { name: 'My garage' })).not.toBeInTheDocument();
  });
});
