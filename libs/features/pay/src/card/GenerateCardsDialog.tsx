import { rpaCardGroupGenerate, type RpaCardGenerateResult } from '@smart/api-sdk';
import { useOptions } from '@smart/crud';
import { Button, DateTimePicker, Field, Input, RadioGroup, SimpleDialog, useBusyAction } from '@smart/ui';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CARD_TYPES,
  emptyGenerateValues,
  generateBody,
  generateProblems,
  type CardType,
  type GenerateValues,
} from './card-form';
import { GeneratedKeys } from './GeneratedKeys';

/** The group cards are added to, when the dialog opens from a group's row. */
export interface TargetGroup {
  id: string;
  groupName: string;
}

export interface GenerateCardsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Add to this group; without it the dialog describes a new group. */
  group?: TargetGroup;
  /** After cards were made (the page lists again). */
  onGenerated?: () => void;
}

/**
 * "生成卡密" (rpa_card_group/generate): a batch of up to 1000 card keys, into a new group or an existing one. The
 * answer is the only time the secrets are shown, so the dialog then shows them with copy and download until it is
 * closed, and forgets them then. The server's refusals come back as the HTTP layer's error toast; the form stays.
 */
export function GenerateCardsDialog({ open, onOpenChange, group, onGenerated }: GenerateCardsDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<GenerateValues>(emptyGenerateValues);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [result, setResult] = useState<RpaCardGenerateResult | undefined>();

  // the rpa_card_type dictionary's names of the types a generation may make; the number until it has loaded
  const dict = useOptions('rpa_card_type', undefined, true);
  const typeOptions = useMemo(
    () =>
      CARD_TYPES.map((c) => ({
        value: String(c),
        label: dict.find((o) => o.value === c)?.label ?? String(c),
      })),
    [dict],
  );

  const set = (patch: Partial<GenerateValues>) => setValues((v) => ({ ...v, ...patch }));
  const close = () => {
    setValues(emptyGenerateValues());
    setErrors({});
    setResult(undefined);
    onOpenChange(false);
  };

  // a refusal: the HTTP layer has shown why; the operator may correct and send again
  const { run, busy } = useBusyAction(() => rpaCardGroupGenerate(generateBody(values, group?.id)), {
    onDone: (generated) => {
      setResult(generated);
      onGenerated?.();
    },
  });

  const submit = async () => {
    const problems = generateProblems(values, !!group);
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    await run();
  };

  const error = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  const field = (key: keyof GenerateValues) => ({
    value: String(values[key]),
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }),
  });

  if (result)
    return (
      <SimpleDialog
        open={open}
        onOpenChange={(next) => (next ? onOpenChange(true) : close())}
        width={640}
        title={t('pay.card.generatedTitle', { count: result.cards.length, name: result.group.groupName })}
        footer={
          <Button variant="primary" data-action="card-keys-done" onClick={close}>
            {t('pay.card.done')}
          </Button>
        }
      >
        <GeneratedKeys groupName={result.group.groupName} cards={result.cards} />
      </SimpleDialog>
    );

  return (
    <SimpleDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      width={560}
      title={group ? t('pay.card.generateInto', { name: group.groupName }) : t('pay.card.generateTitle')}
      description={t('pay.card.generateHint')}
      footer={
        <>
          <Button onClick={close}>{t('pay.card.cancel')}</Button>
          <Button
            variant="primary"
            data-action="card-generate-submit"
            loading={busy}
            onClick={() => void submit()}
          >
            {t('pay.card.generate')}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        {group ? null : (
          <>
            <Field label={t('pay.card.groupName')} required error={error('groupName')}>
              {(control) => <Input {...control} maxLength={64} {...field('groupName')} />}
            </Field>
            <div className="grid gap-1.5">
              <span id={`${id}-type`} className="text-sm font-medium">
                {t('pay.card.cardType')}
              </span>
              <RadioGroup
                aria-labelledby={`${id}-type`}
                value={String(values.cardType)}
                onValueChange={(v) => set({ cardType: Number(v) as CardType })}
                options={typeOptions}
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={`${t('pay.card.faceValue')} (${t(`pay.card.units.${values.cardType}`)})`}
                required
                error={error('faceValue')}
              >
                {(control) => <Input {...control} inputMode="numeric" {...field('faceValue')} />}
              </Field>
              <Field label={t('pay.card.price')} error={error('price')}>
                {(control) => <Input {...control} inputMode="decimal" {...field('price')} />}
              </Field>
              <Field
                label={t('pay.card.cardPrefix')}
                description={t('pay.card.prefixHint')}
                error={error('cardPrefix')}
              >
                {(control) => (
                  <Input
                    {...control}
                    maxLength={8}
                    value={values.cardPrefix}
                    onChange={(e) => set({ cardPrefix: e.target.value.toUpperCase() })}
                  />
                )}
              </Field>
              <Field label={t('pay.card.channel')}>
                {(control) => <Input {...control} maxLength={64} {...field('channel')} />}
              </Field>
            </div>
            <Field label={t('pay.card.expireTime')} description={t('pay.card.expireHint')}>
              {(control) => (
                <DateTimePicker
                  {...control}
                  value={values.expireTime || undefined}
                  onChange={(v) => set({ expireTime: v ?? '' })}
                />
              )}
            </Field>
          </>
        )}
        <Field
          label={t('pay.card.count')}
          description={t('pay.card.countHint')}
          required
          error={error('count')}
        >
          {(control) => <Input {...control} inputMode="numeric" {...field('count')} />}
        </Field>
      </div>
    </SimpleDialog>
  );
}
