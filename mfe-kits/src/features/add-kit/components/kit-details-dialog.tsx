import { useRef, useState, type FormEvent } from 'react';
import { kitsApi, useSession } from 'shared-api';
import { Button, Dialog, DialogActions, HintText, notify, TextField, useSingleFlight } from 'shared-ui';

export const MISSING_ACTIVATION_DATA = 'Missing activation data. Please try again.';
export const KIT_ADDED = 'Starlink kit added successfully!';
export const KIT_ADD_FAILED = 'Failed to add Starlink kit. Please try again.';

export type KitDetailsDialogProps = {
  onClose: () => void;
  /** Back to step 1 to change the kit number. */
  onBack: () => void;
  onAdded: () => void;
};

interface Errors {
  address?: string;
  nin?: string;
}

// A Nigerian National Identification Number is 11 digits; saying so here beats a generic failure later.
const NIN_PATTERN = /^\d{11}$/;
const MIN_ADDRESS_LENGTH = 5;

function validate(address: string, nin: string): Errors {
  const errors: Errors = {};
  if (!address) errors.address = 'Full address is required.';
  else if (address.length < MIN_ADDRESS_LENGTH) errors.address = 'Enter the full address.';
  if (!nin) errors.nin = 'NIN is required.';
  else if (!NIN_PATTERN.test(nin)) errors.nin = 'NIN must be 11 digits.';
  return errors;
}

/** Add kit, step 2: who uses the kit, where it is, and the customer's NIN. */
export function KitDetailsDialog({ onClose, onBack, onAdded }: KitDetailsDialogProps) {
  const tempKitNumber = useSession((s) => s.tempKitNumber);
  const setTempKitNumber = useSession((s) => s.setTempKitNumber);
  const [companyName, setCompanyName] = useState('');
  const [companyNumber, setCompanyNumber] = useState('');
  const [address, setAddress] = useState('');
  const [nin, setNin] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, run] = useSingleFlight();
  const addressRef = useRef<HTMLInputElement>(null);
  const ninRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      address: address.trim(),
      nin: nin.replace(/\s/g, ''),
      company_name: companyName.trim(),
      company_number: companyNumber.trim(),
    };
    const found = validate(body.address, body.nin);
    setErrors(found);
    if (found.address) return addressRef.current?.focus();
    if (found.nin) return ninRef.current?.focus();
    if (!tempKitNumber) {
      notify.error(MISSING_ACTIVATION_DATA);
      onBack();
      return;
    }
    await run(async () => {
      try {
        await kitsApi.create({ kit_number: tempKitNumber, ...body });
        notify.success(KIT_ADDED);
        setTempKitNumber(null);
        onAdded();
      } catch {
        notify.error(KIT_ADD_FAILED);
      }
    });
  };

  return (
    <Dialog open title="Kit details" onClose={onClose} preventClose={busy}>
      <form onSubmit={submit} noValidate>
        <HintText>
          Kit number: <strong>{tempKitNumber ?? '—'}</strong>{' '}
          <Button variant="link" onClick={onBack} disabled={busy}>
            Change
          </Button>
        </HintText>
        <TextField
          data-autofocus
          label="Kit user or company name (optional)"
          name="company_name"
          autoComplete="organization"
          value={companyName}
          onChange={(event) => setCompanyName(event.target.value)}
        />
        <TextField
          label="Company number (optional)"
          name="company_number"
          autoComplete="off"
          value={companyNumber}
          onChange={(event) => setCompanyNumber(event.target.value)}
        />
        <TextField
          ref={addressRef}
          label="Full address"
          name="address"
          autoComplete="street-address"
          required
          value={address}
          error={errors.address}
          onChange={(event) => setAddress(event.target.value)}
        />
        <TextField
          ref={ninRef}
          label="NIN"
          name="nin"
          inputMode="numeric"
          autoComplete="off"
          maxLength={13}
          required
          hint="Your 11-digit National Identification Number."
          value={nin}
          error={errors.nin}
          onChange={(event) => setNin(event.target.value)}
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Add kit
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
