/** Price of a yearly subscription; the admin revenue figure is active subscribers times this. */
export const ANNUAL_PRICE = 49.99;

/** Length of the free trial every new account starts with. */
export const TRIAL_MONTHS = 6;
