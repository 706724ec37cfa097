import { Link } from 'react-router';
import type { NumberSuggestion } from '../../../../shared/api.js';
import { messages } from '../../../../shared/messages.js';
import { productPath } from '../../../../shared/paths.js';
import { useNumberSuggestions } from '../api.js';

const text = messages.ui.catalog;

/** "Did you mean BR-1507 (Brake Pad Set)?": the closest numbers to one nothing matched, each a link to its part. Nothing without any. */
export function NumberSuggestions({ suggestions, className = '' }: { suggestions: readonly NumberSuggestion[]; className?: string }) {
  if (suggestions.length === 0) return null;
  return (
    <p className={className} data-testid="did-you-mean">
      {text.didYouMean}{' '}
      {suggestions.map((suggestion, index) => (
        <span key={`${suggestion.sku} ${suggestion.number}`}>
          {index > 0 && (index === suggestions.length - 1 ? ' or ' : ', ')}
          <Link to={productPath(suggestion.sku)} className="font-semibold underline hover:text-brand-700">
            <SuggestedPart suggestion={suggestion} />
          </Link>
        </span>
      ))}
      ?
    </p>
  );
}

/** "BR-1507 (Brake Pad Set)", or "17801-0T020: Air Filter (FL-2201)" for another number of a part: each number whole on its line. */
function SuggestedPart({ suggestion: { number, name, sku } }: { suggestion: NumberSuggestion }) {
  const whole = (text: string) => <span className="whitespace-nowrap">{text}</span>;
  if (number === sku) return <>{whole(sku)} ({name})</>;
  return (
    <>
      {whole(number)}: {name} ({whole(sku)})
    </>
  );
}

/** The suggestions for a number typed (a search, an address's part number), asked of the server. */
export function SuggestionsFor({ number, className }: { number: string; className?: string }) {
  const suggestions = useNumberSuggestions(number);
  return <NumberSuggestions suggestions={suggestions.data ?? []} className={className} />;
}
