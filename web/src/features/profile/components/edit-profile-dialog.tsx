import type { UserMe } from '@contracts/api';
import { validateProfile } from '@contracts/users';
import { MAX_BIO_LENGTH } from '@contracts/validation';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useSWRConfig } from 'swr';
import { Button } from '@/components/ui/button';
import { FormError, TextArea, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-client';
import { userKeys } from '@/lib/data/users';
import { updateProfile } from '../api/users';

export function EditProfileDialog({
  user,
  open,
  onClose,
  onSaved,
}: {
  user: UserMe;
  open: boolean;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const [displayName, setDisplayName] = useState(user.display_name);
  const [avatarUrl, setAvatarUrl] = useState(user.avatar_url ?? '');
  const [bio, setBio] = useState(user.bio ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { mutate } = useSWRConfig();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const update = { display_name: displayName, avatar_url: avatarUrl, bio };
    const problem = validateProfile(update);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await updateProfile({
        display_name: displayName.trim(),
        avatar_url: avatarUrl.trim(),
        bio: bio.trim(),
      });
      await onSaved();
      await mutate(userKeys.activity);
      toast.success('Profile updated!');
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'An unknown error occurred.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title="Edit Profile" onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Display name"
          required
          maxLength={50}
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
        />
        <TextField
          label="Avatar URL"
          type="url"
          placeholder="https://…"
          value={avatarUrl}
          onChange={(e) => setAvatarUrl(e.target.value)}
        />
        <TextArea
          label="Bio"
          rows={4}
          maxLength={MAX_BIO_LENGTH}
          value={bio}
          onChange={(e) => setBio(e.target.value)}
          hint={`${bio.length}/${MAX_BIO_LENGTH}`}
        />
        <FormError message={error} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
