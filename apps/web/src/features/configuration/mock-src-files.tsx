import { useCallback, useEffect, useRef, useState } from 'react';
import type { MockSrcFileSummary } from '@c2p/domain/api';
import { useTranslation } from '../../lib/i18n';
import { TableHeading } from '../../components/ui/table-heading';
import { notify } from '../../components/ui/toast';
import { selectedMockSrcFile, selectMockSrcFile } from '../../lib/click-to-pay/mock-src-selection';
import { useConfig } from './config-context';
import { FieldNote, PlainField } from './fields';
import { mockSrcFilesApi, uploadRefusal } from './mock-src-api';

const NAME = /^[a-z0-9-]{1,64}\.json$/;
const COLUMNS = ['IN_USE', 'NAME'] as const;

type Say = (kind: 'success' | 'error', text: string) => void;

/** The files on the server; a list that cannot be read shows as none, with the failure. */
function useMockFileList() {
  const [files, setFiles] = useState<MockSrcFileSummary[]>();
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      setFiles(await mockSrcFilesApi.list());
      setFailed(false);
    } catch {
      setFailed(true);
      setFiles([]);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return { files, failed, load };
}

/**
 * The mock SRC files the guided tour answers from (spec section 4: select, upload, preview,
 * delete), listed by name. Writes need the admin session; the server checks it.
 */
export function MockSrcFiles() {
  const { t } = useTranslation();
  const { editing } = useConfig();
  const { files, failed, load } = useMockFileList();
  const [selected, setSelected] = useState(selectedMockSrcFile);
  const [preview, setPreview] = useState<{ name: string; content: string }>();
  const [alert, setAlert] = useState<{ kind: 'success' | 'error'; text: string }>();

  const say: Say = (kind, text) => {
    setAlert({ kind, text });
    void notify(kind, text);
  };
  const select = (file: string | null) => {
    selectMockSrcFile(file);
    setSelected(file);
  };

  const showPreview = async (file: string) => {
    try {
      setPreview({ name: file, content: JSON.stringify(await mockSrcFilesApi.content(file), null, 2) });
    } catch {
      say('error', t('CONFIG_SCREEN.MOCK.FETCH_FAILED'));
    }
  };

  const remove = async (file: string) => {
    try {
      await mockSrcFilesApi.remove(file);
      say('success', t('CONFIG_SCREEN.MOCK.DELETED', { name: file }));
      if (selected === file) select(null);
      if (preview?.name === file) setPreview(undefined);
      await load();
    } catch {
      say('error', t('CONFIG_SCREEN.MOCK.DELETE_FAILED', { name: file }));
    }
  };

  return (
    <section className="config-group config-mock" aria-labelledby="cfg-mock-title">
      <h2 id="cfg-mock-title" className="config-mock__title">
        {t('CONFIG_SCREEN.MOCK.TITLE')}
      </h2>
      <p className="config-group__note">{t('CONFIG_SCREEN.MOCK.HELP')}</p>
      <div aria-live="polite" className={`config-mock__alert config-mock__alert--${alert?.kind ?? 'none'}`}>
        {alert?.text}
      </div>
      {failed && <FieldNote kind="error" text={t('CONFIG_SCREEN.MOCK.FETCH_FAILED')} />}
      {files && files.length > 0 && (
        <MockFileTable
          files={files}
          selected={selected}
          onSelect={select}
          onPreview={(file) => void showPreview(file)}
          onRemove={(file) => void remove(file)}
        />
      )}
      {preview && <MockFilePreview {...preview} />}
      {editing && <MockFileUpload say={say} onUploaded={load} />}
    </section>
  );
}

