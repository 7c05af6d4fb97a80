import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';

/** Copies `text` to the clipboard and says so for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button type="button" className="button button--secondary button--small" onClick={() => void copy()}>
      {copied ? t('COMPONENTS.COPIED') : label}
    </button>
  );
}
