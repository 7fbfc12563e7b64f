import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Button, Card, HintText, SpreadRow, theme } from 'shared-ui';
import { usageAfterActivation } from '../../../lib/texts';
import { SectionTitle } from '../../../components/styles';

export const USAGE_MAX_GB = 8;
export const USAGE_REFRESH_MS = 5000;
export const USAGE_PERIODS = ['Feb - Mar', 'Jan - Feb'] as const;
type Period = (typeof USAGE_PERIODS)[number];

/** Placeholder figures per period: the real usage feed does not exist yet (spec section 2). */
const PLACEHOLDER: Record<Period, { priority: number; throttled: number }> = {
  'Feb - Mar': { priority: 5.2, throttled: 1.8 },
  'Jan - Feb': { priority: 6.4, throttled: 2.6 },
};

const clampGb = (value: number) => Math.round(Math.min(USAGE_MAX_GB, Math.max(0, value)) * 10) / 10;

export function fluctuate(value: number, random: () => number = Math.random): number {
  return clampGb(value + (random() - 0.5));
}

const Bar = styled.div`
  height: 14px;
  border-radius: 999px;
  background: #e3e7ed;
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    background: ${theme.colors.primary};
    transition: width 0.6s ease;
  }
  &[data-kind='throttled'] span {
    background: ${theme.colors.warning};
  }
  @media (prefers-reduced-motion: reduce) {
    span {
      transition: none;
    }
  }
`;

const Row = styled.div`
  margin-bottom: 12px;
  p {
    margin: 0 0 4px;
    display: flex;
    justify-content: space-between;
    gap: 8px;
    flex-wrap: wrap;
  }
`;

const Toolbar = styled(SpreadRow)`
  margin-bottom: 12px;
  label {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    font-weight: 600;
  }
  select {
    min-height: 44px;
    padding: 4px 8px;
    border-radius: ${theme.radius};
    border: 1px solid ${theme.colors.border};
    font: inherit;
  }
`;

function UsageBar({ label, value, kind }: { label: string; value: number; kind: 'priority' | 'throttled' }) {
  return (
    <Row>
      <p>
        <span>{label}</span>
        <strong>
          {value.toFixed(1)} GB of {USAGE_MAX_GB} GB
        </strong>
      </p>
      <Bar data-kind={kind} aria-hidden="true">
        <span style={{ width: `${(value / USAGE_MAX_GB) * 100}%` }} />
      </Bar>
    </Row>
  );
}

export type UsagePanelProps = {
  /** Source of the simulated fluctuation; tests pass a fixed one. */
  random?: () => number;
  /** A kit never paid for has used nothing: sample figures would read as its usage. */
  neverPaid?: boolean;
};

/** Simulated usage: placeholder figures that move a little every 5 s until real data exists. */
export function UsagePanel({ random = Math.random, neverPaid = false }: UsagePanelProps) {
  if (neverPaid) {
    return (
      <Card aria-labelledby="usage-title">
        <SectionTitle id="usage-title">Usage</SectionTitle>
        <HintText>{usageAfterActivation}</HintText>
      </Card>
    );
  }
  return <SampleUsage random={random} />;
}

function SampleUsage({ random }: { random: () => number }) {
  const [period, setPeriod] = useState<Period>(USAGE_PERIODS[0]);
  const [usage, setUsage] = useState(PLACEHOLDER[USAGE_PERIODS[0]]);
  const selectId = useId();

  useEffect(() => {
    const timer = setInterval(() => {
      setUsage((current) => ({
        priority: fluctuate(current.priority, random),
        throttled: fluctuate(current.throttled, random),
      }));
    }, USAGE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [random]);

  return (
    <Card aria-labelledby="usage-title">
      <SectionTitle id="usage-title">Usage</SectionTitle>
      <Toolbar>
        <label htmlFor={selectId}>
          Period
          <select
            id={selectId}
            value={period}
            onChange={(event) => {
              const next = event.target.value as Period;
              setPeriod(next);
              setUsage(PLACEHOLDER[next]);
            }}
          >
            {USAGE_PERIODS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        {/* The spec's Download button does nothing yet: there is no usage export to download. */}
        <Button variant="secondary" onClick={() => undefined} aria-describedby="usage-notice">
          Download
        </Button>
      </Toolbar>
      <UsageBar label="Priority data" value={usage.priority} kind="priority" />
      <UsageBar label="Throttled data" value={usage.throttled} kind="throttled" />
      <HintText id="usage-notice">
        A real-time usage graph is coming soon. The figures shown are samples, not your actual usage.
      </HintText>
    </Card>
  );
}
