import { Button, Group, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Endpoint, type ExportFormat, exportFormats } from '@stabile/contract';
import { IconDownload, IconFileSpreadsheet, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../api/base-query.ts';
import { useAppDispatch, useAppStore } from '../hooks.ts';
import { downloadFile } from '../native/native-bridge.ts';
import { ExportRefused, fetchExport } from './export-download.ts';

export interface ExportMenuProps {
  /** The list's export call (EsportaApi.*): its path and method. */
  endpoint: Pick<Endpoint, 'path' | 'method'>;
  /** The list's current query (filters, tab, order); its page is left out. */
  query?: object;
  /** The list's current body, for a list read by POST (instalments). */
  body?: unknown;
}

const PROGRESS_EVERY_MS = 250;
// Made on first use: a page's first Intl format loads the browser's locale data (tens of ms on a phone).
let sizeFormatMade: Intl.NumberFormat | undefined;
const sizeFormat = () => (sizeFormatMade ??= new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 }));

/** `123 kB`, `4,5 MB`. */
function sizeOf(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${sizeFormat().format(Math.max(1, Math.round(bytes / 1024)))} kB`
    : `${sizeFormat().format(bytes / 1024 / 1024)} MB`;
}

/** The export's URL: the list's query without its page, with the format. */
function urlOf(path: string, query: object | undefined, format: ExportFormat): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (key === 'pageNumber' || key === 'pageSize') continue;
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  params.set('formato', format);
  return `${path}?${params.toString()}`;
}

/**
 * "Esporta" on a list's toolbar: CSV or Excel of what the current filters select. The file is
 * downloaded with the session's headers while a notification shows what has arrived, with a button
 * to cancel; then it is saved (through the native wrapper inside the app).
 */
export function ExportMenu({ endpoint, query, body }: ExportMenuProps) {
  const { t } = useTranslation('exports');
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const [running, setRunning] = useState(false);

  const start = async (format: ExportFormat) => {
    const controller = new AbortController();
    setRunning(true);
    const id = `export-${Date.now()}`;
    const progress = (text: string) => (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" aria-live="polite">
          {text}
        </Text>
        <Button size="compact-xs" variant="light" color="red" onClick={() => controller.abort()}>
          {t('cancel')}
        </Button>
      </Group>
    );
    notifications.show({
      id,
      loading: true,
      title: t('progressTitle'),
      message: progress(t('progressStarting')),
      autoClose: false,
      withCloseButton: false,
    });
    let shownAt = 0;
    try {
      const file = await fetchExport(
        {
          url: urlOf(endpoint.path, query, format),
          method: endpoint.method === 'POST' ? 'POST' : 'GET',
          body,
          format,
          signal: controller.signal,
          onProgress: ({ bytes, rows }) => {
            const now = Date.now();
            if (now - shownAt < PROGRESS_EVERY_MS) return;
            shownAt = now;
            const size = sizeOf(bytes);
            notifications.update({
              id,
              message: progress(
                rows === null ? t('progressReceived', { size }) : t('progressRows', { size, count: rows }),
              ),
            });
          },
        },
        {
          accessToken: () => store.getState().auth.accessToken,
          archiveId: () => store.getState().general.archive?.id ?? null,
          dispatch,
        },
      );
      const url = URL.createObjectURL(file.blob);
      downloadFile(url, file.fileName);
      // Released once the download (or the wrapper) has read it.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      notifications.update({
        id,
        loading: false,
        color: 'green',
        title: t('doneTitle'),
        message: t('doneText', { fileName: file.fileName }),
        autoClose: 5000,
        withCloseButton: true,
      });
    } catch (error) {
      notifications.hide(id);
      if (controller.signal.aborted) {
        notifications.show({ title: t('cancelledTitle'), message: t('cancelledText'), autoClose: 4000 });
      } else if (error instanceof ExportRefused) {
        showErrorToast(error.message);
      } else {
        notifications.show({ color: 'red', title: t('failedTitle'), message: t('failedText') });
      }
    } finally {
      setRunning(false);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={running}
          title={t('menuLabel')}
        >
          {t('menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {exportFormats.map((format) => (
          <Menu.Item
            key={format}
            leftSection={
              format === 'csv' ? (
                <IconFileText size={16} aria-hidden />
              ) : (
                <IconFileSpreadsheet size={16} aria-hidden />
              )
            }
            onClick={() => void start(format)}
          >
            <Text size="sm">{t(format)}</Text>
            <Text size="xs" c="dimmed">
              {t(`${format}Hint`)}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
