import { useTranslation } from '../../lib/i18n';
import { USE_CASE_FLOWS, type FlowStep } from './catalogue';

/**
 * The three use cases as rows of steps, this page's step highlighted where a use case walks it;
 * `inPanel`: drawn in the info panel over a checkout, where the step is not the page.
 */
export function FlowDiagram({ step, inPanel = false }: { step: FlowStep; inPanel?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flow-diagram">
      {(Object.keys(USE_CASE_FLOWS) as (keyof typeof USE_CASE_FLOWS)[]).map((useCase) => (
        <div key={useCase} className="flow-diagram__row">
          <span className="flow-diagram__use-case">{t(`COMPONENTS.USE_CASES.${useCase}`)}</span>
          <ol className="flow-diagram__steps">
            {USE_CASE_FLOWS[useCase].map((s) => (
              <li key={s} className={s === step ? 'flow-diagram__step flow-diagram__step--here' : 'flow-diagram__step'}>
                {t(`COMPONENTS.STEPS.${s}`)}
                {s === step && (
                  <span className="visually-hidden">
                    {' '}
                    {t(inPanel ? 'COMPONENTS.THIS_STEP_IN_PANEL' : 'COMPONENTS.THIS_STEP')}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </div>
  );
}
