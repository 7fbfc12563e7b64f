import { act, screen } from '@testing-library/react';

/**
 * After a success that sends the customer to /login (forgot and reset password): under fake timers, the form stays
 * with its button disabled until 3 s, then /login shows; the 3 s toast is gone (plus its exit animation) where the
 * shell's 5 s default would still show it.
 */
export function expectLoginAfterToast(form: string, button: () => HTMLElement, toast: string) {
  act(() => jest.advanceTimersByTime(2800));
  expect(screen.getByRole('form', { name: form })).toBeInTheDocument();
  expect(button()).toHaveAttribute('aria-disabled', 'true');
  act(() => jest.advanceTimersByTime(300));
  expect(screen.getByText('login page at /login')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1500));
  expect(screen.queryByText(toast)).not.toBeInTheDocument();
}
