type Navigate = (path: string) => void;

// The auth client lives outside React, so the router registers its navigate function here; before that (or in
// tests) a full page load is the fallback. Kept apart from the client so the app shell does not load it.
let navigateTo: Navigate = (path) => window.location.assign(path);

export function setAuthNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

export function navigateFromAuth(path: string): void {
  navigateTo(path);
}
