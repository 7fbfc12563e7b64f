import { forwardRef, useId } from 'react';
import styled from 'styled-components';
import { countryCodes } from '../lib/phone';
import { inputStyles, TextField, type TextFieldProps } from 'shared-ui';

export type PhoneFieldProps = Omit<TextFieldProps, 'leading' | 'type'> & {
  countryCode: string;
  onCountryCodeChange: (code: string) => void;
};

const Select = styled.select`
  ${inputStyles}
  flex: 0 0 auto;
  width: auto;
`;

/** A tel input with the spec's country-code picker in front of it. */
export const PhoneField = forwardRef<HTMLInputElement, PhoneFieldProps>(function PhoneField(
  { countryCode, onCountryCodeChange, label, ...rest },
  ref,
) {
  const selectId = useId();
  return (
    <TextField
      ref={ref}
      label={label}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      leading={
        <Select
          id={selectId}
          aria-label={`${label} country code`}
          value={countryCode}
          onChange={(event) => onCountryCodeChange(event.target.value)}
        >
          {countryCodes.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} {c.country}
            </option>
          ))}
        </Select>
      }
      {...rest}
    />
  );
});
