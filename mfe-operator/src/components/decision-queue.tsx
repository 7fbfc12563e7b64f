import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, notify } from 'shared-ui';
import { errorText } from '../lib/staff-api';
import { ReasonForm } from './reason-form';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  justify-content: flex-end;
`;

/**
 * A queue's decisions (kits under review, transfers): the row being decided or declined and the toast after; `run`
 * takes the subject and the call, which resolves to the text said on success.
 */
export function useDecisions(failed: string) {
  const [declining, setDeclining] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);

  const run = async (subject: string, action: () => Promise<string>) => {
    setWorking(subject);
    try {
      notify.success(await action());
      setDeclining(null);
    } catch (error) {
      notify.error(errorText(error, failed));
    } finally {
      setWorking(null);
    }
  };

  return { declining, setDeclining, working, run };
}

export type Decisions = ReturnType<typeof useDecisions>;

export type DecisionActionsProps = {
  decisions: Decisions;
  /** The row's key, named in the buttons' accessible names. */
  subject: string;
  declineLabel: string;
  /** The queue's own actions, before Decline. */
  children: ReactNode;
};

/** A row's actions: the queue's own, then Decline, which opens the reason form. */
export function DecisionActions({ decisions, subject, declineLabel, children }: DecisionActionsProps) {
  return (
    <Actions>
      {children}
      <Button
        variant="secondary"
        disabled={decisions.working === subject}
        aria-label={`${declineLabel} ${subject}`}
        onClick={() => decisions.setDeclining(subject)}
      >
        {declineLabel}
      </Button>
    </Actions>
  );
}

export type DeclineFormProps = {
  decisions: Decisions;
  /** Sends the decline; resolves to the text said on success. */
  decline: (subject: string, reason: string) => Promise<string>;
};

/** The reason form for the row being declined, under the list; nothing while none is. */
export function DeclineForm({ decisions: { declining, working, setDeclining, run }, decline }: DeclineFormProps) {
  if (!declining) return null;
  return (
    <ReasonForm
      subject={declining}
      busy={working === declining}
      onCancel={() => setDeclining(null)}
      onSubmit={(reason) => void run(declining, () => decline(declining, reason))}
    />
  );
}
