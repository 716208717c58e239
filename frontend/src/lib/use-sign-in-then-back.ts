import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { rememberRedirectUrl } from './redirect-url';

/** To the client sign-in, back to this page afterwards. */
export const useSignInThenBack = () => {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    rememberRedirectUrl(`${location.pathname}${location.search}`);
    void navigate(paths.public.client.signIn.getHref());
  };
};
