/** Catalogue for synthetic US receipts: fictional stores, typical register abbreviations and prices. */
export const STORES = [
  { name: 'FRESHWAY MARKET', address: ['1234 MAIN ST', 'SPRINGFIELD, IL 62701'], phone: '(217) 555-0142' },
  { name: 'GREEN VALLEY FOODS', address: ['88 OAK AVE', 'MADISON, WI 53703'], phone: '(608) 555-0199' },
  { name: 'SAVE-MORE GROCERY', address: ['4100 W BROAD ST', 'RICHMOND, VA 23230'], phone: '(804) 555-0117' },
  { name: 'CORNER PANTRY', address: ['19 ELM RD', 'BURLINGTON, VT 05401'], phone: '(802) 555-0163' },
  { name: 'HARVEST HILL MARKET', address: ['700 PINE BLVD', 'BOULDER, CO 80302'], phone: '(303) 555-0188' },
  { name: 'PRICEWISE SUPERSTORE', address: ['2500 COMMERCE DR', 'PLANO, TX 75093'], phone: '(972) 555-0101' },
] as const;

export const PACKAGED = [
  ['GV WHL MLK GAL', 3.48],
  ['OATS 500G', 4.29],
  ['EGGS LARGE DOZ', 2.99],
  ['BREAD WHITE 20OZ', 2.49],
  ['CHEDDAR SHRP 8OZ', 3.79],
  ['OJ PULP FREE 52FLOZ', 4.49],
  ['PENNE PASTA 16OZ', 1.39],
  ['JASMINE RICE 2LB', 3.99],
  ['GREEK YOGURT 32OZ', 5.49],
  ['COFFEE MED RST 12OZ', 8.99],
  ['CORN FLAKES 18OZ', 3.29],
  ['BUTTER SALTED 1LB', 4.79],
  ['PNT BUTTER 16OZ', 2.89],
  ['SPRKLNG WATER 12CT', 4.99],
  ['PAPER TOWELS 6CT', 7.99],
  ['OLIVE OIL 500ML', 6.49],
  ['TOMATO SAUCE 24OZ', 2.19],
  ['BLK BEANS 15OZ', 0.99],
  ['TUNA CHUNK LT 5OZ', 1.29],
  ['AA BATTERIES 8CT', 6.99],
  ['DISH SOAP 24FLOZ', 2.79],
  ['HONEY 12OZ', 5.99],
  ['ALMOND MLK HG', 3.49],
  ['SALSA MILD 16OZ', 2.99],
] as const;

export const WEIGHED = [
  ['BANANAS', 0.59],
  ['APPLES GALA', 1.99],
  ['GRND BEEF 80/20', 4.99],
  ['CHICKEN BRST', 3.49],
  ['TOMATOES ROMA', 1.29],
  ['GRAPES RED', 2.49],
  ['ONIONS YELLOW', 0.99],
  ['POTATOES RUSSET', 0.89],
] as const;

export const PAYMENTS = ['VISA', 'MASTERCARD', 'DEBIT', 'CASH'] as const;
