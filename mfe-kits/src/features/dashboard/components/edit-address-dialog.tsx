import { useRef, useState } from 'react';
import { unreachableOr, type Id, type Kit } from 'shared-api';
import { notify } from 'shared-ui';
import { TextAreaField } from 'shared-ui/text-area';
import { useSingleFlight } from 'shared-ui/single-flight';
import { FormDialog } from 'shared-ui/dialog';
import { changeKitAddress } from '../api/change-kit-address';

export const ADDRESS_UPDATED = 'Address updated successfully!';
export const ADDRESS_FAILED = 'Failed to update address.';

export type EditAddressDialogProps = {
  kitId: Id;
  currentAddress: string;
  onClose: () => void;
  onSaved: (patch: Partial<Kit>) => void;
};

export function EditAddressDialog({ kitId, currentAddress, onClose, onSaved }: EditAddressDialogProps) {
  const [address, setAddress] = useState(currentAddress);
  const [error, setError] = useState<string | undefined>();
  const [busy, run] = useSingleFlight();
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const submit = async () => {
    const value = address.trim();
    if (!value) {
      setError('Address is required.');
      inputRef.current?.focus();
      return;
    }
    await run(async () => {
      try {
        const data = await changeKitAddress(kitId, value);
        notify.success(ADDRESS_UPDATED);
        onSaved(data?.kit && typeof data.kit === 'object' ? { ...data.kit } : { address: value });
        onClose();
      } catch (error) {
        notify.error(unreachableOr(error, ADDRESS_FAILED));
      }
    });
  };

  return (
    <FormDialog title="Edit Kit Address" submitLabel="Save address" busy={busy} onClose={onClose} onSubmit={submit}>
      <TextAreaField
        ref={inputRef}
        data-autofocus
        label="Full address"
        name="address"
        autoComplete="street-address"
        required
        value={address}
        error={error}
        onChange={(event) => {
          setAddress(event.target.value);
          if (error) setError(undefined);
        }}
      />
    </FormDialog>
  );
}
