import { render, screen, within } from '@testing-library/react';
import { unpaidOrder, vermontOrder, VERMONT_CHARGES } from '../../../test/fixtures.js';
import { OrderCharges } from './OrderCharges.js';

const rows = () => within(screen.getByRole('table', { name: /^Charges of order/ })).getAllByRole('row').map((row) => row.textContent);

describe('an order’s charges', () => {
  it('lists goods, shipping by its method, each tax line with its rate, the tax total of several lines and the total charged', () => {
    render(<OrderCharges order={vermontOrder()} />);
    // $1,500.00 + $11.00 + ($90.00 + $15.11) = $1,616.11.
    expect(rows()).toEqual(VERMONT_CHARGES);
  });

  it('shows no tax total for a single tax line: the line is the tax', () => {
    // $1,500.00 + $11.00 + 6% of $1,500.00 ($90.00) = $1,601.00.
    render(<OrderCharges order={vermontOrder({ taxLines: [{ name: 'VT Sales Tax', rate: 6, amount: 90 }], tax: 90, total: 1601 })} />);
    expect(rows()).toEqual(['Subtotal$1,500.00', 'Shipping (Ground)$11.00', 'VT Sales Tax (6%)$90.00', 'Total$1,601.00']);
  });

  it("lists each line's refundable core deposits after the goods, in the total", () => {
    // 2 alternators at $200.00 with a $25.00 core each: $400.00 + $50.00 deposits + $11.00 shipping + 6 % of $461.00 ($27.66) = $488.66.
    const lines = [{ ...unpaidOrder().lines[0]!, productId: '9', sku: 'EL-1201', product: 'Alternator', quantity: 2, unitPrice: 200, listPrice: 200, lineTotal: 400, coreCharge: 25 }];
    render(
      <OrderCharges
        order={vermontOrder({ lines, subtotal: 400, coreDeposit: 50, taxLines: [{ name: 'VT Sales Tax', rate: 6, amount: 27.66 }], tax: 27.66, total: 488.66 })}
      />,
    );
    expect(rows()).toEqual(['Subtotal$400.00', 'Core deposit, refundable: $25.00 × 2$50.00', 'Shipping (Ground)$11.00', 'VT Sales Tax (6%)$27.66', 'Total$488.66']);
  });

  it('ships to the address block: name, company, lines, city region postal code, country, and names the method', () => {
    render(<OrderCharges order={vermontOrder()} />);
    const shipTo = screen.getByTestId('ship-to');
    expect(within(shipTo).getByText('Ship to')).toBeInTheDocument();
    expect([...shipTo.querySelectorAll('address > span')].map((line) => line.textContent)).toEqual([
      'Jane Buyer',
      'Acme Ltd',
      '12 Main St',
      'Unit 4',
      'Burlington, VT 05401',
      'US',
    ]);
    expect(within(shipTo).getByText('Shipping method: Ground')).toBeInTheDocument();
  });

  it('leaves out the blank company and second line, and a region the country does not have', () => {
    const order = vermontOrder();
    render(
      <OrderCharges
        order={{ ...order, shippingAddress: { ...order.shippingAddress!, company: '', line2: '', city: 'London', region: '', postalCode: 'SW1A 1AA', country: 'GB' } }}
      />,
    );
    expect([...screen.getByTestId('ship-to').querySelectorAll('address > span')].map((line) => line.textContent)).toEqual([
      'Jane Buyer',
      '12 Main St',
      'London, SW1A 1AA',
      'GB',
    ]);
  });

  it('says a reverse-charged order carries no VAT and gives the buyer’s VAT ID', () => {
    // A German distributor: $1,500.00 + $25.00 shipping, no VAT: $1,525.00.
    render(<OrderCharges order={vermontOrder({ shipping: 25, tax: 0, taxLines: [], total: 1525, reverseCharge: true, vatId: 'DE136695976' })} />);
    expect(rows()).toEqual(['Subtotal$1,500.00', 'Shipping (Ground)$25.00', 'Total$1,525.00']);
    expect(screen.getByTestId('charge-reverse')).toHaveTextContent(
      'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)' + "Buyer's VAT ID: DE136695976",
    );
    expect(screen.queryByTestId('charge-exempt')).not.toBeInTheDocument();
  });

  it('says why an exempt buyer paid no tax', () => {
    render(<OrderCharges order={vermontOrder({ tax: 0, taxLines: [], total: 1511, taxExempt: true })} />);
    expect(screen.getByTestId('charge-exempt')).toHaveTextContent("No tax charged: the buyer's tax exemption certificate was valid");
    expect(screen.queryByTestId('charge-reverse')).not.toBeInTheDocument();
  });

  it('shows an order from before structured addresses by its one-line address, with plain shipping', () => {
    render(<OrderCharges order={unpaidOrder()} />);
    expect(rows()).toEqual(['Subtotal$1,500.00', 'Shipping$0.00', 'Total$1,500.00']);
    expect(within(screen.getByTestId('ship-to')).getByText('1 Main Street, Springfield')).toBeInTheDocument();
  });

  it('can leave the destination to the page around it', () => {
    render(<OrderCharges order={vermontOrder()} shipTo={false} />);
    expect(screen.queryByTestId('ship-to')).not.toBeInTheDocument();
  });
});
