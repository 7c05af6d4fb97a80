import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Page } from '../../components/layout/page';
import { Loader } from '../../components/ui/loader';
import { selectIsAdmin, useAdmin } from '../admin';
import { stashSharedConfiguration } from './config-store';
import { ConfigurationScreen } from './configuration-screen';
import { useConfigurationMessages } from './locale';
import './configuration.css';

/** `/srci/config`: admins only; anyone else goes to the sign-in page and comes back after it. */
export default function ConfigurationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const messages = useConfigurationMessages();
  const [state, setState] = useState<'checking' | 'admin' | 'refused'>(() =>
    selectIsAdmin(useAdmin.getState()) ? 'admin' : 'checking',
  );

  useEffect(() => {
    if (state !== 'checking') return;
    let live = true;
    // Ask the server: the record in memory may still be the default one while the app starts.
    void useAdmin
      .getState()
      .load()
      .then(() => {
        if (!live) return;
        setState(selectIsAdmin(useAdmin.getState()) ? 'admin' : 'refused');
      });
    return () => {
      live = false;
    };
  }, [state]);

  useEffect(() => {
    if (state !== 'refused') return;
    // A share link survives the sign-in detour.
    stashSharedConfiguration(window.location.hash);
    navigate(`/sign-in?redirect=${encodeURIComponent('/srci/config')}`, { replace: true });
  }, [state, navigate]);

  if (state !== 'admin' || !messages)
    return (
      <Page title={t('PAGES.CONFIGURATION')} className="configuration">
        <Loader />
      </Page>
    );
  return <ConfigurationScreen />;
}