function MockFileTable({
  files,
  selected,
  onSelect,
  onPreview,
  onRemove,
}: {
  files: MockSrcFileSummary[];
  selected: string | null;
  onSelect(file: string | null): void;
  onPreview(file: string): void;
  onRemove(file: string): void;
}) {
  const { t } = useTranslation();
  const { editing } = useConfig();
  return (
    <table className="config-mock__table">
      <TableHeading
        caption={t('CONFIG_SCREEN.MOCK.TITLE')}
        columns={COLUMNS.map((column) => ({ label: t(`CONFIG_SCREEN.MOCK.${column}`) }))}
      />
      <tbody>
        <tr>
          <td>
            <InUse
              checked={selected === null}
              label={t('CONFIG_SCREEN.MOCK.OWN_FILES')}
              onSelect={() => onSelect(null)}
            />
          </td>
          <td>{t('CONFIG_SCREEN.MOCK.OWN_FILES')}</td>
        </tr>
        {files.map((file) => (
          <tr key={file.name}>
            <td>
              <InUse
                checked={selected === file.name}
                label={t('CONFIG_SCREEN.MOCK.USE', { name: file.name })}
                onSelect={() => onSelect(file.name)}
              />
            </td>
            <td>
              <div className="config-mock__file">
                <span className="config-mock__about">
                  <span className="config-mock__name">
                    <bdi dir="ltr">{file.name}</bdi>
                  </span>
                  <span className="config-mock__size">{t('CONFIG_SCREEN.MOCK.BYTES', { count: file.size })}</span>
                </span>
                <span className="config-mock__actions">
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={t('CONFIG_SCREEN.MOCK.PREVIEW', { name: file.name })}
                    onClick={() => onPreview(file.name)}
                  >
                    {t('CONFIG_SCREEN.MOCK.PREVIEW_BUTTON')}
                  </button>
                  {!file.builtIn && (
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={t('CONFIG_SCREEN.MOCK.DELETE', { name: file.name })}
                      disabled={!editing}
                      onClick={() => onRemove(file.name)}
                    >
                      {t('CONFIG_SCREEN.MOCK.DELETE_BUTTON')}
                    </button>
                  )}
                </span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The choice of the file the tour answers from: one radio of the table's group. */
function InUse({ checked, label, onSelect }: { checked: boolean; label: string; onSelect(): void }) {
  return <input type="radio" name="mock-src-file" aria-label={label} checked={checked} onChange={onSelect} />;
}

function MockFilePreview({ name, content }: { name: string; content: string }) {
  const { t } = useTranslation();
  const title = t('CONFIG_SCREEN.MOCK.PREVIEW_TITLE', { name });
  return (
    <div className="config-mock__preview">
      <h3>{title}</h3>
      <pre dir="ltr" tabIndex={0} aria-label={title}>
        {content}
      </pre>
    </div>
  );
}

/** Upload (edit mode): a JSON file, saved under its own name or the one given. */
function MockFileUpload({ say, onUploaded }: { say: Say; onUploaded(): Promise<void> }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  const upload = async () => {
    const file = fileInput.current?.files?.[0];
    if (!file) return say('error', t('CONFIG_SCREEN.MOCK.CHOOSE_FILE'));
    const fileName = (name.trim() || file.name).toLowerCase();
    if (!NAME.test(fileName)) return say('error', t('CONFIG_SCREEN.MOCK.BAD_NAME'));
    let content: unknown;
    try {
      content = JSON.parse(await file.text());
    } catch {
      return say('error', t('CONFIG_SCREEN.MOCK.NOT_JSON'));
    }
    try {
      await mockSrcFilesApi.upload(fileName, content as Record<string, unknown>);
      say('success', t('CONFIG_SCREEN.MOCK.UPLOADED', { name: fileName }));
      setName('');
      if (fileInput.current) fileInput.current.value = '';
      await onUploaded();
    } catch (error) {
      say('error', t('CONFIG_SCREEN.MOCK.UPLOAD_FAILED', { reason: uploadRefusal(error, t) }));
    }
  };

  return (
    <div className="config-mock__upload">
      <div className="config-field">
        <label htmlFor="cfg-mock-file">{t('CONFIG_SCREEN.MOCK.FILE')}</label>
        <input id="cfg-mock-file" ref={fileInput} type="file" accept="application/json,.json" />
      </div>
      <PlainField
        id="cfg-mock-name"
        label={t('CONFIG_SCREEN.MOCK.UPLOAD_NAME')}
        help={t('CONFIG_SCREEN.MOCK.UPLOAD_NAME_HELP')}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="button" className="button button--secondary" onClick={() => void upload()}>
        {t('CONFIG_SCREEN.MOCK.UPLOAD')}
      </button>
    </div>
  );
}
