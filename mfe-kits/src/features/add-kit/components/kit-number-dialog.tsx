import { useRef, useState } from 'react';
import { serverMessageOr } from 'shared-api';
import { notify, TextField } from 'shared-ui';
import { useSingleFlight } from 'shared-ui/single-flight';
import { FormDialog } from 'shared-ui/dialog';
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
  const [kitNumber, setKitNumber] = useState(initialKitNumber);
  const [error, setError] = useState<string | undefined>();
  const [busy, run] = useSingleFlight();
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async () => {
    const value = kitNumber.trim();
    if (!value) {
      setError('Kit number is required.');
      inputRef.current?.focus();
      return;
    }
    await run(async () => {
      setError(undefined);
      try {
        const { exists } = await checkKitNumber(value);
        if (exists) {
          setError(KIT_EXISTS_MESSAGE);
          inputRef.current?.focus();
          return;
        }
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
        ref={inputRef}
        data-autofocus
        label="Kit number"
        name="kit_number"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        value={kitNumber}
        error={error}
        onChange={(event) => {
          setKitNumber(event.target.value);
          if (error) setError(undefined);
        }}
      />
    </FormDialog>
  );
}
