import { noticeList, type Notice, type NoticePage } from '@smart/api-sdk';
import {
  IconButton,
  Popover,
  PopoverContent,
  PopoverTrigger,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@smart/ui';
import { Bell } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeText } from './notice-text';
import '../i18n/page-texts';

/** Spec §9: the notice scroll area is 300px high, and the next page loads 1 second after reaching its end. */
export const NOTICE_AREA_HEIGHT = 300;
export const NOTICE_PAGE_DELAY_MS = 1000;
export const NOTICE_PAGE_SIZE = 10;

export type NoticeLoader = (page: { current: number; size: number }) => Promise<NoticePage>;

const loadNotices: NoticeLoader = (page) => noticeList(page);

/** The notices of the tenant, newest first, a page at a time as the list is scrolled to its end. */
export function NoticeList({
  load = loadNotices,
  delayMs = NOTICE_PAGE_DELAY_MS,
}: {
  load?: NoticeLoader;
  delayMs?: number;
}) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Notice[]>([]);
  const [total, setTotal] = useState<number>();
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);

  const fetchPage = useCallback(
    async (current: number) => {
      setLoading(true);
      try {
        const result = await load({ current, size: NOTICE_PAGE_SIZE });
        if (!alive.current) return;
        setItems((prev) => (current === 1 ? result.records : [...prev, ...result.records]));
        setTotal(result.total);
        setPage(current);
      } catch {
        // the HTTP layer showed why; scrolling to the end again retries
      } finally {
        if (alive.current) setLoading(false);
      }
    },
    [load],
  );

  useEffect(() => {
    alive.current = true;
    void fetchPage(1);
    return () => {
      alive.current = false;
      if (pending.current !== undefined) clearTimeout(pending.current);
    };
  }, [fetchPage]);

  const hasMore = total === undefined || items.length < total;

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
    if (!atEnd || loading || !hasMore || pending.current !== undefined) return;
    setLoading(true);
    pending.current = setTimeout(() => {
      pending.current = undefined;
      void fetchPage(page + 1);
    }, delayMs);
  };

  return (
    <div
      className="overflow-y-auto"
      style={{ height: NOTICE_AREA_HEIGHT }}
      onScroll={onScroll}
      data-testid="notice-scroll"
      tabIndex={0}
    >
      {items.length === 0 && !loading ? (
        <p className="p-4 text-center text-sm text-muted-foreground">{t('notice.empty')}</p>
      ) : (
        <ul className="divide-y">
          {items.map((notice) => (
            <li key={notice.id} className="px-3 py-2" data-testid="notice-item">
              <p className="truncate text-sm font-medium">{notice.title}</p>
              <p className="line-clamp-2 text-xs text-muted-foreground">{noticeText(notice.content)}</p>
              <p className="text-xs text-muted-foreground">
                {notice.categoryName ? `${notice.categoryName} · ` : ''}
                {notice.releaseTime}
              </p>
            </li>
          ))}
        </ul>
      )}
      {loading ? (
        <p className="p-2 text-center text-xs text-muted-foreground" aria-live="polite">
          {t('notice.loadingMore')}
        </p>
      ) : items.length > 0 && !hasMore ? (
        <p className="p-2 text-center text-xs text-muted-foreground">{t('notice.noMore')}</p>
      ) : null}
    </div>
  );
}

/**
 * The contract has no mail or message endpoint (only the desk notices): an honest empty state, in the operator's
 * words, instead of the made-up entries upstream showed.
 */
function Empty({ kind }: { kind: 'mail' | 'message' }) {
  const { t } = useTranslation();
  return (
    <div
      className="flex flex-col items-center justify-center gap-1 p-4 text-center"
      style={{ height: NOTICE_AREA_HEIGHT }}
      data-testid={`notice-empty-${kind}`}
    >
      <p className="text-sm">{t(kind === 'mail' ? 'notice.noMail' : 'notice.noMessage')}</p>
      <p className="text-xs text-muted-foreground">
        {t(kind === 'mail' ? 'notice.noMailHint' : 'notice.noMessageHint')}
      </p>
    </div>
  );
}

/** Top-bar notice popover (docs/spec.md §2): tabs mail, message and notice; notices come from `smart-desk/notice/list`. */
export function NoticePopover() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <IconButton size="icon-sm" label={t('notice.title')} data-testid="notice-trigger">
          <Bell />
        </IconButton>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0" data-testid="notice-popover">
        <Tabs defaultValue="notice" className="gap-0">
          <TabsList variant="line" className="w-full px-2">
            <TabsTrigger value="mail">{t('notice.mail')}</TabsTrigger>
            <TabsTrigger value="message">{t('notice.message')}</TabsTrigger>
            <TabsTrigger value="notice">{t('notice.notice')}</TabsTrigger>
          </TabsList>
          <TabsContent value="mail">
            <Empty kind="mail" />
          </TabsContent>
          <TabsContent value="message">
            <Empty kind="message" />
          </TabsContent>
          <TabsContent value="notice">{open ? <NoticeList /> : null}</TabsContent>
        </Tabs>
      </PopoverContent>
    </Popover>
  );
}
