import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '../theme/theme';

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Placed inside the input row, after the input (e.g. a show/hide toggle). */
  trailing?: ReactNode;
  /** Placed before the input (e.g. a country-code picker). */
  leading?: ReactNode;
};

export const FieldWrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-bottom: 16px;
  label { font-weight: 600; }
`;

const Row = styled.div`
  display: flex;
  gap: 8px;
  align-items: stretch;
`;

export const inputStyles = `
  flex: 1;
  min-width: 0;
  min-height: 44px;
  padding: 10px 12px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  font: inherit;
  background: #fff;
  color: ${theme.colors.text};
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 1px; }
  &[aria-invalid='true'] { border-color: ${theme.colors.danger}; }
`;

const Input = styled.input`${inputStyles}`;

export const ErrorText = styled.p`
  color: ${theme.colors.danger};
  margin: 0;
  font-size: 0.9rem;
`;

export const HintText = styled.p`
  color: ${theme.colors.muted};
  margin: 0;
  font-size: 0.9rem;
`;

/** The ids that tie a field to its hint and error, and the hint and error themselves. */
export function useFieldMessages(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const messages = (
    <>
      {hint && <HintText id={hintId}>{hint}</HintText>}
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </>
  );
  return { inputId, describedBy, messages };
}

/** A labelled input whose error is tied to it (aria-describedby) and announced when it appears. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, trailing, leading, id, ...rest },
  ref,
) {
  const { inputId, describedBy, messages } = useFieldMessages(id, hint, error);
  return (
    <FieldWrapper>
      <label htmlFor={inputId}>{label}</label>
      <Row>
        {leading}
        <Input ref={ref} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
        {trailing}
      </Row>
      {messages}
    </FieldWrapper>
  );
});

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <ToggleButton type="button" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? 'Hide' : 'Show'}
          <VisuallyHidden> {props.label.toLowerCase()}</VisuallyHidden>
        </ToggleButton>
      }
    />
  );
});

const ToggleButton = styled.button`
  min-width: 64px;
  min-height: 44px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  color: ${theme.colors.primary};
  font: inherit;
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 1px; }
`;

export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;
