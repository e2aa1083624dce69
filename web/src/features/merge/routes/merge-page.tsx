import { RequireUser } from '@/components/auth/require-user';
import { MergeStudio } from '../components/merge-studio';

/** The standalone merge page: the Merge studio for the signed-in user's uploads and videos. */
export default function MergePage() {
  return (
    <RequireUser message="Sign in to merge your clips and videos.">
      {() => (
        <div className="mx-auto max-w-6xl px-4 py-8">
          <MergeStudio headingLevel={1} />
        </div>
      )}
    </RequireUser>
  );
}
