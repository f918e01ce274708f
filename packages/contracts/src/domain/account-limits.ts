/**
 * How much one account may make: far above what a household's shopping needs, low enough that one account cannot
 * fill the database. Past a total limit the answer is 400 `limit_reached`; past the daily product limit, 429.
 */
export const ACCOUNT_LIMITS = {
  /** Shopping lists the shopper created (personal and household ones). */
  lists: 200,
  /** Items on one list. */
  itemsPerList: 500,
  /** Pantry items the shopper added. */
  pantryItems: 2000,
  /** Households the shopper belongs to (created or joined). */
  households: 10,
  /** Catalogue products the shopper creates in 24 hours. */
  productsPerDay: 100,
} as const;
