import type { Role } from '@contracts/api';
import { signUpForm } from '@contracts/auth';
import { firstError, MAX_DISPLAY_NAME_LENGTH, messages } from '@contracts/validation';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { FormError, TextField } from '@/components/ui/field';
import { errorText } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { useFormSubmit } from '@/lib/use-form-submit';
import { AuthForm, TextButton } from './auth-form';
import { EmailField, PasswordField } from './fields';
import { RoleChoice } from './role-choice';

export function SignUpForm(props: {
  email: string;
  onEmail: (v: string) => void;
  defaultRole: Role;
  onSignIn: () => void;
  onVerify: (email: string) => void;
}) {
  const { register } = useAuth();
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [role, setRole] = useState<Role>(props.defaultRole);
  const { busy, error, setError, submit } = useFormSubmit();

  const check = () =>
    firstError(signUpForm, { display_name: displayName, email: props.email, password, confirmPassword });
  const send = async () => {
    try {
      await register({
        display_name: displayName.trim(),
        email: props.email.trim(),
        password,
        role,
      });
      toast.success('Account created successfully! Please check your email for verification.');
      props.onVerify(props.email.trim());
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <AuthForm
      title="Create your account"
      intro="Turn any book into lessons, stories and videos."
      onSubmit={submit(check, send)}
    >
      <TextField
        label="Username"
        autoComplete="nickname"
        required
        value={displayName}
        onChange={(e) => setDisplayName(e.target.value)}
        maxLength={MAX_DISPLAY_NAME_LENGTH}
      />
      <EmailField value={props.email} onChange={props.onEmail} />
      <PasswordField
        label="Password"
        isNew
        value={password}
        onChange={setPassword}
        hint={messages.passwordHint}
      />
      <PasswordField label="Confirm password" isNew value={confirmPassword} onChange={setConfirmPassword} />
      <RoleChoice value={role} onChange={setRole} />
      <FormError message={error} />
      <Button type="submit" className="w-full" busy={busy}>
        {busy ? 'Creating account...' : 'Sign Up'}
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{' '}
        <TextButton className="font-medium" onClick={props.onSignIn}>
          Sign in
        </TextButton>
      </p>
    </AuthForm>
  );
}
