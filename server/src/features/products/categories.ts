/** Rough grocery categories from a product's name, used for analytics when nobody set one. */
const CATEGORY_WORDS: [string, RegExp][] = [
  ['Dairy & eggs', /\b(milk|mlk|cheese|chs|ched|cheddar|yogurt|ygrt|yog|butter|btr|cream|eggs?|kefir)\b/i],
  ['Meat & seafood', /\b(chicken|chkn|beef|bf|pork|ham|turkey|bacon|sausage|steak|salmon|tuna|shrimp|fish|mince|grnd)\b/i],
  [
    'Produce',
    /\b(banana|bnna|apple|orange|lemon|lime|tomato|potato|onion|garlic|lettuce|spinach|carrot|pepper|avocado|berr(y|ies)|grapes?|cucumber|broccoli|fruit|veg(etable)?s?|salad)\b/i,
  ],
  ['Bakery', /\b(bread|brd|bagel|bun|rolls?|muffin|croissant|tortilla|cake|baguette)\b/i],
  ['Frozen', /\b(frozen|frz|frzn|ice cream|pizza)\b/i],
  ['Beverages', /\b(juice|jce|soda|cola|coffee|tea|water|beer|wine|drink|lemonade)\b/i],
  ['Snacks', /\b(chips|crisps|cookies?|ckie|cracker|candy|chocolate|popcorn|pretzel|snack|bar)\b/i],
  ['Pantry', /\b(rice|pasta|flour|sugar|oil|cereal|crl|oats|beans|sauce|soup|spice|salt|honey|jam|peanut|noodles?)\b/i],
  ['Household', /\b(paper|towels?|tissue|detergent|dtrgnt|soap|bleach|trash|foil|wrap|sponge|cleaner|batter(y|ies))\b/i],
  ['Personal care', /\b(shampoo|toothpaste|deodorant|razor|lotion|conditioner)\b/i],
];

export const OTHER_CATEGORY = 'Other';

export function guessCategory(name: string): string {
  for (const [category, pattern] of CATEGORY_WORDS) if (pattern.test(name)) return category;
  return OTHER_CATEGORY;
}
