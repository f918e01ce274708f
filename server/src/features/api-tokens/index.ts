// What other features may use of personal access tokens.
export { deleteAllAccessTokens } from './api-tokens.repo';
export { apiTokensRoutes } from './api-tokens.routes';
