import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { unreachableOr, useSession } from 'shared-api';
import { Button, HintText, notify, TextField } from 'shared-ui';
import { TextAreaField } from 'shared-ui/text-area';
import { useSingleFlight } from 'shared-ui/single-flight';
import { Dialog, DialogActions } from 'shared-ui/dialog';
import { useCreateKitMutation } from '../api/create-kit';
import { MISSING_ACTIVATION_DATA, KIT_ADDED, KIT_ADD_FAILED } from '../../../lib/texts';


/** What the customer has typed in step 2, kept by the flow so going back to change the kit number loses none of it. */
export type KitDetailsDraft = { companyName: string; companyNumber: string; address: string; nin: string };
export const EMPTY_KIT_DETAILS: KitDetailsDraft = { companyName: '', companyNumber: '', address: '', nin: '' };

export type KitDetailsDialogProps = {
  draft: KitDetailsDraft;
  onDraftChange: (draft: KitDetailsDraft) => void;
  onClose: () => void;
  /** Back to step 1 to change the kit number. */
  onBack: () => void;
  onAdded: () => void;
};

type Errors = Partial<Record<keyof KitDetailsDraft, string>>;

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
export function KitDetailsDialog({ draft, onDraftChange, onClose, onBack, onAdded }: KitDetailsDialogProps) {
  const tempKitNumber = useSession((s) => s.tempKitNumber);
  const setTempKitNumber = useSession((s) => s.setTempKitNumber);
  const { companyName, companyNumber, address, nin } = draft;
  const [errors, setErrors] = useState<Errors>({});
  /** What ties a field to the draft: its form name, what was typed, its error and its edit. */
  const bind = (field: keyof KitDetailsDraft, name: string) => ({
    name,
    value: draft[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onDraftChange({ ...draft, [field]: event.target.value }),
  });
  const [busy, run] = useSingleFlight();
  const { trigger } = useCreateKitMutation();
  const addressRef = useRef<HTMLTextAreaElement>(null);
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
        await trigger({ kit_number: tempKitNumber, ...body });
        notify.success(KIT_ADDED);
        setTempKitNumber(null);
        onAdded();
      } catch (error) {
        notify.error(unreachableOr(error, KIT_ADD_FAILED));
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
          autoComplete="organization"
          {...bind('companyName', 'company_name')}
        />
        <TextField label="Company number (optional)" autoComplete="off" {...bind('companyNumber', 'company_number')} />
        <TextAreaField
          ref={addressRef}
          label="Full address"
          autoComplete="street-address"
          required
          {...bind('address', 'address')}
        />
        <TextField
          ref={ninRef}
          label="NIN"
          inputMode="numeric"
          autoComplete="off"
          maxLength={13}
          required
          hint="Your 11-digit National Identification Number."
          {...bind('nin', 'nin')}
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
