import { useId, useState, type KeyboardEvent } from 'react';
import { choosingUi as ui } from '../../../../shared/choosing-copy.js';
import type { Suggestions } from '../../../../shared/choosing.js';
import { useDebounced } from '../../../lib/useDebounced.js';
import { useSuggestions } from '../choosing-api.js';

export type Suggestion =
  | { kind: 'part'; part: Suggestions['parts'][number] }
  | { kind: 'category'; category: Suggestions['categories'][number] }
  | { kind: 'vehicle'; vehicle: Suggestions['vehicles'][number] };

interface SearchComboboxProps {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  maxLength: number;
  onChange: (text: string) => void;
  onPick: (suggestion: Suggestion) => void;
}

/**
 * The search box as an ARIA combobox (the WAI-ARIA 1.2 list-autocomplete pattern): as one types it offers
 * parts, categories and the buyer's vehicles; Down and Up move through them, Enter takes one, Escape closes
 * the list. The text typed still searches the catalog as before.
 */
export function SearchCombobox({ id, label, value, placeholder, maxLength, onChange, onPick }: SearchComboboxProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useDebounced(value, 150);
  const suggestions = useSuggestions(typed);
  const options = optionsOf(suggestions.data);
  const shown = open && value.trim().length > 1 && options.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const pick = (index: number) => {
    const option = options[index];
    if (!option) return;
    setOpen(false);
    setActive(-1);
    onPick(option.suggestion);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (options.length === 0 ? -1 : (current + step + options.length) % options.length));
    } else if (event.key === 'Enter' && shown && active >= 0) {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        className="input"
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        autoComplete="off"
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label={ui.suggestions} hidden={!shown} className="absolute z-20 mt-1 max-h-96 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
        {options.map((option, index) => (
          <li
            key={option.key}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-brand-50 text-brand-800' : 'text-slate-800'}`}
            // Before the input's blur, which would close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(index);
            }}
          >
            <span className="mr-2 text-xs uppercase text-slate-500">{option.group}</span>
            {option.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

function optionsOf(data: Suggestions | undefined) {
  if (!data) return [];
  return [
    ...data.parts.map((part) => ({ key: `p${part._id}`, group: ui.suggestParts, label: `${part.name} (${part.sku})`, suggestion: { kind: 'part', part } as Suggestion })),
    ...data.categories.map((category) => ({ key: `c${category.slug}`, group: ui.suggestCategories, label: category.name, suggestion: { kind: 'category', category } as Suggestion })),
    ...data.vehicles.map((vehicle) => ({ key: `v${vehicle.id}`, group: ui.suggestVehicles, label: vehicle.label, suggestion: { kind: 'vehicle', vehicle } as Suggestion })),
  ];
}
