// What other features may use of splitcart; everything else in this folder is private to it.
export { sumSplitCartSavings } from './used-plans.service';
