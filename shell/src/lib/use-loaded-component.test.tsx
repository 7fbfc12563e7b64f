import { Component, type ComponentType, type ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { useLoadedComponent } from './use-loaded-component';

function Marker() {
  return <p>loaded code ran</p>;
}

function Host({ load, wanted }: { load: () => Promise<{ default: ComponentType }>; wanted: boolean }) {
  const Loaded = useLoadedComponent(load, wanted);
  return Loaded ? <Loaded /> : <p>nothing yet</p>;
}

describe('a component rendered once its code is here', () => {
  it('is fetched when first wanted, once, and drawn in place of nothing', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Marker }));
    const { rerender } = render(<Host load={load} wanted={false} />);
    expect(load).not.toHaveBeenCalled();
    rerender(<Host load={load} wanted />);
    expect(await screen.findByText('loaded code ran')).toBeInTheDocument();
    rerender(<Host load={load} wanted />);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('draws nothing when its code cannot be fetched, and a later mount asks again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Marker });
    const { unmount } = render(<Host load={load} wanted />);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(screen.getByText('nothing yet')).toBeInTheDocument();
    unmount();
    render(<Host load={load} wanted />);
    expect(await screen.findByText('loaded code ran')).toBeInTheDocument();
  });

  it('with throwOnFailure, hands a failed fetch to the nearest error boundary', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest.fn().mockRejectedValue(new Error('offline'));
    function Throwing() {
      const Loaded = useLoadedComponent(load, true, { throwOnFailure: true });
      return Loaded ? <Loaded /> : <p>nothing yet</p>;
    }
    render(
      <Boundary>
        <Throwing />
      </Boundary>,
    );
    expect(await screen.findByText('failed: offline')).toBeInTheDocument();
  });
});

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}
