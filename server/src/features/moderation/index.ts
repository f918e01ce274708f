// What the rest of the server may use of moderation; everything else in this folder is private to it.
export { moderationRoutes } from './moderation.routes';
