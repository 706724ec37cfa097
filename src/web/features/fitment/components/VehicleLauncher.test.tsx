import { screen, waitFor } from '@testing-library/react';
import { corollaLe, serveVehicleBase } from '../../../test/fake-vehicles.js';
import { mockFetch, renderWithProviders } from '../../../test/render.js';
import { writeGarage } from '../garage-store.js';
import { VehicleLauncher } from './VehicleLauncher.js';

describe('VehicleLauncher (the home page)', () => {
  it('opens the vehicle selector when asked, and asks the server for nothing before', async () => {
    const { calls } = mockFetch(serveVehicleBase);
    const { user } = renderWithProviders(<VehicleLauncher />);
    expect(screen.getByRole('heading', { level: 2, name: 'Find parts that fit your car' })).toBeInTheDocument();
    expect(screen.getByText('Choose your vehicle to see the parts that fit it.')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Choose your vehicle' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Year' })).toBeEnabled());
    expect(screen.getByRole('heading', { level: 2, name: 'Find parts that fit your car' })).toHaveFocus();
    expect(screen.getByLabelText('Or enter your VIN')).toBeInTheDocument();
  });

  it('shows the vehicle shopped for, with a link to the parts that fit it', async () => {
    writeGarage(() => ({ vehicles: [corollaLe], current: corollaLe, owner: '' }));
    const { calls } = mockFetch(serveVehicleBase);
    const { user } = renderWithProviders(<VehicleLauncher />);
    expect(screen.getByText(/^Shopping for:/)).toHaveTextContent('Shopping for: 2015 Toyota Corolla LE 1.8L I4');
    expect(screen.getByRole('link', { name: 'Shop parts that fit' })).toHaveAttribute('href', '/allProducts?vehicle=1');
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Change vehicle' }));
    expect(await screen.findByRole('group', { name: 'My garage' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop parts that fit' })).toHaveAttribute('href', '/allProducts?vehicle=1');
  });

  it('shows the parts of the vehicle chosen at once: "Shop for this vehicle" opens the catalog for it', async () => {
    mockFetch(serveVehicleBase);
    const { user } = renderWithProviders(<VehicleLauncher />);
    await user.click(screen.getByRole('button', { name: 'Choose your vehicle' }));
    const select = (name: string) => screen.getByRole('combobox', { name });
    await waitFor(() => expect(select('Year')).toBeEnabled());
    await user.selectOptions(select('Year'), '2015');
    await waitFor(() => expect(select('Make')).toBeEnabled());
    await user.selectOptions(select('Make'), 'Toyota');
    await waitFor(() => expect(select('Model')).toBeEnabled());
    await user.selectOptions(select('Model'), 'Corolla');
    await waitFor(() => expect(select('Engine / trim')).toBeEnabled());
    await user.selectOptions(select('Engine / trim'), 'S 1.8L I4');
    await user.click(screen.getByRole('button', { name: 'Shop for this vehicle' }));
    expect(await screen.findByText('Page at /allProducts?vehicle=2')).toBeInTheDocument();
  });
});
