import { serverMessageOr } from 'shared-api';
import { notify, TextField } from 'shared-ui';
import { useSingleFlight } from 'shared-ui/single-flight';
import { FormDialog } from 'shared-ui/dialog';
import { useRequiredField } from '../../../lib/use-required-field';
import { checkKitNumber } from '../api/check-kit-number';
import { KIT_EXISTS_MESSAGE, KIT_CHECK_FAILED } from '../../../lib/texts';


export type KitNumberDialogProps = {
  initialKitNumber: string;
  onClose: () => void;
  /** The kit number is free: go on to the details step with it. */
  onChecked: (kitNumber: string) => void;
};

/** Add kit, step 1: the kit number, checked against the registered ones. */
export function KitNumberDialog({ initialKitNumber, onClose, onChecked }: KitNumberDialogProps) {
  const kitNumber = useRequiredField<HTMLInputElement>(initialKitNumber, 'Kit number is required.');
  const [busy, run] = useSingleFlight();

  const submit = async () => {
    const value = kitNumber.required();
    if (!value) return;
    await run(async () => {
      kitNumber.clear();
      try {
        const { exists } = await checkKitNumber(value);
        if (exists) return kitNumber.fail(KIT_EXISTS_MESSAGE);
        onChecked(value);
      } catch (failure) {
        notify.error(serverMessageOr(failure, KIT_CHECK_FAILED));
      }
    });
  };

  return (
    <FormDialog
      title="Add kit"
      description="Enter the kit number printed on your Starlink kit."
      submitLabel="Next"
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        data-autofocus
        label="Kit number"
        name="kit_number"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...kitNumber.props}
      />
    </FormDialog>
  );
}
