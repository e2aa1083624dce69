import { RequireUser } from '@/components/auth/require-user';
import { useGeneratedVideos } from '../api/generated-videos';
import { MergeStudio } from '../components/merge-studio';

function MergePageStudio() {
  const { data: generated } = useGeneratedVideos();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <MergeStudio headingLevel={1} offered={generated} />
    </div>
  );
}

/** The standalone merge page: the Merge studio for the signed-in user's uploads and videos. */
export default function MergePage() {
  return (
    <RequireUser message="Sign in to merge your clips and videos.">{() => <MergePageStudio />}</RequireUser>
  );
}
