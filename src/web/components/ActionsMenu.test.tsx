import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ActionsMenu } from './ActionsMenu.js';

function renderMenu() {
  const restock = vi.fn();
  const remove = vi.fn();
  render(
    <MemoryRouter>
      <ActionsMenu
        of="Brake Pads"
        actions={[
          { label: 'Edit', name: 'Edit Brake Pads', to: '/dashboard/edit-product/7' },
          { label: 'Restock', name: 'Restock Brake Pads', onSelect: restock },
          { label: 'Archive', onSelect: vi.fn(), disabled: true },
          { label: 'Remove', name: 'Remove Brake Pads', onSelect: remove, danger: true },
        ]}
      />
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), restock, remove, button: screen.getByRole('button', { name: 'Actions for Brake Pads' }) };
}

describe('ActionsMenu', () => {
  it("opens from its 'Actions' button, which says so, with its entries; the focus on the first", async () => {
    const { user, button } = renderMenu();
    expect(button).toHaveTextContent(/^Actions/);
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Actions for Brake Pads' });
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Restock', 'Archive', 'Remove']);
    expect(screen.getByRole('menuitem', { name: 'Edit Brake Pads' })).toHaveFocus();
    expect(screen.getByRole('menuitem', { name: 'Edit Brake Pads' })).toHaveAttribute('href', '/dashboard/edit-product/7');
    expect(screen.getByRole('menuitem', { name: 'Archive' })).toBeDisabled();
  });

  it('moves with the arrow keys past a disabled entry, and closes on Escape with the focus back on its button', async () => {
    const { user, button, remove } = renderMenu();
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit Brake Pads' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Remove Brake Pads' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit Brake Pads' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Remove Brake Pads' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(remove).not.toHaveBeenCalled();
  });

  it('runs the entry chosen and closes; a click outside closes it without choosing', async () => {
    const { user, button, restock, remove } = renderMenu();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Restock Brake Pads' }));
    expect(restock).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);
    // A scroll (the page's smooth scrolling, a table's) moves it with its button: it stays open.
    fireEvent.scroll(window);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
  });
});
