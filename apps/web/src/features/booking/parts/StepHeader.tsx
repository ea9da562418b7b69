/** A booking step's heading: "Step N of M", the step's title and an optional lead. */
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useGroupContext } from '../../../lib/group-context.ts';
import { PageHeader } from '../../../ui/Page.tsx';

export function StepHeader({ step, title, lead }: { step: string; title?: ReactNode; lead?: ReactNode }) {
  const { t } = useTranslation();
  const { steps } = useGroupContext();
  const index = steps.findIndex((s) => s.name === step);
  return (
    <PageHeader
      eyebrow={index >= 0 ? t('booking.stepOf', { current: index + 1, total: steps.length }) : undefined}
      title={title ?? t(`steps.${step}.title`)}
      lead={lead}
    />
  );
}
