import '@mantine/dropzone/styles.css';
import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOnline, useOnline } from '../../../shared/offline/use-offline.ts';
import { useUploadInProgress } from '../../../shared/ui/upload-exit.tsx';
import { useUploader } from '../upload-request.ts';

export type FileStatus = 'waiting' | 'loading' | 'done' | 'failed';
export type OverallStatus = 'ready' | 'started' | 'success' | 'error';

interface QueuedFile {
  key: number;
  file: File;
  status: FileStatus;
  progress: number;
  error: string | null;
}

export interface UploadAreaProps {
  /** Where a file goes: the call's path and its form fields. */
  target: (file: File) => { url: string; fields: Record<string, string | number> };
  /** Called after each file is stored (refresh the lists). */
  onUploaded: () => void;
  /** Tells the parent whether files are still waiting or loading (to confirm before leaving). */
  onPendingChange?: (pending: boolean) => void;
  label?: string;
}

export function overallOf(files: readonly { status: FileStatus }[]): OverallStatus {
  if (files.length === 0) return 'ready';
  if (files.some((f) => f.status === 'waiting' || f.status === 'loading')) return 'started';
  return files.some((f) => f.status === 'failed') ? 'error' : 'success';
}

const STATUS_COLOR: Record<FileStatus, string> = {
  waiting: 'gray',
  loading: 'blue',
  done: 'green',
  failed: 'red',
};
const OVERALL_COLOR: Record<OverallStatus, string> = {
  ready: 'gray',
  started: 'blue',
  success: 'green',
  error: 'red',
};

/**
 * Drag and drop or pick files: each file is uploaded in turn with a real progress bar (waiting,
 * loading, done, failed); the failed ones can be retried. While files are pending, closing the tab
 * asks for confirmation. Without a connection the files wait ("In attesa della connessione"), also
 * one whose upload the connection's loss interrupted, and go by themselves when it returns. They are
 * not kept on the device across a reload (the JSON writes' offline queue is in local storage, which
 * does not take files): leaving while they wait asks first, as while they load.
 */
