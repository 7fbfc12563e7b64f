import { act, render, screen } from '@testing-library/react';
import { deferred } from './deferred';

function Marker() {
  return <p>deferred code ran</p>;
}

describe('a deferred component (its own chunk, fetched when first wanted)', () => {
  it('is not fetched before it is wanted, and stays once it has been', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Marker }));
    const Deferred = deferred(load);
    const { rerender } = render(<Deferred when={false} />);
    await act(() => Promise.resolve());
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText('deferred code ran')).not.toBeInTheDocument();

    rerender(<Deferred when />);
    expect(await screen.findByText('deferred code ran')).toBeInTheDocument();
    rerender(<Deferred when={false} />);
    expect(screen.getByText('deferred code ran')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves the page as it is when its code cannot be fetched', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Deferred = deferred(() => Promise.reject(new Error('offline')));
    render(
      <>
        <p>the page</p>
        <Deferred />
      </>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('deferred code ran')).not.toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
