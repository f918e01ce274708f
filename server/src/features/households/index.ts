// What other features may use of households; everything else in this folder is private to it.
export { memberHouseholdIds, publishToAudience, requireMembership, selectMemberIds } from './household-access';
export { dropMembership } from './household-membership';
export { householdsRoutes } from './households.routes';
