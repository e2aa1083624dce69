import type { VideoGeneration } from '@contracts/video';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useVideoDownload } from './download-menu';
import { VideoPlayer } from './video-player';

/** The generated video of a chapter in a modal: the player, Download (the 480p file) and Close. */
export function VideoModal({
  generation,
  title,
  onClose,
}: {
  generation: VideoGeneration | null;
  title: string;
  onClose: () => void;
}) {
  const { busy, download } = useVideoDownload();
  const id = generation ? (generation.video_generation_id ?? generation.id) : null;
  return (
    <Modal
      open={generation !== null}
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" busy={busy !== null} onClick={() => void download(id, 'web')}>
            Download
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {generation && (
        <VideoPlayer
          src={generation.final_video?.video_url ?? generation.video_url}
          poster={generation.final_video?.thumbnail_url ?? null}
          subtitles={generation.final_video?.subtitles_url ?? generation.subtitles_url}
          label={`${title} player`}
        />
      )}
    </Modal>
  );
}
