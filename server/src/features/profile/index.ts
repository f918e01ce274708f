// What other features may use of profile; everything else in this folder is private to it.
export { publishProfileChange } from './profile-events';
export { findProfile, readRole, readSubscriptionStatus, toProfileDto, updateProfile } from './profile.repo';
export { createProfileForUser } from './profile.repo';
