import { datasourceTest, type Datasource } from '@smart/api-sdk';
import { Button, toast } from '@smart/ui';
import { PlugZap } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Tries the row's connection (`datasource/test`): the row's password is the mask, and with the row's id the server
 * uses the stored one. A failed connection is an answer, not an error: its message (without the password) is the
 * toast.
 */
export function TestConnectionButton({ row }: { row: Datasource }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { id, driverClass, url, username, password } = row;
      const result = await datasourceTest({ id, driverClass, url, username, password });
      if (result.ok) toast.success(t('develop.testOk'), { description: result.version });
      else toast.error(t('develop.testFailed'), { description: result.message });
    } catch {
      // the HTTP layer has shown the error
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="link" size="xs" data-action="datasource-test" disabled={busy} onClick={() => void run()}>
      <PlugZap aria-hidden />
      {t('develop.test')}
    </Button>
  );
}
