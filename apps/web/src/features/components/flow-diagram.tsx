import { useTranslation } from '../../lib/i18n';
import { AGENT_FLOWS, USE_CASE_FLOWS, type FlowStep } from './catalogue';

/**
 * The three use cases (or an agent's two stories, for an agentic step) as rows of steps, this page's step highlighted where a use case walks it;
 * `inPanel`: drawn in the info panel over a checkout, where the step is not the page.
 */
export function FlowDiagram({ step, inPanel = false }: { step: FlowStep; inPanel?: boolean }) {
  const { t } = useTranslation();
  const flows: Record<string, FlowStep[]> = Object.values(AGENT_FLOWS).some((flow) => flow.includes(step))
    ? AGENT_FLOWS
    : USE_CASE_FLOWS;
  return (
    <div className="flow-diagram">
      {Object.keys(flows).map((useCase) => (
        <div key={useCase} className="flow-diagram__row">
          <span className="flow-diagram__use-case">{t(`COMPONENTS.USE_CASES.${useCase}`)}</span>
          <ol className="flow-diagram__steps">
            {flows[useCase]!.map((s) => (
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
