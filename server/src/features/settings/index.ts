// What other features may use of settings; everything else in this folder is private to it.
export { findFormatSettings, getNotificationPreferences, getPreferences, toFormatSettings } from './settings.service';
export { settingsRoutes } from './settings.routes';
export { isEmailAllowed, isTopicOn, selectEmailRecipients, type EmailTopic } from './email-recipients';
