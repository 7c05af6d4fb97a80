import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { mockSrcApi } from '@c2p/domain/api';
import { ApiError, callApi } from '../../lib/api-client';
import { notify } from '../../components/ui/toast';
import { selectedMockSrcFile, selectMockSrcFile } from '../../lib/click-to-pay/mock-src-selection';
import { useConfig } from './config-context';

interface MockFile {
  name: string;
  size: number;
  updatedAt: string;
  builtIn: boolean;
}

const NAME = /^[a-z0-9-]{1,64}\.json$/;

async function request<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...init,
    headers: { accept: 'application/json', ...init.headers },
  });
  const body = (await response.json().catch(() => ({}))) as T;
  return { status: response.status, body };
}

/**
 * The mock SRC files the guided tour answers from (spec section 4: select, upload, preview,
 * delete), listed by name. Writes need the admin session; the server checks it.
 */
export function MockSrcFiles() {
  const { t } = useTranslation();
  const { editing } = useConfig();
  const [files, setFiles] = useState<MockFile[]>();
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState(selectedMockSrcFile);
  const [preview, setPreview] = useState<{ name: string; content: string }>();
  const [alert, setAlert] = useState<{ kind: 'success' | 'error'; text: string }>();
  const [name, setName] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  const say = (kind: 'success' | 'error', text: string) => {
    setAlert({ kind, text });
    void notify(kind, text);
  };

  const load = useCallback(async () => {
    try {
      const answer = await request<{ files?: MockFile[] }>('/api/mock-src-files');
      if (answer.status !== 200 || !Array.isArray(answer.body.files)) throw new Error(String(answer.status));
      setFiles(answer.body.files);
      setFailed(false);
    } catch {
      setFailed(true);
      setFiles([]);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const showPreview = async (file: string) => {
    try {
      const answer = await request<{ name: string; content: unknown }>(
        `/api/mock-src-files/${encodeURIComponent(file)}`,
      );
      if (answer.status !== 200) throw new Error(String(answer.status));
      setPreview({ name: file, content: JSON.stringify(answer.body.content, null, 2) });
    } catch {
      say('error', t('CONFIG_SCREEN.MOCK.FETCH_FAILED'));
    }
  };

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
      await callApi(mockSrcApi.upload, { body: { name: fileName, content: content as Record<string, unknown> } });
      say('success', t('CONFIG_SCREEN.MOCK.UPLOADED', { name: fileName }));
      setName('');
      if (fileInput.current) fileInput.current.value = '';
      await load();
    } catch (error) {
      const errors =
        error instanceof ApiError ? (error.body.errors as { field: string; message: string }[] | undefined) : undefined;
      const detail = Array.isArray(errors) ? errors.map((e) => `${e.field}: ${e.message}`).join('; ') : '';
      const reason =
        error instanceof ApiError && error.status === 413
          ? t('CONFIG_SCREEN.MOCK.TOO_LARGE')
          : detail || String((error as Error).message);
      say('error', t('CONFIG_SCREEN.MOCK.UPLOAD_FAILED', { reason }));
    }
  };

  const remove = async (file: string) => {
    try {
      const answer = await request(`/api/mock-src-files/${encodeURIComponent(file)}`, { method: 'DELETE' });
      if (answer.status !== 204) throw new Error(String(answer.status));
      say('success', t('CONFIG_SCREEN.MOCK.DELETED', { name: file }));
      if (selected === file) {
        selectMockSrcFile(null);
        setSelected(null);
      }
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
      {failed && <p className="config-field__error">{t('CONFIG_SCREEN.MOCK.FETCH_FAILED')}</p>}
      {files && files.length > 0 && (
        <table className="config-mock__table">
          <caption className="visually-hidden">{t('CONFIG_SCREEN.MOCK.TITLE')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('CONFIG_SCREEN.MOCK.IN_USE')}</th>
              <th scope="col">{t('CONFIG_SCREEN.MOCK.NAME')}</th>
              <th scope="col">{t('CONFIG_SCREEN.MOCK.SIZE')}</th>
              <th scope="col">{t('CONFIG_SCREEN.MOCK.ACTIONS')}</th>
            </tr>
          </thead>
          <tbody>
            {files.map((file) => (
              <tr key={file.name}>
                <td>
                  <input
                    type="radio"
                    name="mock-src-file"
                    aria-label={t('CONFIG_SCREEN.MOCK.USE', { name: file.name })}
                    checked={selected === file.name}
                    onChange={() => {
                      selectMockSrcFile(file.name);
                      setSelected(file.name);
                    }}
                  />
                </td>
                <td dir="ltr">{file.name}</td>
                <td>{t('CONFIG_SCREEN.MOCK.BYTES', { count: file.size })}</td>
                <td className="config-mock__actions">
                  <button type="button" className="button button--ghost" onClick={() => void showPreview(file.name)}>
                    {t('CONFIG_SCREEN.MOCK.PREVIEW', { name: file.name })}
                  </button>
                  {!file.builtIn && (
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={!editing}
                      onClick={() => void remove(file.name)}
                    >
                      {t('CONFIG_SCREEN.MOCK.DELETE', { name: file.name })}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview && (
        <div className="config-mock__preview">
          <h3>{t('CONFIG_SCREEN.MOCK.PREVIEW_TITLE', { name: preview.name })}</h3>
          <pre dir="ltr" tabIndex={0} aria-label={t('CONFIG_SCREEN.MOCK.PREVIEW_TITLE', { name: preview.name })}>
            {preview.content}
          </pre>
        </div>
      )}
      {editing && (
        <div className="config-mock__upload">
          <div className="config-field">
            <label htmlFor="cfg-mock-file">{t('CONFIG_SCREEN.MOCK.FILE')}</label>
            <input id="cfg-mock-file" ref={fileInput} type="file" accept="application/json,.json" />
          </div>
          <div className="config-field">
            <label htmlFor="cfg-mock-name">{t('CONFIG_SCREEN.MOCK.UPLOAD_NAME')}</label>
            <input
              id="cfg-mock-name"
              type="text"
              dir="ltr"
              value={name}
              aria-describedby="cfg-mock-name-help"
              onChange={(event) => setName(event.target.value)}
            />
            <p id="cfg-mock-name-help" className="config-field__help">
              {t('CONFIG_SCREEN.MOCK.UPLOAD_NAME_HELP')}
            </p>
          </div>
          <button type="button" className="button button--secondary" onClick={() => void upload()}>
            {t('CONFIG_SCREEN.MOCK.UPLOAD')}
          </button>
        </div>
      )}
    </section>
  );
}
