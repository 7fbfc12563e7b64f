import styled, { css } from 'styled-components';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { theme } from '../theme/theme';
import { Spinner } from './spinner';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'link';
  /** While true the button is disabled and shows progress, so a double click sends one request. */
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
  &:hover:not(:disabled) { filter: brightness(0.92); }
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

export function Button({ variant = 'primary', busy = false, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <StyledButton $variant={variant} type={type} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <Spinner size={16} label="" />}
      {children}
    </StyledButton>
  );
}
