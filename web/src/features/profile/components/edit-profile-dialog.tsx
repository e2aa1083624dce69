import type { UserMe } from '@contracts/api';
import { profileUpdateRequest } from '@contracts/users';
import { firstError, MAX_BIO_LENGTH, MAX_DISPLAY_NAME_LENGTH } from '@contracts/validation';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useSWRConfig } from 'swr';
import { Button } from '@/components/ui/button';
import { FormError, TextArea, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { errorText } from '@/lib/api-client';
import { userKeys } from '@/lib/data/users';
import { useFormSubmit } from '@/lib/use-form-submit';
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
  const { busy, error, setError, submit } = useFormSubmit();
  const { mutate } = useSWRConfig();

  const check = () =>
    firstError(profileUpdateRequest, { display_name: displayName, avatar_url: avatarUrl, bio });
  const send = async () => {
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
      setError(errorText(err));
    }
  };

  return (
    <Modal open={open} title="Edit Profile" onClose={onClose}>
      <form onSubmit={submit(check, send)} noValidate className="space-y-4">
        <TextField
          label="Display name"
          required
          maxLength={MAX_DISPLAY_NAME_LENGTH}
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
