import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fluctuate, UsagePanel } from './usage-panel';

describe('UsagePanel', () => {
  afterEach(() => jest.useRealTimers());

  it('moves the placeholder figures every 5 s and stops when unmounted', () => {
    jest.useFakeTimers();
    const { unmount } = render(<UsagePanel random={() => 0.9} />);
    expect(screen.getByText('5.2 GB of 8 GB')).toBeInTheDocument();
    expect(screen.getByText('1.8 GB of 8 GB')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('5.2 GB of 8 GB')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('5.6 GB of 8 GB')).toBeInTheDocument();
    expect(screen.getByText('2.2 GB of 8 GB')).toBeInTheDocument();
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('stays on the 0 to 8 GB scale', () => {
    expect(fluctuate(7.9, () => 1)).toBe(8);
    expect(fluctuate(0.1, () => 0)).toBe(0);
  });

  it('offers the two periods, a Download button and the coming-soon notice', async () => {
    const user = userEvent.setup();
    render(<UsagePanel random={() => 0.5} />);
    const period = screen.getByRole('combobox', { name: 'Period' });
    expect(Array.from((period as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      'Feb - Mar',
      'Jan - Feb',
    ]);
    await user.selectOptions(period, 'Jan - Feb');
    expect(screen.getByText('6.4 GB of 8 GB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(screen.getByText(/A real-time usage graph is coming soon/)).toBeInTheDocument();
  });

  it('shows no sample figures for a kit never paid for, only that usage appears once it is active', () => {
    render(<UsagePanel random={() => 0.5} neverPaid />);
    expect(screen.getByRole('heading', { name: 'Usage' })).toBeInTheDocument();
    expect(screen.getByText('Usage appears here once the kit is active.')).toBeInTheDocument();
    expect(screen.queryByText(/GB of 8 GB/)).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Period' })).not.toBeInTheDocument();
  });
});
