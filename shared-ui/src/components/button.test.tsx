import { useState, type FormEvent } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';

/** A form whose submit button goes busy on the first submission and stays busy, as while a request is in flight. */
function PayForm({ onPay }: { onPay: () => void }) {
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    onPay();
  };
  return (
    <form aria-label="Pay" onSubmit={submit}>
      <label>
        Amount
        <input name="amount" />
      </label>
      <Button type="submit" busy={busy}>
        Pay
      </Button>
    </form>
  );
}

describe('Button', () => {
  it('while busy keeps the focus of whoever pressed it, says it is busy, and submits its form once', async () => {
    const user = userEvent.setup();
    const onPay = jest.fn();
    render(<PayForm onPay={onPay} />);
    const pay = screen.getByRole('button', { name: 'Pay' });

    pay.focus();
    await user.keyboard('{Enter}');
    expect(pay).toHaveFocus();
    expect(pay).toHaveAttribute('aria-busy', 'true');
    expect(pay).toHaveAttribute('aria-disabled', 'true');

    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.dblClick(pay);
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '5000{Enter}');
    expect(onPay).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks while busy and handles them again when done', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    const { rerender } = render(
      <Button busy onClick={onClick}>
        Renew
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    expect(onClick).not.toHaveBeenCalled();

    rerender(<Button onClick={onClick}>Renew</Button>);
    const renew = screen.getByRole('button', { name: 'Renew' });
    expect(renew).not.toHaveAttribute('aria-disabled');
    expect(renew).not.toHaveAttribute('aria-busy');
    await user.click(renew);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is truly disabled, out of the tab order, when told so', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Button disabled>Renew</Button>
        <Button>Next</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Renew' })).toBeDisabled();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
  });
});
