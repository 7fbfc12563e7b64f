import { sessionStore } from 'shared-api';
import { demoUser } from 'shared-api/testing';
import { startLoadingRemoteModule } from './remote-loader';
import { prefetchNavbarAreasWhenIdle } from './idle-prefetch';

jest.mock('./remote-loader', () => ({ startLoadingRemoteModule: jest.fn() }));
const startLoading = jest.mocked(startLoadingRemoteModule);

function saveData(on: boolean | undefined) {
  Object.defineProperty(navigator, 'connection', { value: on === undefined ? undefined : { saveData: on }, configurable: true });
}

describe('the idle prefetch of the navbar areas', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    startLoading.mockClear();
    sessionStore.getState().signIn('test-token', demoUser);
  });
  afterEach(() => {
    jest.useRealTimers();
    sessionStore.getState().logout();
    saveData(undefined);
  });

  it("fetches a customer's navbar areas once the browser is idle", () => {
    saveData(false);
    prefetchNavbarAreasWhenIdle();
    expect(startLoading).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(startLoading.mock.calls.map(([remote, module]) => `${remote} ${module}`)).toEqual([
      'kits ./home',
      'billing ./billing',
      'profile ./profile',
    ]);
  });

  it('fetches nothing when the customer asked to save data', () => {
    saveData(true);
    prefetchNavbarAreasWhenIdle();
    jest.runAllTimers();
    expect(startLoading).not.toHaveBeenCalled();
  });

  it('fetches nothing for a guest, or for a customer who signed out meanwhile', () => {
    prefetchNavbarAreasWhenIdle();
    sessionStore.getState().logout();
    jest.runAllTimers();
    prefetchNavbarAreasWhenIdle();
    jest.runAllTimers();
    expect(startLoading).not.toHaveBeenCalled();
  });
});
