import type { TPlanGroupSuggestion } from '@cartwise/contracts';
import { Money } from '../../components';

/** Units that would complete a promotion's group at a store and lower its total, as the plan worked them out. */
export function PromotionSuggestions({
  suggestions,
  storeName,
  currency,
}: {
  suggestions: readonly TPlanGroupSuggestion[];
  storeName: string;
  currency?: string;
}) {
  if (suggestions.length === 0) return null;
  return (
    <ul className="plan-suggestions" aria-label={`Ways to save more at ${storeName}`}>
      {suggestions.map((suggestion) => (
        <li key={`${suggestion.itemId}:${suggestion.promotion.id}`}>
          <strong>
            Add {suggestion.addUnits} more: saves <Money cents={suggestion.savesCents} currency={currency} />
          </strong>
          <span className="muted small">
            {suggestion.productName} · {suggestion.promotion.description}
          </span>
        </li>
      ))}
    </ul>
  );
}
