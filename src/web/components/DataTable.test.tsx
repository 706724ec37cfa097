import { render, screen } from '@testing-library/react';
import { DataTable } from './DataTable.js';

describe('DataTable', () => {
  it("names each cell after its column, which a phone's stacked rows show in front of it", () => {
    const paid = false;
    render(
      <DataTable label="Your orders" columns={['Product', 'Status', 'Action']}>
        {['Tire', 'Hubcap'].map((name) => (
          <tr key={name}>
            <td>{name}</td>
            {paid && <td>never rendered</td>}
            <td>not paid</td>
            <td>
              <button type="button">Pay</button>
            </td>
          </tr>
        ))}
      </DataTable>,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Product', 'Status', 'Action']);
    for (const row of screen.getAllByRole('row').slice(1)) {
      expect([...row.querySelectorAll('td')].map((td) => td.dataset.label)).toEqual(['Product', 'Status', 'Action']);
    }
    expect(screen.getAllByRole('button', { name: 'Pay' })).toHaveLength(2);
  });
});
