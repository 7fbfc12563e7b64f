import { waitFor } from '@testing-library/react';
import { reads } from '../endpoints/reads';
import { verificationApi } from '../endpoints/verification';
import { walletApi } from '../endpoints/wallet';
import { ApiError } from '../http/api-error';
import { EARLY_READ_MAX_AGE_MS, http, loadHttpClient } from '../http/client';
import { sessionStore } from '../session/session-store';
import { handle, HttpResponse, signInAs } from '../../testing';
import { setRuntimeConfig } from '../config/runtime-config';
import type { AreaRoute } from '../routes';
import { startFirstReads } from './first-reads';

/** The customer's routes as the live areas declare them (the page's configuration carries them). */
const customerRoute = (path: string, remote: string): AreaRoute => ({
  path,
  remote,
  module: path,
  areaLabel: path,
  access: 'customer',
  chat: true,
});
/** /home's first page of kits, as the kits area's route names it among its first reads. */
const kitPageRead = { url: '/api/v1/starlink_kits', params: { page: 1, per_page: 10 } };
const liveRoutes = [
  { ...customerRoute('/home', 'kits'), firstReads: [reads.wallet, kitPageRead] },
  customerRoute('/dashboard/:kitId', 'kits'),
  customerRoute('/billing', 'billing'),
  customerRoute('/profile', 'profile'),
];

/** The kits area's own call for the first page (`getKits(1)`), by the path and query its route names. */
const readKitPage = () => http.get(kitPageRead.url, { params: kitPageRead.params }).then((r) => r.data);

const kitPage = (kitNumber: string) => ({ kits: [{ id: 1, kit_number: kitNumber }], total_pages: 1, total_count: 1 });

function serveKitPages(...kitNumbers: string[]) {
  let read = 0;
  return handle('get', '/api/v1/starlink_kits', () =>
    HttpResponse.json(kitPage(kitNumbers[Math.min(read++, kitNumbers.length - 1)]!)),
  );
}

function serveBalances(...balances: number[]) {
  let read = 0;
  return handle('get', '/api/v1/starlink_user_wallet', () =>
    HttpResponse.json({ id: 7, wallet_id: 'WAL-7', balance: balances[Math.min(read++, balances.length - 1)] }),
  );
}

