import { useTranslation } from '../../lib/i18n';
import { isSignInRequired } from '@c2p/domain';
import { activeTool } from '../../lib/active-tool';
import { RegisterForm } from './register-form';
import { SignInForm } from './sign-in-form';
import { closeSignIn, useSignInPanel } from './shopper-store';
import { accountMenuButton } from './account-menu';
import { SlideOver } from '../../components/ui/slide-over';

/** The sign-in slide-over's content, loaded on first open. Both forms stay mounted so toggling keeps input. */
export default function SignInPanel() {
  const { t } = useTranslation();
  const view = useSignInPanel((state) => state.view);
  // Spec section 4: sign-in works only with the live card-on-file tool; read when the panel opens.
  const enabled = isSignInRequired(activeTool());

  return (
    <SlideOver
      title={t(view === 'sign-in' ? 'ACCOUNT.SIGN_IN.TITLE' : 'ACCOUNT.REGISTER.TITLE')}
      onClose={() => closeSignIn('dismissed')}
      focusKey={view}
      fallbackFocus={accountMenuButton}
      className="sign-in-panel"
    >
      <div hidden={view !== 'sign-in'}>
        <SignInForm enabled={enabled} />
      </div>
      <div hidden={view !== 'register'}>
        <RegisterForm enabled={enabled} />
      </div>
    </SlideOver>
  );
}
