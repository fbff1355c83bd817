import type { Client } from '@smart/api-sdk';
import { clientEntity } from '@smart/api-sdk/entities';
import { getWebsite } from '@smart/auth';
import { useCrudContext, type CrudRowActionContext } from '@smart/crud';
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  toast,
  useBusyAction,
  useConfirm,
} from '@smart/ui';
import { Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { clientAdapter } from './client.resource';
import { newClientSecret } from './client-secret';

/**
 * Rotating a client's secret, for whoever may edit clients: after a question, a new random secret is generated here,
 * saved through the client's submit (the server stores it sealed and answers only the mask, client.module.ts), and
 * shown once with a copy button. The server's client cache (10 s) hands over from the old secret to the new one.
 */
export function ClientSecretReset({ row, page }: { row: Client; page: CrudRowActionContext }) {
  const { t, can } = useCrudContext();
  const confirm = useConfirm();
  const [secret, setSecret] = useState<string>();
  // a refusal is the HTTP layer's toast; nothing was changed
  const { run: save, busy } = useBusyAction(
    async () => {
      const next = newClientSecret();
      // the stored row as the server has it now, with only the secret changed
      const current = await clientAdapter.detail!(row.id);
      await clientAdapter.update({ ...current, id: row.id, clientSecret: next });
      return next;
    },
    {
      onDone: (next) => {
        setSecret(next);
        page.reload();
      },
    },
  );
  if (!can(clientEntity.buttons.edit ?? 'client_edit')) return null;
  // the console signs in through its own client with the secret of its configuration (@smart/auth website.ts):
  // a new secret for that client would lock every console out, this one included
  const own = row.clientId === getWebsite().clientId;

  const rotate = async () => {
    const ok = await confirm({
      title: t('system.client.resetSecret'),
      description: t('system.client.resetConfirm'),
    });
    if (ok) await save();
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      toast.success(t('system.client.copied'));
    } catch {
      toast.error(t('system.client.copyFailed'));
    }
  };

  return (
    <>
      <Button
        variant="link"
        size="xs"
        data-action="client-secret"
        loading={busy}
        disabled={own}
        title={own ? t('system.client.ownClient') : undefined}
        onClick={() => void rotate()}
      >
        <KeyRound aria-hidden />
        {t('system.client.resetSecret')}
      </Button>
      <Dialog open={secret !== undefined} onOpenChange={(open) => !open && setSecret(undefined)}>
        <DialogContent width={480}>
          <DialogHeader>
            <DialogTitle>{t('system.client.secretTitle')}</DialogTitle>
            <DialogDescription>{t('system.client.secretHint')}</DialogDescription>
          </DialogHeader>
          <DialogBody className="flex items-center gap-2">
            <Input
              readOnly
              aria-label={t('system.client.secretTitle')}
              value={secret ?? ''}
              className="font-mono"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button data-action="client-secret-copy" onClick={() => void copy()}>
              <Copy aria-hidden />
              {t('system.client.copy')}
            </Button>
          </DialogBody>
          <DialogFooter>
            <Button variant="primary" data-action="client-secret-done" onClick={() => setSecret(undefined)}>
              {t('system.client.saved')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
