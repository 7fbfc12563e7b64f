import { unreachableOr, type Id } from 'shared-api';
import { notify } from 'shared-ui';
import { TextAreaField } from 'shared-ui/text-area';
import { useSingleFlight } from 'shared-ui/single-flight';
import { FormDialog } from 'shared-ui/dialog';
import { useRequiredField } from '../../../lib/use-required-field';
import { useChangeKitAddressMutation } from '../api/change-kit-address';
import { ADDRESS_UPDATED, ADDRESS_FAILED } from '../../../lib/texts';


export type EditAddressDialogProps = {
  kitId: Id;
  currentAddress: string;
  onClose: () => void;
};

export function EditAddressDialog({ kitId, currentAddress, onClose }: EditAddressDialogProps) {
  const address = useRequiredField<HTMLTextAreaElement>(currentAddress, 'Address is required.');
  const [busy, run] = useSingleFlight();
  const { trigger } = useChangeKitAddressMutation();

  const submit = async () => {
    const value = address.required();
    if (!value) return;
    await run(async () => {
      try {
        await trigger({ id: kitId, address: value });
        notify.success(ADDRESS_UPDATED);
        onClose();
      } catch (error) {
        notify.error(unreachableOr(error, ADDRESS_FAILED));
      }
    });
  };

  return (
    <FormDialog title="Edit Kit Address" submitLabel="Save address" busy={busy} onClose={onClose} onSubmit={submit}>
      <TextAreaField
        data-autofocus
        label="Full address"
        name="address"
        autoComplete="street-address"
        {...address.props}
      />
    </FormDialog>
  );
}
