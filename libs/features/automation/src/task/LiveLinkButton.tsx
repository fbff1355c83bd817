import { dyLiveGetExpandUrl, dyLiveUpdate } from '@smart/api-sdk';
import { dyLiveEntity } from '@smart/api-sdk/entities';
import { useCrudContext } from '@smart/crud';
import { Button, toast, useBusyAction } from '@smart/ui';
import { Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export interface LiveLinkButtonProps {
  task: { id: string; liveUrl: string };
  /** The task's room address changed: list the rows again. */
  onChanged?: () => void;
}

/**
 * "解析链接" on a live task: the pasted share link or text (`liveUrl`) is followed to its room by `getExpandUrl`
 * (dy_live.yaml), and the room's address and ids are saved on the task, which is where the robots go
 * (apps/server/src/engine/robot-api/live-run.ts). For whoever may edit the task; a link that leads to no live room is
 * the HTTP layer's error toast, and the task is not changed.
 */
export function LiveLinkButton({ task, onChanged }: LiveLinkButtonProps) {
  const { t } = useTranslation();
  const { can } = useCrudContext();
  const edit = dyLiveEntity.buttons.edit;
  const { run, busy } = useBusyAction(
    async () => {
      const room = await dyLiveGetExpandUrl({ url: task.liveUrl });
      await dyLiveUpdate({
        id: task.id,
        expandUrl: room.expandUrl,
        webRid: room.webRid,
        roomId: room.roomId,
      });
      return room;
    },
    {
      onDone: (room) => {
        toast.success(t('automation.live.expanded', { url: room.expandUrl }));
        onChanged?.();
      },
    },
  );
  if (!task.liveUrl || (edit !== undefined && !can(edit))) return null;
  return (
    <Button variant="link" size="xs" data-action="live-expand" loading={busy} onClick={() => void run()}>
      {busy ? null : <Link2 aria-hidden />}
      {t('automation.live.expand')}
    </Button>
  );
}
