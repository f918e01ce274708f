// What other features may use of push; everything else in this folder is private to it.
export { queuePush, sendPush } from './push-sender';
export { recordListChange } from './list-change-pushes';
export { pushRoutes } from './push.routes';
