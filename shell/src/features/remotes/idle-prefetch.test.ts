import { sessionStore } from 'shared-api';
import { demoUser } from 'shared-api/testing';
import { fetchRemoteModule, startLoadingRemoteModule } from './remote-loader';
import { prefetchCustomerPagesWhenIdle, RUN_PAGES_AFTER_MS } from './idle-prefetch';

jest.mock('./remote-loader', () => ({ fetchRemoteModule: jest.fn(), startLoadingRemoteModule: jest.fn() }));
const startLoading = jest.mocked(fetchRemoteModule);
const run = jest.mocked(startLoadingRemoteModule);
/** The customer pages the test routes declare: the navbar's in its order, then a kit's dashboard. */
const CUSTOMER_PAGES = ['kits ./home', 'billing ./billing', 'profile ./profile', 'kits ./dashboard'];
const loaded = () => startLoading.mock.calls.map(([remote, module]) => `${remote} ${module}`);
const ran = () => run.mock.calls.map(([remote, module]) => `${remote} ${module}`);

function saveData(on: boolean | undefined) {
  Object.defineProperty(navigator, 'connection', { value: on === undefined ? undefined : { saveData: on }, configurable: true });
}

describe("the idle prefetch of a customer's pages", () => {
  beforeEach(() => {
    jest.useFakeTimers();
    startLoading.mockClear();
    run.mockClear();
    sessionStore.getState().signIn('test-token', demoUser);
  });
  afterEach(() => {
    jest.useRealTimers();
    sessionStore.getState().logout();
    saveData(undefined);
  });

  it("fetches a customer's pages once the browser is idle, the navbar's first, and warms what is passed", () => {
    saveData(false);
    const warm = jest.fn();
    prefetchCustomerPagesWhenIdle(warm);
    expect(startLoading).not.toHaveBeenCalled();
    expect(warm).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(loaded()).toEqual(CUSTOMER_PAGES);
    expect(warm).toHaveBeenCalledTimes(1);
  });

  it('runs the downloaded pages only later, one per idle period, and none once the customer signed out', () => {
    saveData(false);
    prefetchCustomerPagesWhenIdle();
    jest.advanceTimersByTime(300);
    expect(loaded()).toEqual(CUSTOMER_PAGES);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(RUN_PAGES_AFTER_MS + 200);
    expect(ran()).toEqual(CUSTOMER_PAGES.slice(0, 1));
    jest.advanceTimersByTime(200);
    expect(ran()).toEqual(CUSTOMER_PAGES.slice(0, 2));
    sessionStore.getState().logout();
    jest.runAllTimers();
    expect(ran()).toEqual(CUSTOMER_PAGES.slice(0, 2));
  });

  it('fetches nothing when the customer asked to save data', () => {
    saveData(true);
    const warm = jest.fn();
    prefetchCustomerPagesWhenIdle(warm);
    jest.runAllTimers();
    expect(startLoading).not.toHaveBeenCalled();
    expect(run).not.toHaveBeenCalled();
    expect(warm).not.toHaveBeenCalled();
  });

  it('fetches the pages once a visitor signs in on this page (a first visit at /login)', () => {
    saveData(false);
    sessionStore.getState().logout();
    prefetchCustomerPagesWhenIdle();
    jest.runAllTimers();
    expect(startLoading).not.toHaveBeenCalled();
    sessionStore.getState().signIn('test-token', demoUser);
    jest.runAllTimers();
    expect(loaded()).toEqual(CUSTOMER_PAGES);
  });

  it('fetches nothing for a guest, or for a customer who signed out meanwhile', () => {
    prefetchCustomerPagesWhenIdle();
    sessionStore.getState().logout();
    jest.runAllTimers();
    prefetchCustomerPagesWhenIdle();
    jest.runAllTimers();
    expect(startLoading).not.toHaveBeenCalled();
  });
});
