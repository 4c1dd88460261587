/** Lets non-React code (the HTTP client, session handling) navigate through the app's router. */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => {
  window.location.assign(to);
};

export const setNavigator = (fn: Navigate) => {
  navigateImpl = fn;
};

export const navigateTo: Navigate = (to, opts) => navigateImpl(to, opts);

export const isAdminArea = (pathname: string = window.location.pathname) =>
  pathname === '/admin' || pathname.startsWith('/admin/');
