// What other features may use of settings; everything else in this folder is private to it.
export { getNotificationPreferences, getPreferences } from './settings.service';
