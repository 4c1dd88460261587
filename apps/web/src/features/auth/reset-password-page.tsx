import { ResetPasswordPage } from './reset-password-pages';

export default ResetPasswordPage;