export function UploadArea({ target, onUploaded, onPendingChange, label }: UploadAreaProps) {
  const { t } = useTranslation('attachments');
  const upload = useUploader();
  const online = useOnline();
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const nextKey = useRef(1);
  const running = useRef(false);
  const stopper = useRef(new AbortController());
  const queueRef = useRef<QueuedFile[]>([]);
  queueRef.current = files;
  const overall = overallOf(files);
  const pending = overall === 'started';

  useEffect(() => {
    onPendingChange?.(pending);
  }, [pending, onPendingChange]);

  // Leaving while files are pending asks first (shared/ui/upload-exit.tsx); leaving stops them.
  useUploadInProgress(pending, () => {
    stopper.current.abort();
    stopper.current = new AbortController();
    queueRef.current = queueRef.current.map((f) =>
      f.status === 'waiting' || f.status === 'loading' ? { ...f, status: 'failed', error: t('stopped') } : f,
    );
    setFiles(queueRef.current);
  });

  useEffect(() => {
    if (!pending) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);

  const patch = (key: number, change: Partial<QueuedFile>) =>
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));

  async function drain() {
    if (running.current) return;
    running.current = true;
    try {
      for (;;) {
        const next = queueRef.current.find((f) => f.status === 'waiting');
        // Offline, the files wait for the connection (the effect below starts again then).
        if (!next || !isOnline()) break;
        const signal = stopper.current.signal;
        // Marked at once, so the next turn of the loop does not pick it again.
        queueRef.current = queueRef.current.map((f) =>
          f.key === next.key ? { ...f, status: 'loading' } : f,
        );
        patch(next.key, { status: 'loading', progress: 0, error: null });
        const { url, fields } = target(next.file);
        const result = await upload({
          url,
          fields,
          file: next.file,
          onProgress: (fraction) => patch(next.key, { progress: Math.round(fraction * 100) }),
          signal,
        });
        if (signal.aborted) continue;
        if (result.ok) {
          patch(next.key, { status: 'done', progress: 100 });
          onUploaded();
        } else if (!isOnline()) {
          // The connection went during the upload: the file waits for it to return.
          queueRef.current = queueRef.current.map((f) =>
            f.key === next.key ? { ...f, status: 'waiting' } : f,
          );
          patch(next.key, { status: 'waiting', progress: 0, error: null });
        } else {
          patch(next.key, { status: 'failed', error: result.error?.message ?? null });
        }
      }
    } finally {
      running.current = false;
    }
  }

  // Back online: the waiting files go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drain reads the queue through refs.
  useEffect(() => {
    if (online) void drain();
  }, [online]);

  const enqueue = (dropped: File[]) => {
    const added = dropped.map((file) => ({
      key: nextKey.current++,
      file,
      status: 'waiting' as const,
      progress: 0,
      error: null,
    }));
    queueRef.current = [...queueRef.current, ...added];
    setFiles(queueRef.current);
    void drain();
  };

  const retry = () => {
    queueRef.current = queueRef.current.map((f) =>
      f.status === 'failed' ? { ...f, status: 'waiting', progress: 0, error: null } : f,
    );
    setFiles(queueRef.current);
    void drain();
  };

  const statusText = (f: QueuedFile) =>
    f.status === 'loading'
      ? t('fileLoading', { percent: f.progress })
      : f.status === 'waiting'
        ? t(online ? 'fileWaiting' : 'fileWaitingOffline')
        : t(f.status === 'done' ? 'fileDone' : 'fileFailed');

  const areaName = label ?? t('dropTitle');

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={enqueue}
        multiple
        aria-label={areaName}
        // The file field inside is named too (react-dropzone calls it "file upload").
        inputProps={{ 'aria-label': areaName }}
        activateOnKeyboard
      >
        <Group justify="center" gap="sm" mih={64} style={{ pointerEvents: 'none' }}>
          <IconUpload size={24} aria-hidden />
          <Stack gap={0}>
            <Text size="sm">{t('dropTitle')}</Text>
            <Text size="xs" c="gray.7">
              {t('dropHint')}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {files.length > 0 && (
        <Stack gap={6}>
          <Group justify="space-between" wrap="wrap">
            <Badge color={OVERALL_COLOR[overall]} variant="dot" size="lg" data-testid="upload-overall">
              {t(
                overall === 'ready'
                  ? 'overallReady'
                  : overall === 'started'
                    ? online
                      ? 'overallStarted'
                      : 'overallWaitingOffline'
                    : overall === 'success'
                      ? 'overallSuccess'
                      : 'overallError',
              )}
            </Badge>
            <Group gap="xs">
              {overall === 'error' && (
                <Button size="xs" variant="light" onClick={retry}>
                  {t('retryFailed')}
                </Button>
              )}
              {!pending && (
                <Button size="xs" variant="subtle" color="gray" onClick={() => setFiles([])}>
                  {t('clearUploads')}
                </Button>
              )}
            </Group>
          </Group>
          <ul aria-label={t('uploadListLabel')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {files.map((f) => (
              <li key={f.key} style={{ marginBottom: 6 }}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                    {f.file.name}
                  </Text>
                  <Badge color={STATUS_COLOR[f.status]} variant="dot" style={{ flexShrink: 0 }}>
                    {statusText(f)}
                  </Badge>
                </Group>
                <Progress
                  value={f.status === 'done' ? 100 : f.progress}
                  color={STATUS_COLOR[f.status]}
                  size="sm"
                  mt={4}
                  aria-label={t('progressOf', { name: f.file.name })}
                />
                {f.error && (
                  <Text size="xs" c="red.8" mt={2}>
                    {f.error}
                  </Text>
                )}
              </li>
            ))}
          </ul>
        </Stack>
      )}
    </Stack>
  );
}
