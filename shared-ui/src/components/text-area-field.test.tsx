import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextAreaField } from './text-area-field';

describe('TextAreaField', () => {
  it('is a labelled multi-line field whose hint and error describe it', async () => {
    const { rerender } = render(<TextAreaField label="Full address" hint="Street, town and state." />);
    const field = screen.getByRole('textbox', { name: 'Full address' });
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveAccessibleDescription('Street, town and state.');
    expect(field).not.toHaveAttribute('aria-invalid');

    rerender(<TextAreaField label="Full address" hint="Street, town and state." error="Full address is required." />);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Street, town and state. Full address is required.');
    expect(screen.getByRole('alert')).toHaveTextContent('Full address is required.');

    await userEvent.type(field, '12 Marina Road,{enter}Lagos Island');
    expect(field).toHaveValue('12 Marina Road,\nLagos Island');
  });
});
