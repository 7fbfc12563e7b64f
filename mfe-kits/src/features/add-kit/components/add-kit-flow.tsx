import { useState } from 'react';
import { useSession } from 'shared-api';
import { EMPTY_KIT_DETAILS, KitDetailsDialog } from './kit-details-dialog';
import { KitNumberDialog } from './kit-number-dialog';

export type AddKitFlowProps = {
  onClose: () => void;
};

/**
 * Add kit in two steps. The checked kit number is kept as `tempKitNumber`, so a reload between the
 * steps brings the customer back to the details step instead of starting over; the details typed are kept here,
 * so going back to change the kit number and checking it again finds them as they were.
 */
export function AddKitFlow({ onClose }: AddKitFlowProps) {
  const tempKitNumber = useSession((s) => s.tempKitNumber);
  const setTempKitNumber = useSession((s) => s.setTempKitNumber);
  const [step, setStep] = useState<1 | 2>(tempKitNumber ? 2 : 1);
  const [details, setDetails] = useState(EMPTY_KIT_DETAILS);

  if (step === 1) {
    return (
      <KitNumberDialog
        initialKitNumber={tempKitNumber ?? ''}
        onClose={onClose}
        onChecked={(kitNumber) => {
          setTempKitNumber(kitNumber);
          setStep(2);
        }}
      />
    );
  }
  return (
    <KitDetailsDialog
      draft={details}
      onDraftChange={setDetails}
      onClose={onClose}
      onBack={() => setStep(1)}
      onAdded={onClose}
    />
  );
}
