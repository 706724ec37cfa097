import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.js';
import { messages } from '../../../shared/messages.js';
import { isQuickOrderProblem, parseQuickOrder } from '../../../shared/quick-order.js';
import { errorText } from '../../lib/form-errors.js';
import { addToCart } from '../../lib/cart-store.js';
import { useResolveParts } from './api.js';
import { cartLines, quickOrderRows, rowAsText, type QuickOrderRow } from './rows.js';

const text = messages.ui.quickOrder;

/**
 * The quick order's state: the text box, its lines checked against the shop (`rows`, null until checked or
 * after an edit), a problem with the check itself, and adding the good lines to the cart.
 */
export function useQuickOrder() {
  const [lines, setLines] = useState('');
  const [rows, setRows] = useState<QuickOrderRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [leftToFix, setLeftToFix] = useState(false);
  const resolve = useResolveParts();
  const navigate = useNavigate();

  const edit = (next: string) => {
    setLines(next);
    setRows(null);
    setProblem(null);
    setLeftToFix(false);
  };

  const check = async (content: string) => {
    const entries = parseQuickOrder(content);
    if (entries.length === 0) {
      setProblem(text.nothingToCheck);
      return;
    }
    const numbers = entries.flatMap((entry) => (isQuickOrderProblem(entry) ? [] : [entry.number]));
    try {
      setRows(quickOrderRows(entries, numbers.length > 0 ? await resolve.mutateAsync(numbers) : []));
    } catch (failure) {
      setProblem(errorText(failure));
    }
  };

  /** A CSV file read in the browser: its text goes into the box, checked at once. */
  const checkFile = async (file: File) => {
    const content = await file.text();
    edit(content);
    await check(content);
  };

  /** The good lines go to the cart; the rest stay in the box and the table, to fix and check again. */
  const addReadyToCart = async () => {
    const ready = cartLines(rows ?? []);
    const toFix = (rows ?? []).filter((row) => row.error);
    // Parts already in the cart wait for the buyer's Replace or Add (the cart asks); the rest go in now.
    const added = await addToCart(ready);
    if (added.length > 0) toast.success(text.added(added.length));
    if (toFix.length === 0) {
      void navigate('/cart');
      return;
    }
    // The box now holds only these lines, so each row's number is its line in the box.
    setLines(toFix.map(rowAsText).join('\n'));
    setRows(toFix.map((row, index) => ({ ...row, line: index + 1, mergedLines: [] })));
    setLeftToFix(true);
  };

  return {
    lines,
    edit,
    check: () => check(lines),
    checkFile,
    checking: resolve.isPending,
    problem,
    rows,
    leftToFix,
    addReadyToCart,
  };
}
