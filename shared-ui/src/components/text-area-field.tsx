import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { FieldWrapper, inputStyles, useFieldMessages } from 'shared-ui';

export type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
};

const TextArea = styled.textarea`
  ${inputStyles}
  resize: vertical;
  line-height: 1.4;
`;

/** A labelled multi-line field (an address): long text wraps where it can be read instead of scrolling sideways. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, rows = 3, ...rest },
  ref,
) {
  const { inputId, describedBy, messages } = useFieldMessages(id, hint, error);
  return (
    <FieldWrapper>
      <label htmlFor={inputId}>{label}</label>
      <TextArea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {messages}
    </FieldWrapper>
  );
});
