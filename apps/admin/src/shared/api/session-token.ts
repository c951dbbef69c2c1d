/** The operator's session token lives in sessionStorage: it ends with the tab and is never shared with the member site. */
const TOKEN_KEY = 'adminToken';

export const readSessionToken = (): string | null => sessionStorage.getItem(TOKEN_KEY);

export const storeSessionToken = (token: string): void => sessionStorage.setItem(TOKEN_KEY, token);

export const clearSessionToken = (): void => sessionStorage.removeItem(TOKEN_KEY);
