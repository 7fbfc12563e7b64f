/** The route guards' rules, apart from React so the bootstrap can apply them before the app has loaded. */
type StoredSession = { token: string | null; user: unknown };

/**
 * Spec section 2: a customer's page needs user data stored locally. Without a token beside it every call would be
 * refused, so user data alone is a session that has ended (the guard clears it and goes to /login).
 */
export const mayEnterCustomerPage = (s: StoredSession) => s.user !== null && s.token !== null;

/** User data stored without the token its calls need. */
export const sessionIsBroken = (s: StoredSession) => s.user !== null && s.token === null;

/**
 * /login and /signup go to /home when a token is stored (spec section 2), and only with the user data /home needs:
 * a token alone (user data lost to a full storage or edited away) would bounce between /login and /home forever.
 */
export const guestGoesHome = (s: StoredSession) => mayEnterCustomerPage(s);
