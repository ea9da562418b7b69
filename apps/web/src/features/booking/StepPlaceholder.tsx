/** A step page still to be built (issue 7): its position in the sequence and its title. */
import { useTranslation } from 'react-i18next';
import { useGroupContext } from '../../app/group-context.ts';
import { Card, PageContainer, PageHeader } from '../../ui/Page.tsx';
import type { StepPageName } from './step-pages.ts';

export function StepPlaceholder({ step }: { step: StepPageName }) {
  const { t } = useTranslation();
  const { steps } = useGroupContext();
  const index = steps.findIndex((s) => s.name === step);
  return (
    <PageContainer>
      <PageHeader
        eyebrow={index >= 0 ? t('booking.stepOf', { current: index + 1, total: steps.length }) : undefined}
        title={t(`steps.${step}.title`)}
      />
      <Card>
        <p data-testid="step-placeholder">{t('common.comingSoon')}</p>
      </Card>
    </PageContainer>
  );
}
