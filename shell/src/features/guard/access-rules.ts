/** The route guards' rules, apart from React so the bootstrap can apply them before the app has loaded. */
type StoredSession = { token: string | null; user: unknown };

/** Spec section 2: route protection is only a check that user data exists locally. */
export const mayEnterCustomerPage = (s: StoredSession) => s.user !== null;

/**
 * /login and /signup go to /home when a token is stored (spec section 2), and only with the user data /home needs:
 * a token alone (user data lost to a full storage or edited away) would bounce between /login and /home forever.
 */
export const guestGoesHome = (s: StoredSession) => s.token !== null && mayEnterCustomerPage(s);
