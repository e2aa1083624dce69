import { RequireUser } from '@/components/auth/require-user';
import { UploadWizard } from '../components/upload-wizard/upload-wizard';

export default function UploadPage() {
  return <RequireUser message="Sign in to upload a book.">{() => <UploadWizard />}</RequireUser>;
}
