/** Price of a yearly subscription; the admin revenue figure is active subscribers times this. */
export const ANNUAL_PRICE = 49.99;
/** The plan is billed in US dollars whatever currency a shopper keeps their own prices in. */
export const BILLING_CURRENCY = 'USD';

/** Length of the free trial every new account starts with. */
export const TRIAL_MONTHS = 6;
