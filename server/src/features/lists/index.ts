// What other features may use of lists; everything else in this folder is private to it.
export { getListDetail } from './lists.service';
export { selectListCounts, toListCounts } from './lists.repo';
export { listsRoutes } from './lists.routes';
