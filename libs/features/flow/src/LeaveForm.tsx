import { zodResolver } from '@hookform/resolvers/zod';
import { leaveStartProcess, useUserPage } from '@smart/api-sdk';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  DateTimePicker,
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  SimpleSelect,
  Textarea,
  useBusyAction,
} from '@smart/ui';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { workChanged } from './work-version';

/** Messages are catalogue keys, translated where they are shown. Times are the contract's `yyyy-MM-dd HH:mm:ss`,
 * as the kit's picker gives them, so they compare as strings. */
export const leaveFormSchema = z
  .object({
    taskUser: z.string().regex(/^[0-9]{1,20}$/, 'leave.approverRequired'),
    startTime: z.string().min(1, 'leave.startRequired'),
    endTime: z.string().min(1, 'leave.endRequired'),
    reason: z.string().trim().min(1, 'leave.reasonRequired').max(255, 'leave.reasonTooLong'),
  })
  .refine((v) => !v.startTime || !v.endTime || v.endTime > v.startTime, {
    path: ['endTime'],
    message: 'leave.endBeforeStart',
  });

export type LeaveFormValues = z.infer<typeof leaveFormSchema>;

const EMPTY: LeaveFormValues = { taskUser: '', startTime: '', endTime: '', reason: '' };

/** Enough for a tenant's approvers; upstream picks the approver from the user list as well. */
const APPROVER_PAGE = { current: 1, size: 200 } as const;

/** `/work/process/leave/form/{processDefinitionId}`: apply for leave (leave/start-process). */
export function LeaveForm({ processDefinitionId }: { processDefinitionId: string }) {
  const { t } = useTranslation();
  const tr = (key: string) => t(key);
  const navigate = useNavigate();
  const form = useForm<LeaveFormValues>({
    mode: 'onBlur',
    defaultValues: EMPTY,
    resolver: zodResolver(leaveFormSchema),
  });
  const users = useUserPage(APPROVER_PAGE);
  const options = (users.data?.records ?? []).map((u) => ({
    value: u.id,
    label: u.realName ? `${u.realName} (${u.account})` : u.account,
  }));

  // a refusal: the HTTP layer showed the server's message
  const { run: submit, busy: saving } = useBusyAction(
    async (values: LeaveFormValues) => {
      await leaveStartProcess({
        processDefinitionId,
        taskUser: values.taskUser,
        startTime: values.startTime,
        endTime: values.endTime,
        reason: values.reason.trim(),
      });
      form.reset(EMPTY);
    },
    {
      done: t('leave.submitted'),
      onDone: () => {
        // as upstream: on to the sent list, where the new request now leads
        workChanged();
        void navigate('/work/send');
      },
    },
  );

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle>{t('leave.formTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            data-testid="leave-form"
            onSubmit={(e) => void form.handleSubmit(submit)(e)}
          >
            <p className="text-sm text-muted-foreground">
              {t('leave.process')}: {processDefinitionId}
            </p>
            <FormField
              control={form.control}
              name="taskUser"
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>{t('leave.approver')}</FormLabel>
                  <FormControl>
                    <SimpleSelect
                      options={options}
                      placeholder={t('leave.approverPlaceholder')}
                      value={field.value}
                      onValueChange={field.onChange}
                      onBlur={field.onBlur}
                      aria-label={t('leave.approver')}
                    />
                  </FormControl>
                  <FormMessage formatMessage={tr} />
                </FormItem>
              )}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              {(['startTime', 'endTime'] as const).map((name) => (
                <FormField
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel required>{t(`leave.${name}`)}</FormLabel>
                      <FormControl>
                        <DateTimePicker
                          name={field.name}
                          ref={field.ref}
                          value={field.value || null}
                          onChange={(value) => field.onChange(value ?? '')}
                          onBlur={field.onBlur}
                        />
                      </FormControl>
                      <FormMessage formatMessage={tr} />
                    </FormItem>
                  )}
                />
              ))}
            </div>
            <FormField
              control={form.control}
              name="reason"
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>{t('leave.reason')}</FormLabel>
                  <FormControl>
                    <Textarea rows={3} maxLength={255} {...field} />
                  </FormControl>
                  <FormMessage formatMessage={tr} />
                </FormItem>
              )}
            />
            <div>
              <Button type="submit" variant="primary" loading={saving}>
                {t('leave.submit')}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
