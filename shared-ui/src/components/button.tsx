import styled, { css } from 'styled-components';
import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { theme } from '../theme/theme';
import { Spinner } from './spinner';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'link';
  /**
   * While true the button shows progress and ignores clicks and Enter in its form, so a double click sends one
   * request. It stays focusable (aria-disabled, not disabled): a keyboard or screen-reader user who pressed it keeps
   * their place instead of being dropped to the top of the page.
   */
  busy?: boolean;
  children: ReactNode;
};

const StyledButton = styled.button<{ $variant: NonNullable<ButtonProps['variant']> }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  min-width: 44px;
  padding: 10px 18px;
  border-radius: ${theme.radius};
  border: 1px solid transparent;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  ${({ $variant }) => {
    switch ($variant) {
      case 'secondary':
        return css`background: ${theme.colors.surface}; color: ${theme.colors.primary}; border-color: ${theme.colors.primary};`;
      case 'danger':
        return css`background: ${theme.colors.danger}; color: #fff;`;
      case 'link':
        return css`background: none; color: ${theme.colors.primary}; padding: 4px; min-height: 24px; text-decoration: underline;`;
      default:
        return css`background: ${theme.colors.primary}; color: #fff;`;
    }
  }}
  &:hover:not(:disabled):not([aria-disabled='true']) { filter: brightness(0.92); }
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
  &:disabled, &[aria-disabled='true'] { opacity: 0.6; cursor: not-allowed; }
`;

export function Button({ variant = 'primary', busy = false, disabled, children, type = 'button', onClick, ...rest }: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Cancelling the click also cancels the form submission it would start, Enter in a field included.
    if (busy) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <StyledButton
      $variant={variant}
      type={type}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={handleClick}
      {...rest}
    >
      {busy && <Spinner size={16} label="" />}
      {children}
    </StyledButton>
  );
}
