import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { isApiError, outcomeUnknown, paths, serverMessageOr, sessionStore, unreachableOr, whyNotLoaded } from 'shared-api';
import { Button, ErrorText, FormCard, Page, focusHeading } from 'shared-ui';
import { formatDate } from 'shared-ui/format';
import { Link, useSearchParams } from 'shared-ui/router';
import { undoTexts } from '../../../lib/texts';
import { applyContactRevert, readContactRevert, type ContactRevert } from '../api/contact-revert';

type State =
  | { phase: 'loading' }
  | { phase: 'unreachable'; reason: string }
  | { phase: 'ready'; revert: ContactRevert; error?: string; busy?: boolean }
  | { phase: 'done'; message: string }
  | { phase: 'refused'; message: string };

// Addresses and numbers are long words: on a 360 px phone they wrap instead of widening the page.
const Text = styled.p`
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 16px;
`;

function headingOf(state: State): string {
  switch (state.phase) {
    case 'ready':
      return undoTexts.title(undoTexts.fieldName[state.revert.field]);
    case 'done':
      return undoTexts.doneTitle;
    case 'refused':
      return undoTexts.refusedTitle;
    default:
      return undoTexts.pageTitle;
  }
}

/**
 * The undo link of a contact-change notice (not in the spec; api/README.md): opening it only reads what it would
 * put back, and only the button acts, so a mail scanner following the link changes nothing.
 */
export function UndoContactChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<State>(() =>
    token ? { phase: 'loading' } : { phase: 'refused', message: undoTexts.noToken },
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const acted = useRef(false);

  const load = useCallback(() => {
    if (!token) return () => undefined;
    let live = true;
    setState({ phase: 'loading' });
    readContactRevert(token).then(
      (revert) => live && setState({ phase: 'ready', revert }),
      (error: unknown) => {
        if (!live) return;
        if (isApiError(error) && (error.unreachable || (error.status ?? 0) >= 500)) {
          setState({ phase: 'unreachable', reason: whyNotLoaded(error) });
        } else setState({ phase: 'refused', message: serverMessageOr(error, undoTexts.refused) });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(load, [load]);

  // After the button, the new heading is where a screen reader and the keyboard carry on.
  useEffect(() => {
    if (acted.current && (state.phase === 'done' || state.phase === 'refused') && heading.current) focusHeading(heading.current);
  }, [state.phase]);

  const undo = (revert: ContactRevert) => {
    setState({ phase: 'ready', revert, busy: true });
    applyContactRevert(token).then(
      ({ message }) => {
        acted.current = true;
        // Every session of that account has ended: a stored one of it would only fail from now on.
        const stored = sessionStore.getState().user;
        if (stored && stored[revert.field] === revert.new_value) sessionStore.getState().logout();
        setState({ phase: 'done', message });
      },
      (error: unknown) => {
        if (outcomeUnknown(error) || (isApiError(error) && error.unreachable)) {
          setState({ phase: 'ready', revert, error: unreachableOr(error, undoTexts.refused) });
        } else {
          acted.current = true;
          setState({ phase: 'refused', message: serverMessageOr(error, undoTexts.refused) });
        }
      },
    );
  };

  return (
    <Page>
      <FormCard aria-labelledby="undo-contact-change-title">
        <h1 id="undo-contact-change-title" ref={heading}>
          {headingOf(state)}
        </h1>
        {state.phase === 'loading' && <p role="status">{undoTexts.loading}</p>}
        {state.phase === 'unreachable' && (
          <>
            <ErrorText role="alert">{state.reason}</ErrorText>
            <Actions>
              <Button variant="secondary" onClick={load}>
                {undoTexts.tryAgain}
              </Button>
            </Actions>
          </>
        )}
        {state.phase === 'ready' && (
          <>
            <Text>{state.revert.message}</Text>
            <Text>{undoTexts.expires(formatDate(state.revert.expires_at))}</Text>
            {state.error && <ErrorText role="alert">{state.error}</ErrorText>}
            <Actions>
              <Button busy={state.busy} onClick={() => undo(state.revert)}>
                <Text as="span">{undoTexts.button(state.revert.old_value)}</Text>
              </Button>
            </Actions>
          </>
        )}
        {state.phase === 'done' && (
          <>
            <Text role="status">{state.message}</Text>
            <Actions>
              <Link to={paths.login}>{undoTexts.logIn}</Link>
            </Actions>
          </>
        )}
        {state.phase === 'refused' && <Text role="alert">{state.message}</Text>}
      </FormCard>
    </Page>
  );
}
