import { EmptyState } from '@/components/ui/card';

/** The Images, Audio and Video tabs until their studios land: what they will do, nothing faked. */
export function ImagesTab() {
  return (
    <EmptyState title="Scene images are not available yet">
      Character portraits can be generated from the Plot tab. Scene images for this chapter will be made here.
    </EmptyState>
  );
}

export function AudioTab() {
  return (
    <EmptyState title="Audio production is not available yet">
      Narration, music, effects and ambiance for this chapter will be produced here.
    </EmptyState>
  );
}

export function VideoTab() {
  return (
    <EmptyState title="Video production is not available yet">
      The chapter's video will be assembled here from its script, images and audio.
    </EmptyState>
  );
}
