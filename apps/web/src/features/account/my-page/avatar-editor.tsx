import { Alert, Avatar, Button, FileButton, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { LIMITS, userMessages } from '@mels/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { updateProfile } from '../api/auth-calls.ts';
import { useMessage } from '../../../lib/messages.ts';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/jpg', 'image/gif'];
const MAX_BYTES = LIMITS.avatarMaxMb * LIMITS.bytesPerMb;

/** Crops the chosen image in a canvas and encodes it as JPEG at the spec's quality (0.3). */
async function cropToJpeg(src: string, area: Area): Promise<Blob | null> {
  if (area.width <= 0 || area.height <= 0) return null;
  const image = new Image();
  image.src = src;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(area.width);
  canvas.height = Math.round(area.height);
  const ctx = canvas.getContext('2d');
  if (!ctx || canvas.width === 0 || canvas.height === 0) return null;
  ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) =>
    canvas.toBlob((blob) => resolve(blob), 'image/jpeg', LIMITS.avatarJpegQuality),
  );
}

export function AvatarEditor({ avatar, name }: { avatar: string | null; name: string }) {
  const { t } = useI18n();
  const text = useMessage();
  const m = t.account.myPage;
  const queryClient = useQueryClient();
  const [source, setSource] = useState<string | null>(null);
  const [initial, setInitial] = useState<Area | undefined>(undefined);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [notice, setNotice] = useState<{ tone: 'red' | 'teal'; text: string } | null>(null);
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);
  const mutation = useMutation({
    mutationFn: (blob: Blob) => {
      const form = new FormData();
      form.append('avatar', blob, 'avatar.jpg');
      return updateProfile(form);
    },
    onSuccess: () => {
      setNotice({ tone: 'teal', text: m.avatarSaved });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      close();
    },
    onError: (error) =>
      setNotice({
        tone: 'red',
        text:
          error instanceof ApiRequestError ? (error.errors.avatar?.[0] ?? error.message) : t.errors.generic,
      }),
  });
  const close = () => {
    if (source) URL.revokeObjectURL(source);
    setSource(null);
    setZoom(1);
  };
  const choose = (file: File | null) => {
    setNotice(null);
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return setNotice({ tone: 'red', text: text(userMessages.avatarType) });
    if (file.size > MAX_BYTES) return setNotice({ tone: 'red', text: text(userMessages.avatarTooLarge) });
    const url = URL.createObjectURL(file);
    const probe = new Image();
    probe.onload = () => {
      // The spec's default crop: 30% of the image's width, at 3:4, centred.
      const width = LIMITS.avatarDefaultCropPercent;
      const height = Math.min(
        100,
        (((width / 100) * probe.naturalWidth) / LIMITS.avatarAspect / probe.naturalHeight) * 100,
      );
      setInitial({ width, height, x: (100 - width) / 2, y: (100 - height) / 2 });
      setSource(url);
    };
    probe.onerror = () => {
      URL.revokeObjectURL(url);
      setNotice({ tone: 'red', text: text(userMessages.avatarType) });
    };
    probe.src = url;
  };
  const apply = async () => {
    const blob = source && area ? await cropToJpeg(source, area) : null;
    if (!blob) {
      setNotice({ tone: 'red', text: m.avatarNotSaved });
      close();
      return;
    }
    mutation.mutate(blob);
  };
  return (
    <Stack gap="sm" align="flex-start">
      <Group gap="md" align="center">
        <Avatar src={avatar} alt={name} size={96} radius="md" color="rose" w={72} h={96} data-user-content>
          {name.slice(0, 1)}
        </Avatar>
        <Stack gap={4}>
          <FileButton onChange={choose} accept="image/jpeg,image/png,image/gif">
            {(props) => (
              <Button variant="light" {...props} data-testid="avatar-choose">
                {m.avatarChoose}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {m.avatarHelp}
          </Text>
        </Stack>
      </Group>
      {notice ? (
        <Alert color={notice.tone} variant="light" role={notice.tone === 'red' ? 'alert' : 'status'} py={8}>
          {notice.text}
        </Alert>
      ) : null}
      <Modal
        opened={source !== null}
        onClose={close}
        title={m.avatarCropTitle}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t.app.close }}
      >
        {source ? (
          <Stack>
            <div
              style={{
                position: 'relative',
                height: 360,
                background: '#222',
                borderRadius: 8,
                overflow: 'hidden',
              }}
            >
              <Cropper
                image={source}
                crop={crop}
                zoom={zoom}
                aspect={LIMITS.avatarAspect}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={onCropComplete}
                initialCroppedAreaPercentages={initial}
              />
            </div>
            <Text size="sm" id="avatar-zoom-label">
              {m.avatarZoom}
            </Text>
            <Slider
              min={1}
              max={4}
              step={0.05}
              value={zoom}
              onChange={setZoom}
              aria-labelledby="avatar-zoom-label"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {m.avatarCancel}
              </Button>
              <Button onClick={() => void apply()} loading={mutation.isPending} data-testid="avatar-apply">
                {m.avatarApply}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
