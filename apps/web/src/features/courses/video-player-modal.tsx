// Loaded with the first video opened: the modal's styles come with it (decision 047).
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { Anchor, Modal, Stack, Text } from '@mantine/core';
import type { VideoPreview } from '@mels/domain';
import { useI18n } from '../../lib/i18n.tsx';
import classes from './video-player.module.css';
import { videoSource } from './video-source.ts';

/** The player of one video preview, in a modal dialog. */
export function VideoPlayerModal({ video, onClose }: { video: VideoPreview | null; onClose: () => void }) {
  const { t } = useI18n();
  const source = video ? videoSource(video) : null;
  return (
    <Modal
      opened={video !== null}
      onClose={onClose}
      title={video?.name ?? ''}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t.app.close }}
      classNames={{ title: classes.modalTitle }}
    >
      {video && source ? (
        source.kind === 'file' ? (
          <div className={classes.player}>
            <video controls autoPlay preload="metadata" src={source.src} data-testid="video-player">
              <track kind="captions" />
            </video>
          </div>
        ) : source.kind === 'embed' ? (
          <div className={classes.player}>
            <iframe
              src={source.src}
              title={video.name}
              allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              data-testid="video-player"
            />
          </div>
        ) : (
          <Stack gap="xs">
            <Text>{t.publicSite.course.videoUnavailable}</Text>
            <Anchor href={source.href} target="_blank" rel="noopener noreferrer">
              {t.publicSite.course.openOnSite}
            </Anchor>
          </Stack>
        )
      ) : null}
    </Modal>
  );
}
