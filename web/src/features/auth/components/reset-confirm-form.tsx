import { passwordResetConfirmForm } from '@contracts/auth';
import { firstError } from '@contracts/validation';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/use-form-submit';
import { authApi } from '../api/auth';
import { AuthForm } from './auth-form';
import { CodeField, EmailField, PasswordField } from './fields';

export function ResetConfirmForm(props: {
  email: string;
  onEmail: (v: string) => void;
  initialCode: string;
  onDone: () => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState(props.initialCode);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { busy, error, submit } = useFormSubmit();
  const navigate = useNavigate();

  const check = () =>
    firstError(passwordResetConfirmForm, {
      email: props.email,
      token: code,
      new_password: password,
      confirmPassword,
    });
  const send = async () => {
    try {
      await authApi.confirmPasswordReset(props.email.trim(), code.trim(), password);
      toast.success('Password reset successfully!');
      navigate(paths.signInAs(props.email.trim()), { replace: true });
      props.onDone();
    } catch (err) {
      toast.error(errorText(err, 'Failed to reset password.'));
    }
  };

  return (
    <AuthForm
      title="Choose a new password"
      intro="Enter the code from the email we sent you."
      onSubmit={submit(check, send)}
      onBack={props.onBack}
    >
      <EmailField value={props.email} onChange={props.onEmail} />
      <CodeField label="Reset Code" value={code} onChange={setCode} />
      <PasswordField label="New Password" isNew value={password} onChange={setPassword} />
      <PasswordField
        label="Confirm New Password"
        isNew
        value={confirmPassword}
        onChange={setConfirmPassword}
      />
      <FormError message={error} />
      <Button type="submit" className="w-full" busy={busy}>
        {busy ? 'Resetting...' : 'Reset Password'}
      </Button>
    </AuthForm>
  );
}
