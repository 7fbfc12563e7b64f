import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormDialog } from './form-dialog';

function renderDialog(busy: boolean) {
  const onSubmit = jest.fn();
  const onClose = jest.fn();
  render(
    <FormDialog title="Edit email" submitLabel="Save email" busy={busy} onClose={onClose} onSubmit={onSubmit}>
      <label>
        Email
        <input data-autofocus />
      </label>
    </FormDialog>,
  );
  return { onSubmit, onClose, dialog: screen.getByRole('dialog', { name: 'Edit email' }) };
}

describe('FormDialog', () => {
  it('opens on its marked field, submits on Enter or the button, and cancels', async () => {
    const user = userEvent.setup();
    const { onSubmit, onClose, dialog } = renderDialog(false);
    const field = within(dialog).getByRole('textbox', { name: 'Email' });
    expect(field).toHaveFocus();
    await user.type(field, 'ada@example.com{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save email' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('while busy neither submits again nor lets Cancel or Escape abandon the request', async () => {
    const user = userEvent.setup();
    const { onSubmit, onClose, dialog } = renderDialog(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'x{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save email' }));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
