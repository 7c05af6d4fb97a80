import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useDisclosure } from '../../components/ui/use-disclosure';
import { prettyJson } from './download';
import { highlightJson } from './json-view';

function useCopy(text: string) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return [copied, copy] as const;
}

/**
 * A part of a call that folds (a disclosure button in its heading, not a nested `<details>`, so the
 * call's own summary stays the one summary of its entry), with a copy button for its text while open.
 */
function Part({
  title,
  initiallyOpen,
  copyText,
  copyLabel,
  children,
}: {
  title: string;
  initiallyOpen?: boolean;
  copyText: string;
  copyLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { open, toggle, part } = useDisclosure(initiallyOpen);
  const [copied, copy] = useCopy(copyText);
  return (
    <div className="api-log__part-box">
      <div className="api-log__part-head">
        <h4 className="api-log__part">
          <button type="button" className="api-log__toggle" {...toggle}>
            {title}
          </button>
        </h4>
        {open && (
          <button type="button" className="button button--ghost api-log__copy" onClick={copy}>
            {copied ? t('API_LOG.COPIED') : copyLabel}
          </button>
        )}
      </div>
      <div {...part}>{children}</div>
    </div>
  );
}

/** A request or response: collapsible, highlighted, escaped text (never markup), with a copy button. */
export function JsonPart({ title, value, open }: { title: string; value: unknown; open?: boolean }) {
  const { t } = useTranslation();
  const text = prettyJson(value);
  return (
    <Part
      title={title}
      initiallyOpen={open}
      copyText={text}
      copyLabel={t('API_LOG.COPY', { part: title.toLocaleLowerCase() })}
    >
      <pre dir="ltr" className="api-log__json" tabIndex={0}>
        {highlightJson(text)}
      </pre>
    </Part>
  );
}

/** The call as a runnable snippet (JavaScript or curl), collapsed until asked for, with its copy button. */
export function CodePart({ title, code, copyLabel }: { title: string; code: string; copyLabel: string }) {
  return (
    <Part title={title} copyText={code} copyLabel={copyLabel}>
      <pre dir="ltr" className="api-log__json api-log__code" tabIndex={0} data-testid="api-log-code">
        {code}
      </pre>
    </Part>
  );
}
