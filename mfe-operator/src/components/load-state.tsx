import { Button } from 'shared-ui';
import { errorText } from '../lib/staff-api';
import { texts } from '../lib/texts';

export type LoadStateProps = {
  isLoading: boolean;
  error: unknown;
  /** The screen's own words when the server gave none. */
  failed: string;
  retry: () => void;
};

/** A read's loading state, or its failure with Retry; nothing once the data is in. */
export function LoadState({ isLoading, error, failed, retry }: LoadStateProps) {
  if (error) {
    return (
      <div role="alert">
        <p>{errorText(error, failed)}</p>
        <Button variant="secondary" onClick={retry}>
          {texts.retry}
        </Button>
      </div>
    );
  }
  return isLoading ? <p role="status">{texts.loading}</p> : null;
}
