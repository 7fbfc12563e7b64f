import { joinPhoneNumber, splitPhoneNumber } from './phone';

describe('joinPhoneNumber', () => {
  it('strips a leading 0, spaces and hyphens before adding the country code', () => {
    expect(joinPhoneNumber('+234', '0801 234-5678')).toBe('+2348012345678');
    expect(joinPhoneNumber('+44', '7700900123')).toBe('+447700900123');
  });

  it('keeps a number typed whole with its own code instead of adding a second one', () => {
    expect(joinPhoneNumber('+234', '+234 801 234 5678')).toBe('+2348012345678');
    expect(joinPhoneNumber('+234', '+49 151 2345678')).toBe('+491512345678');
  });
});

describe('splitPhoneNumber', () => {
  it('finds the offered code a stored number starts with, longest first', () => {
    expect(splitPhoneNumber('+2548012345')).toEqual({ countryCode: '+254', localNumber: '8012345' });
    expect(splitPhoneNumber('+447700900123')).toEqual({ countryCode: '+44', localNumber: '7700900123' });
  });

  it('leaves a number with a code not offered whole, under the default code, so saving it keeps it', () => {
    const split = splitPhoneNumber('+491512345678');
    expect(split).toEqual({ countryCode: '+234', localNumber: '+491512345678' });
    expect(joinPhoneNumber(split.countryCode, split.localNumber)).toBe('+491512345678');
  });
});
