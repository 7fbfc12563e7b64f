import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, FormCard, Page, theme, type ButtonProps } from 'shared-ui';

export type AuthCardProps = {
  title: string;
  intro?: ReactNode;
  /** Renders the card body; `titleId` labels the form for screen readers. */
  children: (titleId: string) => ReactNode;
};

const Intro = styled.p`
  color: ${theme.colors.muted};
  margin: 0 0 16px;
`;

/** The centred card every open screen uses; fits a 360 px screen without sideways scrolling. */
export function AuthCard({ title, intro, children }: AuthCardProps) {
  const titleId = useId();
  return (
    <Page>
      <FormCard aria-labelledby={titleId}>
        <h1 id={titleId}>{title}</h1>
        {intro && <Intro>{intro}</Intro>}
        {children(titleId)}
      </FormCard>
    </Page>
  );
}

const WideButton = styled(Button)`
  width: 100%;
  margin-top: 8px;
`;

export type SubmitButtonProps = Omit<ButtonProps, 'type' | 'variant'>;

/** The form's full-width submit button; `busy` disables it and shows progress. */
export function SubmitButton(props: SubmitButtonProps) {
  return <WideButton type="submit" {...props} />;
}

export const FormLinks = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 8px 16px;
  margin: 16px 0 0;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 24px;
  }
`;
