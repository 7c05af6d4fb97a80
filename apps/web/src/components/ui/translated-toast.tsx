import { useTranslation, type TFunction } from '../../lib/i18n';
import type { ToastText } from './toast';

function translated(t: TFunction, { key, values }: ToastText): string {
  const resolved = Object.fromEntries(
    Object.entries(values ?? {}).map(([name, value]) => [
      name,
      typeof value === 'object' ? translated(t, value) : value,
    ]),
  );
  return t(key, resolved);
}

/** A toast's words in the language of the moment: they change with a switch of language. */
export function TranslatedToast({ text }: { text: ToastText }) {
  const { t } = useTranslation();
  return <>{translated(t, text)}</>;
}
