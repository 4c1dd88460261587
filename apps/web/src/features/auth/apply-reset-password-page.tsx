import { ApplyResetPasswordPage } from './reset-password-pages';

export default ApplyResetPasswordPage;