/** Lets a request that was going to leave (after the client's chunk loaded) reach the server. */
async function settle() {
  await loadHttpClient();
  await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("a first screen's early reads", () => {
  let emailChecks: ReturnType<typeof handle>;
  beforeEach(() => {
    setRuntimeConfig({ routes: liveRoutes });
    emailChecks = handle('get', '/api/v1/starlink_users/check_confirmation_status', { email_verified: true });
  });
  afterEach(() => jest.restoreAllMocks());

  it("asks for /home's wallet and first kit page at once, and the page's own calls take those answers", async () => {
    signInAs(undefined, 'token-home');
    const wallet = serveBalances(5000);
    const kits = serveKitPages('KIT-1');
    startFirstReads('/home');
    await waitFor(() => expect(kits).toHaveLength(1));
    expect(wallet).toHaveLength(1);
    expect(kits[0]?.url.searchParams.get('page')).toBe('1');
    expect(kits[0]?.url.searchParams.get('per_page')).toBe('10');
    expect(kits[0]?.headers.get('authorization')).toBe('Bearer token-home');
    expect(wallet[0]?.headers.get('authorization')).toBe('Bearer token-home');

    await expect(readKitPage()).resolves.toMatchObject({ kits: [{ kit_number: 'KIT-1' }] });
    await expect(walletApi.get()).resolves.toMatchObject({ balance: 5000 });
    expect(kits).toHaveLength(1);
    expect(wallet).toHaveLength(1);
  });

  it("needs none of the API client's code: the reads and the page's calls that take them go without axios", async () => {
    signInAs(undefined, 'token-no-client');
    const client = await loadHttpClient();
    const viaAxios = jest.spyOn(client, 'get');
    serveBalances(5000);
    serveKitPages('KIT-1');
    startFirstReads('/home');
    await expect(readKitPage()).resolves.toMatchObject({ kits: [{ kit_number: 'KIT-1' }] });
    await expect(walletApi.get()).resolves.toMatchObject({ balance: 5000 });
    expect(viaAxios).not.toHaveBeenCalled();
  });

  it('each answer is taken once: a later call reads again', async () => {
    signInAs(undefined, 'token-once');
    const kits = serveKitPages('KIT-1', 'KIT-2');
    serveBalances(1);
    startFirstReads('/home');
    await expect(readKitPage()).resolves.toMatchObject({ kits: [{ kit_number: 'KIT-1' }] });
    await expect(readKitPage()).resolves.toMatchObject({ kits: [{ kit_number: 'KIT-2' }] });
    expect(kits).toHaveLength(2);
    await walletApi.get();
  });

  it('asks for nothing without a stored session, nor on a guest page', async () => {
    const wallet = serveBalances(1);
    const kits = serveKitPages('KIT-1');
    startFirstReads('/home');
    signInAs(undefined, 'token-guest-page');
    startFirstReads('/login');
    await settle();
    expect(wallet).toHaveLength(0);
    expect(kits).toHaveLength(0);
    expect(emailChecks).toHaveLength(0);
  });

  it("asks for the shell's email check on any customer page, and only that where the page is not listed", async () => {
    signInAs(undefined, 'token-billing');
    const wallet = serveBalances(1);
    startFirstReads('/billing');
    await waitFor(() => expect(emailChecks).toHaveLength(1));
    expect(emailChecks[0]?.headers.get('authorization')).toBe('Bearer token-billing');
    await expect(verificationApi.emailStatus()).resolves.toEqual({ email_verified: true });
    expect(emailChecks).toHaveLength(1);
    expect(wallet).toHaveLength(0);
  });

  it("makes the page's call itself when the early read failed, and shows that answer", async () => {
    signInAs(undefined, 'token-retry');
    let read = 0;
    const kits = handle('get', '/api/v1/starlink_kits', () =>
      read++ === 0 ? HttpResponse.json({ message: 'busy' }, { status: 503 }) : HttpResponse.json(kitPage('KIT-9')),
    );
    serveBalances(1);
    startFirstReads('/home');
    await waitFor(() => expect(kits).toHaveLength(1));
    await expect(readKitPage()).resolves.toMatchObject({ kits: [{ kit_number: 'KIT-9' }] });
    expect(kits).toHaveLength(2);
    await walletApi.get();
  });

  it('ends the session when the API refuses the stored token, as any call does', async () => {
    signInAs(undefined, 'token-refused');
    handle('get', '/api/v1/starlink_kits', () => HttpResponse.json({ message: 'expired' }, { status: 401 }));
    handle('get', '/api/v1/starlink_user_wallet', () => HttpResponse.json({ message: 'expired' }, { status: 401 }));
    startFirstReads('/home');
    await waitFor(() => expect(sessionStore.getState().expired).toBe(true));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('reads again when the early answer is older than EARLY_READ_MAX_AGE_MS', async () => {
    signInAs(undefined, 'token-old');
    const wallet = serveBalances(100, 250);
    serveKitPages('KIT-1');
    startFirstReads('/home');
    await waitFor(() => expect(wallet).toHaveLength(1));
    await settle();
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + EARLY_READ_MAX_AGE_MS + 1);
    await expect(walletApi.get()).resolves.toMatchObject({ balance: 250 });
    expect(wallet).toHaveLength(2);
    await readKitPage();
  });

  it("does not hand one customer's answer to another who signed in since", async () => {
    signInAs(undefined, 'token-first');
    const kits = serveKitPages('KIT-FIRST', 'KIT-SECOND');
    serveBalances(1);
    startFirstReads('/home');
    await waitFor(() => expect(kits).toHaveLength(1));
    sessionStore.getState().logout();
    signInAs(undefined, 'token-second');
    await expect(readKitPage()).resolves.toMatchObject({ kits: [{ kit_number: 'KIT-SECOND' }] });
    expect(kits[1]?.headers.get('authorization')).toBe('Bearer token-second');
  });

  it('reports a failure the page makes itself as an ApiError', async () => {
    signInAs(undefined, 'token-down');
    handle('get', '/api/v1/starlink_kits', () => HttpResponse.json({ message: 'down' }, { status: 500 }));
    serveBalances(1);
    startFirstReads('/home');
    const error = await readKitPage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, serverMessage: 'down' });
  });
});
