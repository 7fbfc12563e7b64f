import { act, render, screen, waitFor } from '@testing-library/react';
import { handle, HttpResponse, signInAs } from '../../testing';
import { http, PROBE_PATH } from '../http/client';
import { useReachable } from './network-status';

function Probe() {
  const reach = useReachable();
  return <p>{reach.reachable ? 'reachable' : reach.offline ? 'offline' : 'service down'}</p>;
}

function goOffline(offline: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

describe('useReachable', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is reachable until a call gets no answer, and again once one is answered, even with a refusal', async () => {
    signInAs();
    render(<Probe />);
    expect(screen.getByText('reachable')).toBeInTheDocument();

    handle('get', '/api/v1/starlink_user_wallet', () => HttpResponse.error());
    await act(() => http.get('/api/v1/starlink_user_wallet').catch(() => undefined));
    expect(screen.getByText('service down')).toBeInTheDocument();

    handle('get', '/api/v1/starlink_user_wallet', { message: 'No' }, { status: 422 });
    await act(() => http.get('/api/v1/starlink_user_wallet').catch(() => undefined));
    expect(screen.getByText('reachable')).toBeInTheDocument();
  });

  it('counts a gateway answering for the API (502, 503, 504) as the service down', async () => {
    signInAs();
    render(<Probe />);
    handle('post', '/api/v1/starlink_wallet_fundings', { message: 'down' }, { status: 503 });
    await act(() => http.post('/api/v1/starlink_wallet_fundings', {}).catch(() => undefined));
    expect(screen.getByText('service down')).toBeInTheDocument();
  });

  it('says offline while the browser has no network, whatever the service did', async () => {
    signInAs();
    render(<Probe />);
    act(() => goOffline(true));
    expect(screen.getByText('offline')).toBeInTheDocument();
    act(() => goOffline(false));
    expect(screen.getByText('reachable')).toBeInTheDocument();
  });

  it('asks the service again by itself until it answers, so what was disabled comes back on a screen that reads nothing', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      signInAs();
      render(<Probe />);
      handle('put', '/api/v1/starlink_wallet_fundings/confirm_request', () => HttpResponse.error());
      let probeDown = true;
      const probes = handle('get', PROBE_PATH, () =>
        probeDown ? HttpResponse.error() : HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }),
      );
      await act(() => http.put('/api/v1/starlink_wallet_fundings/confirm_request', {}).catch(() => undefined));
      expect(screen.getByText('service down')).toBeInTheDocument();

      await act(async () => void jest.advanceTimersByTime(5_000));
      await waitFor(() => expect(probes).toHaveLength(1));
      expect(screen.getByText('service down')).toBeInTheDocument();
      expect(probes[0]?.headers.get('authorization')).toBeNull();

      probeDown = false;
      await act(async () => void jest.advanceTimersByTime(10_000));
      expect(await screen.findByText('reachable')).toBeInTheDocument();
      expect(probes).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
